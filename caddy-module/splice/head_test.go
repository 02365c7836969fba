package splice

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// headResolver records what the Writer told it and answers fragments that
// show the decision: Head gets a title when the page has none, Header names
// the requested variant.
type headResolver struct {
	calls   int
	title   bool
	variant string
	found   bool
}

func (r *headResolver) Resolve(h Head) Fragments {
	r.calls++
	r.title = h.Title
	r.variant, r.found = string(h.HeaderVariant), h.HeaderVariant != nil
	f := testFragments
	f.Head = testFragments.Head
	if !h.Title {
		f.Head = []byte(`<title data-shell>Festgeld und Tagesgeld vergleichen | Shellgate</title>` + string(testFragments.Head))
	}
	if r.found {
		f.Header = []byte(`<div data-shell="header" data-variant="` + r.variant + `"></div>`)
	}
	return f
}

// spliceResolved runs the Writer with a headResolver over in, in writes of chunk bytes.
func spliceResolved(t testing.TB, in []byte, chunk int) ([]byte, Report, *headResolver) {
	t.Helper()
	var out bytes.Buffer
	r := &headResolver{}
	f := testFragments
	f.Resolve = r
	w := NewWriter(&out, f)
	defer w.Release()
	if chunk <= 0 {
		chunk = len(in) + 1
	}
	for i := 0; i < len(in); i += chunk {
		if _, err := w.Write(in[i:min(i+chunk, len(in))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), w.Report(), r
}

// TestHeadDeclarations: the Writer tells the caller whether the head had a
// title and which header variant its meta asked for, whatever the write size.
func TestHeadDeclarations(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		calls    int
		title    bool
		variant  string
		hasMeta  bool
		injected bool
	}{
		{"title and no meta", `<!doctype html><html><head><title>Festgeld</title></head><body><p>x</p></body></html>`, 1, true, "", false, true},
		{"no title", `<!doctype html><html><head><meta charset="utf-8"></head><body><p>x</p></body></html>`, 1, false, "", false, true},
		{"empty title counts", `<!doctype html><title></title><p>x`, 1, true, "", false, true},
		{"meta variant", `<head><meta name="shell-header" content="corporate"><title>t</title></head><body>x</body>`, 1, true, "corporate", true, true},
		{"content before name, spaces and case", `<meta content="  corporate " name=" SHELL-HEADER "><p>x`, 1, false, "corporate", true, true},
		{"unquoted", `<meta name=shell-header content=bank-navigation><p>x`, 1, false, "bank-navigation", true, true},
		{"first meta wins", `<meta name="shell-header" content="corporate"><meta name="shell-header" content="integrated"><p>x`, 1, false, "corporate", true, true},
		{"first attribute wins", `<meta name="shell-header" name="x" content="corporate" content="integrated"><p>x`, 1, false, "corporate", true, true},
		{"empty content is a request for nothing", `<meta name="shell-header" content=""><p>x`, 1, false, "", true, true},
		{"meta without content", `<meta name="shell-header"><p>x`, 1, false, "", false, true},
		{"other meta name", `<meta name="shell-headers" content="corporate"><p>x`, 1, false, "", false, true},
		{"value too long is ignored", `<meta name="shell-header" content="` + strings.Repeat("x", 41) + `"><p>x`, 1, false, "", false, true},
		{"after </head> still in head", `<html><head></head><meta name="shell-header" content="corporate"><title>t</title><body>x`, 1, true, "corporate", true, true},
		{"template in head does not count", `<head><template><title>t</title><meta name="shell-header" content="corporate"></template></head><body>x`, 1, false, "", false, true},
		{"noscript in head is raw text", `<head><noscript><meta name="shell-header" content="corporate"><title>t</title></noscript></head><body>x`, 1, false, "", false, true},
		{"title in body does not count", `<body><title>t</title><meta name="shell-header" content="corporate">x`, 1, false, "", false, true},
		{"title inside svg does not count", `<svg><title>t</title></svg>`, 1, false, "", false, true},
		{"script text is not a title", `<script>document.write("<title>t</title>")</script><p>x`, 1, false, "", false, true},
		{"empty page", ``, 1, false, "", false, true},
		{"head only at EOF", `<title>t</title><meta name="shell-header" content="login">`, 1, true, "login", true, true},
		{"opt-out: no call", `<meta name="shell" content="off"><meta name="shell-header" content="corporate"><p>x`, 0, false, "", false, false},
		{"frameset: no call", `<title>t</title><frameset></frameset>`, 0, false, "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, chunk := range []int{0, 1, 3, 7} {
				out, rep, r := spliceResolved(t, []byte(tt.in), chunk)
				if r.calls != tt.calls || rep.Injected != tt.injected {
					t.Fatalf("chunk %d: Resolve called %d times, injected=%v; want %d, %v", chunk, r.calls, rep.Injected, tt.calls, tt.injected)
				}
				if r.calls == 0 {
					continue
				}
				if r.title != tt.title || r.variant != tt.variant || r.found != tt.hasMeta {
					t.Fatalf("chunk %d: Head{Title: %v, HeaderVariant: %q (found %v)}, want {%v, %q (found %v)}",
						chunk, r.title, r.variant, r.found, tt.title, tt.variant, tt.hasMeta)
				}
				// what Resolve returned is what went into the page
				if hasTitle := bytes.Contains(out, []byte(`<title data-shell>`)); hasTitle == tt.title {
					t.Fatalf("chunk %d: page has the shell's title: %v, but the head had its own: %v\n%s", chunk, hasTitle, tt.title, out)
				}
				if tt.hasMeta && !bytes.Contains(out, []byte(`data-variant="`+tt.variant+`"`)) {
					t.Fatalf("chunk %d: the resolved header is not in the page:\n%s", chunk, out)
				}
			}
		})
	}
}

// TestResolvedFragmentsKeepTheTree: the resolved fragments obey the same
// invariants as fixed ones (only inserted, tree unchanged, header first).
func TestResolvedFragmentsKeepTheTree(t *testing.T) {
	for name, in := range headInputs(t) {
		t.Run(name, func(t *testing.T) {
			out, _, _ := spliceResolved(t, in, 0)
			want, _, err1 := parseDump(in)
			got, doc, err2 := parseDump(out)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if want != got {
				t.Fatalf("trees differ\ninput:\n%s\noutput:\n%s", want, got)
			}
			if !headerFirst(doc) {
				t.Fatalf("header is not the first element child of body:\n%s", out)
			}
			if title := findTitle(doc); title == "" {
				t.Fatalf("the parsed page has no title:\n%s", out)
			}
		})
	}
}

func headInputs(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/head/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("no inputs in testdata/head: %v", err)
	}
	in := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in[strings.TrimSuffix(filepath.Base(f), ".html")] = b
	}
	return in
}

// TestHeadGolden splices the pages under testdata/head with a resolver and
// compares what it was told (first line) and the page with the .golden file.
func TestHeadGolden(t *testing.T) {
	for name, in := range headInputs(t) {
		t.Run(name, func(t *testing.T) {
			out, rep, r := spliceResolved(t, in, 0)
			got := fmt.Sprintf("calls=%d title=%v variant=%q found=%v injected=%v footer=%v\n%s",
				r.calls, r.title, r.variant, r.found, rep.Injected, rep.FooterPlaced, out)
			path := filepath.Join("testdata/head", name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s\ngot:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

// TestHeadGoldenExpectations pins what a user would notice in the golden
// files, so that a wrong -update cannot slip through.
func TestHeadGoldenExpectations(t *testing.T) {
	inputs := headInputs(t)
	tests := []struct {
		name    string
		title   bool
		variant string
	}{
		{"no-title", false, ""},
		{"title", true, ""},
		{"meta-variant", true, "corporate"},
		{"template-and-body", false, ""},
		{"implicit-body", true, "bank-navigation"},
		{"after-head", true, "corporate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, ok := inputs[tt.name]
			if !ok {
				t.Fatalf("no input testdata/head/%s.html", tt.name)
			}
			_, _, r := spliceResolved(t, in, 0)
			if r.calls != 1 || r.title != tt.title || r.variant != tt.variant {
				t.Fatalf("Resolve: calls=%d title=%v variant=%q, want 1, %v, %q", r.calls, r.title, r.variant, tt.title, tt.variant)
			}
		})
	}
}

// TestAllocsWithResolver: reading the head and asking the resolver costs no allocation.
func TestAllocsWithResolver(t *testing.T) {
	page := realisticPage(32 << 10)
	page = bytes.Replace(page, []byte("<head>\n"), []byte("<head>\n<meta name=\"shell-header\" content=\"corporate\">\n"), 1)
	r := &fixedResolver{f: testFragments}
	f := testFragments
	f.Resolve = r
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	allocs := testing.AllocsPerRun(20, func() {
		w := NewWriter(io.Discard, f)
		for i := 0; i < len(page); i += 8 << 10 {
			w.Write(page[i:min(i+8<<10, len(page))])
		}
		w.Close()
		w.Release()
	})
	if allocs > 0 {
		t.Fatalf("%.1f allocations per response, want 0", allocs)
	}
	if r.calls == 0 || string(r.last[:r.n]) != "corporate" {
		t.Fatalf("resolver saw %d calls, last variant %q", r.calls, r.last[:r.n])
	}
}

type fixedResolver struct {
	f     Fragments
	calls int
	last  [40]byte
	n     int
}

func (r *fixedResolver) Resolve(h Head) Fragments {
	r.calls++
	r.n = copy(r.last[:], h.HeaderVariant)
	return r.f
}

// findTitle gives the text of the document's first HTML title element, as document.title does.
func findTitle(n *html.Node) string {
	if n.Type == html.ElementNode && n.Data == "title" && n.Namespace == "" {
		var sb strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			sb.WriteString(c.Data)
		}
		return sb.String()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if s := findTitle(c); s != "" {
			return s
		}
	}
	return ""
}

// checkResolved: a resolver that answers the fixed fragments changes
// nothing, it is asked at most once, and what it is told does not depend
// on the write size.
func checkResolved(t testing.TB, in []byte, chunk int) error {
	plain, rep := spliceChunks(t, in, 0)
	r := &fixedResolver{f: testFragments}
	f := testFragments
	f.Resolve = r
	var out bytes.Buffer
	w := NewWriter(&out, f)
	defer w.Release()
	for i := 0; i < len(in); i += chunk {
		w.Write(in[i:min(i+chunk, len(in))])
	}
	w.Close()
	if !bytes.Equal(out.Bytes(), plain) || w.Report() != rep {
		return fmt.Errorf("with a resolver the result differs:\n%q %+v\nvs without:\n%q %+v", out.Bytes(), w.Report(), plain, rep)
	}
	if r.calls > 1 || (r.calls == 1) != rep.Injected {
		return fmt.Errorf("resolver called %d times for a page injected=%v", r.calls, rep.Injected)
	}
	_, _, whole := spliceResolved(t, in, 0)
	_, _, split := spliceResolved(t, in, chunk)
	if *whole != *split {
		return fmt.Errorf("writes of %d bytes tell the resolver %+v, one write %+v", chunk, *split, *whole)
	}
	return nil
}

// BenchmarkSpliceResolve is BenchmarkSplice with a Resolver asked for the fragments once the
// head is read (a page without a title that asks for its header): the cost of the hook.
func BenchmarkSpliceResolve(b *testing.B) {
	r := &fixedResolver{f: testFragments}
	f := testFragments
	f.Resolve = r
	for _, bs := range benchSizes {
		page := realisticPage(bs.size)
		page = bytes.Replace(page, []byte("<head>\n"), []byte("<head>\n<meta name=\"shell-header\" content=\"corporate\">\n"), 1)
		b.Run(bs.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				w := NewWriter(io.Discard, f)
				for i := 0; i < len(page); i += 32 << 10 {
					if _, err := w.Write(page[i:min(i+32<<10, len(page))]); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
				w.Release()
			}
			reportCPU(b, c0, len(page))
			if string(r.last[:r.n]) != "corporate" {
				b.Fatalf("the resolver was told %q", r.last[:r.n])
			}
		})
	}
}
