package shell

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Step-up before sensitive actions (ASVS 4.0.3 3.7.1) against the real development identity
// provider: a reauth rule sends a customer whose login is too old through a fresh login.

// reauthRig is one gateway in front of the dev IdP with the rule /en-gb/payout/* maxAge.
func reauthRig(t *testing.T, maxAge time.Duration) *liveGateway {
	t.Helper()
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
		id.Reauth = []identity.ReauthRule{{Paths: []string{"/en-gb/payout/*"}, MaxAge: caddy.Duration(maxAge)}}
	})
	return rig.replicas[0]
}

// loggedInAgo makes the browser's session one whose login was ago before the gateway's
// clock, as the store would hold it after that time with activity in between.
func (lg *liveGateway) loggedInAgo(t *testing.T, b *authtest.Browser, ago time.Duration) {
	t.Helper()
	s, err := lg.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	s.AuthTime = lg.clock.Now().Add(-ago)
	s.CreatedAt = s.AuthTime
	if err := lg.h.Identity.Store().Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
}

// reauthRedirect checks that res sends the customer to the locale's login asking for a
// fresh login, and returns that login URL.
func reauthRedirect(t *testing.T, what string, res *http.Response) *url.URL {
	t.Helper()
	loc, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || err != nil || loc.Path != "/en-gb/login/" || loc.Query().Get(reauthParam) != "1" {
		t.Fatalf("%s: %d to %q, want 302 to /en-gb/login/ asking for a fresh login", what, res.StatusCode, res.Header.Get("Location"))
	}
	return loc
}

func TestStaleLoginCannotOpenThePayoutPageWithoutAFreshLogin(t *testing.T) {
	gw := reauthRig(t, 5*time.Minute)
	b := newBrowser()
	gw.login(t, b, "/en-gb/login/")

	// (b) A login a minute ago is fresh enough: the page is served directly.
	gw.loggedInAgo(t, b, time.Minute)
	res, page := browse(t, b, gw.srv.URL+"/en-gb/payout/?amount=100")
	if res.StatusCode != http.StatusOK || !strings.Contains(page, "content of /en-gb/payout/") {
		t.Fatalf("payout page with a login 1m old: %d %.200s, want it served", res.StatusCode, page)
	}

	// (a) Ten minutes ago is too old for the rule's 5m: to the login first, in every
	// spelling of the path the origin reads as the payout page (d).
	gw.loggedInAgo(t, b, 10*time.Minute)
	before := len(gw.content.all())
	for _, p := range []string{"/EN-GB/payout/", "//en-gb/payout/", "/en-gb/./payout/x", "/en-gb;x/payout/", "/en-gb/payout"} {
		res, _ := browse(t, b, gw.srv.URL+p)
		reauthRedirect(t, p, res)
	}
	res, _ = browse(t, b, gw.srv.URL+"/en-gb/payout/?amount=100")
	loginURL := reauthRedirect(t, "/en-gb/payout/?amount=100", res)
	if got := loginURL.Query().Get(returnParam); got != "/en-gb/payout/?amount=100" {
		t.Errorf("the login returns to %q, want the payout page", got)
	}
	if n := len(gw.content.all()); n != before {
		t.Fatalf("the content origin got %d payout requests with a stale login, want none", n-before)
	}
	// Pages the rule does not name are served as before.
	if res, _ := browse(t, b, gw.srv.URL+"/en-gb/savings/"); res.StatusCode != http.StatusOK {
		t.Errorf("a page outside the rule with an old login: %d, want 200", res.StatusCode)
	}

	// The login page, although the customer is logged in, goes to the provider asking for a
	// fresh authentication.
	res, body := browse(t, b, gw.srv.URL+loginURL.RequestURI())
	authURL, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || err != nil || !strings.HasPrefix(authURL.String(), gw.idpIssuer()) {
		t.Fatalf("reauth login page: %d %q %s, want 302 to the provider", res.StatusCode, res.Header.Get("Location"), body)
	}
	if q := authURL.Query(); q.Get("max_age") != "0" || q.Get("prompt") != "login" {
		t.Fatalf("authorization request %s: want max_age=0 and prompt=login", authURL)
	}
	old := gw.sessionCookie(t, b).Value
	callback := b.Login(t, authURL.String(), authtest.DemoUser, authtest.DemoPassword)
	res, body = browse(t, b, callback.String())
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/en-gb/payout/?amount=100" {
		t.Fatalf("callback of the fresh login: %d to %q %s, want 303 to the payout page", res.StatusCode, res.Header.Get("Location"), body)
	}
	if now := gw.sessionCookie(t, b); now == nil || now.Value == old {
		t.Fatal("the fresh login kept the session id")
	}
	if _, err := gw.h.Identity.Store().Get(context.Background(), old); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("the session before the fresh login survived it: %v", err)
	}
	s, err := gw.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	if age := gw.clock.Now().Sub(s.LoginTime()); s.AuthTime.IsZero() || age > time.Minute {
		t.Errorf("the new session's auth time %s is %s old, want the provider's fresh auth_time", s.AuthTime, age)
	}
	res, page = browse(t, b, gw.srv.URL+"/en-gb/payout/?amount=100")
	if res.StatusCode != http.StatusOK || !strings.Contains(page, "content of /en-gb/payout/") {
		t.Fatalf("payout page after the fresh login: %d %.200s", res.StatusCode, page)
	}
}

func (lg *liveGateway) idpIssuer() string {
	return lg.h.Identity.Providers[0].Issuer
}

// (c) A provider that ignores max_age and prompt reuses its login session: the callback's
// auth_time is older than the login it answers. That must not count as a fresh login.
func TestProviderIgnoringMaxAgeDoesNotSatisfyTheReauthRule(t *testing.T) {
	gw := reauthRig(t, time.Minute)
	b := newBrowser()
	gw.login(t, b, "/en-gb/login/")
	gw.clock.Advance(2 * time.Minute) // the provider's login is now 2m old by the gateway's clock

	res, _ := browse(t, b, gw.srv.URL+"/en-gb/payout/")
	loginURL := reauthRedirect(t, "payout page", res)
	res, _ = browse(t, b, gw.srv.URL+loginURL.RequestURI())
	authURL, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	q := authURL.Query()
	q.Del("max_age")
	q.Del("prompt")
	authURL.RawQuery = q.Encode()
	old := gw.sessionCookie(t, b).Value
	callback := b.Login(t, authURL.String(), authtest.DemoUser, authtest.DemoPassword)
	res, body := browse(t, b, callback.String())
	if res.StatusCode != http.StatusForbidden || res.Header.Get("Location") != "" {
		t.Fatalf("callback with an old auth_time: %d to %q %s, want 403 (no way back into the login loop)", res.StatusCode, res.Header.Get("Location"), body)
	}
	if c := gw.sessionCookie(t, b); c == nil || c.Value != old {
		t.Fatal("a callback that did not confirm a fresh login replaced the session")
	}
	res, _ = browse(t, b, gw.srv.URL+"/en-gb/payout/")
	reauthRedirect(t, "payout page after the refused callback", res)
}

// A form post or a script's call under a rule with a stale login is not redirected: 401 with
// the login URL, which returns to the page the request came from.
func TestStaleLoginPostToPayoutGetsReauthenticationRequired(t *testing.T) {
	gw := reauthRig(t, 5*time.Minute)
	b := newBrowser()
	gw.login(t, b, "/en-gb/login/")
	gw.loggedInAgo(t, b, 10*time.Minute)
	before := len(gw.content.all())

	req, _ := http.NewRequest(http.MethodPost, gw.srv.URL+"/EN-GB/payout/confirm", strings.NewReader("amount=100"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Referer", gw.srv.URL+"/en-gb/payout/?amount=100")
	res, body := send(t, b, req)
	var answer map[string]string
	if res.StatusCode != http.StatusUnauthorized || json.Unmarshal([]byte(body), &answer) != nil || answer["error"] != "reauthentication required" {
		t.Fatalf("POST with a stale login: %d %s, want 401 reauthentication required", res.StatusCode, body)
	}
	login, err := url.Parse(answer["login"])
	if err != nil || login.Path != "/en-gb/login/" || login.Query().Get(reauthParam) != "1" || login.Query().Get(returnParam) != "/en-gb/payout/?amount=100" {
		t.Errorf("login URL %q: want /en-gb/login/ asking for a fresh login and returning to the payout page", answer["login"])
	}
	// A script's GET is answered alike, not redirected.
	req, _ = http.NewRequest(http.MethodGet, gw.srv.URL+"/en-gb/payout/limits", nil)
	req.Header.Set("Sec-Fetch-Mode", "cors")
	req.Header.Set("Referer", "https://evil.example/")
	res, body = send(t, b, req)
	if res.StatusCode != http.StatusUnauthorized || strings.Contains(body, "evil") {
		t.Errorf("fetch with a stale login: %d %s, want 401 without the foreign referer", res.StatusCode, body)
	}
	if n := len(gw.content.all()); n != before {
		t.Errorf("the content origin got %d requests with a stale login, want none", n-before)
	}
}

func TestReauthCaddyfile(t *testing.T) {
	const provider = "providers DEU http://localhost:9000/auth/realms/global\n"
	for _, tt := range []struct{ name, block, want string }{
		{"no max age", provider + "reauth /payout/*", "reauth takes paths, optional methods and the most a login may be old"},
		{"not a duration", provider + "reauth /payout/* soon", `"soon" is not a duration, give one such as 5m`},
		{"relative path", provider + "reauth payout 5m", `reauth "payout" is neither a path`},
		{"lower-case method", provider + "reauth /payout post 5m", `reauth "post" is neither a path`},
		{"unknown method", provider + "reauth /payout TRACE 5m", `reauth method "TRACE" is not one of GET, HEAD, POST`},
		{"path after method", provider + "reauth /payout POST /x 5m", "give the paths first"},
		{"too short", provider + "reauth /payout 10s", "reauth max_age 10s is shorter than 1m0s"},
		{"longer than max session", provider + "reauth /payout 13h", "is not shorter than max_session"},
		{"whole site", provider + "reauth /* 5m", `protects the whole site`},
		{"block", provider + "reauth /payout 5m {\n max_age 1m\n}", "reauth takes no block"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\tidentity {\n" + tt.block + "\n\t\t}\n\t}\n\trespond ok\n}\n"
			err := adaptAndValidate(t, caddyfile)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
	t.Run("adapts to JSON", func(t *testing.T) {
		cf := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\tidentity {\n" + provider +
			"reauth /payout/* /bank-details 5m\nreauth /rest/open_api/v2/payouts POST PUT 2m\n\t\t}\n\t}\n\trespond ok\n}\n"
		if err := adaptAndValidate(t, cf); err != nil {
			t.Fatal(err)
		}
		d := caddyfile.NewTestDispenser("identity {\n" + provider + "reauth /payout/* /bank-details 5m\nreauth /rest/open_api/v2/payouts POST PUT 2m\n}")
		d.Next()
		id, err := identity.ParseCaddyfile(d)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(id.Reauth)
		want := `[{"paths":["/payout/*","/bank-details"],"max_age":300000000000},{"paths":["/rest/open_api/v2/payouts"],"methods":["POST","PUT"],"max_age":120000000000}]`
		if string(got) != want {
			t.Errorf("reauth JSON\n got %s\nwant %s", got, want)
		}
	})
}
