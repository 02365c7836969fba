package shell

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// A logout with the module's defaults must end the provider's login session too (ASVS
// 3.3.1): otherwise the next login on the same browser signs the customer straight back in
// without a password, which is what whoever sits at that browser next would notice.
func TestLogoutWithDefaultsEndsTheProviderLoginSession(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil) // no logout option: the default
	gw := rig.replicas[0]
	b := newBrowser()
	res, body := browse(t, b, gw.srv.URL+"/login/")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("GET /login/: %d %s, want 302 to the provider", res.StatusCode, body)
	}
	authURL := res.Header.Get("Location") // the provider's authorization request
	if res, _ = browse(t, b, b.Login(t, authURL, authtest.DemoUser, authtest.DemoPassword).String()); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d, want 303", res.StatusCode)
	}
	if b.NeedsCredentials(t, authURL) {
		t.Fatal("the provider asks for the password right after a login: the test cannot tell anything")
	}

	res, _ = gw.post(t, b, "/_shell/auth/logout", nil)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %d, want 303", res.StatusCode)
	}
	res, body = browse(t, b, gw.srv.URL+"/login/")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("GET /login/ after logout: %d %s, want 302 to the provider", res.StatusCode, body)
	}
	if !b.NeedsCredentials(t, res.Header.Get("Location")) {
		t.Error("after logout the provider signs the browser straight back in without a password")
	}
}

// A logout while the Redis store is down did not end the session: it must say so (503 with
// Retry-After) and keep the cookie, so that a retry ends the session once Redis is back;
// never a 303 that looks like a logout while the session lives on in the store.
func TestLogoutWithTheStoreDownIsNeverReportedAsDone(t *testing.T) {
	redisSrv := redistest.Start(t)
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
		id.SessionStore = &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{redisSrv.Addr}}
		id.SessionKeys = "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ="
	})
	gw := rig.replicas[0]
	for _, tt := range []struct {
		name   string
		accept string
	}{
		{"the shell's script", "*/*"},
		{"the header's form (a navigation)", "text/html"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newBrowser()
			gw.login(t, b, "/login/")
			cookie := gw.sessionCookie(t, b)
			redisSrv.Kill()
			down := true
			defer func() {
				if down {
					redisSrv.Restart() // for the next case
				}
			}()

			req, _ := http.NewRequest(http.MethodPost, gw.srv.URL+"/_shell/auth/logout", strings.NewReader(url.Values{"reason": {"expired"}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("Origin", gw.srv.URL)
			req.Header.Set("Accept", tt.accept)
			res, body := send(t, b, req)
			if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
				t.Fatalf("logout with the store down: %d (Retry-After %q) to %q, want 503 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"), res.Header.Get("Location"))
			}
			if c := gw.sessionCookie(t, b); c == nil || c.Value != cookie.Value {
				t.Fatal("the failed logout dropped the session cookie: a retry cannot end the session")
			}
			if tt.accept == "text/html" && !strings.Contains(body, `action="/_shell/auth/logout"`) {
				t.Errorf("the navigation's page offers no way to try again: %s", body)
			}

			redisSrv.Restart()
			down = false
			res, _ = gw.post(t, b, "/_shell/auth/logout", nil)
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("retried logout with the store back: %d, want 303", res.StatusCode)
			}
			if _, err := gw.h.Identity.Store().Get(context.Background(), cookie.Value); !errors.Is(err, session.ErrNotFound) {
				t.Errorf("the session outlived the retried logout: %v", err)
			}
		})
	}
}

// A customer who walks away from a shared computer never comes back to the site: the memory
// store drops the session past its idle timeout and nobody ends it. The provider's login
// session must end with it, or the next person at that browser logs in without a password.
func TestSessionThatRunsOutInTheStoreEndsAtTheProvider(t *testing.T) {
	// A memory store of its own (gateways with equal store settings share one, with the
	// first one's clock), keycloak_logout on by default.
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
		id.SessionStore = &identity.SessionStore{Kind: identity.StoreMemory, MaxSessions: 4242}
	})
	gw := rig.replicas[0]
	b := newBrowser()
	res, _ := browse(t, b, gw.srv.URL+"/login/")
	authURL := res.Header.Get("Location")
	browse(t, b, b.Login(t, authURL, authtest.DemoUser, authtest.DemoPassword).String())
	if s, err := gw.storedSession(t, b); err != nil || s == nil {
		t.Fatalf("no session after login: %v", err)
	}
	rig.idp.ResetStats(t)

	gw.clock.Advance(identity.DefaultIdleTimeout + identity.StoreGrace + time.Minute) // no request comes
	gw.h.Identity.Sweep(context.Background())                                         // the sweep's turn

	if n := rig.idp.Stats(t).Logout; n != 1 {
		t.Errorf("%d provider logouts for the session that ran out, want 1", n)
	}
	if !b.NeedsCredentials(t, authURL) {
		t.Error("the provider still signs the browser in without a password after its session ran out at the edge")
	}
}
