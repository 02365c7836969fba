package shell

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

func TestAccessGuard(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, customer := g.plantSession("4711", 10*time.Minute)
	sNoNumber, _ := g.plantSession("", 10*time.Minute)
	noNumber := &http.Cookie{Name: session.LocalCookieName, Value: sNoNumber.ID}
	tests := []struct {
		name     string
		path     string
		cookie   *http.Cookie
		status   int
		location string
	}{
		{"protected page without a session goes to login", "/documents/", nil, http.StatusFound, "/login/?return=%2Fdocuments%2F"},
		{"the query survives in the return path", "/postbox/messages?id=3", nil, http.StatusFound, "/login/?return=%2Fpostbox%2Fmessages%3Fid%3D3"},
		{"the locale's own login page", "/en-gb/documents", nil, http.StatusFound, "/en-gb/login/?return=%2Fen-gb%2Fdocuments"},
		{"public page without a session", "/festgeld/", nil, http.StatusOK, ""},
		{"protected page with a session", "/documents/", customer, http.StatusOK, ""},
		{"session without a customer number is refused", "/documents/", noNumber, http.StatusForbidden, ""},
		{"public page of a session without customer number", "/festgeld/", noNumber, http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _ := g.do(request(http.MethodGet, tt.path, tt.cookie))
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if got := res.Header.Get("Location"); got != tt.location {
				t.Errorf("Location %q, want %q", got, tt.location)
			}
		})
	}
}

// The guard's bypass and fallback view (spec 6), as operator options: bypassed, the customer
// area is served to a visitor without a session; with a fallback, a session without a customer
// number lands on the fallback page of its locale instead of a bare 403.
func TestAccessGuardBypassAndFallbackView(t *testing.T) {
	bypass := localIdentity()
	bypass.Environment, bypass.GuardBypass = "staging", true
	g := newTestGateway(t, bypass)
	res, page := g.do(request(http.MethodGet, "/documents/", nil))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("bypassed guard: /documents/ without a session = %d (Location %q), want the page", res.StatusCode, res.Header.Get("Location"))
	}
	if st := pageState(t, page); !st.CanAccess || !st.IsAuthRequired || st.IsLoggedIn {
		t.Errorf("bypassed guard: state canAccess=%v isAuthRequired=%v isLoggedIn=%v, want true true false", st.CanAccess, st.IsAuthRequired, st.IsLoggedIn)
	}

	fallback := localIdentity()
	fallback.GuardFallback = "/access-denied/"
	g = newTestGateway(t, fallback)
	s, _ := g.plantSession("", 10*time.Minute)
	noNumber := &http.Cookie{Name: session.LocalCookieName, Value: s.ID}
	for path, want := range map[string]string{
		"/documents/":       "/access-denied/",
		"/en-gb/documents/": "/en-gb/access-denied/",
		"//documents/":      "/access-denied/",
	} {
		res, _ := g.do(request(http.MethodGet, path, noNumber))
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != want {
			t.Errorf("GET %s without a customer number = %d to %q, want 302 to %s", path, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
	// Without a session the login still comes first: the fallback is for a refusal.
	if res, _ := g.do(request(http.MethodGet, "/documents/", nil)); res.StatusCode != http.StatusFound || !strings.HasPrefix(res.Header.Get("Location"), "/login/") {
		t.Errorf("GET /documents/ without a session = %d to %q, want the login", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestShellStateOfALoggedInCustomer(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("4711", 10*time.Minute)
	res, page := g.do(request(http.MethodGet, "/documents/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	st := pageState(t, page)
	if !st.IsLoggedIn || !st.CanAccess || !st.IsAuthRequired || st.CustomerID != "4711" {
		t.Errorf("state isLoggedIn=%v canAccess=%v isAuthRequired=%v customerId=%q, want true true true 4711",
			st.IsLoggedIn, st.CanAccess, st.IsAuthRequired, st.CustomerID)
	}
	if st.HeaderVariant != "loading" {
		t.Errorf("header variant %q, want loading until the customer data arrive", st.HeaderVariant)
	}
	if st.Session == nil {
		t.Fatal("state has no session timing")
	}
	now := g.clock.Now()
	if want := s.Tokens.Expiry.UnixMilli(); st.Session.ExpiresAt != want {
		t.Errorf("expiresAt %d, want %d", st.Session.ExpiresAt, want)
	}
	if want := now.Add(identity.DefaultIdleTimeout).UnixMilli(); st.Session.IdleExpiresAt != want {
		t.Errorf("idleExpiresAt %d, want %d (five minutes from the navigation)", st.Session.IdleExpiresAt, want)
	}
	if st.Session.ServerTime != now.UnixMilli() || st.Session.LengthSeconds != 600 || !st.Session.CanExtend || !st.Session.AutoExtend {
		t.Errorf("session timing %+v", *st.Session)
	}
	assertNoSecret(t, "the page", page, s)
	for _, c := range res.Cookies() {
		if !c.HttpOnly {
			t.Errorf("cookie %s is readable by JavaScript", c.Name)
		}
	}

	// The same through /_shell/state.
	res, body := g.do(request(http.MethodGet, "/_shell/state?path=/documents/", cookie))
	var viaRoute shellstate.State
	if err := json.Unmarshal([]byte(body), &viaRoute); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("/_shell/state: %d %v", res.StatusCode, err)
	}
	if !viaRoute.IsLoggedIn || viaRoute.Session == nil || viaRoute.CustomerID != "4711" {
		t.Errorf("/_shell/state lacks the login: %s", body)
	}
	assertNoSecret(t, "/_shell/state", body, s)
}

func TestVisitorWithoutSessionGetsThePublicState(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	res, page := g.do(request(http.MethodGet, "/festgeld/", nil))
	st := pageState(t, page)
	if res.StatusCode != http.StatusOK || st.IsLoggedIn || !st.CanAccess || st.IsAuthRequired || st.Session != nil || st.HeaderVariant != "public" {
		t.Errorf("status %d state %+v, want the anonymous default of spec 6 and the public header", res.StatusCode, st)
	}
	if len(res.Cookies()) != 0 {
		t.Errorf("a visitor without a session got cookies: %v", res.Cookies())
	}
}

func TestUnusableCookieIsNoSession(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, _ := g.plantSession("4711", 10*time.Minute)
	tampered := []byte(s.ID)
	tampered[5] ^= 1
	tests := []struct{ name, value string }{
		{"garbage", "not a session id"},
		{"unknown well-formed id", session.NewID()},
		{"tampered id", string(tampered)},
		{"empty", ""},
		{"very long", strings.Repeat("A", 5000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cookie := &http.Cookie{Name: session.LocalCookieName, Value: tt.value}
			res, page := g.do(request(http.MethodGet, "/festgeld/", cookie))
			if res.StatusCode != http.StatusOK || pageState(t, page).IsLoggedIn {
				t.Errorf("public page: status %d, logged in %v; want 200 as a visitor", res.StatusCode, pageState(t, page).IsLoggedIn)
			}
			res, _ = g.do(request(http.MethodGet, "/documents/", cookie))
			if res.StatusCode != http.StatusFound {
				t.Errorf("protected page: status %d, want 302 to login", res.StatusCode)
			}
		})
	}
}

func TestIdleSessionEnds(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("4711", time.Hour)
	g.clock.Advance(4 * time.Minute)
	// Fetches that are not navigations (the shell polling its state) are no activity.
	res, _ := g.do(request(http.MethodGet, "/_shell/state?path=/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("state: %d", res.StatusCode)
	}
	g.clock.Advance(61 * time.Second)
	res, page := g.do(request(http.MethodGet, "/festgeld/", cookie))
	if pageState(t, page).IsLoggedIn {
		t.Fatal("a session idle for 5m01s is still logged in")
	}
	if _, err := g.h.Identity.Store().Get(context.Background(), s.ID); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("the idle session is still stored: %v", err)
	}
	_ = res
}

func TestNavigationCountsAsActivity(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, cookie := g.plantSession("4711", time.Hour)
	for range 3 {
		g.clock.Advance(4 * time.Minute)
		r := request(http.MethodGet, "/festgeld/", cookie)
		r.Header.Set("Sec-Fetch-Mode", "navigate")
		r.Header.Set("Sec-Fetch-Dest", "document")
		if _, page := g.do(r); !pageState(t, page).IsLoggedIn {
			t.Fatal("a customer navigating every 4 minutes was logged out")
		}
	}
}

func TestActivityEndpoint(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("4711", time.Hour)
	g.clock.Advance(4 * time.Minute)
	res, _ := g.do(sameOriginPost("/_shell/session/activity", cookie))
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("activity: %d, want 204", res.StatusCode)
	}
	got, err := g.h.Identity.Store().Get(context.Background(), s.ID)
	if err != nil || !got.LastActivity.Equal(g.clock.Now()) {
		t.Fatalf("last activity %v (%v), want %v", got.LastActivity, err, g.clock.Now())
	}
	g.clock.Advance(2 * time.Minute) // 6 minutes after login, 2 after the activity
	if _, page := g.do(request(http.MethodGet, "/festgeld/", cookie)); !pageState(t, page).IsLoggedIn {
		t.Error("reported activity did not keep the session")
	}
	res, _ = g.do(sameOriginPost("/_shell/session/activity", nil))
	if res.StatusCode != http.StatusUnauthorized {
		t.Errorf("activity without a session: %d, want 401", res.StatusCode)
	}
}

func sameOriginPost(path string, cookie *http.Cookie) *http.Request {
	r := request(http.MethodPost, path, cookie)
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("Origin", "http://localhost")
	return r
}

func TestCrossSitePostsAreRefused(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	headers := []struct {
		name    string
		headers map[string]string
		refused bool
	}{
		{"cross-site fetch metadata", map[string]string{"Sec-Fetch-Site": "cross-site"}, true},
		{"sibling subdomain", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://evil.localhost"}, true},
		{"typed into the address bar", map[string]string{"Sec-Fetch-Site": "none"}, true},
		{"foreign origin", map[string]string{"Origin": "https://evil.example"}, true},
		{"null origin", map[string]string{"Origin": "null"}, true},
		{"other scheme", map[string]string{"Origin": "https://localhost"}, true},
		{"same origin", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}, false},
		{"same origin, older browser", map[string]string{"Origin": "http://localhost"}, false},
	}
	for _, path := range []string{"/_shell/auth/logout", "/_shell/session/extend", "/_shell/session/activity"} {
		for _, tt := range headers {
			t.Run(path+" "+tt.name, func(t *testing.T) {
				s, cookie := g.plantSession("4711", time.Hour)
				r := request(http.MethodPost, path, cookie)
				for k, v := range tt.headers {
					r.Header.Set(k, v)
				}
				res, _ := g.do(r)
				if got := res.StatusCode == http.StatusForbidden; got != tt.refused {
					t.Fatalf("status %d; refused %v, want %v", res.StatusCode, got, tt.refused)
				}
				_, err := g.h.Identity.Store().Get(context.Background(), s.ID)
				if tt.refused && err != nil {
					t.Errorf("a refused request changed the session: %v", err)
				}
			})
		}
	}
	res, _ := g.do(request(http.MethodGet, "/_shell/auth/logout", nil))
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
		t.Errorf("GET logout: %d Allow %q, want 405 POST", res.StatusCode, res.Header.Get("Allow"))
	}
}

func TestLogoutWithoutProvider(t *testing.T) {
	tests := []struct {
		name     string
		pension  string
		referer  string
		form     string
		location string
	}{
		{"to the login page", "", "", "", "/login/"},
		{"to the login page of the customer's locale", "", "http://localhost/en-gb/documents", "", "/en-gb/login/"},
		{"to the pension logout target", "https://pension.example/logout", "", "", "https://pension.example/logout"},
		{"expired at the countdown's end", "", "", "expired=1", "/login/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := localIdentity()
			id.PensionLogoutURL = tt.pension
			g := newTestGateway(t, id)
			s, cookie := g.plantSession("4711", time.Hour)
			r := sameOriginPost("/_shell/auth/logout", cookie)
			r.Body = http.NoBody
			if tt.form != "" {
				r = sameOriginPost("/_shell/auth/logout", cookie)
				r.Body = ioNopCloser(tt.form)
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
			if tt.referer != "" {
				r.Header.Set("Referer", tt.referer)
			}
			res, _ := g.do(r)
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != tt.location {
				t.Fatalf("%d to %q, want 303 to %q", res.StatusCode, res.Header.Get("Location"), tt.location)
			}
			cleared := false
			for _, c := range res.Cookies() {
				cleared = cleared || (c.Name == session.LocalCookieName && c.MaxAge < 0)
			}
			if !cleared {
				t.Error("the session cookie was not cleared")
			}
			if _, err := g.h.Identity.Store().Get(context.Background(), s.ID); !errors.Is(err, session.ErrNotFound) {
				t.Errorf("the session is still stored: %v", err)
			}
			if _, page := g.do(request(http.MethodGet, "/festgeld/", cookie)); pageState(t, page).IsLoggedIn {
				t.Error("the old cookie still logs in")
			}
		})
	}
}

func ioNopCloser(s string) *nopCloser { return &nopCloser{strings.NewReader(s)} }

type nopCloser struct{ *strings.Reader }

func (nopCloser) Close() error { return nil }

func TestExtendWithoutSession(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	res, body := g.do(sameOriginPost("/_shell/session/extend", nil))
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(body, `"error":"login required"`) {
		t.Errorf("%d %s, want 401 login required", res.StatusCode, body)
	}
}

func TestLoggedInPagesStayOutOfSharedCaches(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, cookie := g.plantSession("4711", time.Hour)
	tests := []struct {
		name    string
		cookie  *http.Cookie
		private bool
	}{
		{"a customer's page names the customer", cookie, true},
		{"a visitor's page may be cached as the origin says", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _ := g.do(request(http.MethodGet, "/festgeld/", tt.cookie))
			cc := strings.Join(res.Header.Values("Cache-Control"), ", ")
			private := strings.Contains(cc, "no-store") && strings.Contains(cc, "private")
			if private != tt.private {
				t.Errorf("Cache-Control %q: private %v, want %v", cc, private, tt.private)
			}
		})
	}
}

func TestWebviewSessionsEndOnTokenExpiryOnly(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("4711", time.Hour)
	s.Webview = true
	if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	g.clock.Advance(identity.DefaultIdleTimeout + time.Minute)
	if _, page := g.do(request(http.MethodGet, "/festgeld/", cookie)); !pageState(t, page).IsLoggedIn {
		t.Fatal("an idle webview session ended; in the webview only token expiry counts")
	}
}

// FuzzCrossSite: whatever a request claims in Sec-Fetch-Site and Origin, it passes only as
// same-origin: the browser said same-origin, or it sent this very origin, or (no browser) it
// said nothing.
func FuzzCrossSite(f *testing.F) {
	for _, seed := range [][2]string{{"same-origin", "http://localhost"}, {"cross-site", ""}, {"", "https://evil.example"}, {"", "null"}, {"", "http://LOCALHOST"}, {"same-origin", "http://evil"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, site, origin string) {
		r := request(http.MethodPost, "/_shell/auth/logout", nil)
		if site != "" {
			r.Header.Set("Sec-Fetch-Site", site)
		}
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if crossSite(r) != "" {
			return
		}
		site, origin = r.Header.Get("Sec-Fetch-Site"), r.Header.Get("Origin")
		if site != "" && site != "same-origin" {
			t.Fatalf("passed with Sec-Fetch-Site %q", site)
		}
		if origin != "" {
			u, err := url.Parse(origin)
			if err != nil || !strings.EqualFold(u.Host, "localhost") || u.Scheme != "http" {
				t.Fatalf("passed with Origin %q", origin)
			}
		}
	})
}

// TestAccessLogNamesThePseudonymousSubjectOnly: with a live session Caddy's access log gets
// the provider's subject as {http.auth.user.id} (user_id), as for basic_auth; never the
// customer number, and nothing for a visitor without a session or with a forged cookie.
func TestAccessLogNamesThePseudonymousSubjectOnly(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("DE0000004711", time.Hour)
	s.Subject = "6f1c2a9e-5d3b-4c1e-9a4f-0b2d7e8c1a01" // as the provider names a login: a UUID
	if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	userID := func(c *http.Cookie) (string, bool) {
		r := httptest.NewRequest(http.MethodGet, "http://localhost/festgeld/", nil)
		if c != nil {
			r.AddCookie(c)
		}
		w := httptest.NewRecorder()
		repl := caddy.NewReplacer()
		r = caddyhttp.PrepareRequest(r, repl, w, &caddyhttp.Server{})
		g.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("status %d, want the page", w.Code)
		}
		v, ok := repl.Get("http.auth.user.id")
		got, _ := v.(string)
		return got, ok && got != ""
	}
	if got, ok := userID(cookie); !ok || got != s.Subject {
		t.Errorf("logged in: user id %q, want the subject %q", got, s.Subject)
	} else if strings.Contains(got, s.CustomerNumber) {
		t.Errorf("the user id %q carries the customer number", got)
	}
	if got, ok := userID(nil); ok {
		t.Errorf("anonymous: user id %q, want none", got)
	}
	if got, ok := userID(&http.Cookie{Name: cookie.Name, Value: cookie.Value + "x"}); ok {
		t.Errorf("forged cookie: user id %q, want none", got)
	}
}
