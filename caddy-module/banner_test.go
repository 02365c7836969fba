package shell

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/caddytest"
)

// contentSite answers every path with a plain content page, as a content team serves them.
var contentSite = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, `<!DOCTYPE html><html><head><title>Seite</title></head><body><main><h1>Inhalt</h1></main></body></html>`)
})

// startEdge runs the gateway in front of contentSite with the given shell options.
func startEdge(t *testing.T, options string) *caddytest.Tester {
	t.Helper()
	up := httptest.NewServer(contentSite)
	t.Cleanup(up.Close)
	tester := caddytest.NewTester(t)
	tester.InitServer(fmt.Sprintf(`
	{
		admin localhost:2999
		http_port 9080
		https_port 9443
		grace_period 1ns
		skip_install_trust
	}
	http://localhost:9080 {
		shell {
			%s
		}
		reverse_proxy %s
	}`, options, strings.TrimPrefix(up.URL, "http://")), "caddyfile")
	tester.Client.Transport = retryOnReload{tester.Client.Transport}
	tester.Client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return tester
}

func flagFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "flags.json")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// openTag finds the start tag of the element that holds text (the innermost tag before it).
func openTagBefore(t *testing.T, body, text string) string {
	t.Helper()
	i := strings.Index(body, text)
	if i < 0 {
		t.Fatalf("%q is not in the page", text)
	}
	j := strings.LastIndex(body[:i], "<li")
	return body[j : j+strings.Index(body[j:], ">")+1]
}

// Flag-dependent entries are in the raw HTML the edge sends by the flag file: the header's shown
// or hidden, the footer's there or not.
func TestFlagsReachTheFirstHTML(t *testing.T) {
	tests := []struct {
		name, file    string
		beleggen      bool // the nl Beleggen menu shows
		appBanner     bool
		unifiedPoland bool // the picker links Polska to /pl-pl/ on this host
		schweiz       bool
	}{
		{name: "defaults", beleggen: true, appBanner: true},
		{name: "all off", file: `{"flags": {}}`},
		{name: "the other spelling, unified Poland, Switzerland", file: `{"flags": {"ippDwmLaunchNl": {"locales": {"nl-nl": true}}, "b2cUnifiedDomainLocales": {"values": ["pl-PL"]}, "b2cNewMarketLocales": {"values": ["de-CH"]}, "mobileAppBanner": {"locales": {"DE-de": true}}}}`,
			beleggen: true, appBanner: true, unifiedPoland: true, schweiz: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := ""
			if tt.file != "" {
				opts = "flag_file " + flagFile(t, tt.file)
			}
			tester := startEdge(t, opts)
			_, body := get(t, tester, "/nl-nl/spaarrekening/")
			state := stateOf(t, body)
			flagsState, _ := state["flags"].(map[string]any)
			if (flagsState["isDWMLaunchNL"] == true) != tt.beleggen || flagsState["isDWMLaunchNL"] != flagsState["ippDwmLaunchNl"] {
				t.Errorf("state.flags %v", flagsState)
			}
			check := func(what, tag string, shown bool) {
				t.Helper()
				if tag == "" {
					t.Errorf("%s is not in the page", what)
				} else if strings.Contains(tag, "hidden") == shown {
					t.Errorf("%s: %s, want shown=%v", what, tag, shown)
				}
			}
			// The footer's rows are in the page only when shown (docs/ui.md), without their condition.
			cut := func(what, tag string, shown bool) {
				t.Helper()
				if shown && (tag == "" || strings.Contains(tag, "hidden") || strings.Contains(tag, "data-shell-")) {
					t.Errorf("%s: %q, want it shown", what, tag)
				} else if !shown && tag != "" {
					t.Errorf("%s: %s, want it not in the page", what, tag)
				}
			}
			check("Beleggen", openTagBefore(t, body, ">Beleggen"), tt.beleggen)
			_, de := get(t, tester, "/festgeld/")
			cut("app banner", regexp.MustCompile(`<div class="`+uiClass(t, "shell-app-banner")+`"[^>]*>`).FindString(de), tt.appBanner)
			poland := regexp.MustCompile(`<li [^>]*><a href="/pl-pl/"`).FindString(body)
			cut("unified Polska", poland, tt.unifiedPoland)
			cut("Polska on its own site", regexp.MustCompile(`<li [^>]*><a href="https://www.shellgate.com/pl-pl/"`).FindString(body), !tt.unifiedPoland)
			cut("Schweiz", regexp.MustCompile(`<li [^>]*><a href="https://www.shellgate.ch/"`).FindString(body), tt.schweiz)
		})
	}
}

// bannerForm finds the country banner's form at the top of the header mount.
func bannerForm(t testing.TB) *regexp.Regexp {
	return regexp.MustCompile(`<div data-shell="header"><form class="` + uiClass(t, "shell-banner") + `"[^>]*>(.*?)</form><header`)
}

func TestCountryBannerAtTheEdge(t *testing.T) {
	tester := startEdge(t, "banner {\n country_header CF-IPCountry\n}")
	tests := []struct {
		name, path string
		headers    []string
		banner     bool
		reason     string
		suggests   string // the locale button's value, "" for the list
	}{
		{name: "plain visit", path: "/festgeld/", headers: []string{"CF-IPCountry", "GB"}},
		{name: "region redirect from the UK", path: "/festgeld/?region_redirect=1", headers: []string{"CF-IPCountry", "GB"}, banner: true, reason: "region-redirect", suggests: "en-GB"},
		{name: "region redirect, country unknown", path: "/festgeld/?region_redirect", banner: true, reason: "region-redirect"},
		{name: "preferred France", path: "/festgeld/", headers: []string{"Cookie", "shell_preferred_locale=fr-fr"}, banner: true, reason: "preferred-locale", suggests: "fr-FR"},
		{name: "preferred equal", path: "/en-gb/savings-accounts/", headers: []string{"Cookie", "shell_preferred_locale=en-gb"}},
		{name: "redirect cookie", path: "/en-gb/savings-accounts/", headers: []string{"Cookie", "shell_region_redirect=1", "CF-IPCountry", "AT"}, banner: true, reason: "redirect-cookie", suggests: "de-AT"},
		{name: "a hidden new market is not suggested", path: "/festgeld/?region_redirect=1", headers: []string{"CF-IPCountry", "CH"}, banner: true, reason: "region-redirect"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := get(t, tester, tt.path, tt.headers...)
			state := stateOf(t, body)
			m := bannerForm(t).FindStringSubmatch(body)
			// The decision depends on cookies and the country: no cache may serve it to another.
			if vary := strings.Join(res.Header.Values("Vary"), ","); !strings.Contains(vary, "Cookie") || !strings.Contains(vary, "CF-IPCountry") {
				t.Errorf("Vary %q", vary)
			}
			if stored := !strings.Contains(res.Header.Get("Cache-Control"), "no-store"); stored == tt.banner {
				t.Errorf("Cache-Control %q on a page with banner=%v", res.Header.Get("Cache-Control"), tt.banner)
			}
			if !tt.banner {
				if m != nil || state["banner"] != nil {
					t.Fatalf("a banner without cause: %v", state["banner"])
				}
				return
			}
			if m == nil {
				t.Fatalf("no banner form before the header in %.400s", body[strings.Index(body, `<div data-shell="header">`):])
			}
			b, _ := state["banner"].(map[string]any)
			if b["show"] != true || b["reason"] != tt.reason || (b["suggested"] != nil && b["suggested"] != tt.suggests) {
				t.Errorf("state.banner %v", b)
			}
			path := tt.path[:strings.IndexAny(tt.path+"?", "?")]
			if !strings.Contains(m[1], `name="return" value="`+path+`"`) {
				t.Errorf("return field is not %s: %s", path, m[1])
			}
			if tt.suggests != "" && !strings.Contains(m[1], `value="`+tt.suggests+`" name="locale"`) {
				t.Errorf("banner does not offer %s: %s", tt.suggests, m[1])
			}
			if tt.suggests == "" && !strings.Contains(m[1], `<select`) {
				t.Errorf("banner without a suggestion has no list: %s", m[1])
			}
		})
	}
}

// The whole flow through the gateway: choose, come back, confirm, banner gone.
func TestCountryBannerFlow(t *testing.T) {
	tester := startEdge(t, "")
	post := func(form string, cookies ...string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, "http://localhost:9080/_shell/market", strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "http://localhost:9080")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		for _, c := range cookies {
			req.Header.Add("Cookie", c)
		}
		res, err := tester.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	res := post("locale=en-GB&return=/festgeld/", "shell_region_redirect=1")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/en-gb/" {
		t.Fatalf("choose: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	var preferred string
	for _, c := range res.Cookies() {
		if c.Name == "shell_preferred_locale" {
			preferred = c.Value
		}
	}
	if preferred != "en-gb" {
		t.Fatalf("preferred locale %q", preferred)
	}
	// On the chosen market: no banner. Back on the German site: the banner asks.
	if _, body := get(t, tester, "/en-gb/", "Cookie", "shell_preferred_locale=en-gb"); bannerForm(t).MatchString(body) {
		t.Fatal("banner on the market the visitor chose")
	}
	if _, body := get(t, tester, "/festgeld/", "Cookie", "shell_preferred_locale=en-gb"); !bannerForm(t).MatchString(body) {
		t.Fatal("no banner on another market than the preferred one")
	}
	res = post("confirm=de-DE&return=/festgeld/", "shell_preferred_locale=en-gb")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/festgeld/" {
		t.Fatalf("confirm: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	if _, body := get(t, tester, "/festgeld/", "Cookie", "shell_preferred_locale=de-de"); bannerForm(t).MatchString(body) {
		t.Fatal("banner still there after 'all good'")
	}
	// A cross-site form is refused and sets nothing.
	req, _ := http.NewRequest(http.MethodPost, "http://localhost:9080/_shell/market", strings.NewReader("locale=en-GB"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := tester.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden || len(res.Cookies()) != 0 {
		t.Fatalf("cross-site: %d, cookies %v", res.StatusCode, res.Cookies())
	}
}

// The page's path goes into the banner's return field escaped: a crafted URL cannot break out.
func TestBannerReturnFieldIsEscaped(t *testing.T) {
	tester := startEdge(t, "")
	_, body := get(t, tester, `/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E/?region_redirect`)
	m := bannerForm(t).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no banner")
	}
	if strings.Contains(m[1], "<script>") || !strings.Contains(m[1], `name="return" value="/x&#x22;&#x3e;&#x3c;script&#x3e;alert(1)&#x3c;/script&#x3e;/"`) {
		t.Fatalf("return field not escaped: %s", m[1])
	}
}

// Operators may name the parameter and cookies: the edge reads and writes those names.
func TestBannerNamesAreTheOperators(t *testing.T) {
	tester := startEdge(t, "banner {\n query_param geo\n preferred_cookie preferredLocale\n redirect_cookie redirected\n}")
	for _, tt := range []struct {
		path, cookie string
		banner       bool
	}{
		{"/festgeld/?geo=1", "", true},
		{"/festgeld/?region_redirect=1", "", false},
		{"/festgeld/", "preferredLocale=fr-fr", true},
		{"/festgeld/", "shell_preferred_locale=fr-fr", false},
		{"/festgeld/", "redirected=1", true},
	} {
		_, body := get(t, tester, tt.path, "Cookie", tt.cookie)
		if got := bannerForm(t).MatchString(body); got != tt.banner {
			t.Errorf("%s with cookie %q: banner %v, want %v", tt.path, tt.cookie, got, tt.banner)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, "http://localhost:9080/_shell/market", strings.NewReader("confirm=de-DE&return=/"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := tester.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	names := map[string]string{}
	for _, c := range res.Cookies() {
		names[c.Name] = c.Value
	}
	if v, ok := names["preferredLocale"]; !ok || v != "de-de" {
		t.Errorf("cookies %v, want preferredLocale=de-de", names)
	}
	if _, ok := names["redirected"]; !ok {
		t.Errorf("cookies %v, want redirected cleared", names)
	}
}
