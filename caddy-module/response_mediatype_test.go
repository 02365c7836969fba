package shell

import (
	"mime"
	"net/http"
	"strings"
	"testing"
)

// TestHTMLMediaTypeReadsAsParseMediaType: the Content-Types read without mime.ParseMediaType
// (htmlMediaType's fast path) decide as ParseMediaType does, hostile spellings included: a
// page is spliced, passed as not HTML, or passed as UTF-16 exactly as before.
func TestHTMLMediaTypeReadsAsParseMediaType(t *testing.T) {
	for _, ct := range []string{
		"text/html", "text/html; charset=utf-8", "text/html;charset=UTF-8", "TEXT/HTML; CHARSET=utf-8",
		"text/html; charset=utf-16", "text/html; charset=UTF-16LE", "text/html;  charset=utf-16be",
		"text/html\t; charset=utf-16", "text/html; charset=\"utf-16\"", "text/html; charset=utf-16 ",
		"text/html; charset =utf-16", "text/html; charset= utf-16", "text/html; charset=", "text/html; charset",
		"text/html; charſet=utf-16", "text/html; charset=utf-16; charset=utf-8", "text/html; charset=utf-8; charset=utf-16",
		"text/html; charset=utf-16; q=1", "text/html;", "text/html; ", " text/html", "text/html ", "text/html\x00",
		"text/htm", "text/html5", "text/html/x", "text/xhtml", "application/xhtml+xml", "text/plain; charset=utf-8",
		"", ";", "text/html; =x", "text/html; charset=utf\u00a0-16", "text/html; charset=ut\x7ff-16", "text/html; foo=bar",
		"text/html; charset=utf-8;", "text/html ;charset=utf-16", "text /html", "text/ html", "tExT/hTmL; ChArSeT=uTf-16",
	} {
		mediaType, params, err := mime.ParseMediaType(ct)
		wantHTML := err == nil && mediaType == "text/html"
		wantUTF16 := wantHTML && strings.HasPrefix(strings.ToLower(params["charset"]), "utf-16")
		html, utf16 := htmlMediaType(ct)
		if html != wantHTML || utf16 != wantUTF16 {
			t.Errorf("%q: html %v, utf16 %v; ParseMediaType reads html %v, utf16 %v", ct, html, utf16, wantHTML, wantUTF16)
		}
		hdr := http.Header{"Content-Type": {ct}}
		want := ""
		switch {
		case !wantHTML:
			want = "not-html"
		case wantUTF16:
			want = "utf16"
		}
		if got := passReason(http.StatusOK, hdr, ""); got != want {
			t.Errorf("%q: passReason %q, want %q", ct, got, want)
		}
	}
}
