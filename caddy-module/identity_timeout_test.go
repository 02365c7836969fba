package shell

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// Idle time as a bank's auditor reads ASVS 4.0.3 3.3.2: it is the customer's own; the shell's
// automatic extension refreshes the token and is not activity.

// extendRequest is one case of caddy-module/shellstate/testdata/extend-requests.json: the
// body the shell sends to /_shell/session/extend, as its own test checks it builds
// (shell-ui/src/session/sessionEndpoints.test.ts).
type extendRequest struct {
	Name        string `json:"name"`
	ByCustomer  bool   `json:"byCustomer"`
	ContentType string `json:"contentType"`
	Body        string `json:"body"`
}

func extendRequests(t *testing.T) []extendRequest {
	t.Helper()
	raw, err := os.ReadFile("shellstate/testdata/extend-requests.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []extendRequest
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 2 {
		t.Fatalf("%d extend cases, want the automatic and the customer's", len(cases))
	}
	return cases
}

// shellExtend is the shell's extension as it sends it: automatic or a press on the button.
func shellExtend(t *testing.T, cases []extendRequest, byCustomer bool) extendRequest {
	t.Helper()
	for _, c := range cases {
		if c.ByCustomer == byCustomer {
			return c
		}
	}
	t.Fatalf("no extend case with byCustomer %v", byCustomer)
	return extendRequest{}
}

func (lg *liveGateway) postExtend(t *testing.T, b *authtest.Browser, req extendRequest) (*http.Response, string) {
	t.Helper()
	r, _ := http.NewRequest(http.MethodPost, lg.srv.URL+"/_shell/session/extend", strings.NewReader(req.Body))
	if req.ContentType != "" {
		r.Header.Set("Content-Type", req.ContentType)
	}
	r.Header.Set("Accept", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("Origin", lg.srv.URL)
	return send(t, b, r)
}

// An unattended tab: the shell extends the 300 s token by itself every 3 minutes (at 120 s
// left) and nothing else happens. With the 5-minute idle timeout the session must end at its
// idle expiry; before, each automatic extension counted as activity and the session lived
// until the provider's maximum.
func TestAutomaticExtensionNeverKeepsAnUnattendedTabAlive(t *testing.T) {
	cases := extendRequests(t)
	for _, tt := range []struct {
		name string
		req  extendRequest
	}{
		{"the shell's automatic extension", shellExtend(t, cases, false)},
		{"no body, as a shell from before the body sends it", extendRequest{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, nil)
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			s, err := gw.storedSession(t, b)
			if err != nil {
				t.Fatal(err)
			}
			loggedInAt := s.LastActivity

			rig.dueIn(t, s, 120*time.Second) // 3 minutes after the login
			res, body := gw.postExtend(t, b, tt.req)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("first automatic extension: %d %s", res.StatusCode, body)
			}
			var timing shellstate.Session
			if err := json.Unmarshal([]byte(body), &timing); err != nil {
				t.Fatal(err)
			}
			if got := time.UnixMilli(timing.IdleExpiresAt); !got.Equal(loggedInAt.Add(identity.DefaultIdleTimeout).Truncate(time.Millisecond)) {
				t.Errorf("an automatic extension moved the idle expiry to %s, want %s (login + idle timeout)", got, loggedInAt.Add(identity.DefaultIdleTimeout))
			}
			s, _ = gw.storedSession(t, b)
			rig.dueIn(t, s, 120*time.Second) // 6 minutes after the login, 1 past the idle expiry
			if res, body := gw.postExtend(t, b, tt.req); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("automatic extension 6 minutes after the last activity: %d %s, want 401 (idled out)", res.StatusCode, body)
			}
			if st := gw.state(t, b, "/"); st.IsLoggedIn {
				t.Error("the unattended tab is still logged in past the idle timeout")
			}
			if res, _ := browse(t, b, gw.srv.URL+"/documents/"); res.StatusCode != http.StatusFound {
				t.Errorf("protected page after the idle timeout: %d, want 302 to login", res.StatusCode)
			}
		})
	}
}

// A press on "Extend session" is the customer's activity: it restarts the idle clock, and an
// automatic extension after it does not.
func TestExtendPressedByTheCustomerIsActivity(t *testing.T) {
	cases := extendRequests(t)
	rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, nil)
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	s, _ := gw.storedSession(t, b)

	rig.dueIn(t, s, 120*time.Second) // 3 minutes: the customer presses the button
	pressedAt := gw.clock.Now()
	res, body := gw.postExtend(t, b, shellExtend(t, cases, true))
	var timing shellstate.Session
	if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &timing) != nil {
		t.Fatalf("extend: %d %s", res.StatusCode, body)
	}
	if idle := time.UnixMilli(timing.IdleExpiresAt).Sub(pressedAt); idle != identity.DefaultIdleTimeout {
		t.Errorf("after the press the idle expiry is %s away, want %s", idle, identity.DefaultIdleTimeout)
	}
	s, _ = gw.storedSession(t, b)
	rig.dueIn(t, s, 120*time.Second) // 6 minutes: 3 after the press, an automatic extension
	if res, body := gw.postExtend(t, b, shellExtend(t, cases, false)); res.StatusCode != http.StatusOK {
		t.Fatalf("automatic extension 3 minutes after the press: %d %s", res.StatusCode, body)
	}
	s, _ = gw.storedSession(t, b)
	rig.dueIn(t, s, 120*time.Second) // 9 minutes: 6 after the press
	if res, body := gw.postExtend(t, b, shellExtend(t, cases, false)); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("automatic extension 6 minutes after the press: %d %s, want 401", res.StatusCode, body)
	}
}

// Bodies that are not the contract's are refused with 400, never a 5xx, and end nothing.
func TestExtendRefusesHostileBodies(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("4711", time.Hour)
	for _, tt := range []struct{ name, body string }{
		{"not JSON", "byCustomer=true"},
		{"cut short", `{"byCustomer":`},
		{"wrong type", `{"byCustomer":"yes"}`},
		{"too long", `{"byCustomer":true,"pad":"` + strings.Repeat("x", 4096) + `"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "http://localhost/_shell/session/extend", strings.NewReader(tt.body))
			r.AddCookie(cookie)
			r.Header.Set("Sec-Fetch-Site", "same-origin")
			r.Header.Set("Origin", "http://localhost")
			r.Header.Set("Content-Type", "application/json")
			res, body := g.do(r)
			if res.StatusCode != http.StatusBadRequest {
				t.Fatalf("%d %s, want 400", res.StatusCode, body)
			}
		})
	}
	if _, err := g.h.Identity.Store().Get(context.Background(), s.ID); err != nil {
		t.Errorf("a refused body ended the session: %v", err)
	}
}

// Each extension costs the provider one refresh: the extend request's own identity step must
// not refresh the due token beside (or before) the route refreshing it again. Before, an
// automatic extension of a due token refreshed twice, spending a refresh token per call.
func TestExtendNeverRefreshesTwiceAtTheProvider(t *testing.T) {
	cases := extendRequests(t)
	for _, tt := range []struct {
		name       string
		byCustomer bool
		left       time.Duration // the access token's time left when the shell extends
	}{
		{"automatic, the token due (the shell's 120 s)", false, 120 * time.Second},
		{"automatic, the token about to expire", false, 3 * time.Second},
		{"the customer's press, the token not due", true, 250 * time.Second},
		{"the customer's press, the token about to expire", true, 3 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rig := newIdentityRig(t, 1, authtest.Options{AccessTTL: 300 * time.Second}, nil)
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			s, err := gw.storedSession(t, b)
			if err != nil {
				t.Fatal(err)
			}
			rig.idp.ResetStats(t)
			rig.dueIn(t, s, tt.left)
			res, body := gw.postExtend(t, b, shellExtend(t, cases, tt.byCustomer))
			var timing shellstate.Session
			if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &timing) != nil {
				t.Fatalf("extend: %d %s", res.StatusCode, body)
			}
			rig.settle() // any refresh started beside the request lands
			if left := time.UnixMilli(timing.ExpiresAt).Sub(gw.clock.Now()); left < 250*time.Second {
				t.Errorf("after the extension the token has %s left, want about 300s", left)
			}
			stats := rig.idp.Stats(t)
			if stats.Token.RefreshToken != 1 || stats.RefreshRejected != 0 {
				t.Errorf("one extension made %d refresh calls at the provider (%d rejected), want exactly 1",
					stats.Token.RefreshToken, stats.RefreshRejected)
			}
			if st := gw.state(t, b, "/"); !st.IsLoggedIn {
				t.Error("logged out after the extension")
			}
			rig.settle()
			if n := rig.idp.Stats(t).Token.RefreshToken; n != 1 {
				t.Errorf("a page after the extension made the refresh calls %d, want still 1", n)
			}
		})
	}
}
