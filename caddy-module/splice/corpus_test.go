package splice

import (
	"bufio"
	"bytes"
	"maps"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corpusExclusions lists html5lib documents the property test skips, by
// file and index, with the reason. Keep it empty where possible.
var corpusExclusions = map[string]string{}

// html5libDocuments returns the #data documents of the tree-construction
// tests shipped in the golang.org/x/net module, without fragment and
// scripting-off cases.
func html5libDocuments(t *testing.T) map[string][]byte {
	t.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		t.Skipf("cannot locate golang.org/x/net (go list failed: %v); run `go mod download golang.org/x/net` to get the corpus", err)
	}
	files, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(dir)), "html/testdata/html5lib-tests/tree-construction/*.dat"))
	if len(files) == 0 {
		t.Skip("no html5lib tree-construction tests in the golang.org/x/net module directory; run `go mod download golang.org/x/net`")
	}
	docs := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, tc := range splitDat(b) {
			if tc.fragment || tc.scriptOff {
				continue
			}
			name := filepath.Base(f) + "#" + itoa(i)
			docs[name] = tc.data
			// Own variants: the .dat documents end without a newline, real
			// pages end with one (and often a comment): that is where the
			// footer's place before </body> is decided.
			docs[name+"+nl"] = append(append([]byte(nil), tc.data...), '\n')
			docs[name+"+comment"] = append(append([]byte(nil), tc.data...), "\n<!-- cache: hit -->\n"...)
		}
	}
	return docs
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(i)) }

func fmtInt(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

type datCase struct {
	data                []byte
	fragment, scriptOff bool
}

func splitDat(b []byte) []datCase {
	var out []datCase
	var cur *datCase
	section := ""
	var data bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") && (line == "#data" || line == "#errors" || line == "#new-errors" ||
			line == "#document" || line == "#document-fragment" || line == "#script-off" || line == "#script-on") {
			if section == "#data" && cur != nil {
				cur.data = append([]byte(nil), bytes.TrimSuffix(data.Bytes(), []byte("\n"))...)
			}
			section = line
			switch line {
			case "#data":
				out = append(out, datCase{})
				cur = &out[len(out)-1]
				data.Reset()
			case "#document-fragment":
				cur.fragment = true
			case "#script-off":
				cur.scriptOff = true
			}
			continue
		}
		if section == "#data" {
			data.WriteString(line)
			data.WriteByte('\n')
		}
	}
	return out
}

func TestHTML5LibCorpus(t *testing.T) {
	docs := html5libDocuments(t)
	failed := 0
	for name, in := range docs {
		if reason, ok := corpusExclusions[name]; ok {
			t.Logf("excluded %s: %s", name, reason)
			continue
		}
		if _, err := checkDocument(t, in, []int{1, 3, 7, 64}); err != nil {
			failed++
			if failed <= 15 {
				t.Errorf("%s: %q\n%v", name, in, err)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d documents failed", failed, len(docs))
	}
}

// TestHTML5LibPairs splices concatenations of two corpus documents: the
// second document's markup then meets every state the first one leaves
// open (foreign content, templates, tables, open elements before </body>).
func TestHTML5LibPairs(t *testing.T) {
	docs := html5libDocuments(t)
	names := slices.Sorted(maps.Keys(docs))
	rng := rand.New(rand.NewSource(1))
	failed := 0
	for i := 0; i < 4000 && failed < 10; i++ {
		a, b := names[rng.Intn(len(names))], names[rng.Intn(len(names))]
		in := append(append([]byte(nil), docs[a]...), docs[b]...)
		if _, err := checkDocument(t, in, []int{1}); err != nil {
			failed++
			t.Errorf("%s + %s: %q\n%v", a, b, in, err)
		}
	}
}

// TestHTML5LibInPage splices a realistic page with a corpus document cut
// into it at a random place, written in random-sized chunks: the tricky
// markup meets the hold-backs of a real page (charset prescan, frameset-ok,
// the bytes after </body>).
func TestHTML5LibInPage(t *testing.T) {
	docs := html5libDocuments(t)
	names := slices.Sorted(maps.Keys(docs))
	page := realisticPage(3 << 10)
	rng := rand.New(rand.NewSource(2))
	failed := 0
	for i := 0; i < 1500 && failed < 10; i++ {
		name := names[rng.Intn(len(names))]
		cut := rng.Intn(len(page))
		in := append(append(append([]byte(nil), page[:cut]...), docs[name]...), page[cut:]...)
		if _, err := checkDocument(t, in, []int{1 + rng.Intn(13)}); err != nil {
			failed++
			t.Errorf("%s cut into the page at %d: %v", name, cut, err)
		}
	}
}
