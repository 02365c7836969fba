package shell

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// TestContentOriginNeverSeesTheSessionCookie: a customer logged in through the provider
// browses pages; the content origin behind the gateway gets the site's own cookies, in the
// browser's order, but never the gateway's session cookie nor a pending login's cookie.
func TestContentOriginNeverSeesTheSessionCookie(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	origin := &recordingOrigin{}
	gw.upstream = origin.handler()
	b := newBrowser()
	// A login started in another tab and never finished leaves its pending cookie behind.
	if res, _ := browse(t, b, gw.srv.URL+"/en-gb/login/"); res.StatusCode != http.StatusFound {
		t.Fatalf("abandoned login: %d, want 302 to the provider", res.StatusCode)
	}
	gw.login(t, b, "/login/")
	sessionCookie := gw.sessionCookie(t, b)
	if sessionCookie == nil {
		t.Fatal("no session cookie after the login")
	}
	u, _ := url.Parse(gw.srv.URL)
	b.Client.Jar.SetCookies(u, []*http.Cookie{
		{Name: "consent", Value: "analytics:0", Path: "/"},
		{Name: "shell_market", Value: "de-DE", Path: "/"},
	})
	var pending string
	for _, c := range b.Client.Jar.Cookies(u) {
		if isPendingCookie(c.Name) {
			pending = c.Value
		}
	}
	if pending == "" {
		t.Fatal("the abandoned login left no pending cookie")
	}
	origin.take()

	for _, path := range []string{"/documents/", "/festgeld/", "/assets/site.css"} {
		res, _ := browse(t, b, gw.srv.URL+path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		seen := origin.take()
		if len(seen) != 1 {
			t.Fatalf("GET %s: %d requests at the origin, want 1", path, len(seen))
		}
		cookies := strings.Join(seen[0].cookies, "; ")
		if strings.Contains(cookies, sessionCookie.Value) || strings.Contains(cookies, session.LocalCookieName+"=") {
			t.Errorf("GET %s: the content origin saw the session cookie: %q", path, cookies)
		}
		if strings.Contains(cookies, pending) || strings.Contains(cookies, localPendingCookie) {
			t.Errorf("GET %s: the content origin saw a pending login's cookie: %q", path, cookies)
		}
		if !strings.Contains(cookies, "consent=analytics:0") || !strings.Contains(cookies, "shell_market=de-DE") {
			t.Errorf("GET %s: the content origin saw %q, want the site's own cookies", path, cookies)
		}
	}
}

// TestGatewayCookiesAreStrippedOnly: whatever goes on to the next handler loses the gateway's
// own cookies and keeps every other cookie byte for byte and in order, however the browser
// spread them over Cookie headers.
func TestGatewayCookiesAreStrippedOnly(t *testing.T) {
	g, origin := recordedGateway(t, localIdentity())
	s, _ := g.plantSession("4711", time.Hour)
	id := s.ID
	tests := []struct {
		name   string
		header []string
		want   []string
	}{
		{"session cookie in the middle", []string{"a=1; shellgate=" + id + "; b=2"}, []string{"a=1; b=2"}},
		{"session cookie first", []string{"shellgate=" + id + "; a=1"}, []string{"a=1"}},
		{"only the session cookie", []string{"shellgate=" + id}, nil},
		{"the HTTPS name and pending logins", []string{"__Host-shellgate=" + id + "; x=\"q v\"; shellgate-login-ab=sealed; __Host-shellgate-login=sealed; y=2"}, []string{"x=\"q v\"; y=2"}},
		{"several headers", []string{"a=1", "shellgate=" + id, "b=2;c=3"}, []string{"a=1", "b=2;c=3"}},
		{"a look-alike name stays", []string{"shellgatex=1; myshellgate=2; shellgate=" + id}, []string{"shellgatex=1; myshellgate=2"}},
		{"no cookies at all", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := request(http.MethodGet, "/festgeld/", nil)
			for _, h := range tt.header {
				r.Header.Add("Cookie", h)
			}
			res, _ := g.do(r)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d, want the page", res.StatusCode)
			}
			seen := origin.take()
			if len(seen) != 1 {
				t.Fatalf("%d requests at the origin, want 1", len(seen))
			}
			if strings.Join(seen[0].cookies, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("the origin saw Cookie %q, want %q", seen[0].cookies, tt.want)
			}
		})
	}
}
