package shell

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// The gateway answers the sessions page itself, with the shell spliced in and the mount the
// shell's sessions chunk fills; the content origin never sees the request.
func TestSessionsPageIsTheGatewaysOwn(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, cookie := g.loginFrom("DE0000000110", "desktop/Firefox", time.Minute)
	for _, path := range []string{"/account/sessions/", "/account/sessions", "/ACCOUNT/Sessions/", "//account//sessions/", "/en-gb/account/sessions/", "/EN-GB/account/sessions/", "/en-gb;/account/sessions/"} {
		r := request(http.MethodGet, path, cookie)
		r.Header.Set("Sec-Fetch-Dest", "document")
		r.Header.Set("Sec-Fetch-Mode", "navigate")
		res, body := g.do(r)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `<div data-shell="sessions"></div>`) {
			t.Fatalf("%s: %d\n%s", path, res.StatusCode, body)
		}
		if !strings.Contains(body, `data-shell="header"`) || !strings.Contains(body, `data-shell="footer"`) {
			t.Errorf("%s: no shell spliced in:\n%s", path, body)
		}
		if st := pageState(t, body); !st.IsLoggedIn {
			t.Errorf("%s: the page's state is logged out", path)
		}
		if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") || !strings.Contains(cc, "private") {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
	}
	if seen := seenPaths(g); len(seen) != 0 {
		t.Errorf("the content origin got %v", seen)
	}
	// Other account pages still go to the origin.
	if res, body := g.do(request(http.MethodGet, "/account/sessions/x", cookie)); res.StatusCode != http.StatusOK || strings.Contains(body, `data-shell="sessions"`) {
		t.Errorf("/account/sessions/x: %d %s", res.StatusCode, body)
	}
}

func seenPaths(g *testGateway) []string {
	var out []string
	for _, r := range g.content.all() {
		out = append(out, r.URL.Path)
	}
	return out
}

// Without a session the page sends to the login, which comes back to it.
func TestSessionsPageWithoutSessionGoesToLogin(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	for path, want := range map[string]string{
		"/account/sessions/":       "/login/?return=%2Faccount%2Fsessions%2F",
		"/en-gb/account/sessions/": "/en-gb/login/?return=%2Fen-gb%2Faccount%2Fsessions%2F",
	} {
		res, _ := g.do(request(http.MethodGet, path, nil))
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want 302 to %q", path, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
}
