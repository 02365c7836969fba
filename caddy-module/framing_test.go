package shell

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// framedOrigin serves a page with the header fields its query names, and a stylesheet.
func framedOrigin(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/site.css" {
		w.Header().Set("Content-Type", "text/css")
		w.Write([]byte("body{margin:0}"))
		return
	}
	for k, vs := range r.URL.Query() {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(festgeldPage))
}

// Another site cannot frame a page with the shell (its login link, the customer's header):
// every spliced page says frame-ancestors in a policy of its own, which the origin's policy
// does not undo, and X-Frame-Options for older browsers, keeping an origin's stricter DENY.
// A stylesheet passes untouched.
func TestAnotherSiteCannotFrameAShellPage(t *testing.T) {
	for _, tt := range []struct {
		name, options, path string
		wantCSP             []string // the Content-Security-Policy fields, in order
		wantXFO             []string
	}{
		{"a page", "", "/festgeld/", []string{"frame-ancestors 'self'"}, []string{"SAMEORIGIN"}},
		{"the origin's own policy stays whole", "", "/festgeld/?Content-Security-Policy=default-src+'self'%3B+img-src+*",
			[]string{"default-src 'self'; img-src *", "frame-ancestors 'self'"}, []string{"SAMEORIGIN"}},
		{"the origin's policy cannot allow everyone", "", "/festgeld/?Content-Security-Policy=frame-ancestors+*",
			[]string{"frame-ancestors *", "frame-ancestors 'self'"}, []string{"SAMEORIGIN"}},
		{"the origin's DENY stays", "", "/festgeld/?X-Frame-Options=DENY", []string{"frame-ancestors 'self'"}, []string{"DENY"}},
		{"the origin's ALLOW-FROM goes", "", "/festgeld/?X-Frame-Options=ALLOW-FROM+https://evil.example", []string{"frame-ancestors 'self'"}, []string{"SAMEORIGIN"}},
		{"a partner may frame", "{\n\t\tframe_ancestors 'self' https://partner.example\n\t}", "/festgeld/",
			[]string{"frame-ancestors 'self' https://partner.example"}, nil},
		{"nobody may frame", "{\n\t\tframe_ancestors 'none'\n\t}", "/festgeld/", []string{"frame-ancestors 'none'"}, []string{"DENY"}},
		{"a stylesheet passes untouched", "", "/site.css", nil, nil},
		{"a page that opts out passes untouched", "", "/festgeld/?Shell=off", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tester := startGatewayFor(t, http.HandlerFunc(framedOrigin), tt.options, "")
			res, body := get(t, tester, tt.path)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if spliced := strings.Contains(body, `data-shell="header"`); spliced != (tt.wantCSP != nil) {
				t.Fatalf("spliced %v", spliced)
			}
			if got := res.Header.Values("Content-Security-Policy"); !slices.Equal(got, tt.wantCSP) {
				t.Errorf("Content-Security-Policy %q, want %q", got, tt.wantCSP)
			}
			if got := res.Header.Values("X-Frame-Options"); !slices.Equal(got, tt.wantXFO) {
				t.Errorf("X-Frame-Options %q, want %q", got, tt.wantXFO)
			}
		})
	}
}

// A frame_ancestors source that could end the policy or the field is refused with the fix.
func TestFrameAncestorsSaysWhatToWrite(t *testing.T) {
	for _, tt := range []struct{ block, want string }{
		{"frame_ancestors", "frame_ancestors takes one or more sources"},
		{"frame_ancestors self", `frame_ancestors "self" needs its quotes: write 'self'`},
		{"frame_ancestors 'self' https://a.example;script-src", `frame_ancestors "https://a.example;script-src" is not a source`},
		{`frame_ancestors "https://a.example, https://b.example"`, "is not a source"},
		{"frame_ancestors 'none' 'self'", "frame_ancestors 'none' stands alone"},
		{"frame_ancestors 'unsafe-inline'", `frame_ancestors "'unsafe-inline'" is not a source`},
	} {
		t.Run(tt.block, func(t *testing.T) {
			if err := validateShellBlock(t, tt.block); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}
