package splice

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"testing"
)

// splicePlanned runs one response of the page named key through a Writer
// that uses plans, in writes of chunk bytes.
func splicePlanned(t testing.TB, plans *Plans, key uint64, in []byte, chunk int) ([]byte, Report) {
	t.Helper()
	var out keepBuffer
	w := NewWriter(&out, testFragments)
	defer w.Release()
	w.UsePlans(plans, key)
	if chunk <= 0 {
		chunk = len(in) + 1
	}
	for i := 0; i < len(in); i += chunk {
		j := min(i+chunk, len(in))
		if n, err := w.Write(in[i:j]); err != nil || n != j-i {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return out.Bytes(), w.Report()
}

// keepBuffer is a KeepWriter that keeps what WriteKept gives it as it is and copies the
// rest, as the gateway's output does: Bytes, read after the response, shows the output
// changed if the Writer handed it bytes to keep that changed afterwards.
type keepBuffer struct {
	parts [][]byte
	kept  int // bytes given to keep
}

func (k *keepBuffer) Write(p []byte) (int, error) {
	k.parts = append(k.parts, append([]byte(nil), p...))
	return len(p), nil
}

func (k *keepBuffer) WriteKept(p []byte) (int, error) {
	k.parts = append(k.parts, p)
	k.kept += len(p)
	return len(p), nil
}

func (k *keepBuffer) Bytes() []byte { return bytes.Join(k.parts, nil) }

// checkPlanned serves each page in turn under one key, each one three
// times in writes of the given sizes, and checks every response against
// the page spliced without plans. It reports how many responses followed
// a plan.
func checkPlanned(t testing.TB, pages [][]byte, chunks []int) (planned int, err error) {
	planned, _, err = checkReplayed(t, pages, chunks)
	return planned, err
}

// checkReplayed is checkPlanned that also counts the responses that took
// the plan's state instead of scanning their head.
func checkReplayed(t testing.TB, pages [][]byte, chunks []int) (planned, replayed int, err error) {
	t.Helper()
	plans := NewPlans(0, 0)
	key := plans.Key("https://www.example-savings.de/festgeld/")
	for pi, in := range pages {
		want, wantR := spliceChunks(t, in, 0)
		for round := 0; round < 3; round++ {
			c := chunks[(pi+round)%len(chunks)]
			got, r := splicePlanned(t, plans, key, in, c)
			if r.Planned {
				planned++
			}
			if r.Replayed {
				replayed++
			}
			r.Planned, r.Replayed = false, false
			if !bytes.Equal(got, want) || r != wantR {
				return planned, replayed, fmt.Errorf("page %d, response %d (writes of %d bytes) differs from the page spliced without plans:\n%q %+v\nwant\n%q %+v",
					pi, round+1, c, got, r, want, wantR)
			}
		}
	}
	return planned, replayed, nil
}

func TestPlansFollowTheSamePage(t *testing.T) {
	page := realisticPage(100 << 10)
	plans := NewPlans(0, 0)
	key := plans.Key("/festgeld/")
	want, wantR := spliceChunks(t, page, 0)
	for i, tc := range []struct {
		chunk             int
		planned, replayed bool
	}{
		{32 << 10, false, false}, // nothing known yet
		{4 << 10, true, false},   // the head scanned, the body compared; its state kept
		{1 << 10, true, true},    // nothing scanned
		{len(page), true, true},  // one write
		{3, true, true},
	} {
		got, r := splicePlanned(t, plans, key, page, tc.chunk)
		if r.Planned != tc.planned || r.Replayed != tc.replayed {
			t.Errorf("response %d: planned, replayed = %v, %v; want %v, %v", i+1, r.Planned, r.Replayed, tc.planned, tc.replayed)
		}
		r.Planned, r.Replayed = false, false
		if !bytes.Equal(got, want) || r != wantR {
			t.Fatalf("response %d differs from the page spliced without plans (report %+v, want %+v)", i+1, r, wantR)
		}
	}
	if pages, kept := plans.Len(); pages != 1 || kept != len(page)+snapSize {
		t.Errorf("plans remember %d pages, %d bytes; want 1 page, %d bytes", pages, kept, len(page)+snapSize)
	}
}

// A response that follows a plan's state instead of scanning its head
// writes what a scan would have, whether its bytes differ from the plan's
// before, at or after the state's offset, in writes of any size, and
// whether the caller flushes while its head is held.
func TestReplayNeverChangesTheOutput(t *testing.T) {
	page := realisticPage(20 << 10)
	plans := NewPlans(0, 0)
	key := plans.Key("/festgeld/")
	splicePlanned(t, plans, key, page, 0)
	splicePlanned(t, plans, key, page, 0) // defers: keeps its state
	pl := plans.lookup(key)
	if pl.snap == nil {
		t.Fatal("no state kept after a deferred response")
	}
	at := int(pl.snapAt)
	changed := func(i int) []byte {
		c := append([]byte(nil), page...)
		c[i] ^= 0x20 // a letter's case, a space into 0x00
		return c
	}
	pages := map[string][]byte{
		"the same":                     page,
		"a byte differs in the head":   changed(40),
		"a byte differs just before":   changed(at - 1),
		"a byte differs at the offset": changed(at),
		"a byte differs just after":    changed(at + 1),
		"a byte differs near the end":  changed(len(page) - 20),
		"ends before the offset":       page[:at-1],
		"ends at the offset":           page[:at],
		"a tag opens at the offset":    append(append(append([]byte(nil), page[:at]...), "<template><p>"...), page[at:]...),
		"raw text opens at the offset": append(append(append([]byte(nil), page[:at]...), "<script>"...), page[at:]...),
	}
	for _, name := range slices.Sorted(maps.Keys(pages)) {
		in := pages[name]
		want, wantR := spliceChunks(t, in, 0)
		for _, chunk := range []int{1, 7, 1000, at - 1, at, at + 1, 16 << 10, len(in)} {
			for _, flush := range []bool{false, true} {
				// a fresh copy of the plan each time: a differing page must not replace it
				p := NewPlans(0, 0)
				p.m[key] = pl
				var out bytes.Buffer
				w := NewWriter(&out, testFragments)
				w.UsePlans(p, key)
				for i := 0; i < len(in); i += chunk {
					if _, err := w.Write(in[i:min(i+chunk, len(in))]); err != nil {
						t.Fatal(err)
					}
					if flush {
						w.Flush()
					}
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				r := w.Report()
				w.Release()
				if name == "the same" && !flush && !r.Replayed {
					t.Errorf("%s, writes of %d: not replayed", name, chunk)
				}
				r.Planned, r.Replayed = false, false
				if !bytes.Equal(out.Bytes(), want) || r != wantR {
					t.Fatalf("%s, writes of %d, flush %v: differs from the page spliced without plans (report %+v, want %+v)",
						name, chunk, flush, r, wantR)
				}
			}
		}
	}
}

// A page that changed under the same key is scanned after all: each
// change below moves, removes or hides the footer's place, or is a byte
// the plan cannot know.
func TestPlansNeverChangeTheOutput(t *testing.T) {
	page := realisticPage(20 << 10)
	end := bytes.LastIndex(page, []byte("</body>"))
	edit := func(at int, old, new string) []byte {
		return append(append(append([]byte(nil), page[:at]...), new...), page[at+len(old):]...)
	}
	mid := end / 2
	for mid < end && page[mid] != '<' {
		mid++
	}
	cases := map[string][]byte{
		"same size, one byte":             edit(mid+1, "x", "y")[:len(page)],
		"an earlier </body>":              edit(mid, "", "</body>"),
		"an earlier </BoDy >":             edit(mid, "", "</BoDy >"),
		"the footer's place in a comment": edit(end, "</body>", "<!--</body>-->"),
		"an unclosed template":            edit(mid, "", "<template><p>"),
		"an open <a> at the end":          edit(end, "</body>", "<a href=/x>x</body>"),
		"raw text open at EOF":            append(append([]byte(nil), page...), "<script>let a"...),
		"no </body>":                      edit(end, "</body>", ""),
		"shorter":                         page[:end],
		"longer":                          append(append([]byte(nil), page...), "<p>after</p>"...),
		"uppercase </BODY>":               edit(end, "</body>", "</BODY>"),
	}
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		t.Run(name, func(t *testing.T) {
			// the page, then the change, then the page again, each three times
			planned, err := checkPlanned(t, [][]byte{page, cases[name], page}, []int{3 << 10, 1 << 10, 7, 16 << 10})
			if err != nil {
				t.Fatal(err)
			}
			if planned < 4 { // of 6: the second and third response of each page
				t.Errorf("%d responses followed a plan, want at least 4", planned)
			}
		})
	}
}

// plannedPrefix opens a page past the encoding prescan's window (1 KiB) with
// a steady body: a plan can be followed from its end on.
var plannedPrefix = steadyPrefix + "<p>" + string(bytes.Repeat([]byte("Festgeld mit festem Zins. "), 48)) + "</p>"

// The html5lib documents inside a body that is steady at once: every state
// they leave open meets a plan made for the page without them.
func TestPlansOnHTML5LibDocuments(t *testing.T) {
	docs := html5libDocuments(t)
	names := slices.Sorted(maps.Keys(docs))
	rng := rand.New(rand.NewSource(3))
	base := []byte(plannedPrefix + "<p>text</p></div></body></html>\n")
	failed, planned, replayed := 0, 0, 0
	for i := 0; i < 2000 && failed < 10; i++ {
		name := names[rng.Intn(len(names))]
		in := append(append([]byte(plannedPrefix), docs[name]...), "\n</body>\n"...)
		n, m, err := checkReplayed(t, [][]byte{base, in}, []int{1, 1 + rng.Intn(13), 64})
		planned += n
		replayed += m
		if err != nil {
			failed++
			t.Errorf("%s: %v", name, err)
		}
	}
	if planned == 0 || replayed == 0 {
		t.Errorf("%d responses followed a plan, %d its state: want some of both", planned, replayed)
	}
	t.Logf("%d responses followed a plan, %d of them its state", planned, replayed)
}

func TestIndexBodyEnd(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", -1}, {"</body", 0}, {"x</BODY>", 1}, {"yy</bOdY", 2}, {"</bod", -1},
		{"<body></body>", 6}, {"Y</bodyY", 1}, {"</ body>", -1}, {"body</b></body", 8},
	} {
		if got := indexBodyEnd([]byte(tc.in)); got != tc.want {
			t.Errorf("indexBodyEnd(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestPlansMakeRoom(t *testing.T) {
	page := []byte(plannedPrefix + "<p>x</p></body>\n")
	for _, tc := range []struct {
		name                string
		maxPages, maxBytes  int
		wantPages, wantKept int
	}{
		{"by pages", 3, 0, 3, 3 * len(page)},
		{"by bytes", 0, 8 * len(page), 8, 8 * len(page)},
		{"a page too big to keep", 0, 4 * len(page), 10, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plans := NewPlans(tc.maxPages, tc.maxBytes)
			for i := range 10 {
				splicePlanned(t, plans, plans.Key(fmt.Sprint(i)), page, 0)
			}
			if pages, kept := plans.Len(); pages != tc.wantPages || kept != tc.wantKept {
				t.Errorf("plans remember %d pages, %d bytes; want %d, %d", pages, kept, tc.wantPages, tc.wantKept)
			}
		})
	}
}

// Plans hand back each page's bytes with the tag of the response that left them: a new tag
// on the same bytes replaces the old one (whether the response followed the plan or not),
// new bytes bring their own, and a page whose bytes are not kept gives none.
func TestPlansHoldTheTagOfTheLastResponse(t *testing.T) {
	page, other := realisticPage(100<<10), realisticPage(60<<10)
	plans := NewPlans(0, 0)
	key := plans.Key("/festgeld/")
	v1, v2, v3 := new(int), new(int), new(int)
	serve := func(in []byte, tag any) Report {
		t.Helper()
		var out bytes.Buffer
		w := NewWriter(&out, testFragments)
		defer w.Release()
		w.UsePlans(plans, key)
		w.TagPlan(tag)
		if _, err := w.Write(in); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return w.Report()
	}
	if body, tag := plans.Held(key); body != nil || tag != nil {
		t.Fatalf("before any response: Held = %d bytes, %v", len(body), tag)
	}
	for i, step := range []struct {
		in          []byte
		tag         any
		wantPlanned bool
		want        []byte
		wantTag     any
	}{
		{page, v1, false, page, v1},
		{page, v1, true, page, v1},
		{page, v2, true, page, v2}, // the same bytes under a new validator
		{page, nil, true, page, nil},
		{other, v3, false, other, v3},
	} {
		if r := serve(step.in, step.tag); r.Planned != step.wantPlanned {
			t.Errorf("response %d: planned %v, want %v", i+1, r.Planned, step.wantPlanned)
		}
		body, tag := plans.Held(key)
		if !bytes.Equal(body, step.want) || tag != step.wantTag {
			t.Errorf("after response %d: Held = %d bytes, tag %p; want %d bytes, tag %p", i+1, len(body), tag, len(step.want), step.wantTag)
		}
	}
	small := NewPlans(0, 64<<10) // one page may take an eighth of the room: not this one
	skey := small.Key("/festgeld/")
	var out bytes.Buffer
	w := NewWriter(&out, testFragments)
	w.UsePlans(small, skey)
	w.TagPlan(v1)
	w.Write(page)
	w.Close()
	w.Release()
	if body, _ := small.Held(skey); body != nil {
		t.Errorf("a page too large for the room: Held gave %d bytes", len(body))
	}
}

// A 1 MB page served again whose bytes change in the middle, long after the plan took over
// from the scan, is scanned after all: its output is the page spliced without plans,
// whatever write or 1 KiB block edge the change falls on.
func TestPlansNoticeAChangeMidPage(t *testing.T) {
	const planBlock = 1 << 10
	page := realisticPage(1 << 20)
	mid := 600<<10 + 3*planBlock // in the 19th write of 32 KiB
	changes := map[string]func([]byte){
		"a letter's case inside a block": func(c []byte) { c[mid+planBlock/2] ^= 0x20 },
		"the first byte of a block":      func(c []byte) { c[mid] ^= 0x01 },
		"the last byte of a block":       func(c []byte) { c[mid-1] ^= 0x01 },
		"a comment that never closes":    func(c []byte) { copy(c[mid+100:], "<!--") },
		"raw text that never ends":       func(c []byte) { copy(c[mid+100:], "<xmp>") },
		"two blocks swapped": func(c []byte) {
			a := append([]byte(nil), c[mid:mid+planBlock]...)
			copy(c[mid:], c[mid+planBlock:mid+2*planBlock])
			copy(c[mid+planBlock:], a)
		},
	}
	for _, name := range slices.Sorted(maps.Keys(changes)) {
		changed := append([]byte(nil), page...)
		changes[name](changed)
		if bytes.Equal(changed, page) {
			t.Fatalf("%s: no change", name)
		}
		want, wantR := spliceChunks(t, changed, 0)
		for _, chunk := range []int{32 << 10, 32<<10 + 7, 1000, planBlock} {
			plans := NewPlans(0, 0)
			key := plans.Key("/festgeld/")
			splicePlanned(t, plans, key, page, chunk)
			if _, r := splicePlanned(t, plans, key, page, chunk); !r.Planned {
				t.Fatalf("writes of %d: the same page again did not follow its plan", chunk)
			}
			got, r := splicePlanned(t, plans, key, changed, chunk)
			if r.Planned {
				t.Errorf("%s, writes of %d: the changed page followed the plan", name, chunk)
			}
			r.Planned, r.Replayed = false, false
			if !bytes.Equal(got, want) || r != wantR {
				t.Errorf("%s, writes of %d: differs from the page spliced without plans (report %+v, want %+v)", name, chunk, r, wantR)
			}
		}
	}
}

// A response that follows its plan hands a KeepWriter the plan's copy of the body to keep
// (the gateway's output then writes it without copying it), and the output is the page
// spliced without plans.
func TestPlansHandTheBodyToKeep(t *testing.T) {
	page := realisticPage(1 << 20)
	want, _ := spliceChunks(t, page, 0)
	plans := NewPlans(0, 0)
	key := plans.Key("/festgeld/")
	splicePlanned(t, plans, key, page, 32<<10)
	for _, chunk := range []int{32 << 10, 1000, 32<<10 + 7} {
		var out keepBuffer
		w := NewWriter(&out, testFragments)
		w.UsePlans(plans, key)
		for i := 0; i < len(page); i += chunk {
			if _, err := w.Write(page[i:min(i+chunk, len(page))]); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		r := w.Report()
		w.Release()
		if !r.Planned {
			t.Fatalf("writes of %d: did not follow the plan", chunk)
		}
		if out.kept < len(page)*9/10 {
			t.Errorf("writes of %d: %d of %d bytes given to keep; want the body's", chunk, out.kept, len(page))
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("writes of %d: differs from the page spliced without plans", chunk)
		}
	}
}
