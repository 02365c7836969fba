package shell

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/identity"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// An attacker who logs in again and again until the memory store is full never logs the
// victim out: the store refuses the flood's next session (503, try again later) instead of
// evicting the victim's.
func TestLoginFloodNeverEvictsAnotherCustomersSession(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
		id.SessionStore = &identity.SessionStore{Kind: identity.StoreMemory, MaxSessions: 3}
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

// One client starting logins by the hundred (each one a login session at the provider and a
// pending login at the edge) is stopped at the bound with 429 and Retry-After; other
// clients still log in, and the client may start again once the window lets it.
func TestLoginStartFloodFromOneClientIsBounded(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) { id.PendingLoginsPerClient = 5 })
	gw := rig.replicas[0]
	start := func(remote string) *http.Response {
		r := httptest.NewRequest(http.MethodGet, "http://localhost/login/", nil)
		r.RemoteAddr = remote
		res, _ := gw.do(r)
		return res
	}
	var statuses []int
	for range 50 {
		statuses = append(statuses, start("198.51.100.7:40000").StatusCode)
	}
	for i, s := range statuses {
		want := http.StatusFound
		if i >= 5 {
			want = http.StatusTooManyRequests
		}
		if s != want {
			t.Fatalf("login start %d from one client: %d, want %d (statuses %v)", i+1, s, want, statuses)
		}
	}
	res := start("198.51.100.7:40001")
	retry, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != http.StatusTooManyRequests || err != nil || retry < 1 || retry > 120 {
		t.Errorf("past the bound: %d with Retry-After %q, want 429 with a wait of up to 2 minutes", res.StatusCode, res.Header.Get("Retry-After"))
	}
	// The same subscriber's other IPv6 addresses count alike; another client does not.
	for range 5 {
		start("[2001:db8:1:2::10]:1")
	}
	if res := start("[2001:db8:1:2:aaaa::99]:1"); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("another address of the same /64 past the bound: %d, want 429", res.StatusCode)
	}
	if res := start("203.0.113.9:1"); res.StatusCode != http.StatusFound {
		t.Errorf("another client: %d, want 302 to the provider", res.StatusCode)
	}
	gw.clock.Advance(time.Duration(retry) * time.Second)
	if res := start("198.51.100.7:40002"); res.StatusCode != http.StatusFound {
		t.Errorf("after Retry-After: %d, want 302 to the provider", res.StatusCode)
	}
}
