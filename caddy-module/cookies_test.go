package shell

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// cookieNames are the names the tests ask for: the gateway's own and names a hostile or
// sloppy header plays with.
var cookieNames = []string{deviceCookie, appViewCookie, partnerCookie, "shell_market", "shell_redirected",
	"a", "b", "A", "_ga", "x y", "", "=", "\"a\"", "a=b"}

// checkCookiesAgree fails when a visit's cookie lookups answer anything r.Cookie would not,
// for every name asked, in any order, twice.
func checkCookiesAgree(t *testing.T, lines []string) {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "http://shop.example/festgeld/", nil)
	if lines != nil {
		r.Header["Cookie"] = lines
	}
	v := &visit{r: r}
	for range 2 {
		for _, name := range cookieNames {
			value, ok := v.cookie(name)
			c, err := r.Cookie(name)
			if ok != (err == nil) || ok && value != c.Value {
				want := "none"
				if err == nil {
					want = "\"" + c.Value + "\""
				}
				t.Fatalf("Cookie %q: cookie(%q) = %q, %v; net/http: %s", lines, name, value, ok, want)
			}
		}
	}
}

// A Cookie header read once answers as net/http's r.Cookie does, whatever the browser or an
// attacker sends: duplicates (the first counts), odd separators and spaces, quoted values,
// invalid names and values (skipped), several Cookie fields, other apps' cookies.
func TestRequestCookiesAgreeWithNetHTTP(t *testing.T) {
	for _, lines := range [][]string{
		nil,
		{""},
		{"shell_device=dev-1"},
		{"shell_device=dev-1; shell_device=dev-2"},
		{"shell_device=bad value; shell_device=dev-2"},
		{"shell_device=\"dev-1\""},
		{"shell_device=\"dev-1"},
		{"shell_device=\"\"; a=\""},
		{"shell_device=dev\\1; shell_device=dev-3"},
		{";;; shell_device=dev-1 ;;"},
		{"  shell_device  =  dev-1  "},
		{"shell_device=dev-1;shell_app_view=1"},
		{"shell_device=dev=1=2"},
		{"shell_device"},
		{"=dev-1; a=1"},
		{"a b=1; a=2"},
		{"x y=1"},
		{"\tshell_device=\tdev-1\t"},
		{"shell_device=dev-1\r\n"},
		{"a=1", "a=2", "shell_device=dev-9"},
		{"", "shell_device=dev-9"},
		{"A=upper; a=lower"},
		{"a=caf\xc3\xa9; b=ok"},
		{"a=\x7f; b=\x1f; b=ok"},
		{"_ga=GA1.2.1234.5678; _gid=GA1.2.99; OptanonConsent=isIABGlobal=false&datestamp=Fri+Nov+27; shell_app_view=1; shell_partner=P-17; shell_device=0123456789abcdef0123456789abcdef"},
		{strings.Repeat("x=1;", 2999) + "shell_device=dev-1"},
		{strings.Repeat("x=1;", 3000) + "shell_device=dev-1"},
		{strings.Repeat("x=1;", 1500), strings.Repeat("y=2;", 1499) + "shell_device=dev-1"},
		{strings.Repeat("x=1;", 1500), strings.Repeat("y=2;", 1500) + "shell_device=dev-1"},
	} {
		checkCookiesAgree(t, lines)
	}
}

// A request whose Cookie fields change after the first lookup (identity drops the gateway's
// session cookies before the page goes upstream) is read again.
func TestRequestCookiesFollowTheHeader(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "http://shop.example/", nil)
	r.Header["Cookie"] = []string{"shell_device=dev-1"}
	v := &visit{r: r}
	if id, _ := v.cookie(deviceCookie); id != "dev-1" {
		t.Fatalf("device %q", id)
	}
	for _, change := range []func(){
		func() { r.Header["Cookie"][0] = "shell_device=dev-2" },
		func() { r.Header["Cookie"] = []string{"shell_device=dev-3"} },
		func() { r.Header["Cookie"] = append(r.Header["Cookie"], "a=1") },
		func() { r.Header["Cookie"] = []string{"a=1", "shell_device=dev-4"}[1:] },
		func() { delete(r.Header, "Cookie") },
	} {
		change()
		want := ""
		if c, err := r.Cookie(deviceCookie); err == nil {
			want = c.Value
		}
		if id, _ := v.cookie(deviceCookie); id != want {
			t.Fatalf("after a change to %q: device %q, want %q", r.Header["Cookie"], id, want)
		}
	}
}

func FuzzRequestCookies(f *testing.F) {
	for _, s := range []string{"shell_device=dev-1; shell_device=dev-2", "a=\"b\"; =c; d", " ;a=1;; b = 2 ", "a=\x00; a=ok"} {
		f.Add(s, "a=1")
	}
	f.Fuzz(func(t *testing.T, line, second string) {
		checkCookiesAgree(t, []string{line})
		checkCookiesAgree(t, []string{line, second})
	})
}
