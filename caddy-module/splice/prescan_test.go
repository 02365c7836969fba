package splice

import (
	"bytes"
	"strings"
	"testing"
)

// TestCharsetCopy: a charset declaration the encoding prescan finds after
// the insertion point gets a copy in front of Head; otherwise nothing.
func TestCharsetCopy(t *testing.T) {
	far := strings.Repeat("<p>filler</p>", 90) // > 1024 bytes
	tests := []struct {
		name, in, copy string
	}{
		{"before the insertion point", `<head><meta charset="utf-8"></head><body>x`, ""},
		{"after an implicit body start", `<head></head>x<meta charset="windows-1252">`, `<meta charset="windows-1252" data-shell="charset">`},
		{"after an explicit body tag", `<body><meta charset=utf-8>`, `<meta charset="utf-8" data-shell="charset">`},
		{"http-equiv content-type", `<body><meta content="text/html; charset='koi8-r'" http-equiv=content-type>`, `<meta charset="koi8-r" data-shell="charset">`},
		{"content without http-equiv", `<body><meta content="text/html; charset=koi8-r">`, ""},
		{"beyond the first 1024 bytes", `<body>` + far + `<meta charset="utf-8">`, ""},
		{"inside a comment", `<body><!-- <meta charset="utf-8"> -->`, ""},
		{"label unsafe to copy", `<body><meta charset="a&quot;b">`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, r := spliceChunks(t, []byte(tt.in), 0)
			if !r.Injected {
				t.Fatalf("not injected: %+v", r)
			}
			head := bytes.Index(out, testFragments.Head)
			got := ""
			if i := bytes.Index(out, []byte(`data-shell="charset">`)); i >= 0 && i < head {
				got = string(out[bytes.LastIndex(out[:i], []byte("<meta")) : i+len(`data-shell="charset">`)])
			}
			if got != tt.copy {
				t.Fatalf("charset copy = %q, want %q\noutput: %q", got, tt.copy, out)
			}
			if i := bytes.Index(out, []byte(tt.copy)); tt.copy != "" && i+len(tt.copy) > 1024 {
				t.Fatalf("the copy ends at output byte %d, past the first 1024", i+len(tt.copy))
			}
		})
	}
}
