package splice

import (
	"os"
	"path/filepath"
	"testing"
)

// steadyPrefix opens a page up to a confirmed body: what follows it is read
// in the steady state.
const steadyPrefix = "<!DOCTYPE html><html><head><title>t</title></head><body class=page><div>"

// FuzzSplice checks the splicer's invariants on any input: bytes kept in
// order with only the reported fragments added, no panic surfaced, the same
// result for any write size, and the same tree once data-shell nodes are
// dropped (checkDocument), with or without a plan (checkPlanned).
func FuzzSplice(f *testing.F) {
	f.Add([]byte(`<ul><li><svg><path d="M0"/><g><circle/></g></svg> x</li></ul><table><tr><td>1</td></tr></table>`), uint8(7))
	seeds := []string{
		"", "<html><head><title>t</title></head><body><p>x</p></body></html>\n",
		"<!DOCTYPE html><p>x", "<body><svg><![CDATA[</body>]]></svg></body>",
		"<script><!--<script></script>--></script></body>", "<template></body></template>",
		"<frameset></frameset>", "<meta name=shell content=off>", "<p>x</body>\n<!-- c -->\n",
		"<!-->x</body>", "</3></body>", "<math><mi><style></body></style></mi></math></body> ",
	}
	for _, s := range seeds {
		f.Add([]byte(s), uint8(1))
	}
	f.Add(realisticPage(3<<10), uint8(5))
	if files, _ := filepath.Glob("testdata/*/*.html"); len(files) > 0 {
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b, uint8(3))
			}
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		if len(in) > 1<<16 {
			return
		}
		if _, err := checkDocument(t, in, []int{int(chunk%17) + 1}); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if err := checkResolved(t, in, int(chunk%17)+1); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		// The same markup inside a confirmed body, where the steady-state
		// fast path reads it (checkDocument compares it with the general
		// states).
		steady := append([]byte(steadyPrefix), in...)
		if _, err := checkDocument(t, steady, []int{int(chunk%17) + 1}); err != nil {
			t.Fatalf("%q: %v", steady, err)
		}
		// Past the prescan window, where a plan made for another page of
		// the same name is followed until the bytes tell it apart.
		planned := append([]byte(plannedPrefix), in...)
		if _, err := checkPlanned(t, [][]byte{[]byte(plannedPrefix + "</body>\n"), planned}, []int{int(chunk%17) + 1, 5}); err != nil {
			t.Fatalf("%q: %v", planned, err)
		}
	})
}
