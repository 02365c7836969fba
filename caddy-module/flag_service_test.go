package shell

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/identity"
)

// flagServiceFake is a local OFREP flag service: it answers with answer and keeps the
// contexts it was sent.
type flagServiceFake struct {
	*httptest.Server
	mu   sync.Mutex
	sent []string
}

func newFlagServiceFake(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) *flagServiceFake {
	t.Helper()
	f := &flagServiceFake{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.sent = append(f.sent, string(b))
		f.mu.Unlock()
		answer(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

func ofrepAnswer(flags string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ofrep/v1/evaluate/flags" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"flags":`+flags+`}`)
	}
}

// withFlagService is a Handler option: the flag service at url, waited for at most timeout.
func withFlagService(url string, timeout time.Duration) func(*Handler) {
	return func(h *Handler) {
		h.FlagService = &FlagService{URL: url, Timeout: caddy.Duration(timeout)}
	}
}

// answeringService is the timeout of tests whose service answers: the longest the option
// allows, for a first connection under a loaded machine's -race run (100 ms was not, in a
// fresh clone's make test), so only what the service says decides them; the tests of a slow
// service set their own.
const answeringService = 2 * time.Second

// pageNavigation is a browser's navigation to path.
func pageNavigation(path string, cookie *http.Cookie) *http.Request {
	r := request(http.MethodGet, path, cookie)
	r.Header.Set("Sec-Fetch-Dest", "document")
	r.Header.Set("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")
	return r
}

// The service's flags reach the page (over the flag file's, here the built-in defaults), and
// what it was sent is the spec's context: the device, the locale.
func TestFlagServiceDecidesAPagesFlags(t *testing.T) {
	svc := newFlagServiceFake(t, ofrepAnswer(`[{"key":"mobileAppBanner","value":false},{"key":"b2cUseNewDashboard","value":true}]`))
	g := newTestGatewayAt(t, localIdentity(), newFakeClock(), withFlagService(svc.URL, answeringService))
	res, page := g.do(pageNavigation("/festgeld/", nil))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("page: %d", res.StatusCode)
	}
	st := pageState(t, page)
	if st.Flags["mobileAppBanner"] || !st.Flags["b2cUseNewDashboard"] {
		t.Errorf("page flags %v, want the service's mobileAppBanner off and b2cUseNewDashboard on", st.Flags)
	}
	if len(svc.sent) != 1 {
		t.Fatalf("%d calls to the service, want 1", len(svc.sent))
	}
	var body struct{ Context map[string]string }
	if err := json.Unmarshal([]byte(svc.sent[0]), &body); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(body.Context["targetingKey"], "device-") || body.Context["deviceKind"] != "mobile" || body.Context["locale"] != "de-de" || len(body.Context) != 3 {
		t.Errorf("context sent %v, want the device id, its kind and the locale", body.Context)
	}
}

// A slow, failing or nonsensical service never slows a page past the timeout nor breaks it:
// the page carries the flag file's flags, and the log says the send failed without the context.
func TestFlagServiceNeverBreaksAPage(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	tests := []struct {
		name   string
		answer func(http.ResponseWriter, *http.Request)
	}{
		{"slow", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}},
		{"503", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) }},
		{"not OFREP", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "<html>oops") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFlagServiceFake(t, tt.answer)
			g := newTestGatewayAt(t, localIdentity(), newFakeClock(), withFlagService(svc.URL, 100*time.Millisecond))
			g.h.edgeFlags.service.logger = g.h.logger
			device := &http.Cookie{Name: deviceCookie, Value: "device-0b5c4e1e-7d3f-4c39-9f47-0f2f1c1a9d10"}
			start := time.Now()
			res, page := g.do(pageNavigation("/festgeld/", device))
			if took := time.Since(start); took > time.Second {
				t.Errorf("the page took %s, want at most about the timeout (100ms)", took)
			}
			if res.StatusCode != http.StatusOK {
				t.Fatalf("page: %d", res.StatusCode)
			}
			if st := pageState(t, page); !st.Flags["mobileAppBanner"] {
				t.Errorf("page flags %v, want the flag file's (mobileAppBanner on)", st.Flags)
			}
			logged := g.logs.FilterMessageSnippet("feature-flag context send failed").All()
			if len(logged) != 1 {
				t.Fatalf("%d failure logs, want 1", len(logged))
			}
			for _, e := range g.logs.All() {
				for _, f := range e.Context {
					if strings.Contains(f.String, "device-") || strings.Contains(f.String, "0b5c4e1e") {
						t.Errorf("log %q names the device: %v", e.Message, f)
					}
				}
			}
		})
	}
}

// Flags that do nothing no more (spec 4): the service's userManagementPensionLogout off sends
// a logout to the login page though pension_logout_url is set.
func TestFlagServiceDecidesThePensionLogout(t *testing.T) {
	for _, on := range []bool{true, false} {
		want := "/login/"
		if on {
			want = "https://pension.example/logout"
		}
		value := "false"
		if on {
			value = "true"
		}
		svc := newFlagServiceFake(t, ofrepAnswer(`[{"key":"`+identity.PensionLogoutFlag+`","value":`+value+`}]`))
		id := localIdentity()
		id.PensionLogoutURL = "https://pension.example/logout"
		g := newTestGatewayAt(t, id, newFakeClock(), withFlagService(svc.URL, answeringService))
		_, cookie := g.plantSession("4711", time.Hour)
		r := sameOriginPost("/_shell/auth/logout", cookie)
		r.Body = http.NoBody
		if res, _ := g.do(r); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
			t.Errorf("flag %v: %d to %q, want 303 to %q", on, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
}

// flag_service says what to write when it is wrong.
func TestFlagServiceOptionsSayWhatToChange(t *testing.T) {
	tests := []struct {
		name, block, want string
	}{
		{"no URL", "flag_service", "flag_service takes the service's base URL"},
		{"not a URL", "flag_service flags.example.com", "is not the flag service's base URL; give e.g. flag_service https://flags.example.com"},
		{"two URLs", "flag_service https://a.example https://b.example", "flag_service takes one URL"},
		{"unknown option", "flag_service https://flags.example.com {\n ttl 1s\n}", `unknown flag_service option "ttl"; the options are timeout, cache_ttl and backoff`},
		{"not a duration", "flag_service https://flags.example.com {\n timeout soon\n}", `timeout "soon" is not a duration`},
		{"timeout too long", "flag_service https://flags.example.com {\n timeout 5s\n}", "flag_service timeout 5s is out of range; give a duration from 1ms to 2s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := validateShellBlock(t, tt.block); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
	if err := validateShellBlock(t, "flag_service https://flags.example.com {\n timeout 200ms\n cache_ttl 1m\n backoff 30s\n}"); err != nil {
		t.Errorf("a good flag_service block: %v", err)
	}
}
