package shell

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// Identity against the real development identity provider (deploy/dev-idp) and, where
// replicas share sessions, a real redis-server.

const annaCustomerNumber = "DE1000001"

// liveGateway is a testGateway served over HTTP, so that the provider can call it back
// (back-channel logout) and the browser follows real redirects.
type liveGateway struct {
	*testGateway
	srv *httptest.Server
}

// identityRig is a provider and the gateways ("replicas") in front of it.
type identityRig struct {
	idp      *authtest.IdP
	replicas []*liveGateway
}

// newIdentityRig starts the provider and n gateway replicas with the identity block made by
// configure (the provider's issuer filled in). The replicas share a fake clock.
func newIdentityRig(t *testing.T, n int, idpOpts authtest.Options, configure func(*identity.Config), handler ...func(*Handler)) *identityRig {
	t.Helper()
	rig := &identityRig{}
	var handlers []*swappable
	var callbacks []string
	for range n {
		h := &swappable{}
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		handlers = append(handlers, h)
		callbacks = append(callbacks, srv.URL+identity.CallbackPath)
		rig.replicas = append(rig.replicas, &liveGateway{srv: srv})
	}
	idpOpts.RedirectURIs = callbacks
	if idpOpts.BackchannelURI == "" {
		idpOpts.BackchannelURI = rig.replicas[0].srv.URL + routePrefix + "auth/backchannel-logout"
	}
	rig.idp = authtest.Start(t, idpOpts)
	clock := newFakeClock() // one time for all replicas, as NTP gives them
	for i, lg := range rig.replicas {
		// environment local for the dev IdP's plain-HTTP issuer; the monitor on, as everywhere
		// but on a developer's machine (TestLocalSessionsDoNotIdleOut turns it off).
		monitor := true
		id := &identity.Config{Providers: []identity.Provider{{Region: "DEU", Issuer: rig.idp.Issuer}}, Environment: "local", LocalTimeout: &monitor}
		if configure != nil {
			configure(id)
		}
		g := newTestGatewayAt(t, id, clock, handler...)
		lg.testGateway = g
		handlers[i].set(g)
	}
	return rig
}

type swappable struct {
	mu sync.Mutex
	h  http.Handler
}

func (s *swappable) set(h http.Handler) { s.mu.Lock(); s.h = h; s.mu.Unlock() }

func (s *swappable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	h := s.h
	s.mu.Unlock()
	h.ServeHTTP(w, r)
}

// browser is a cookie-keeping client that does not follow redirects.
func newBrowser() *authtest.Browser { return authtest.NewBrowser() }

// browse requests url with the browser's cookies and returns the answer with its body.
func browse(t *testing.T, b *authtest.Browser, target string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	req.Header.Set("Accept", "text/html")
	return send(t, b, req)
}

func send(t *testing.T, b *authtest.Browser, req *http.Request) (*http.Response, string) {
	t.Helper()
	res, err := b.Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	var sb strings.Builder
	_, _ = bufio.NewReader(res.Body).WriteTo(&sb)
	return res, sb.String()
}

// login logs the browser in as anna through gw, starting at loginPath, and returns the
// gateway's final redirect (the validated return path).
func (lg *liveGateway) login(t *testing.T, b *authtest.Browser, loginPath string) string {
	t.Helper()
	res, body := browse(t, b, lg.srv.URL+loginPath)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("GET %s: %d %s, want 302 to the provider", loginPath, res.StatusCode, body)
	}
	callback := b.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
	res, body = browse(t, b, callback.String())
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d %s, want 303", res.StatusCode, body)
	}
	return res.Header.Get("Location")
}

// sessionCookie is the browser's session cookie for the gateway.
func (lg *liveGateway) sessionCookie(t *testing.T, b *authtest.Browser) *http.Cookie {
	t.Helper()
	u, _ := url.Parse(lg.srv.URL)
	for _, c := range b.Client.Jar.Cookies(u) {
		if c.Name == session.LocalCookieName {
			return c
		}
	}
	return nil
}

func (lg *liveGateway) storedSession(t *testing.T, b *authtest.Browser) (*session.Session, error) {
	t.Helper()
	c := lg.sessionCookie(t, b)
	if c == nil {
		return nil, session.ErrNotFound
	}
	return lg.h.Identity.Store().Get(context.Background(), c.Value)
}

func (lg *liveGateway) state(t *testing.T, b *authtest.Browser, path string) shellstate.State {
	t.Helper()
	res, body := browse(t, b, lg.srv.URL+"/_shell/state?path="+url.QueryEscape(path))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/_shell/state: %d %s", res.StatusCode, body)
	}
	var st shellstate.State
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func (lg *liveGateway) post(t *testing.T, b *authtest.Browser, path string, form url.Values) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, lg.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", lg.srv.URL)
	return send(t, b, req)
}

func TestLoginThroughTheProvider(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	b := newBrowser()

	// An attacker-chosen session id planted before the login is never adopted.
	u, _ := url.Parse(gw.srv.URL)
	planted := session.NewID()
	b.Client.Jar.SetCookies(u, []*http.Cookie{{Name: session.LocalCookieName, Value: planted, Path: "/"}})

	// The guard sends the visitor to login with the page as return path.
	res, _ := browse(t, b, gw.srv.URL+"/documents/?tab=1")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("protected page: %d, want 302", res.StatusCode)
	}
	loginURL, _ := url.Parse(res.Header.Get("Location"))
	q := loginURL.Query()
	q.Set("product", "overnight")
	q.Set("regflow", "dkb_retail")
	loginURL.RawQuery = q.Encode()

	final := gw.login(t, b, loginURL.String())
	back, err := url.Parse(final)
	if err != nil || back.Host != "" || back.Path != "/documents/" || back.Query().Get("tab") != "1" ||
		back.Query().Get("product") != "overnight" || back.Query().Get("regflow") != "dkb_retail" {
		t.Fatalf("after the login the customer lands on %q, want /documents/ with tab, product and regflow", final)
	}
	cookie := gw.sessionCookie(t, b)
	if cookie == nil || cookie.Value == planted {
		t.Fatalf("session cookie %v: want a fresh id, not the planted one", cookie)
	}

	res, page := browse(t, b, gw.srv.URL+final)
	st := pageState(t, page)
	if res.StatusCode != http.StatusOK || !st.IsLoggedIn || st.CustomerID != annaCustomerNumber || st.Session == nil {
		t.Fatalf("the protected page after login: %d, state %+v", res.StatusCode, st)
	}
	s, err := gw.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	if s.Webview {
		t.Error("a browser login made a webview session")
	}
	if s.Subject == "" || s.SID == "" || s.Tokens.RefreshToken == "" || s.Region != "DEU" {
		t.Errorf("stored session lacks what logout and refresh need: sub %q sid %q", s.Subject, s.SID)
	}
	assertNoSecret(t, "the page", page, s)

	// A login completed by a browser that still holds a session replaces it: new id, the
	// old one is gone.
	b2 := newBrowser()
	res, _ = browse(t, b2, gw.srv.URL+"/login/")
	b2.Client.Jar.SetCookies(u, []*http.Cookie{cookie})
	callback := b2.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
	browse(t, b2, callback.String())
	if second := gw.sessionCookie(t, b2); second == nil || second.Value == cookie.Value {
		t.Fatal("a login over an existing session kept the session id")
	}
	if _, err := gw.h.Identity.Store().Get(context.Background(), cookie.Value); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("the earlier session survived the new login: %v", err)
	}
	// Logged in, the login page sends the customer on instead of logging in again.
	res, _ = browse(t, b2, gw.srv.URL+"/login/?return=/postbox/messages")
	if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/postbox/messages" {
		t.Errorf("login page while logged in: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestHostileReturnPathsNeverLeaveTheSite(t *testing.T) {
	// One client starts a login per corpus entry: the bound on started logins is off.
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) { id.PendingLoginsPerClient = -1 })
	gw := rig.replicas[0]
	corpus := hostileReturnPaths(t)
	for i, hostile := range corpus {
		b := newBrowser()
		res, _ := browse(t, b, gw.srv.URL+"/login/?"+url.Values{returnParam: {hostile}}.Encode())
		if res.StatusCode != http.StatusFound {
			t.Fatalf("%q: %d, want 302 to the provider", hostile, res.StatusCode)
		}
		var sealed string
		for _, c := range res.Cookies() {
			if isPendingCookie(c.Name) {
				sealed = c.Value
			}
		}
		p, err := auth.OpenPending(gw.h.Identity.Sealer(), sealed, gw.clock.Now())
		if err != nil {
			t.Fatalf("%q: pending login: %v", hostile, err)
		}
		assertStaysOnSite(t, hostile, p.ReturnTo)
		if i%20 == 0 { // a few all the way through the provider
			assertStaysOnSite(t, hostile, gw.login(t, b, "/login/?"+url.Values{returnParam: {hostile}}.Encode()))
		}
	}
}

func assertStaysOnSite(t *testing.T, hostile, got string) {
	t.Helper()
	base, _ := url.Parse("https://site.example/de-de/page")
	u, err := base.Parse(got)
	if err != nil || u.Host != "site.example" || u.Scheme != "https" || !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.ContainsAny(got, "\\\t\r\n") {
		t.Errorf("return path %q became %q, which leaves the site", hostile, got)
	}
}

func hostileReturnPaths(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("auth/testdata/hostile-return-paths.txt")
	if err != nil {
		t.Fatalf("the hostile corpus of the auth package: %v", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("corpus line %q: %v", line, err)
		}
		out = append(out, s)
	}
	if len(out) < 40 {
		t.Fatalf("the corpus has %d entries, want 40 or more", len(out))
	}
	return out
}

// settle waits for the refreshes running beside requests on every replica.
func (rig *identityRig) settle() {
	for _, lg := range rig.replicas {
		lg.settle()
	}
}

// dueIn moves the shared clock so that the access token has left seconds to live.
func (rig *identityRig) dueIn(t *testing.T, s *session.Session, left time.Duration) {
	t.Helper()
	clock := rig.replicas[0].clock
	expires := s.Tokens.Expiry.Add(s.ServerOffset)
	clock.Advance(expires.Sub(clock.Now()) - left)
}

func TestRefreshWhenDue(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	before, err := gw.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	rig.idp.ResetStats(t)

	rig.dueIn(t, before, 200*time.Second) // not yet due
	if st := gw.state(t, b, "/"); !st.IsLoggedIn {
		t.Fatal("logged out before the token was due")
	}
	if n := rig.idp.Stats(t).Token.RefreshToken; n != 0 {
		t.Fatalf("%d refreshes before the token was due", n)
	}

	rig.dueIn(t, before, 100*time.Second)
	// The token is still valid for 100 s: this page goes out with it at once, the refresh
	// runs beside it, and the next page has the new token.
	if st := gw.state(t, b, "/"); !st.IsLoggedIn {
		t.Fatal("a due refresh logged the customer out")
	}
	rig.settle()
	st := gw.state(t, b, "/")
	after, err := gw.storedSession(t, b)
	if err != nil || !st.IsLoggedIn {
		t.Fatalf("a due refresh logged the customer out: %v", err)
	}
	if n := rig.idp.Stats(t).Token.RefreshToken; n != 1 {
		t.Errorf("%d refresh calls, want 1", n)
	}
	if after.Tokens.AccessToken == before.Tokens.AccessToken || after.Tokens.RefreshToken == before.Tokens.RefreshToken {
		t.Error("the session kept its old tokens")
	}
	if left := time.UnixMilli(st.Session.ExpiresAt).Sub(gw.clock.Now()); left < 250*time.Second {
		t.Errorf("after the refresh the token has %s left, want about 300s", left)
	}
}

func TestConcurrentRequestsRefreshOnce(t *testing.T) {
	for _, store := range []string{identity.StoreMemory, identity.StoreRedis} {
		t.Run(store, func(t *testing.T) {
			replicas := 1
			configure := func(*identity.Config) {}
			if store == identity.StoreRedis {
				replicas = 2
				redisSrv := redistest.Start(t)
				configure = func(id *identity.Config) {
					id.SessionStore = &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{redisSrv.Addr}}
					id.SessionKeys = "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ="
				}
			}
			rig := newIdentityRig(t, replicas, authtest.Options{AccessTTL: 300 * time.Second}, configure)
			b := newBrowser()
			rig.replicas[0].login(t, b, "/login/")
			s, err := rig.replicas[0].storedSession(t, b)
			if err != nil {
				t.Fatal(err)
			}
			cookie := rig.replicas[0].sessionCookie(t, b)
			rig.idp.ResetStats(t)
			rig.dueIn(t, s, 60*time.Second)

			const perReplica = 50
			var wg sync.WaitGroup
			loggedOut := make(chan string, perReplica*replicas)
			for _, gw := range rig.replicas {
				for range perReplica {
					wg.Add(1)
					go func() {
						defer wg.Done()
						req, _ := http.NewRequest(http.MethodGet, gw.srv.URL+"/festgeld/", nil)
						req.AddCookie(cookie)
						res, err := http.DefaultClient.Do(req)
						if err != nil {
							loggedOut <- err.Error()
							return
						}
						defer res.Body.Close()
						var sb strings.Builder
						_, _ = bufio.NewReader(res.Body).WriteTo(&sb)
						if !strings.Contains(sb.String(), `"isLoggedIn":true`) {
							loggedOut <- res.Status
						}
					}()
				}
			}
			wg.Wait()
			close(loggedOut)
			for why := range loggedOut {
				t.Errorf("a concurrent request was served logged out: %s", why)
			}
			rig.settle() // the refresh ran beside the burst
			// Pages after the burst, on every replica, find the refreshed tokens fresh,
			// whichever replica refreshed them.
			for _, gw := range rig.replicas {
				if st := gw.state(t, b, "/"); !st.IsLoggedIn {
					t.Errorf("a page after the refresh on %s was served logged out", gw.srv.URL)
				}
			}
			rig.settle()
			stats := rig.idp.Stats(t)
			if stats.Token.RefreshToken != 1 || stats.RefreshRejected != 0 {
				t.Errorf("%d replicas x %d requests, then a page on each: %d refresh calls, %d rejected; want exactly 1 and 0",
					replicas, perReplica, stats.Token.RefreshToken, stats.RefreshRejected)
			}
		})
	}
}

func TestProviderBlipKeepsTheSession(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	s, _ := gw.storedSession(t, b)
	rig.idp.Stop()

	rig.dueIn(t, s, 100*time.Second)
	if st := gw.state(t, b, "/"); !st.IsLoggedIn {
		t.Fatal("an unreachable provider logged the customer out while the token was still valid")
	}
	rig.settle()
	tried := gw.h.Identity.Refreshes()
	gw.clock.Advance(identity.RefreshRetryPause / 2)
	gw.state(t, b, "/")
	rig.settle()
	if n := gw.h.Identity.Refreshes(); n != tried {
		t.Errorf("%d more refresh attempts within the pause after a failure, want none", n-tried)
	}
	gw.clock.Advance(identity.RefreshRetryPause)
	gw.state(t, b, "/")
	rig.settle()
	if n := gw.h.Identity.Refreshes(); n != tried+1 {
		t.Errorf("%d refresh attempts after the pause, want 1 more", n-tried)
	}
	if _, err := gw.storedSession(t, b); err != nil {
		t.Fatalf("the session was dropped: %v", err)
	}
	res, body := gw.post(t, b, "/_shell/session/extend", nil)
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("extend with the provider down: %d %s, want 503", res.StatusCode, body)
	}
	rig.dueIn(t, s, -time.Second)
	if st := gw.state(t, b, "/"); st.IsLoggedIn {
		t.Error("still logged in after the access token really expired")
	}
}

func TestRejectedRefreshLogsOut(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	s, _ := gw.storedSession(t, b)
	// Someone else spends the refresh token: the provider rotates it and refuses it after.
	if _, err := gw.h.Identity.Clients()["DEU"].Refresh(context.Background(), s.Tokens.RefreshToken, s.Tokens.AZP); err != nil {
		t.Fatal(err)
	}
	rig.dueIn(t, s, 60*time.Second)
	gw.state(t, b, "/") // still valid for 60 s: served as is, the refresh runs beside it
	rig.settle()
	if st := gw.state(t, b, "/"); st.IsLoggedIn {
		t.Fatal("a rejected refresh token kept the customer logged in")
	}
	if _, err := gw.storedSession(t, b); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("the session survived a rejected refresh: %v", err)
	}
	if !strings.Contains(gw.logText(), "reason=failed") {
		t.Errorf("the logs do not name the failed refresh:\n%s", gw.logText())
	}
}

func TestExtendAndLogoutThroughTheProvider(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, func(id *identity.Config) {
		id.Providers[0].Logout = "keycloak"
	})
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	s, _ := gw.storedSession(t, b)
	rig.idp.ResetStats(t)
	rig.dueIn(t, s, 200*time.Second)

	// The customer pressed "Extend session", which is also activity (identity_timeout_test.go).
	res, body := gw.postExtend(t, b, shellExtend(t, extendRequests(t), true))
	var timing shellstate.Session
	if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &timing) != nil {
		t.Fatalf("extend: %d %s", res.StatusCode, body)
	}
	if left := time.UnixMilli(timing.ExpiresAt).Sub(gw.clock.Now()); left < 250*time.Second {
		t.Errorf("after extending the token has %s left, want about 300s", left)
	}
	if idle := time.UnixMilli(timing.IdleExpiresAt).Sub(gw.clock.Now()); idle != identity.DefaultIdleTimeout {
		t.Errorf("after extending the idle expiry is %s away, want %s", idle, identity.DefaultIdleTimeout)
	}
	if n := rig.idp.Stats(t).Token.RefreshToken; n != 1 {
		t.Errorf("%d refresh calls for one extension", n)
	}
	assertNoSecret(t, "the extend answer", body, s)

	after, _ := gw.storedSession(t, b)
	res, _ = gw.post(t, b, "/_shell/auth/logout", nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login/" {
		t.Fatalf("logout: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	if n := rig.idp.Stats(t).Logout; n != 1 {
		t.Errorf("%d provider logouts, want 1", n)
	}
	if _, err := gw.h.Identity.Store().Get(context.Background(), after.ID); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("session still stored after logout: %v", err)
	}
	// The provider ended the refresh token too.
	if _, err := gw.h.Identity.Clients()["DEU"].Refresh(context.Background(), after.Tokens.RefreshToken, after.Tokens.AZP); err == nil {
		t.Error("the refresh token still works after logout")
	}
	logs := gw.logText()
	for _, sess := range []*session.Session{s, after} {
		assertNoSecret(t, "the logs", logs, sess)
	}
}

func TestBackchannelLogoutEndsTheSessionOnEveryReplica(t *testing.T) {
	redisSrv := redistest.Start(t)
	rig := newIdentityRig(t, 2, authtest.Options{}, func(id *identity.Config) {
		id.SessionStore = &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{redisSrv.Addr}}
		id.SessionKeys = "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ="
	})
	b := newBrowser()
	rig.replicas[0].login(t, b, "/login/")
	s, _ := rig.replicas[0].storedSession(t, b)
	cookie := rig.replicas[0].sessionCookie(t, b)
	loggedIn := func(gw *liveGateway) bool {
		req, _ := http.NewRequest(http.MethodGet, gw.srv.URL+"/_shell/state", nil)
		req.AddCookie(cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var st shellstate.State
		_ = json.NewDecoder(res.Body).Decode(&st)
		return st.IsLoggedIn
	}
	for i, gw := range rig.replicas {
		if !loggedIn(gw) {
			t.Fatalf("replica %d does not see the session", i)
		}
	}
	// The provider ends the session (Keycloak-style logout at the provider, e.g. from another
	// app) and calls the back-channel logout.
	form := url.Values{"refresh_token": {s.Tokens.RefreshToken}, "client_id": {authtest.ClientID}}
	res, err := http.PostForm(rig.idp.Issuer+"/protocol/openid-connect/logout", form)
	if err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("logout at the provider: %v %v", res, err)
	}
	res.Body.Close()
	deadline := time.Now().Add(time.Second)
	for _, gw := range rig.replicas {
		for loggedIn(gw) {
			if time.Now().After(deadline) {
				t.Fatal("a replica still sees the session a second after the back-channel logout")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if n := rig.idp.Stats(t).BackchannelSent; n < 1 {
		t.Errorf("the provider sent %d back-channel logouts", n)
	}
}

func TestBackchannelLogoutRefusesForgedTokens(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	forged := enc(`{"alg":"none"}`) + "." + enc(`{"iss":"`+rig.idp.Issuer+`","aud":"login","sub":"x","events":{"http://schemas.openid.net/event/backchannel-logout":{}}}`) + "."
	tests := []struct{ name, token string }{
		{"no token", ""},
		{"garbage", "not-a-jwt"},
		{"unsigned", forged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := http.PostForm(gw.srv.URL+routePrefix+"auth/backchannel-logout", url.Values{"logout_token": {tt.token}})
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusBadRequest || !strings.Contains(res.Header.Get("Cache-Control"), "no-store") {
				t.Errorf("%d (Cache-Control %q), want 400 no-store", res.StatusCode, res.Header.Get("Cache-Control"))
			}
		})
	}
	if _, err := gw.storedSession(t, b); err != nil {
		t.Errorf("a refused logout token ended the session: %v", err)
	}
}

func TestTimedOutSessionEndsAtTheProvider(t *testing.T) {
	for _, keycloakLogout := range []bool{true, false} {
		t.Run("keycloak_logout "+strconv.FormatBool(keycloakLogout), func(t *testing.T) {
			rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
				id.Providers[0].Logout = "keycloak"
				id.KeycloakLogout = &keycloakLogout
			})
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			rig.idp.ResetStats(t)
			gw.clock.Advance(identity.DefaultIdleTimeout + time.Second)
			if st := gw.state(t, b, "/"); st.IsLoggedIn {
				t.Fatal("still logged in after the idle timeout")
			}
			want := 0
			if keycloakLogout {
				want = 1
			}
			deadline := time.Now().Add(3 * time.Second)
			for rig.idp.Stats(t).Logout != want && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
			}
			time.Sleep(200 * time.Millisecond) // and no late call either
			if got := rig.idp.Stats(t).Logout; got != want {
				t.Errorf("%d provider logouts after the timeout, want %d", got, want)
			}
		})
	}
}

func TestCallbacksThatDoNotLogIn(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	start := func(b *authtest.Browser) url.Values {
		res, _ := browse(t, b, gw.srv.URL+"/login/?return=/festgeld/")
		authURL, err := url.Parse(res.Header.Get("Location"))
		if err != nil || res.StatusCode != http.StatusFound {
			t.Fatalf("login start: %d %v", res.StatusCode, err)
		}
		return authURL.Query()
	}
	tests := []struct {
		name     string
		query    func(b *authtest.Browser) string
		location string
	}{
		{"the customer cancels at the provider", func(b *authtest.Browser) string {
			return "error=access_denied&state=" + url.QueryEscape(start(b).Get("state"))
		}, "/festgeld/"},
		{"a forged state names no started login: home, not the provider", func(b *authtest.Browser) string {
			start(b)
			return "code=abc&state=forged"
		}, "/"},
		{"another login's state (a cookie of its own, but not that one)", func(b *authtest.Browser) string {
			start(b)
			return "code=abc&state=" + strings.Repeat("A", 43)
		}, "/"},
		{"no login was started (cookies refused): no loop back to the provider", func(*authtest.Browser) string {
			return "code=abc&state=abc"
		}, "/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBrowser()
			res, body := browse(t, b, gw.srv.URL+identity.CallbackPath+"?"+tt.query(b))
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != tt.location {
				t.Fatalf("%d to %q (%s), want 303 to %q", res.StatusCode, res.Header.Get("Location"), body, tt.location)
			}
			if c := gw.sessionCookie(t, b); c != nil {
				t.Errorf("a failed callback set a session cookie")
			}
		})
	}
}

// appViewHeader is the app signal the webview tests configure.
const appViewHeader = "X-App-Platform"

// withAppView configures the app's signal on a provisioned gateway.
func (lg *liveGateway) withAppView() {
	lg.h.AppView = &AppView{Header: appViewHeader, Values: []string{"ios", "android"}}
	lg.h.AppView.Provision()
}

// loginFrom logs the browser in as anna starting at loginPath with the request headers
// hdr on the login start, and returns the stored session.
func (lg *liveGateway) loginFrom(t *testing.T, b *authtest.Browser, loginPath string, hdr http.Header) *session.Session {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, lg.srv.URL+loginPath, nil)
	for k, v := range hdr {
		req.Header[k] = v
	}
	res, body := send(t, b, req)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("GET %s: %d %s, want 302 to the provider", loginPath, res.StatusCode, body)
	}
	callback := b.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
	if res, body = browse(t, b, callback.String()); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d %s, want 303", res.StatusCode, body)
	}
	s, err := lg.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A link anyone can send, /login/?webview=1, must not make a session whose idle time never
// counts: only a login started with the app's signal does.
func TestWebviewLinkWithoutTheAppSignalMakesABrowserSession(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	app := http.Header{appViewHeader: {"ios"}}
	for _, tt := range []struct {
		name      string
		appView   bool
		loginPath string
		hdr       http.Header
	}{
		{"no app_view configured, webview=1", false, "/login/?webview=1", nil},
		{"no app_view configured, webview=1 and the header", false, "/login/?webview=1", app},
		{"webview=1 from a link", true, "/login/?webview=1&return=/festgeld/", nil},
		{"webview=true from a link", true, "/login/?webview=true", nil},
		{"webview=1 inside the return path", true, "/login/?return=" + url.QueryEscape("/festgeld/?webview=1"), nil},
		{"a header value the operator did not name", true, "/login/?webview=1", http.Header{appViewHeader: {"desktop"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gw.h.AppView = nil
			if tt.appView {
				gw.withAppView()
			}
			if s := gw.loginFrom(t, newBrowser(), tt.loginPath, tt.hdr); s.Webview {
				t.Error("the login made a webview session, whose idle time never counts")
			}
		})
	}
}

func TestLoginFromTheWebview(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	gw.withAppView()
	b := newBrowser()
	final := "/festgeld/"
	gw.loginFrom(t, b, "/login/?webview=1&return=/festgeld/", http.Header{appViewHeader: {"Android"}})
	s, err := gw.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Webview {
		t.Errorf("a login from the webview (landing on %q) made a browser session", final)
	}
	if st := gw.state(t, b, "/festgeld/"); st.Session == nil || !st.Session.Webview {
		t.Error("the shell state does not tell the countdown it runs in the webview")
	}
}

// The countdown posts the logout with reason=expired and the browser goes to the login page
// at once: had the provider call run in the background, the login page could find the
// provider's session still alive and sign the customer straight back in.
func TestExpiredLogoutEndsTheProviderSessionBeforeAnswering(t *testing.T) {
	for _, keycloakLogout := range []bool{true, false} {
		t.Run("keycloak_logout "+strconv.FormatBool(keycloakLogout), func(t *testing.T) {
			rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
				id.Providers[0].Logout = "keycloak"
				id.KeycloakLogout = &keycloakLogout
			})
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			rig.idp.ResetStats(t)
			res, _ := gw.post(t, b, "/_shell/auth/logout", url.Values{"reason": {"expired"}})
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("expired logout: %d", res.StatusCode)
			}
			want := 0
			if keycloakLogout {
				want = 1
			}
			if got := rig.idp.Stats(t).Logout; got != want { // no waiting: it happened before the answer
				t.Errorf("%d provider logouts when the logout answered, want %d", got, want)
			}
		})
	}
}

// A customer who starts a login in two tabs and completes the first one lands where that
// tab meant to go, logged in: each started login has its own cookie.
func TestLoginsStartedInTwoTabs(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	start := func(returnTo string) string {
		res, body := browse(t, b, gw.srv.URL+"/login/?"+url.Values{returnParam: {returnTo}}.Encode())
		if res.StatusCode != http.StatusFound {
			t.Fatalf("login for %s: %d %s, want 302 to the provider", returnTo, res.StatusCode, body)
		}
		return res.Header.Get("Location")
	}
	first := start("/festgeld/")
	second := start("/tagesgeld/")

	callback := b.Login(t, first, authtest.DemoUser, authtest.DemoPassword)
	res, body := browse(t, b, callback.String())
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/festgeld/" {
		t.Fatalf("first tab's callback: %d to %q (%s), want 303 to /festgeld/", res.StatusCode, res.Header.Get("Location"), body)
	}
	if s, err := gw.storedSession(t, b); err != nil || s == nil {
		t.Fatalf("no session after the first tab's login: %v", err)
	}
	// The second tab's login still completes (the provider's own session answers it).
	callback = b.Login(t, second, authtest.DemoUser, authtest.DemoPassword)
	res, _ = browse(t, b, callback.String())
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/tagesgeld/" {
		t.Fatalf("second tab's callback: %d to %q, want 303 to /tagesgeld/", res.StatusCode, res.Header.Get("Location"))
	}
}

// Logins started again and again never pile up more than identity.MaxPendingLogins cookies.
func TestStartedLoginsAreBounded(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	for range 6 {
		if res, body := browse(t, b, gw.srv.URL+"/login/"); res.StatusCode != http.StatusFound {
			t.Fatalf("login: %d %s", res.StatusCode, body)
		}
	}
	u, _ := url.Parse(gw.srv.URL)
	pending := 0
	for _, c := range b.Client.Jar.Cookies(u) {
		if isPendingCookie(c.Name) {
			pending++
		}
	}
	if pending == 0 || pending > identity.MaxPendingLogins {
		t.Fatalf("the browser holds %d pending-login cookies, want 1 to %d", pending, identity.MaxPendingLogins)
	}
}

// On the local environment without the local-timeout flag the session monitor is off: a
// developer idle for longer than the idle timeout stays logged in while the token is valid.
func TestLocalSessionsIdleOutOnlyWithTheLocalTimeoutFlag(t *testing.T) {
	on := true
	for _, tt := range []struct {
		name         string
		localTimeout *bool
		loggedIn     bool
	}{
		{"monitor off: still logged in", nil, true},
		{"local-timeout flag: logged out", &on, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
				id.LocalTimeout = tt.localTimeout
				id.IdleTimeout = caddy.Duration(2 * time.Minute) // shorter than the token's 5 minutes
			})
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			gw.clock.Advance(2*time.Minute + time.Second)
			if st := gw.state(t, b, "/"); st.IsLoggedIn != tt.loggedIn {
				t.Fatalf("logged in: %v, want %v", st.IsLoggedIn, tt.loggedIn)
			}
		})
	}
}

// A tab left alone until the idle timeout goes to the login page next. The request that finds
// the session idled out (the shell's expiry logout, a state read, a page) must have ended the
// provider's session by the time it is answered: else the login page that follows finds it
// still alive and signs the customer straight back in without the password. The browser
// suite saw exactly that with keycloak_logout on.
func TestIdledOutTabIsNotSignedStraightBackIn(t *testing.T) {
	for _, tt := range []struct {
		name  string
		first func(rig *identityRig, t *testing.T, b *authtest.Browser)
	}{
		{"the shell's expiry logout", func(rig *identityRig, t *testing.T, b *authtest.Browser) {
			gw := rig.replicas[0]
			gw.post(t, b, "/_shell/auth/logout", url.Values{"reason": {"expired"}})
		}},
		{"a state read", func(rig *identityRig, t *testing.T, b *authtest.Browser) {
			rig.replicas[0].state(t, b, "/")
		}},
		{"a protected page", func(rig *identityRig, t *testing.T, b *authtest.Browser) {
			gw := rig.replicas[0]
			browse(t, b, gw.srv.URL+"/documents/")
		}},
		{"the tab's requests at once: each answered only after the provider's logout", func(rig *identityRig, t *testing.T, b *authtest.Browser) {
			gw := rig.replicas[0]
			var wg sync.WaitGroup
			for i := range 6 {
				wg.Go(func() {
					if i%2 == 0 {
						gw.post(t, b, "/_shell/auth/logout", url.Values{"reason": {"expired"}})
					} else {
						gw.state(t, b, "/")
					}
					// This request's answer sends the browser to login: the provider's
					// session must be over already.
					if n := rig.idp.Stats(t).Logout; n < 1 {
						t.Errorf("a concurrent request was answered before the provider's logout")
					}
				})
			}
			wg.Wait()
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			keycloakLogout := true
			rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
				id.Providers[0].Logout = "keycloak"
				id.KeycloakLogout = &keycloakLogout
			})
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			rig.idp.ResetStats(t)
			gw.clock.Advance(identity.DefaultIdleTimeout + time.Second)
			tt.first(rig, t, b)
			// No waiting: the browser's next step is the login page.
			if got := rig.idp.Stats(t).Logout; got != 1 {
				t.Errorf("when the idled-out request was answered the provider had %d logouts, want 1: the login page next would sign the customer back in", got)
			}
		})
	}
}
