package shell

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// A page of declared length goes out whole with its own Content-Length, the same bytes as
// when it streams; a page of unknown length, past holdMax, or one the proxy flushes streams.
func TestPageOutputFraming(t *testing.T) {
	o := &origin{}
	streamed := map[string]string{}
	tests := []struct {
		path       string
		proxy      string
		wantLength bool
	}{
		{"/festgeld/", "flush_interval -1", false}, // the proxy flushes every write: a stream
		{"/long/", "flush_interval -1", false},
		{"/huge/", "flush_interval -1", false},
		{"/festgeld/", "", true},
		{"/long/", "", false}, // no length declared
		{"/huge/", "", false}, // past holdMax
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.proxy, func(t *testing.T) {
			holdPagesWhole(t)
			tester := startGatewayProxy(t, o, "", tt.proxy)
			res, body := get(t, tester, tt.path)
			if res.StatusCode != http.StatusOK || !strings.Contains(body, `<div data-shell="footer">`) {
				t.Fatalf("%d, footer in the page: %v", res.StatusCode, strings.Contains(body, `<div data-shell="footer">`))
			}
			switch {
			case tt.wantLength && res.ContentLength != int64(len(body)):
				t.Errorf("Content-Length %d for %d bytes; want the page's length, not a stream", res.ContentLength, len(body))
			case !tt.wantLength && res.ContentLength != -1:
				t.Errorf("Content-Length %d: want a stream", res.ContentLength)
			}
			if prev, ok := streamed[tt.path]; ok && prev != body {
				t.Error("the page held whole differs from the page streamed")
			}
			streamed[tt.path] = body
		})
	}
}

// An upstream that breaks off mid-page never gives the browser a whole-looking page: the
// response ends in an error, as it does without the shell.
func TestPageCutShortIsNotSentWhole(t *testing.T) {
	for _, proxy := range []string{"", "flush_interval -1"} {
		t.Run("proxy "+proxy, func(t *testing.T) {
			tester := startGatewayProxy(t, &origin{}, "", proxy)
			res, err := tester.Client.Get("http://localhost:9080/cut")
			if err != nil {
				return // cut before the header: nothing taken for a page
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			if err == nil {
				t.Errorf("the cut page read as whole (%d bytes, Content-Length %d)", len(body), res.ContentLength)
			}
		})
	}
}

// outputProbe is the writer below a pageOutput: it records what reaches it, and when.
type outputProbe struct {
	mu      sync.Mutex
	hdr     http.Header
	status  int
	length  string // Content-Length when the header went out
	body    strings.Builder
	writes  []int // the size of each write
	flushed chan struct{}
}

func newOutputProbe() *outputProbe {
	return &outputProbe{hdr: http.Header{}, flushed: make(chan struct{}, 16)}
}

func (p *outputProbe) Header() http.Header { return p.hdr }
func (p *outputProbe) WriteHeader(status int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.status, p.length = status, p.hdr.Get("Content-Length")
}
func (p *outputProbe) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.writes = append(p.writes, len(b))
	return p.body.Write(b)
}
func (p *outputProbe) Flush() { p.flushed <- struct{}{} }

func (p *outputProbe) seen() (status int, length, body string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.status, p.length, p.body.String()
}

func TestPageOutput(t *testing.T) {
	tests := []struct {
		name       string
		need       int64
		writes     []string
		aborted    bool
		wantLength string // "" for a stream
	}{
		{"held whole", 12, []string{"<p>", "held", "</p>"}, false, "11"},
		{"declared smaller than it turned out, room left", 4, []string{"<p>", "held", "</p>"}, false, "11"},
		{"declared smaller than it turned out, no room", 4, []string{"<p>", strings.Repeat("x", holdMax/2), "</p>"}, false, ""},
		{"larger than the gateway holds", holdMax + 1, []string{"<p>", "big", "</p>"}, false, ""},
		{"length unknown", -1, []string{"<p>", "stream", "</p>"}, false, ""},
		{"cut short", 12, []string{"<p>", "cut"}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			probe := newOutputProbe()
			o := newPageOutput(probe, http.StatusNotFound, tt.need)
			o.maxWait = time.Hour
			for _, w := range tt.writes {
				if _, err := io.WriteString(o, w); err != nil {
					t.Fatal(err)
				}
			}
			if err := o.Close(tt.aborted); err != nil {
				t.Fatal(err)
			}
			status, length, body := probe.seen()
			if want := strings.Join(tt.writes, ""); body != want || status != http.StatusNotFound {
				t.Errorf("got %d %q, want 404 %q", status, body, want)
			}
			if length != tt.wantLength {
				t.Errorf("Content-Length %q, want %q", length, tt.wantLength)
			}
		})
	}
}

// Bytes wait at most maxWait: a held page streams from then on, and bytes buffered in a
// stream are flushed.
func TestPageOutputWaitsAtMostMaxWait(t *testing.T) {
	for _, need := range []int64{100, -1} {
		probe := newOutputProbe()
		o := newPageOutput(probe, http.StatusOK, need)
		o.maxWait = time.Millisecond
		io.WriteString(o, "<p>head</p>")
		select {
		case <-probe.flushed:
		case <-time.After(5 * time.Second):
			t.Fatalf("need %d: the bytes were never flushed", need)
		}
		if _, length, body := probe.seen(); body != "<p>head</p>" || length != "" {
			t.Errorf("need %d: after the wait the browser has %q (Content-Length %q)", need, body, length)
		}
		io.WriteString(o, "<p>rest</p>")
		if err := o.Close(false); err != nil {
			t.Fatal(err)
		}
		if _, _, body := probe.seen(); body != "<p>head</p><p>rest</p>" {
			t.Errorf("need %d: %q", need, body)
		}
	}
}

// A next handler that panics mid-page (reverse_proxy's abort) leaves no whole-looking page
// behind, whatever flushing it did or did not do first; the panic goes on to the server.
func TestPanicMidPageStreamsWhatIsHeld(t *testing.T) {
	h := provisionedHandler(t, &Handler{})
	next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", "100000")
		io.WriteString(w, "<!doctype html><title>cut</title><body><h1>first</h1>")
		panic(http.ErrAbortHandler)
	})
	probe := newOutputProbe()
	r := httptest.NewRequest(http.MethodGet, "http://localhost/cut", nil)
	func() {
		defer func() {
			if v := recover(); v != http.ErrAbortHandler {
				t.Errorf("the panic became %v", v)
			}
		}()
		h.ServeHTTP(probe, r, next)
	}()
	status, length, body := probe.seen()
	if status != http.StatusOK || length != "" || !strings.Contains(body, "<h1>first</h1>") {
		t.Errorf("got %d, Content-Length %q, first part in the body: %v; want the part that came, as a stream",
			status, length, strings.Contains(body, "<h1>first</h1>"))
	}
}

// A next handler that stalls past the wait and only then sets its trailers: the page has
// gone out by then, and the trailers still reach the client, whether the handler declared
// them in Trailer or gave them http.TrailerPrefix; a field that is no trailer is dropped, as
// net/http drops it after WriteHeader. Run under -race this also shows that the handler's
// late header changes never race the wait's goroutine sending the page's header.
func TestHeaderAfterTheWaitStaysTheHandlers(t *testing.T) {
	tests := []struct {
		name    string
		declare string // the Trailer field the handler sends before the page, if any
		field   string // the name it sets after the stall
	}{
		{"prefixed", "", http.TrailerPrefix + "X-Checksum"},
		{"declared", "X-Checksum", "X-Checksum"},
		{"declared among others", "X-Other, x-checksum", "X-Checksum"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := provisionedHandler(t, &Handler{})
			next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
				w.Header().Set("Content-Type", "text/html")
				w.Header().Set("Content-Length", "100000")
				if tt.declare != "" {
					w.Header().Set("Trailer", tt.declare)
				}
				// More than the 1 KB the splicer reads before it places the head's assets.
				io.WriteString(w, "<!doctype html><title>slow</title><body><h1>first</h1>"+strings.Repeat("<p>text</p>", 200))
				time.Sleep(5 * maxWait) // the upstream stalls: what is held goes out meanwhile
				w.Header().Set(tt.field, "abc")
				w.Header().Set("X-Too-Late", "yes")
				io.WriteString(w, "<p>second</p></body>")
				return nil
			})
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if err := h.ServeHTTP(w, r, next); err != nil {
					t.Error(err)
				}
			}))
			defer srv.Close()
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/slow", nil)
			req.Header.Set("Accept", "text/html")
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body) // trailers arrive after the body
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusOK || res.ContentLength != -1 || !strings.Contains(string(body), `<h1>first</h1><p>text</p>`) ||
				!strings.Contains(string(body), `<p>text</p><p>second</p><div data-shell="footer">`) {
				t.Errorf("got %d, Content-Length %d, body %q; want the whole page, streamed after the wait", res.StatusCode, res.ContentLength, body)
			}
			if got := res.Trailer.Get("X-Checksum"); got != "abc" {
				t.Errorf("trailer X-Checksum %q at the client (trailers %v), want the handler's abc", got, res.Trailer)
			}
			if res.Header.Get("X-Too-Late") != "" || res.Trailer.Get("X-Too-Late") != "" {
				t.Error("a field set after the header was decided reached the client")
			}
		})
	}
}

// A large page's bytes that never change (a plan's copy of its body) go out in order with
// the rest, in one write per run of keptRun bytes rather than copied into 64 KiB chunks, and
// bytes kept wait at most maxWait as any others.
func TestPageOutputWritesKeptBytesInLargeRuns(t *testing.T) {
	body := []byte(strings.Repeat("<p>Festgeld und Tagesgeld.</p>\n", (keptRun+keptRun/2)/31))
	probe := newOutputProbe()
	o := newPageOutput(probe, http.StatusOK, -1)
	o.maxWait = time.Hour
	io.WriteString(o, "<head>")
	for i := 0; i < len(body); i += 32 << 10 {
		if _, err := o.WriteKept(body[i:min(i+32<<10, len(body))]); err != nil {
			t.Fatal(err)
		}
	}
	io.WriteString(o, "<footer>")
	o.WriteKept([]byte("</html>"))
	if err := o.Close(false); err != nil {
		t.Fatal(err)
	}
	if _, length, got := probe.seen(); got != "<head>"+string(body)+"<footer></html>" || length != "" {
		t.Fatalf("the browser got %d bytes (Content-Length %q), not the page in order", len(got), length)
	}
	if len(probe.writes) > 5 || slices.Max(probe.writes) < keptRun {
		t.Errorf("writes of %v bytes; want the kept bytes in runs of at least %d", probe.writes, keptRun)
	}

	probe = newOutputProbe()
	o = newPageOutput(probe, http.StatusOK, -1)
	o.maxWait = time.Millisecond
	o.WriteKept(body[:100])
	select {
	case <-probe.flushed:
	case <-time.After(5 * time.Second):
		t.Fatal("the kept bytes were never flushed")
	}
	if _, _, got := probe.seen(); got != string(body[:100]) {
		t.Errorf("after the wait the browser has %q", got)
	}
	o.Close(false)
}

// A held page whose writes are those of a kept output of the page goes out from it in one
// write, copying none of them; at the first write that differs, and when its bytes have
// waited maxWait, what was written so far goes out as written, and the page goes on as any.
func TestPageOutputFollowsAKeptOutput(t *testing.T) {
	body := []byte(strings.Repeat("<p>Festgeld und Tagesgeld.</p>\n", 3000))
	outputs := newKeptOutputs()
	const key = 7
	write := func(o *pageOutput, body []byte, footer string) {
		t.Helper()
		io.WriteString(o, "<head>")
		for _, part := range [][]byte{body[:40000], body[40000:]} {
			if _, err := o.WriteKept(part); err != nil {
				t.Fatal(err)
			}
		}
		io.WriteString(o, footer)
	}
	want := "<head>" + string(body) + "<footer></html>"
	for i, tt := range []struct {
		name       string
		body       []byte // the plan's bytes written
		footer     string
		maxWait    time.Duration
		fromKept   bool // followed a kept output: nothing copied into held
		wantLength bool
	}{
		{"the first: kept", body, "<footer></html>", time.Hour, false, true},
		{"the same", body, "<footer></html>", time.Hour, true, true},
		{"the same bytes from another array", bytes.Clone(body), "<footer></html>", time.Hour, true, true},
		{"another footer", body, "<footer>!</html>", time.Hour, false, true},
		{"the first again", body, "<footer></html>", time.Hour, true, true},
		{"its bytes waited", body, "<footer></html>", time.Nanosecond, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			probe := newOutputProbe()
			o := newPageOutput(probe, http.StatusOK, int64(len(want)+10))
			o.maxWait = tt.maxWait
			o.useKept(outputs, key)
			write(o, tt.body, tt.footer)
			if tt.maxWait < time.Millisecond {
				<-probe.flushed
			}
			o.mu.Lock()
			copied := o.held != nil && len(*o.held) > 0
			o.mu.Unlock()
			if copied == tt.fromKept && tt.maxWait == time.Hour {
				t.Errorf("bytes copied into held: %v, want %v", copied, !tt.fromKept)
			}
			o.Planned(true)
			if err := o.Close(false); err != nil {
				t.Fatal(err)
			}
			_, length, got := probe.seen()
			if page := "<head>" + string(tt.body) + tt.footer; got != page {
				t.Fatalf("response %d: %d bytes, not the %d written (first difference at %d)", i+1, len(got), len(page), firstDifference(got, page))
			}
			if (length != "") != tt.wantLength {
				t.Errorf("Content-Length %q", length)
			}
		})
	}
	if n := len(outputs.lookup(key)); n != 2 {
		t.Errorf("%d versions kept, want the page's two", n)
	}
}

// Whatever a held page's writes are, split anyhow, from a plan's copy or not, one byte
// changed anywhere or none, a page output following the kept outputs sends exactly those
// bytes, with their length.
func TestPageOutputFollowingIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 27))
	plan := []byte(strings.Repeat("<p>Zinsen für Ihr Erspartes.</p>\n", 2000))
	outputs := newKeptOutputs()
	const key = 1
	// a page: the head as the upstream's own bytes, then the plan's copy in runs, a fragment
	// and the rest of the plan's copy
	type write struct {
		b    []byte
		kept bool
	}
	page := func() []write {
		var ws []write
		head := plan[:rng.IntN(2000)]
		ws = append(ws, write{bytes.Clone(head), false})
		at := len(head)
		cut := at + rng.IntN(len(plan)-at)
		for at < cut {
			n := min(1+rng.IntN(40000), cut-at)
			ws = append(ws, write{plan[at : at+n], true})
			at += n
		}
		ws = append(ws, write{[]byte(`<div data-shell="footer"></div>`), false})
		ws = append(ws, write{plan[at:], true})
		return ws
	}
	send := func(ws []write) (got, length string) {
		o, probe := followingOutput(outputs, key)
		for _, w := range ws {
			var err error
			if w.kept {
				_, err = o.WriteKept(w.b)
			} else {
				_, err = o.Write(w.b)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		o.Planned(true)
		if err := o.Close(false); err != nil {
			t.Fatal(err)
		}
		_, length, got = probe.seen()
		return got, length
	}
	for i := range 300 {
		ws := page()
		if i%3 != 0 { // a byte changed: in the upstream's own bytes, or a run from another copy
			j := rng.IntN(len(ws))
			b := bytes.Clone(ws[j].b)
			if len(b) > 0 {
				b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
			}
			ws[j] = write{b, rng.IntN(2) == 0}
		}
		var want []byte
		for _, w := range ws {
			want = append(want, w.b...)
		}
		for range 2 { // the second time, from a kept output when it was stored
			if got, length := send(ws); got != string(want) || length != strconv.Itoa(len(want)) {
				t.Fatalf("page %d: %d bytes, Content-Length %s, not the %d written (first difference at %d)",
					i, len(got), length, len(want), firstDifference(got, string(want)))
			}
		}
	}
}

// A kept output takes a write by its address only where the bytes there never change (a
// rendered shell's fragments: fixFragments). A fragment rendered into a reused buffer, whose
// next page has other bytes at the same address (another banner, another flag's link), goes
// out as written, never as the kept output's older bytes.
func TestKeptOutputTakesOnlyFixedBytesByAddress(t *testing.T) {
	body := []byte(strings.Repeat("<p>Festgeld und Tagesgeld.</p>\n", 2000))
	footer := []byte(`<div data-shell="footer"><a href="/festgeld/">Festgeld</a></div>`)  // a kept shell's: fixed
	reused := []byte(`<div data-shell="header"><p class="banner">Zinsen 2,1 %</p></div>`) // a pooled render buffer
	outputs := newKeptOutputs()
	const key = 3
	send := func(header []byte) string {
		t.Helper()
		o, probe := followingOutput(outputs, key)
		o.fixFragments(footer)
		io.WriteString(o, "<html><head></head><body>")
		o.Write(header)
		o.WriteKept(body[:len(body)/2])
		o.WriteKept(body[len(body)/2:])
		o.Write(footer)
		io.WriteString(o, "</body></html>")
		o.Planned(true)
		if err := o.Close(false); err != nil {
			t.Fatal(err)
		}
		_, length, got := probe.seen()
		if length != strconv.Itoa(len(got)) {
			t.Errorf("Content-Length %s for %d bytes", length, len(got))
		}
		return got
	}
	page := func(header []byte) string {
		return "<html><head></head><body>" + string(header) + string(body) + string(footer) + "</body></html>"
	}
	for i, change := range []func(){
		func() {},                              // the first: kept
		func() {},                              // the same: from the kept output
		func() { reused[len(reused)/2] = '3' }, // the buffer's next page: one byte in its middle
		func() { reused[0] = ' ' },             // ... its first byte
		func() { reused[len(reused)-1] = ' ' }, // ... its last
		func() { copy(reused, `<div data-shell="header"><p>`) }, // ... several
	} {
		change()
		want := page(reused)
		if got := send(reused); got != want {
			t.Fatalf("response %d: %d bytes, not the %d written (first difference at %d)", i+1, len(got), len(want), firstDifference(got, want))
		}
	}
}

// isFixed takes only writes that lie wholly within fixed bytes.
func TestPageOutputIsFixedOnlyWithin(t *testing.T) {
	array := []byte("0123456789abcdefghij")
	fixed := array[5:10]
	o := &pageOutput{}
	o.fixFragments(nil, fixed)
	for _, tt := range []struct {
		name string
		p    []byte
		want bool
	}{
		{"all of it", array[5:10], true},
		{"inside", array[6:9], true},
		{"its last byte", array[9:10], true},
		{"before it", array[0:5], false},
		{"starting before", array[4:8], false},
		{"running past its end", array[8:12], false},
		{"right after it", array[10:12], false},
		{"the same bytes elsewhere", []byte("56789"), false},
		{"nothing", array[5:5], false},
	} {
		if got := o.isFixed(tt.p); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A kept output stored while the page's plan had another copy of the same bytes (captured
// again, or by a response beside the one that made the current plan) is replaced by the
// first response that follows it with the current copy: from then on the page's runs are
// checked by address, not read byte for byte on every response, and only one version of
// the page is kept for them.
func TestKeptOutputFollowsThePlansCurrentCopy(t *testing.T) {
	body := []byte(strings.Repeat("<p>Festgeld und Tagesgeld.</p>\n", 3000))
	footer := []byte(`<div data-shell="footer"></div>`)
	outputs := newKeptOutputs()
	const key = 11
	send := func(copy []byte) (stale bool) {
		t.Helper()
		o, probe := followingOutput(outputs, key)
		o.fixFragments(footer)
		io.WriteString(o, "<head>")
		o.WriteKept(copy[:50000])
		o.WriteKept(copy[50000:])
		o.Write(footer)
		o.mu.Lock()
		stale = o.stale
		o.mu.Unlock()
		o.Planned(true)
		if err := o.Close(false); err != nil {
			t.Fatal(err)
		}
		_, length, got := probe.seen()
		if want := "<head>" + string(body) + string(footer); got != want || length != strconv.Itoa(len(want)) {
			t.Fatalf("%d bytes, Content-Length %s, not the %d written", len(got), length, len(want))
		}
		return stale
	}
	send(body) // kept
	if send(body) {
		t.Fatal("the same copy read byte for byte")
	}
	current := bytes.Clone(body) // the plan captured again
	if !send(current) {
		t.Fatal("another copy taken by address")
	}
	for i := range 3 {
		if send(current) {
			t.Fatalf("response %d with the current copy: still read byte for byte", i+1)
		}
	}
	if n := len(outputs.lookup(key)); n != 1 {
		t.Errorf("%d versions kept of one page with one shell", n)
	}
}

// followingOutput is a page held whole (however long the test takes) that follows the kept
// outputs of the page named key, and the probe below it.
func followingOutput(outputs *keptOutputs, key uint64) (*pageOutput, *outputProbe) {
	probe := newOutputProbe()
	o := newPageOutput(probe, http.StatusOK, holdMax/2)
	o.maxWait = time.Hour
	o.useKept(outputs, key)
	return o, probe
}
