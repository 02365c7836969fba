package shell

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/identity"

	dto "github.com/prometheus/client_model/go"

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
		identity   *identity.Config
		wantStatus int
		want       string            // the answer's status
		wantChecks map[string]string // checks and dependencies that must read so
	}{
		{"no identity: nothing to wait for", nil, http.StatusOK, "ready", map[string]string{"ui": "ok", "config": "ok"}},
		{"memory store and a provider that answers", &identity.Config{Providers: []identity.Provider{{Region: "DEU", Issuer: idp.Issuer}}},
			http.StatusOK, "ready", map[string]string{"ui": "ok", "identity_provider DEU": "ok"}},
		{"provider unreachable: degraded, still in the load balancer", localIdentity(),
			http.StatusOK, "degraded", map[string]string{"ui": "ok", "identity_provider DEU": "unreachable"}},
		{"redis unreachable: degraded, still in the load balancer", &identity.Config{
			Providers:    []identity.Provider{{Region: "DEU", Issuer: idp.Issuer}},
			SessionStore: &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{deadRedis.Addr}},
			SessionKeys:  "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=",
		}, http.StatusOK, "degraded", map[string]string{"ui": "ok", "session_store": "unreachable", "identity_provider DEU": "ok"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGateway(t, tt.identity)
			for _, target := range []string{"/_shell/readyz", "/_shell/healthz?ready"} {
				status, a := readyOf(t, g, target)
				if status != tt.wantStatus || a.Status != tt.want {
					t.Errorf("%s: %d %q, want %d %q (checks %v, dependencies %v)", target, status, a.Status, tt.wantStatus, tt.want, a.Checks, a.Dependencies)
				}
				for name, want := range tt.wantChecks {
					got, ok := a.Checks[name]
					if !ok {
						got = a.Dependencies[name]
					}
					if got != want {
						t.Errorf("%s: check %q = %q, want %q", target, name, got, want)
					}
				}
				for name, v := range a.Dependencies {
					if strings.Contains(v, "127.0.0.1") || strings.Contains(v, "localhost") {
						t.Errorf("%s: dependency %q tells an address to the public: %q", target, name, v)
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

// TestReadinessFailsWithoutTheUIBundle: a replica that cannot splice the shell is taken out.
func TestReadinessFailsWithoutTheUIBundle(t *testing.T) {
	g := newTestGateway(t, nil)
	g.h.bundle = nil
	if status, a := readyOf(t, g, "/_shell/readyz"); status != http.StatusServiceUnavailable || a.Checks["ui"] == "ok" {
		t.Fatalf("no UI bundle: %d %+v, want 503 with the ui check failed", status, a)
	}
}

// healthOf reads the liveness answer with its dependency detail.
func healthOf(t *testing.T, g *testGateway) (int, map[string]string) {
	t.Helper()
	res, body := g.do(request(http.MethodGet, "/_shell/healthz", nil))
	var a struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal([]byte(body), &a); err != nil {
		t.Fatalf("healthz: not JSON (%d): %q", res.StatusCode, body)
	}
	return res.StatusCode, a.Dependencies
}

// TestRedisOutageKeepsEveryReplicaInTheLoadBalancer: Redis is shared by every replica; were
// its outage to make them all not ready, a load balancer health-checking /_shell/readyz
// would have no upstream left and answer 503 to everyone, while each replica can still serve
// every page. Readiness stays 200; the outage shows in the health detail and the gauge.
func TestRedisOutageKeepsEveryReplicaInTheLoadBalancer(t *testing.T) {
	srv := redistest.Start(t)
	g := newTestGateway(t, &identity.Config{
		Providers:    []identity.Provider{{Region: "DEU", Issuer: "http://127.0.0.1:1/auth/realms/global"}},
		SessionStore: &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{srv.Addr}},
		SessionKeys:  "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=",
	})
	redisUp := func() float64 {
		var m dto.Metric
		if err := shellMetrics.dependencyUp.WithLabelValues("redis", "").Write(&m); err != nil {
			t.Fatal(err)
		}
		return m.GetGauge().GetValue()
	}
	if status, a := readyOf(t, g, "/_shell/readyz"); status != http.StatusOK || a.Dependencies["session_store"] != "ok" {
		t.Fatalf("redis up: %d %+v, want 200 with the session store ok", status, a)
	}
	if up := redisUp(); up != 1 {
		t.Errorf("shellgate_dependency_up{dependency=redis} = %v with redis up, want 1", up)
	}
	srv.Kill()
	// Within the cache the last answer stands (probes never pile up on a dead store) ...
	if status, a := readyOf(t, g, "/_shell/readyz"); status != http.StatusOK || a.Dependencies["session_store"] != "ok" {
		t.Errorf("right after redis died: %d %+v, want the cached answer", status, a)
	}
	// ... and after it the probe sees the store gone: still ready, the detail says so.
	g.clock.Advance(readyCacheFor + time.Second)
	status, a := readyOf(t, g, "/_shell/readyz")
	if status != http.StatusOK || a.Status != "degraded" || a.Dependencies["session_store"] != "unreachable" {
		t.Errorf("redis down: readyz %d %+v, want 200, degraded, session_store unreachable", status, a)
	}
	if up := redisUp(); up != 0 {
		t.Errorf("shellgate_dependency_up{dependency=redis} = %v with redis down, want 0", up)
	}
	if status, deps := healthOf(t, g); status != http.StatusOK || deps["session_store"] != "unreachable" {
		t.Errorf("redis down: healthz %d dependencies %v, want 200 naming the session store unreachable", status, deps)
	}
	if res, page := g.do(navigate("/festgeld/", nil)); res.StatusCode != http.StatusOK || !strings.Contains(page, `data-shell="header"`) {
		t.Errorf("an anonymous page with redis down: %d, want 200 with the shell", res.StatusCode)
	}
	srv.Restart()
	g.clock.Advance(readyCacheFor + time.Second)
	if status, a := readyOf(t, g, "/_shell/readyz"); status != http.StatusOK || a.Dependencies["session_store"] != "ok" {
		t.Errorf("redis back: %d %+v, want 200 with the session store ok", status, a)
	}
}
