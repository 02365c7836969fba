package splice

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenInputs returns the tricky-case inputs under testdata/golden.
func goldenInputs(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/golden/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs in testdata/golden: %v", err)
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

// TestGolden splices each tricky case and compares the output (and the
// report, on the first line) with its .golden file; -update rewrites them.
func TestGolden(t *testing.T) {
	for name, in := range goldenInputs(t) {
		t.Run(name, func(t *testing.T) {
			out, r := spliceChunks(t, in, 0)
			got := fmt.Sprintf("injected=%v footer=%v reason=%q\n", r.Injected, r.FooterPlaced, r.Reason)
			got += string(out)
			path := filepath.Join("testdata/golden", name+".golden")
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
			if _, err := checkDocument(t, in, []int{1, 2, 5, 13}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestGoldenExpectations pins the decisions a user would notice, so that a
// wrong -update cannot slip through unseen.
func TestGoldenExpectations(t *testing.T) {
	inputs := goldenInputs(t)
	tests := []struct {
		name           string
		injected, foot bool
		reason         string
		footerBefore   string // the footer must sit right before this input text
	}{
		{"basic", true, true, "", "</body>\n</html>\n"},
		{"uppercase-tags", true, true, "", "</BODY></HTML>"},
		{"attr-with-gt", true, true, "", "</body></html>"},
		{"script-with-body", true, true, "", "</body></html>"},
		{"script-escaped", true, true, "", "</body></html>"},
		{"script-double-escaped", true, true, "", "</body>"},
		{"raw-text-elements", true, true, "", "</body></html>"},
		{"plaintext-open", true, false, ReasonFooterRawText, ""},
		{"body-end-in-foreign", true, true, "", "</body></html>"},
		{"comments", true, true, "", ""}, // "<!-->" closes at once: its "</body>" is real, the "-->" after it is text
		{"cdata-foreign", true, true, "", "</body>"},
		{"template", true, true, "", "</body></html>"},
		{"several-body-ends", true, true, "", "</body></body></html></body>\n"},
		{"no-body-tag", true, true, "", ""},
		{"bom", true, true, "", "</body></html>"},
		{"utf16", false, false, ReasonUTF16, ""},
		{"frameset", false, false, ReasonFrameset, ""},
		{"frameset-after-div", false, false, ReasonFrameset, ""},
		{"opt-out-meta", false, false, ReasonOptOut, ""},
		{"opt-out-meta-late", true, true, "", "</body></html>"},
		{"footer-open-p-trailing-ws", true, true, "", ""},
		{"footer-in-unclosed-script", true, false, ReasonFooterRawText, ""},
		{"footer-in-unclosed-comment", true, false, ReasonFooterComment, ""},
		{"footer-in-unclosed-tag", true, false, ReasonFooterTag, ""},
		{"footer-in-unclosed-template", true, false, ReasonFooterTemplate, ""},
		{"footer-in-unclosed-select", true, false, ReasonFooterSelect, ""},
		{"footer-in-open-link", true, false, ReasonFooterLink, ""},
		{"content-after-body-end", true, true, "", ""},
		{"empty", true, true, "", ""},
		{"table-in-body", true, true, "", "</body>\n"},
		{"body-end-only", true, true, "", "</body>\n</html>\n"},
		{"charset-body-at-start", true, true, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, ok := inputs[tt.name]
			if !ok {
				t.Fatalf("no input testdata/golden/%s.html", tt.name)
			}
			out, r := spliceChunks(t, in, 0)
			if r.Injected != tt.injected || r.FooterPlaced != tt.foot || r.Reason != tt.reason {
				t.Fatalf("report = %+v, want injected=%v footer=%v reason=%q", r, tt.injected, tt.foot, tt.reason)
			}
			if !tt.foot {
				return
			}
			k := bytes.Index(out, testFragments.Footer)
			rest := string(out[k+len(testFragments.Footer):])
			if rest != tt.footerBefore {
				t.Errorf("footer is followed by %q, want %q", rest, tt.footerBefore)
			}
		})
	}
}
