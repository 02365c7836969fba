package splice

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestPanicPassesThrough injects a fault at several offsets and several
// write sizes: every input byte must still come out, in order, and the
// report must carry the error.
func TestPanicPassesThrough(t *testing.T) {
	page := realisticPage(20 << 10)
	for _, at := range []int64{0, 10, 500, 1500, 9000, int64(len(page) - 5)} {
		for _, chunk := range []int{1, 100, 4096, len(page)} {
			var out bytes.Buffer
			w := NewWriter(&out, testFragments)
			w.faultAt = at
			for i := 0; i < len(page); i += chunk {
				if _, err := w.Write(page[i:min(i+chunk, len(page))]); err != nil {
					t.Fatalf("fault at %d, chunk %d: Write: %v", at, chunk, err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			r := w.Report()
			w.Release()
			if r.Err == nil || r.Reason != ReasonPanic {
				t.Fatalf("fault at %d, chunk %d: report %+v, want the panic reported", at, chunk, r)
			}
			if err := checkInsertedOnly(page, out.Bytes(), r); err != nil {
				t.Fatalf("fault at %d, chunk %d: %v", at, chunk, err)
			}
			if r.Injected && !bytes.Contains(out.Bytes(), testFragments.Header) {
				t.Fatalf("report says injected but the header is missing")
			}
		}
	}
}

// TestLargePageBoundedMemory streams a 50 MB page through in 32 KiB writes:
// the heap must not grow with the page, and the output must be complete.
func TestLargePageBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB page")
	}
	unit := realisticPage(64 << 10)
	// repeat the article's sections: every element in them is closed
	body := unit[bytes.Index(unit, []byte("<h2")):bytes.Index(unit, []byte("</article>"))]
	head := unit[:bytes.Index(unit, []byte("<h2"))]
	const pageSize = 50 << 20
	var count countingWriter
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w := NewWriter(&count, testFragments)
	total := 0
	write := func(b []byte) {
		for len(b) > 0 {
			n := min(len(b), 32<<10)
			if _, err := w.Write(b[:n]); err != nil {
				t.Fatal(err)
			}
			total += n
			b = b[n:]
		}
	}
	write(head)
	for total < pageSize {
		write(body)
	}
	write([]byte("</article></main></body></html>\n"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r := w.Report()
	w.Release()
	runtime.ReadMemStats(&after)
	if !r.Injected || !r.FooterPlaced {
		t.Fatalf("report %+v, want header and footer", r)
	}
	want := total + len(testFragments.Head) + len(testFragments.Header) + len(testFragments.Footer)
	if count.n != want {
		t.Fatalf("wrote %d bytes, want %d", count.n, want)
	}
	if grow := after.TotalAlloc - before.TotalAlloc; grow > 1<<20 {
		t.Fatalf("allocated %d bytes for a %d-byte page; memory must not grow with the page", grow, total)
	}
}

type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

// TestAllocsPerResponse: a pooled Writer allocates nothing per response.
func TestAllocsPerResponse(t *testing.T) {
	page := realisticPage(100 << 10)
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	allocs := testing.AllocsPerRun(20, func() {
		w := NewWriter(io.Discard, testFragments)
		for i := 0; i < len(page); i += 8 << 10 {
			w.Write(page[i:min(i+8<<10, len(page))])
		}
		w.Close()
		w.Release()
	})
	if allocs > 0 {
		t.Fatalf("%.1f allocations per response, want 0", allocs)
	}
}

// TestStreamsBeforeEnd: once the decisions are made, bytes leave on Write.
func TestStreamsBeforeEnd(t *testing.T) {
	page := realisticPage(200 << 10)
	var out bytes.Buffer
	w := NewWriter(&out, testFragments)
	defer w.Release()
	half := len(page) / 2
	if _, err := w.Write(page[:half]); err != nil {
		t.Fatal(err)
	}
	if out.Len() < half-64<<10 {
		t.Fatalf("after writing %d bytes only %d came out", half, out.Len())
	}
	if !bytes.Contains(out.Bytes(), testFragments.Header) {
		t.Fatalf("the header should be out before the input ends")
	}
}

// TestHoldBacks pins what stays back until a decision: the output after
// one Write and Flush must be exactly the decided part (H = Head, R = Header).
func TestHoldBacks(t *testing.T) {
	pad := pad1024("")
	tests := []struct {
		name    string
		written string
		out     string
	}{
		{"prefix until 1024 bytes", "<html><head><title>x</title></head><body><p>hi", ""},
		{"prefix done, body started", pad + "<html><body><p>hi", pad + "<html>H<body>R<p>hi"},
		{"implicit body waits for frameset-ok", pad + "<html><head></head><div>", pad + "<html><head></head>"},
		{"frameset-ok flipped by text", pad + "<html><head></head><div>x", pad + "<html><head></head>HR<div>x"},
		{"undecided tag name", pad + "<html><head></head><di", pad + "<html><head></head>"},
		{"after </body> until EOF", pad + "<html><body><p>x</p></body>\n", pad + "<html>H<body>R<p>x</p>"},
		{"non-inert content ends the hold", pad + "<html><body><p>x</p></body>\n<p>late", pad + "<html>H<body>R<p>x</p></body>\n<p>late"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := NewWriter(&out, testFragments)
			defer w.Release()
			if _, err := w.Write([]byte(tt.written)); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			got := strings.NewReplacer(string(testFragments.Head), "H", string(testFragments.Header), "R").Replace(out.String())
			if got != tt.out {
				t.Fatalf("out = %q\nwant    %q", got, tt.out)
			}
		})
	}
}

// pad1024 pads s with a comment so that the prefix hold-back is over.
func pad1024(s string) string {
	return "<!--" + string(bytes.Repeat([]byte("x"), 1030)) + "-->" + s
}

type failingWriter struct{ after int }

var errDst = errors.New("client went away")

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.after <= 0 {
		return 0, errDst
	}
	f.after--
	return len(p), nil
}

// TestDstErrorReturned: an error from dst comes back as is.
func TestDstErrorReturned(t *testing.T) {
	page := realisticPage(50 << 10)
	w := NewWriter(&failingWriter{after: 2}, testFragments)
	defer w.Release()
	var err error
	for i := 0; i < len(page) && err == nil; i += 4096 {
		_, err = w.Write(page[i:min(i+4096, len(page))])
	}
	if err == nil {
		err = w.Close()
	}
	if !errors.Is(err, errDst) {
		t.Fatalf("err = %v, want %v", err, errDst)
	}
}

type flushRecorder struct {
	bytes.Buffer
	flushes int
}

func (f *flushRecorder) Flush() { f.flushes++ }

func TestFlushReachesDst(t *testing.T) {
	var dst flushRecorder
	w := NewWriter(&dst, testFragments)
	defer w.Release()
	w.Write([]byte("<p>x"))
	if err := w.Flush(); err != nil || dst.flushes != 1 {
		t.Fatalf("Flush = %v, dst flushed %d times, want once", err, dst.flushes)
	}
}

// TestHoldBackBounded: no input shape makes the Writer keep more than its
// bounds, whatever the write size.
func TestHoldBackBounded(t *testing.T) {
	big := string(bytes.Repeat([]byte("a"), 300<<10))
	tests := []struct{ name, in string }{
		{"long tag name before the body", "<html><head></head><x" + big + ">text"},
		{"long end tag name", "<body><p>x</p></z" + big + "></body>"},
		{"long </body> tag", "<body><p>x</p></body " + big + "></html>"},
		{"long <body> tag", "<html><body class='" + big + "'><p>x</p></body>"},
		{"long comment after </body>", "<body><p>x</p></body><!--" + big + "-->"},
		{"whitespace after </body>", "<body><p>x</p></body>" + strings.Repeat(" ", 300<<10)},
		{"long text before body", "<html><head><title>" + big + "</title></head><body>x</body>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunk := range []int{1000, 64 << 10} {
				var out bytes.Buffer
				w := NewWriter(&out, testFragments)
				maxHeld := 0
				in := []byte(tt.in)
				for i := 0; i < len(in); i += chunk {
					if _, err := w.Write(in[i:min(i+chunk, len(in))]); err != nil {
						t.Fatal(err)
					}
					maxHeld = max(maxHeld, len(w.held))
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				r := w.Report()
				w.Release()
				if maxHeld > footerBound+chunk {
					t.Errorf("chunk %d: held %d bytes, bound is %d", chunk, maxHeld, footerBound)
				}
				if err := checkInsertedOnly(in, out.Bytes(), r); err != nil {
					t.Errorf("chunk %d: %v", chunk, err)
				}
			}
		})
	}
}
