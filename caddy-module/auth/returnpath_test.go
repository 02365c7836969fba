package auth

import (
	"bufio"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestSafeReturnPathRefusesHostileCorpus(t *testing.T) {
	f, err := os.Open("testdata/hostile-return-paths.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		raw, err := strconv.Unquote(text)
		if err != nil {
			t.Fatalf("line %d: %s is not a Go-quoted string: %v", line, text, err)
		}
		n++
		if got, ok := SafeReturnPath(raw); ok {
			t.Errorf("line %d: SafeReturnPath(%q) = %q, true; want refused", line, raw, got)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Fatalf("corpus has %d entries, want at least 40", n)
	}
}

func TestSafeReturnPathKeepsSitePaths(t *testing.T) {
	tests := []struct {
		raw, want string
	}{
		{"/", "/"},
		{"/de-de/postbox/messages", "/de-de/postbox/messages"},
		{"/en-gb/dashboard/?product=term", "/en-gb/dashboard/?product=term"},
		{"/festgeld/#zinsen", "/festgeld/#zinsen"},
		{"/#/MyInvestments/TermDeposit", "/#/MyInvestments/TermDeposit"},
		{"/search?q=https://evil.example", "/search?q=https://evil.example"},
		{"/a%20b", "/a%20b"},
		{"/caf%C3%A9/", "/caf%C3%A9/"},
		{"/100%25", "/100%25"},
		{"/a/b?next=%2F%2Fevil", "/a/b?next=%2F%2Fevil"},
		{"/@evil.example", "/@evil.example"},
		{"/;evil.example", "/;evil.example"},
		{"/dashboard?", "/dashboard?"},
		{"/javascript:alert(1)", "/javascript:alert(1)"},
	}
	for _, tt := range tests {
		got, ok := SafeReturnPath(tt.raw)
		if !ok || got != tt.want {
			t.Errorf("SafeReturnPath(%q) = %q, %v; want %q, true", tt.raw, got, ok, tt.want)
		}
	}
}

func TestSafeReturnPathRefusesOverlongPaths(t *testing.T) {
	long := "/" + strings.Repeat("a", maxReturnPath)
	if _, ok := SafeReturnPath(long); ok {
		t.Errorf("a %d-byte path was accepted", len(long))
	}
	if _, ok := SafeReturnPath(long[:maxReturnPath]); !ok {
		t.Errorf("a %d-byte path was refused", maxReturnPath)
	}
}

// staysOnSite is what a browser (and a later hop decoding again) does with a Location value:
// drop tabs and newlines, read backslashes as slashes, resolve against the page's origin.
func staysOnSite(t *testing.T, loc string) {
	t.Helper()
	base, _ := url.Parse("https://site.example/de-de/login/")
	reading := loc
	for i := 0; i <= maxDecodings; i++ {
		browser := strings.NewReplacer("\t", "", "\n", "", "\r", "", "\\", "/").Replace(reading)
		browser = strings.TrimLeft(browser, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
		if strings.HasPrefix(browser, "//") {
			t.Fatalf("%q reads as protocol-relative %q after %d decodings", loc, browser, i)
		}
		if u, err := url.Parse(browser); err == nil {
			if r := base.ResolveReference(u); r.Host != "site.example" || r.Scheme != "https" || strings.HasPrefix(r.EscapedPath(), "//") {
				t.Fatalf("%q resolves to %s after %d decodings", loc, r, i)
			}
		}
		next, err := url.PathUnescape(reading)
		if err != nil || next == reading {
			break
		}
		reading = next
	}
}

func FuzzSafeReturnPath(f *testing.F) {
	for _, s := range []string{"/", "/de-de/documents", "//evil", "/\\evil", "/%2F%2Fevil", "/..//evil", "/a?b#c", "https:evil", "/%252e%252e//x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, ok := SafeReturnPath(raw)
		if !ok {
			if got != "" {
				t.Fatalf("refused %q but returned %q", raw, got)
			}
			return
		}
		staysOnSite(t, got)
		again, ok := SafeReturnPath(got)
		if !ok || again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q, %v", raw, got, again, ok)
		}
	})
}
