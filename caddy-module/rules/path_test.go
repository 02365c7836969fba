package rules

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDecisionPath(t *testing.T) {
	tests := []struct {
		name, escaped, want string
	}{
		{"clean path as it is", "/en-gb/documents/", "/en-gb/documents/"},
		{"root", "/", "/"},
		{"empty", "", "/"},
		{"no leading slash", "documents", "/documents"},
		{"upper case", "/EN-GB/Documents", "/en-gb/documents"},
		{"doubled slashes", "//en-gb//documents//", "/en-gb/documents/"},
		{"dot segments", "/./en-gb/./documents/.", "/en-gb/documents/"},
		{"dot-dot", "/x/../en-gb/documents/x/..", "/en-gb/documents/"},
		{"dot-dot above the root", "/../../documents", "/documents"},
		{"encoded dots", "/x/%2e%2E/en-gb/%2e/documents", "/en-gb/documents"},
		{"encoded slash", "/en-gb%2fdocuments%2F", "/en-gb/documents/"},
		{"backslashes", "/en-gb\\documents\\", "/en-gb/documents/"},
		{"encoded backslash", "/en-gb%5cdocuments%5C", "/en-gb/documents/"},
		{"path parameters", "/en-gb;/documents;jsessionid=1/x;a=b;c", "/en-gb/documents/x"},
		{"parameter on an empty segment", "/;x/documents/;y", "/documents/"},
		{"encoded semicolon is data", "/a%3bb/", "/a;b/"},
		{"encoded letters", "/%65n-gb/%44ocuments", "/en-gb/documents"},
		{"encoded percent once", "/50%25/", "/50%/"},
		{"plus and spaces stay", "/a+b/c%20d", "/a+b/c d"},
		{"non-ASCII", "/%C3%9Cber-uns/", "/über-uns/"},
		{"query characters are data", "/a%3Fb%23c", "/a?b#c"},
		{"only dots", "/./..", "/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecisionPath(tt.escaped)
			if err != nil || got != tt.want {
				t.Errorf("DecisionPath(%q) = %q, %v; want %q", tt.escaped, got, err, tt.want)
			}
		})
	}
}

func TestCleanPathKeepsTheCase(t *testing.T) {
	got, err := CleanPath("/_SHELL//Assets/./shell-DEjgY0qA.js")
	if err != nil || got != "/_SHELL/Assets/shell-DEjgY0qA.js" {
		t.Errorf("CleanPath = %q, %v; want the case kept", got, err)
	}
}

// TestUndecidablePaths: what origins read in different ways, or no page path holds.
func TestUndecidablePaths(t *testing.T) {
	for _, escaped := range []string{
		"/documents/%00", "/documents\x00", "/a%0d%0ab", "/a\tb", "/a%7f",
		"/x/..%2fdocuments", "/x/..%2Fdocuments", "/x/%2e%2e%2fdocuments", "/x/.%2fdocuments",
		"/x/..%5cdocuments", "/x\\..\\documents", "/rest/open_api/v2/..%2f..%2fx",
		"/x/..;/documents", "/x/.;a/documents", "/x/..;a=b/documents",
		"/x/%252e%252e/documents", "/x/..%252fdocuments", "/a%2500", "/a%253bb", "/a%25%32%65",
		"/a%zz", "/a%", "/a%2",
	} {
		if got, err := DecisionPath(escaped); !errors.Is(err, ErrUndecidablePath) {
			t.Errorf("DecisionPath(%q) = %q, %v; want ErrUndecidablePath", escaped, got, err)
		}
	}
}

// reescaped gives a decision path back as a client would send it: its percent signs and
// semicolons are data, not escapes or parameters.
func reescaped(p string) string {
	return strings.NewReplacer("%", "%25", ";", "%3B").Replace(p)
}

// protectedVariants are spellings of p that an origin reads as the same page.
func protectedVariants(p string) []string {
	rest := p[1:]
	first, tail, _ := strings.Cut(rest, "/")
	vs := []string{
		strings.ToUpper(p), "/." + p, "/" + p, "/x/.." + p, "/%2e" + p, "/x/%2E%2E" + p, p + "/",
		"/" + first + ";x=1/" + tail,
		"/" + strings.ReplaceAll(rest, "/", "%2F"),
		"/" + strings.ReplaceAll(rest, "/", "\\"),
		"\\" + rest,
	}
	if i := strings.IndexFunc(p, func(r rune) bool { return 'a' <= r && r <= 'z' }); i >= 0 {
		vs = append(vs, p[:i]+"%"+strings.ToUpper(hexByte(p[i]))+p[i+1:])
	}
	return vs
}

func hexByte(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// FuzzDecisionPath: the decision path is a fixed point (deciding it again gives it back),
// never holds a doubled slash, a dot segment, a backslash, a control character or an upper-
// case letter, and no spelling of a protected page decides to an open one: a variant is
// either protected too or refused.
func FuzzDecisionPath(f *testing.F) {
	for _, seed := range []string{
		"/documents", "/EN-GB/documents/", "//en-gb/documents/", "/./en-gb/documents/", "/x/../en-gb/documents/",
		"/en-gb;/documents/", "/en-gb%2fdocuments", "/en-gb\\documents", "/x/..%2fdocuments", "/x/..;/documents",
		"/%2e%2e/documents", "/rest/open_api/v2/..%2f..%2fx", "/a%00", "/a%2525", "/festgeld/", "/",
	} {
		f.Add(seed)
	}
	paths, err := NewProtectedPaths(CustomerArea)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, escaped string) {
		got, err := DecisionPath(escaped)
		if err != nil {
			if !errors.Is(err, ErrUndecidablePath) {
				t.Fatalf("DecisionPath(%q): %v, want ErrUndecidablePath", escaped, err)
			}
			return
		}
		if !strings.HasPrefix(got, "/") || strings.Contains(got, "//") || strings.Contains(got, "\\") ||
			strings.Contains(got, "/./") || strings.Contains(got, "/../") || strings.HasSuffix(got, "/.") || strings.HasSuffix(got, "/..") {
			t.Fatalf("DecisionPath(%q) = %q: not a clean path", escaped, got)
		}
		if hasControl(got) {
			t.Fatalf("DecisionPath(%q) = %q holds a control character", escaped, got)
		}
		if utf8.ValidString(got) && got != strings.ToLower(got) {
			t.Fatalf("DecisionPath(%q) = %q: not lower case", escaped, got)
		}
		again, err := DecisionPath(reescaped(got))
		if err != nil || again != got {
			t.Fatalf("DecisionPath(%q) = %q, but deciding it again gives %q, %v", escaped, got, again, err)
		}
		if !strings.HasPrefix(escaped, "/") || !paths.Match(got, "") {
			return
		}
		for _, v := range append(protectedVariants(escaped), "/en-gb"+escaped) {
			d, err := DecisionPath(v)
			if err != nil {
				continue // refused: never reaches the origin
			}
			base := ""
			if strings.HasPrefix(d, "/en-gb/") {
				base = "/en-gb"
			}
			if !paths.Match(d, base) {
				t.Fatalf("%q is protected (%q) but its spelling %q decides to the open %q", escaped, got, v, d)
			}
		}
	})
}

// TestProtectedVariantsOfTheCustomerArea: every page of the customer area stays protected
// under every spelling an origin reads as the same page.
func TestProtectedVariantsOfTheCustomerArea(t *testing.T) {
	paths, err := NewProtectedPaths(CustomerArea)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range CustomerArea {
		for _, p := range []string{page, page + "/", page + "/x", "/en-gb" + page + "/"} {
			for _, v := range protectedVariants(p) {
				d, err := DecisionPath(v)
				if err != nil {
					t.Errorf("%q (a spelling of %q) was refused: %v", v, p, err)
					continue
				}
				base := ""
				if strings.HasPrefix(d, "/en-gb/") {
					base = "/en-gb"
				}
				if !paths.Match(d, base) {
					t.Errorf("%q (a spelling of %q) decides to the open %q", v, p, d)
				}
			}
		}
	}
}
