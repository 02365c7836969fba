package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

const page = "<!DOCTYPE html>\n<html><head>\n<title>Festgeld</title>\n</head>\n" +
	`<body class="page">` + "\n<div class=\"intro\"><p>Zinsen</p></div>\n</body>\n</html>\n"

// subFilter does what nginx's sub_filter with sub_filter_once on does: each
// match string, ignoring case, is replaced at its first occurrence.
func subFilter(origin []byte, rs []rule) []byte {
	out := origin
	for _, r := range rs {
		i := bytes.Index(bytes.ToLower(out), bytes.ToLower(r.Match))
		if i < 0 {
			continue
		}
		out = append(append(bytes.Clone(out[:i]), r.Replace()...), out[i+len(r.Match):]...)
	}
	return out
}

func TestRulesReproduceTheSplicedPage(t *testing.T) {
	head := `<link rel="stylesheet" href="/_shell/assets/shell.css"><script type="module" src="/_shell/assets/shell.js"></script>`
	header := `<div data-shell="header"><header>Logo</header></div>`
	footer := `<div data-shell="footer"><footer>© 2026</footer></div><script id="shell-state" type="application/json">{"locale":"de-DE"}</script>`
	for _, tc := range []struct {
		name    string
		spliced string
		rules   int
	}{
		{"head, header and footer", strings.NewReplacer("</head>", head+"</head>", `<body class="page">`, `<body class="page">`+header, "</body>", footer+"</body>").Replace(page), 3},
		// The header starts with "<div", like the origin's first node: the
		// insertion must still be keyed on <body>, not split in the middle.
		{"header before a div", strings.Replace(page, `<body class="page">`+"\n", `<body class="page">`+"\n"+header, 1), 1},
		{"two insertions before </body>", strings.Replace(page, "</body>", footer+"<script>1</script></body>", 1), 1},
		{"after <head>", strings.Replace(page, "<head>", "<head>"+head, 1), 1},
		{"newline-ended fragment before </head>", strings.Replace(page, "</head>", head+"\n</head>", 1), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := insertions([]byte(page), []byte(tc.spliced))
			if err != nil {
				t.Fatal(err)
			}
			rs, err := rules([]byte(page), ins)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != tc.rules {
				t.Errorf("got %d rules, want %d", len(rs), tc.rules)
			}
			if got := subFilter([]byte(page), rs); string(got) != tc.spliced {
				t.Errorf("sub_filter with these rules gives\n%s\nwant\n%s", got, tc.spliced)
			}
		})
	}
}

func TestRulesRefuse(t *testing.T) {
	for _, tc := range []struct {
		name, spliced, want string
	}{
		{"insertion inside the content", strings.Replace(page, "<p>Zinsen", "<p><b>x</b>Zinsen", 1), "not next to"},
		{"origin bytes dropped", strings.Replace(page, "<title>Festgeld</title>", "", 1), "missing from the spliced page"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := insertions([]byte(page), []byte(tc.spliced))
			if err == nil {
				_, err = rules([]byte(page), ins)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestWriteNginx(t *testing.T) {
	rs := []rule{
		{Match: []byte("</head>"), Inserts: []placed{{0, []byte(`<script>var price='5 $';a="\t\\";p={"path":"/festgeld/"}</script>`)}}},
		{Match: []byte("</body>\n"), Inserts: []placed{{0, []byte(strings.Repeat("<p>Zinsen für Sparer</p>", 300))}, {8, []byte("<!-- after -->")}}},
	}
	var b bytes.Buffer
	if err := writeNginx(&b, rs, "/festgeld/"); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if len(line) >= 4096-64 {
			t.Errorf("a %d-byte line would exceed nginx's token limit", len(line))
		}
	}
	golden := filepath.Join("testdata", "subfilter.conf.golden")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update once)", err)
	}
	if b.String() != string(want) {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
