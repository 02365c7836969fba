package shell

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// readyOf asks g's readiness and decodes the answer.
func readyOf(t *testing.T, g *testGateway, target string) (int, readyAnswer) {
	t.Helper()
	res, body := g.do(request(http.MethodGet, target, nil))
	var a readyAnswer
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		t.Fatalf("%s: not JSON (%d): %q", target, res.StatusCode, body)
	}
	return res.StatusCode, a
}

func TestReadiness(t *testing.T) {
	idp := authtest.Start(t, authtest.Options{})
	deadRedis := redistest.Start(t)
	deadRedis.Kill()
	tests := []struct {
		name       string
		identity   *Identity
		wantStatus int
		want       string            // the answer's status
		wantChecks map[string]string // checks that must read so
	}{
		{"no identity: nothing to wait for", nil, http.StatusOK, "ready", map[string]string{"ui": "ok"}},
		{"memory store and a provider that answers", &Identity{Providers: []IdentityProvider{{Region: "DEU", Issuer: idp.Issuer}}},
			http.StatusOK, "ready", map[string]string{"session_store": "ok", "identity_provider DEU": "ok"}},
		{"provider unreachable: degraded, still in the load balancer", localIdentity(),
			http.StatusOK, "degraded", map[string]string{"session_store": "ok", "identity_provider DEU": "unreachable"}},
		{"redis unreachable: not ready", &Identity{
			Providers:    []IdentityProvider{{Region: "DEU", Issuer: idp.Issuer}},
			SessionStore: &SessionStore{Kind: storeRedis, Addrs: []string{deadRedis.Addr}},
			SessionKeys:  "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=",
		}, http.StatusServiceUnavailable, "not-ready", map[string]string{"session_store": "unreachable", "identity_provider DEU": "ok"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGateway(t, tt.identity)
			for _, target := range []string{"/_shell/readyz", "/_shell/healthz?ready"} {
				status, a := readyOf(t, g, target)
				if status != tt.wantStatus || a.Status != tt.want {
					t.Errorf("%s: %d %q, want %d %q (checks %v)", target, status, a.Status, tt.wantStatus, tt.want, a.Checks)
				}
				for name, want := range tt.wantChecks {
					if a.Checks[name] != want {
						t.Errorf("%s: check %q = %q, want %q", target, name, a.Checks[name], want)
					}
				}
				for name, v := range a.Checks {
					if strings.Contains(v, "127.0.0.1") || strings.Contains(v, "localhost") {
						t.Errorf("%s: check %q tells an address to the public: %q", target, name, v)
					}
				}
			}
			// Liveness and the page path do not depend on readiness.
			if res, _ := g.do(request(http.MethodGet, "/_shell/healthz", nil)); res.StatusCode != http.StatusOK {
				t.Errorf("liveness: %d, want 200 whatever readiness says", res.StatusCode)
			}
			if res, page := g.do(request(http.MethodGet, "/festgeld/", nil)); res.StatusCode != http.StatusOK || !strings.Contains(page, `data-shell="header"`) {
				t.Errorf("a public page while readiness is %s: %d, shell spliced: %v", tt.want, res.StatusCode, strings.Contains(page, `data-shell="header"`))
			}
		})
	}
}

func TestReadinessFollowsRedisWithinTheCache(t *testing.T) {
	srv := redistest.Start(t)
	g := newTestGateway(t, &Identity{
		Providers:    []IdentityProvider{{Region: "DEU", Issuer: "http://127.0.0.1:1/auth/realms/global"}},
		SessionStore: &SessionStore{Kind: storeRedis, Addrs: []string{srv.Addr}},
		SessionKeys:  "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=",
	})
	if status, _ := readyOf(t, g, "/_shell/readyz"); status != http.StatusOK {
		t.Fatalf("redis up: %d, want 200", status)
	}
	srv.Kill()
	// Within the cache the last answer stands (probes never pile up on a dead store) ...
	if status, _ := readyOf(t, g, "/_shell/readyz"); status != http.StatusOK {
		t.Errorf("right after redis died: %d, want the cached 200", status)
	}
	// ... and after it the probe sees the store gone, then back.
	time.Sleep(readyCacheFor + 100*time.Millisecond)
	if status, _ := readyOf(t, g, "/_shell/readyz"); status != http.StatusServiceUnavailable {
		t.Errorf("redis down past the cache: %d, want 503", status)
	}
	srv.Restart()
	time.Sleep(readyCacheFor + 100*time.Millisecond)
	if status, a := readyOf(t, g, "/_shell/readyz"); status != http.StatusOK {
		t.Errorf("redis back: %d %v, want 200", status, a)
	}
}
