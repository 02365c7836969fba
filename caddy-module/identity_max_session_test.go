package shell

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Every session ends at max_session after its login however active the customer is (ASVS
// 4.0.3 3.3.2, absolute timeout), and the timeouts stay within what a bank may configure.

// A customer active every minute is still logged out at max_session after the login, and
// the shell state tells the countdown when that is.
func TestSessionEndsAtMaxSessionHoweverActive(t *testing.T) {
	id := localIdentity()
	id.MaxSession = caddy.Duration(time.Hour)
	g := newTestGateway(t, id)
	s, cookie := g.plantSession("4711", 2*time.Hour) // the token outlives max_session
	navigate := func(path string) *http.Response {
		r := request(http.MethodGet, path, cookie)
		r.Header.Set("Sec-Fetch-Mode", "navigate")
		r.Header.Set("Sec-Fetch-Dest", "document")
		res, _ := g.do(r)
		return res
	}
	for minute := 1; minute < 60; minute++ {
		g.clock.Advance(time.Minute)
		r := request(http.MethodGet, "/festgeld/", cookie)
		r.Header.Set("Sec-Fetch-Mode", "navigate")
		_, page := g.do(r)
		st := pageState(t, page)
		if !st.IsLoggedIn {
			t.Fatalf("an active customer was logged out after %d minutes, before max_session", minute)
		}
		if want := s.CreatedAt.Add(time.Hour).UnixMilli(); st.Session.AbsoluteExpiresAt != want {
			t.Fatalf("state's absoluteExpiresAt %d, want %d (login + max_session)", st.Session.AbsoluteExpiresAt, want)
		}
	}
	g.clock.Advance(time.Minute) // an hour after the login
	res := navigate("/documents/")
	if res.StatusCode != http.StatusFound || !strings.Contains(res.Header.Get("Location"), "/login/") {
		t.Fatalf("protected page at max_session: %d to %q, want 302 to login", res.StatusCode, res.Header.Get("Location"))
	}
	cleared := false
	for _, c := range res.Cookies() {
		cleared = cleared || c.Name == session.LocalCookieName && c.MaxAge < 0
	}
	if !cleared {
		t.Error("the ended session's cookie was not cleared")
	}
	if _, err := g.h.Identity.Store().Get(context.Background(), s.ID); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("the session is still stored after max_session: %v", err)
	}
	if !strings.Contains(g.logText(), "reason="+identity.EndedMaxSession) {
		t.Error("the log does not say the session ended at max_session")
	}
}

// Ending at max_session also ends the provider's session, as an idle timeout does.
func TestMaxSessionEndsTheProviderSession(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
		id.Providers[0].Logout = "keycloak"
		id.MaxSession = caddy.Duration(10 * time.Minute)
	})
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	rig.idp.ResetStats(t)
	for range 2 {
		gw.clock.Advance(4 * time.Minute)
		if res, _ := browse(t, b, gw.srv.URL+"/festgeld/"); res.StatusCode != http.StatusOK {
			t.Fatalf("page: %d", res.StatusCode)
		}
		rig.settle() // the due refresh runs beside the page: let it land before time moves on
	}
	gw.clock.Advance(2*time.Minute + time.Second)
	if st := gw.state(t, b, "/"); st.IsLoggedIn {
		t.Fatal("still logged in after max_session")
	}
	deadline := time.Now().Add(3 * time.Second)
	for rig.idp.Stats(t).Logout != 1 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := rig.idp.Stats(t).Logout; got != 1 {
		t.Errorf("%d provider logouts at max_session, want 1", got)
	}
}
