package integration

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// TestRedisOutageLeavesTheLoadBalancerAnUpstream: the shipped shape, two replicas sharing
// Redis behind a Caddy load balancer that health-checks /_shell/readyz. Redis goes down: were
// readiness to follow it, the balancer would take both replicas out and answer 503 to
// everyone, while each replica can still serve every page. Pages keep coming through the
// balancer; each replica's health detail names the session store unreachable.
func TestRedisOutageLeavesTheLoadBalancerAnUpstream(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three bin/shellgate processes and redis-server")
	}
	bin := shellgateBinary(t)
	redisSrv := redistest.Start(t)
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><title>page</title></head><body><main>content of "+r.URL.Path+"</main></body></html>")
	}))
	defer origin.Close()
	lbPort, portA, portB := authtest.FreePort(t), authtest.FreePort(t), authtest.FreePort(t)
	base := fmt.Sprintf("http://localhost:%d", lbPort)
	for _, r := range []struct {
		name string
		port int
	}{{"a", portA}, {"b", portB}} {
		startOperatedGateway(t, bin, fmt.Sprintf("http://localhost:%d", r.port), fmt.Sprintf(`{
	admin off
	persist_config off
}
http://:%d {
	header X-Replica %s
	shell {
		identity {
			providers DEU http://127.0.0.1:1/auth/realms/global
			session_store redis {
				addrs %s
			}
			session_keys c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=
		}
	}
	reverse_proxy %s
}
`, r.port, r.name, redisSrv.Addr, origin.URL))
	}
	startOperatedGateway(t, bin, base, fmt.Sprintf(`{
	admin off
	persist_config off
}
http://localhost:%d {
	reverse_proxy localhost:%d localhost:%d {
		lb_policy round_robin
		health_uri /_shell/readyz
		health_interval 200ms
	}
}
`, lbPort, portA, portB))
	client := &http.Client{Timeout: 10 * time.Second}
	page := func(what string) {
		t.Helper()
		v := visitPage(client, base+"/festgeld/", nil)
		if p := v.noErrorPage(what); p != "" {
			t.Fatal(p)
		}
	}
	page("an anonymous page with redis up")

	redisSrv.Kill()
	// Wait until both replicas' checks have seen Redis gone (readiness caches 2 s) ...
	deadline := time.Now().Add(10 * time.Second)
	for _, port := range []int{portA, portB} {
		for {
			res, err := client.Get(fmt.Sprintf("http://localhost:%d%sreadyz", port, routePrefix))
			if err != nil {
				t.Fatal(err)
			}
			var a readyAnswer
			_ = json.NewDecoder(res.Body).Decode(&a)
			res.Body.Close()
			if a.Dependencies["session_store"] == "unreachable" {
				if res.StatusCode != http.StatusOK {
					t.Fatalf("replica :%d with redis down: readyz %d %+v, want 200 (it can serve)", port, res.StatusCode, a)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("replica :%d never saw redis down: %+v", port, a)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// ... and the balancer has probed them since (health_interval 200ms): it still has both.
	time.Sleep(time.Second)
	for i := range 6 {
		page(fmt.Sprintf("anonymous page %d through the load balancer with redis down", i))
	}
}
