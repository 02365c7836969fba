package shell

import (
	"net/http"
	"strings"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// An attacker who logs in again and again until the memory store is full never logs the
// victim out: the store refuses the flood's next session (503, try again later) instead of
// evicting the victim's.
func TestLoginFloodNeverEvictsAnotherCustomersSession(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *Identity) {
		id.SessionStore = &SessionStore{Kind: storeMemory, MaxSessions: 3}
	})
	gw := rig.replicas[0]
	victim := newBrowser()
	gw.login(t, victim, "/login/")

	refused := 0
	for range 5 {
		b := newBrowser()
		res, body := browse(t, b, gw.srv.URL+"/login/")
		if res.StatusCode != http.StatusFound {
			t.Fatalf("attacker's login start: %d %s", res.StatusCode, body)
		}
		callback := b.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
		res, body = browse(t, b, callback.String())
		switch res.StatusCode {
		case http.StatusSeeOther:
		case http.StatusServiceUnavailable:
			refused++
			if res.Header.Get("Retry-After") == "" || !strings.Contains(body, "try again") {
				t.Errorf("a refused login says %q with Retry-After %q; want a page asking to try again later", body, res.Header.Get("Retry-After"))
			}
			if c := gw.sessionCookie(t, b); c != nil {
				t.Error("a refused login set a session cookie")
			}
		default:
			t.Fatalf("attacker's callback: %d %s", res.StatusCode, body)
		}
	}
	if refused != 3 {
		t.Errorf("%d of the flood's 5 logins refused, want 3 (room for 2 beside the victim)", refused)
	}
	if st := gw.state(t, victim, "/documents/"); !st.IsLoggedIn {
		t.Fatal("the victim was logged out by the flood of logins")
	}
}
