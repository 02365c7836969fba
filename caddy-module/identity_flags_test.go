package shell

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
)

// flagFileWith writes a flag file naming one flag ("" names none) and gives a Handler option
// that uses it.
func flagFileWith(t *testing.T, name string, on bool) func(*Handler) {
	t.Helper()
	if name == "" {
		return func(*Handler) {}
	}
	path := filepath.Join(t.TempDir(), "flags.json")
	if err := os.WriteFile(path, []byte(`{"flags":{"`+name+`":`+strconv.FormatBool(on)+`}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	return func(h *Handler) { h.FlagFile = path }
}

// Spec 4: the flag userManagementPensionLogout decides whether a logout lands on the pension
// logout target; without the flag, pension_logout_url does (set: there).
func TestPensionLogoutFlagDecidesWhereLogoutLands(t *testing.T) {
	const pension = "https://pension.example/logout"
	tests := []struct {
		name     string
		url      string
		flag     string // "" none, "on", "off"
		location string
	}{
		{"no flag, target set: the target", pension, "", pension},
		{"flag on: the target", pension, "on", pension},
		{"flag off: the login page though a target is set", pension, "off", "/login/"},
		{"flag on without a target: the login page", "", "on", "/login/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := ""
			if tt.flag != "" {
				name = identity.PensionLogoutFlag
			}
			id := localIdentity()
			id.PensionLogoutURL = tt.url
			g := newTestGatewayAt(t, id, newFakeClock(), flagFileWith(t, name, tt.flag == "on"))
			_, cookie := g.plantSession("4711", time.Hour)
			r := sameOriginPost("/_shell/auth/logout", cookie)
			r.Body = http.NoBody
			res, _ := g.do(r)
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != tt.location {
				t.Fatalf("%d to %q, want 303 to %q", res.StatusCode, res.Header.Get("Location"), tt.location)
			}
		})
	}
}

// Spec 4: the flag umtFECallKeycloakLogoutOnSessionTimeout decides whether a session that
// times out (found idle on a request, or the countdown's expired logout) also ends at the
// provider; keycloak_logout is only the default. A logout the customer asks for always does.
func TestTimeoutLogoutFlagDecidesTheProviderLogout(t *testing.T) {
	idle := func(t *testing.T, gw *liveGateway, b *authtest.Browser) {
		gw.clock.Advance(identity.DefaultIdleTimeout + time.Second)
		if st := gw.state(t, b, "/"); st.IsLoggedIn {
			t.Fatal("still logged in after the idle timeout")
		}
	}
	expired := func(t *testing.T, gw *liveGateway, b *authtest.Browser) {
		if res, _ := gw.post(t, b, "/_shell/auth/logout", url.Values{"reason": {"expired"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("expired logout: %d", res.StatusCode)
		}
	}
	asked := func(t *testing.T, gw *liveGateway, b *authtest.Browser) {
		if res, _ := gw.post(t, b, "/_shell/auth/logout", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("logout: %d", res.StatusCode)
		}
	}
	tests := []struct {
		name   string
		option bool
		flag   string // "" none, "on", "off"
		end    func(*testing.T, *liveGateway, *authtest.Browser)
		want   int
	}{
		{"idle, option on, flag off: no provider logout", true, "off", idle, 0},
		{"idle, option off, flag on: provider logout", false, "on", idle, 1},
		{"idle, option on, no flag: provider logout", true, "", idle, 1},
		{"countdown's end, option on, flag off: no provider logout", true, "off", expired, 0},
		{"countdown's end, option off, flag on: provider logout", false, "on", expired, 1},
		{"asked, flag off: provider logout all the same", true, "off", asked, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := ""
			if tt.flag != "" {
				name = identity.TimeoutLogoutFlag
			}
			rig := newIdentityRig(t, 1, authtest.Options{}, func(id *identity.Config) {
				id.Providers[0].Logout = "keycloak"
				id.KeycloakLogout = &tt.option
			}, flagFileWith(t, name, tt.flag == "on"))
			gw := rig.replicas[0]
			b := newBrowser()
			gw.login(t, b, "/login/")
			rig.idp.ResetStats(t)
			tt.end(t, gw, b)
			// A session found timed out on a request ends at the provider before the answer.
			if got := rig.idp.Stats(t).Logout; got != tt.want {
				t.Errorf("%d provider logouts, want %d", got, tt.want)
			}
		})
	}
}
