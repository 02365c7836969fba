package shell

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// sessionReplicas are two gateways of one store kind on one clock: for the memory store
// both names are one process (it serves one replica), for Redis two processes' worth of
// handlers sharing one redis-server.
func sessionReplicas(t *testing.T, kind string) [2]*testGateway {
	t.Helper()
	clock := newFakeClock()
	if kind == "memory" {
		g := newTestGatewayAt(t, localIdentity(), clock)
		return [2]*testGateway{g, g}
	}
	srv := redistest.Start(t)
	var out [2]*testGateway
	for i := range out {
		id := localIdentity()
		id.SessionStore = &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{srv.Addr}}
		id.SessionKeys = "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ="
		out[i] = newTestGatewayAt(t, id, clock)
	}
	return out
}

// loginFrom plants a session of customer as a login from device would, created age ago.
func (g *testGateway) loginFrom(customer, device string, age time.Duration) (*session.Session, *http.Cookie) {
	g.t.Helper()
	s, c := g.plantSession(customer, time.Hour)
	s.Device, s.PreferredLocale = device, "de-DE"
	s.CreatedAt = g.clock.Now().Add(-age)
	if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
		g.t.Fatal(err)
	}
	return s, c
}

func listSessions(t *testing.T, g *testGateway, c *http.Cookie) (*http.Response, string, shellstate.SessionList) {
	t.Helper()
	res, body := g.do(request(http.MethodGet, identity.SessionListPath, c))
	var list shellstate.SessionList
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &list); err != nil {
			t.Fatalf("list is not JSON: %v\n%s", err, body)
		}
	}
	return res, body, list
}

func endSessions(g *testGateway, c *http.Cookie, body string, hdr map[string]string) (*http.Response, string) {
	r := request(http.MethodPost, identity.SessionEndPath, c)
	r.Body = io.NopCloser(strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	return g.do(r)
}

func loggedInAt(t *testing.T, g *testGateway, c *http.Cookie) bool {
	t.Helper()
	res, body := g.do(request(http.MethodGet, "/_shell/state", c))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("state: %d %s", res.StatusCode, body)
	}
	var st shellstate.State
	_ = json.Unmarshal([]byte(body), &st)
	return st.IsLoggedIn
}

var sessionStoreKinds = []string{"memory", "redis"}

// A customer logged in twice (a laptop on one replica, a phone on the other) sees both
// sessions from either replica, the current one marked, with no id or token in the list;
// ending the phone's session from replica A logs the phone out on replica B.
func TestCustomerListsAndEndsSessionsAcrossReplicas(t *testing.T) {
	for _, kind := range sessionStoreKinds {
		t.Run(kind, func(t *testing.T) {
			gw := sessionReplicas(t, kind)
			laptop, laptopCookie := gw[0].loginFrom("DE0000000042", "desktop/Firefox", time.Minute)
			phone, phoneCookie := gw[1].loginFrom("DE0000000042", "mobile/Safari", time.Hour)
			other, _ := gw[1].loginFrom("DE0000000043", "desktop/Chrome", time.Minute)
			for i, g := range gw {
				res, body, list := listSessions(t, g, laptopCookie)
				if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "no-store" {
					t.Fatalf("replica %d: list %d %q %s", i, res.StatusCode, res.Header.Get("Cache-Control"), body)
				}
				if len(list.Sessions) != 2 || !list.FreshLogin {
					t.Fatalf("replica %d lists %s; want the customer's two sessions", i, body)
				}
				byHandle := map[string]shellstate.SessionEntry{}
				for _, e := range list.Sessions {
					byHandle[e.Handle] = e
				}
				lap, ph := byHandle[session.HandleOf(laptop.ID)], byHandle[session.HandleOf(phone.ID)]
				if !lap.Current || ph.Current || lap.Device != "desktop" || lap.Browser != "Firefox" || ph.Device != "mobile" || ph.Market != "de-DE" {
					t.Errorf("replica %d: entries %s", i, body)
				}
				if ph.StartedAt != phone.CreatedAt.UTC().Format(time.RFC3339) {
					t.Errorf("replica %d: phone started %q, want %s", i, ph.StartedAt, phone.CreatedAt.UTC().Format(time.RFC3339))
				}
				for _, s := range []*session.Session{laptop, phone, other} {
					assertNoSecret(t, "the session list", body, s)
					if strings.Contains(body, s.SID) || strings.Contains(body, s.CustomerNumber) || strings.Contains(body, s.Subject) {
						t.Errorf("the list shows a sid, customer number or subject: %s", body)
					}
				}
			}

			res, body := endSessions(gw[0], laptopCookie, `{"handle":"`+session.HandleOf(phone.ID)+`"}`, map[string]string{"Sec-Fetch-Site": "same-origin"})
			if res.StatusCode != http.StatusOK || !strings.Contains(body, `"ended":1`) || strings.Contains(body, `"loggedOut":true`) {
				t.Fatalf("end: %d %s", res.StatusCode, body)
			}
			if loggedInAt(t, gw[1], phoneCookie) {
				t.Error("the ended session is still logged in on the other replica")
			}
			if !loggedInAt(t, gw[1], laptopCookie) {
				t.Error("the current session ended too")
			}
		})
	}
}

// {"all":true} ends every other session of the customer and keeps the current one.
func TestEndAllOtherSessionsKeepsTheCurrentOne(t *testing.T) {
	for _, kind := range sessionStoreKinds {
		t.Run(kind, func(t *testing.T) {
			gw := sessionReplicas(t, kind)
			_, cur := gw[0].loginFrom("DE0000000050", "desktop/Edge", 0)
			_, a := gw[1].loginFrom("DE0000000050", "mobile/Chrome", time.Hour)
			_, b := gw[1].loginFrom("DE0000000050", "tablet/Safari", 2*time.Hour)
			_, stranger := gw[1].loginFrom("DE0000000051", "desktop/Edge", 0)
			res, body := endSessions(gw[0], cur, `{"all":true}`, nil)
			if res.StatusCode != http.StatusOK || !strings.Contains(body, `"ended":2`) {
				t.Fatalf("end all: %d %s", res.StatusCode, body)
			}
			if loggedInAt(t, gw[1], a) || loggedInAt(t, gw[1], b) {
				t.Error("another session survived")
			}
			if !loggedInAt(t, gw[1], cur) || !loggedInAt(t, gw[1], stranger) {
				t.Error("the current session or another customer's ended")
			}
		})
	}
}

// HOSTILE: a customer who learned (or guessed, or built) another customer's handle, id or
// Redis key name cannot end that session with it.
func TestCustomerCannotEndAnotherCustomersSession(t *testing.T) {
	for _, kind := range sessionStoreKinds {
		t.Run(kind, func(t *testing.T) {
			gw := sessionReplicas(t, kind)
			_, attacker := gw[0].loginFrom("DE0000000060", "desktop/Firefox", 0)
			victim, victimCookie := gw[1].loginFrom("DE0000000061", "mobile/Safari", 0)
			for _, forged := range []string{session.HandleOf(victim.ID), victim.ID, "sub-DE0000000061", "*"} {
				res, body := endSessions(gw[0], attacker, `{"handle":"`+forged+`"}`, nil)
				if res.StatusCode != http.StatusNotFound {
					t.Errorf("ending with %q: %d %s; want 404", forged, res.StatusCode, body)
				}
			}
			if !loggedInAt(t, gw[1], victimCookie) {
				t.Fatal("the victim was logged out by another customer")
			}
		})
	}
}

// HOSTILE: a cross-site page can neither end a customer's sessions (a POST from its form or
// fetch) nor read their list.
func TestSessionRoutesRefuseCrossSite(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, cur := g.loginFrom("DE0000000070", "desktop/Firefox", 0)
	_, phone := g.loginFrom("DE0000000070", "mobile/Safari", 0)
	for _, hdr := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "https://evil.example"},
		{"Origin": "null"},
	} {
		res, body := endSessions(g, cur, `{"all":true}`, hdr)
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("end with %v: %d %s; want 403", hdr, res.StatusCode, body)
		}
		r := request(http.MethodGet, identity.SessionListPath, cur)
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		if res, body := g.do(r); res.StatusCode != http.StatusForbidden {
			t.Errorf("list with %v: %d %s; want 403", hdr, res.StatusCode, body)
		}
	}
	if !loggedInAt(t, g, phone) {
		t.Error("a cross-site request ended a session")
	}
	if res, _ := g.do(request(http.MethodGet, identity.SessionEndPath, cur)); res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET end: %d, want 405", res.StatusCode)
	}
	if res, _, _ := listSessions(t, g, nil); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("list without a session: %d, want 401", res.StatusCode)
	}
}

// Ending sessions needs a recent login; an older one is sent to log in again, back to the
// sessions page of its locale, and nothing is ended.
func TestEndSessionsNeedsAFreshLogin(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, stale := g.loginFrom("DE0000000080", "desktop/Firefox", identity.FreshLoginWindow+time.Second)
	_, phone := g.loginFrom("DE0000000080", "mobile/Safari", 0)
	_, _, list := listSessions(t, g, stale)
	if list.FreshLogin {
		t.Error("the list says the stale login is fresh")
	}
	res, body := endSessions(g, stale, `{"all":true}`, map[string]string{"Referer": "http://localhost/account/sessions/"})
	var re shellstate.ReauthRequired
	_ = json.Unmarshal([]byte(body), &re)
	if res.StatusCode != http.StatusUnauthorized || re.Login != "/login/?return=%2Faccount%2Fsessions%2F&reauth=1" {
		t.Fatalf("stale login: %d %s; want 401 with the step-up login page (reauth=1)", res.StatusCode, body)
	}
	if !loggedInAt(t, g, phone) {
		t.Error("a stale login ended a session")
	}
}

// The end bodies shared with the shell's tests (shellstate/testdata): the valid ones are
// taken, the others answered 400 without ending anything.
func TestEndSessionBodies(t *testing.T) {
	raw, err := os.ReadFile("shellstate/testdata/session-end-requests.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string `json:"name"`
		Body  string `json:"body"`
		Valid bool   `json:"valid"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			g := newTestGateway(t, localIdentity())
			_, cur := g.loginFrom("DE0000000090", "desktop/Firefox", 0)
			_, phone := g.loginFrom("DE0000000090", "mobile/Safari", 0)
			res, body := endSessions(g, cur, c.Body, nil)
			if got := res.StatusCode != http.StatusBadRequest; got != c.Valid {
				t.Errorf("%s: %d %s", c.Body, res.StatusCode, body)
			}
			if !c.Valid && !loggedInAt(t, g, phone) {
				t.Error("an invalid body ended a session")
			}
		})
	}
}

// The list fixture the shell's tests render is a SessionList the edge could send.
func TestSessionListFixtureIsTheContract(t *testing.T) {
	raw, err := os.ReadFile("shellstate/testdata/session-list.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	var list shellstate.SessionList
	if err := dec.Decode(&list); err != nil || len(list.Sessions) == 0 {
		t.Fatalf("fixture: %v", err)
	}
}

// Ending the current session by its own handle is a logout: the cookie is cleared and the
// session is gone on every replica.
func TestEndingTheCurrentSessionLogsOut(t *testing.T) {
	gw := sessionReplicas(t, "redis")
	s, cookie := gw[0].loginFrom("DE0000000120", "desktop/Firefox", 0)
	res, body := endSessions(gw[0], cookie, `{"handle":"`+session.HandleOf(s.ID)+`"}`, nil)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, `"loggedOut":true`) {
		t.Fatalf("end own: %d %s", res.StatusCode, body)
	}
	cleared := false
	for _, c := range res.Cookies() {
		cleared = cleared || (c.Name == cookie.Name && c.MaxAge < 0)
	}
	if !cleared {
		t.Errorf("the session cookie was not cleared: %v", res.Header["Set-Cookie"])
	}
	if loggedInAt(t, gw[1], cookie) {
		t.Error("still logged in on the other replica")
	}
}
