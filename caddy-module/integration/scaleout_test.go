package integration

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// The scale-out test of issue 6, in the shape of deploy/compose.yaml: a Caddy load balancer
// (bin/shellgate with a plain reverse_proxy config) in front of two shellgate replicas that
// share one redis-server, the dev IdP and an origin. A customer's journey (login, pages,
// extend, logout) goes through the load balancer and so to both replicas; replica B is
// killed and restarted in the middle. Nothing may be lost and no step may see an error page.
func TestScaleOutJourneySurvivesAReplicaRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three bin/shellgate processes, redis-server and the dev IdP")
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
	idp := authtest.Start(t, authtest.Options{RedirectURIs: []string{base + callbackPath}})
	replicaConfig := func(name string, port int) string {
		return fmt.Sprintf(`{
	admin off
	persist_config off
}
http://:%d {
	header X-Replica %s
	shell {
		identity {
			providers DEU %s
			session_store redis {
				addrs %s
			}
			session_keys c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=
			login_hosts localhost
		}
	}
	reverse_proxy %s
}
`, port, name, idp.Issuer, redisSrv.Addr, origin.URL)
	}
	startB := func() *replica {
		return startOperatedGateway(t, bin, fmt.Sprintf("http://localhost:%d", portB), replicaConfig("b", portB))
	}
	startOperatedGateway(t, bin, fmt.Sprintf("http://localhost:%d", portA), replicaConfig("a", portA))
	b := startB()
	// The load balancer as in deploy/compose.yaml: round robin, a dead replica retried on the
	// other at once and left alone while its readiness fails.
	startOperatedGateway(t, bin, base, fmt.Sprintf(`{
	admin off
	persist_config off
}
http://localhost:%d {
	reverse_proxy localhost:%d localhost:%d {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 50ms
		fail_duration 5s
		health_uri /_shell/readyz
		health_interval 500ms
	}
}
`, lbPort, portA, portB))

	browser := authtest.NewBrowser()
	client := &http.Client{Timeout: 15 * time.Second}
	seen := map[string]int{} // pages served per replica
	step := func(what, path string, wantLoggedIn bool) {
		t.Helper()
		v := visitPage(client, base+path, cookieOf(t, browser, base))
		if p := v.noErrorPage(what); p != "" {
			t.Fatal(p)
		}
		if v.loggedIn != wantLoggedIn {
			t.Fatalf("%s: logged in %v, want %v", what, v.loggedIn, wantLoggedIn)
		}
		seen[v.replica]++
	}

	step("an anonymous page", "/festgeld/", false)
	loginThrough(t, browser, base)
	for i := range 6 {
		step("a page after the login", fmt.Sprintf("/konto/page-%d/", i), true)
	}
	if seen["a"] == 0 || seen["b"] == 0 {
		t.Fatalf("the journey did not spread over both replicas: %v", seen)
	}
	extend := func(what string) {
		t.Helper()
		res, body, err := postShell(client, base, routePrefix+"session/extend", cookieOf(t, browser, base), nil)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %v %v %s", what, res, err, body)
		}
	}
	extend("extend the session")

	b.kill() // B crashes mid-journey
	for i := range 6 {
		step("a page with replica B down", fmt.Sprintf("/konto/down-%d/", i), true)
	}
	extend("extend with replica B down")

	b = startB()
	before := seen["b"]
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; seen["b"] == before; i++ {
		if time.Now().After(deadline) {
			t.Fatalf("the load balancer never sent a page to the restarted replica: %v", seen)
		}
		step("a page after replica B restarted", fmt.Sprintf("/konto/back-%d/", i), true)
		time.Sleep(100 * time.Millisecond)
	}
	extend("extend after the restart")
	for i := range 4 {
		step("a page after the restart", fmt.Sprintf("/konto/again-%d/", i), true)
	}

	res, body, err := postShell(client, base, routePrefix+"auth/logout", cookieOf(t, browser, base), url.Values{})
	if err != nil || res.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %v %v %s", res, err, body)
	}
	// Logged out everywhere: through the load balancer and on each replica directly.
	for i := range 4 {
		step("a page after the logout", fmt.Sprintf("/festgeld/out-%d/", i), false)
	}
	for _, port := range []int{portA, portB} {
		if v := visitPage(client, fmt.Sprintf("http://localhost:%d/festgeld/", port), cookieOf(t, browser, base)); v.loggedIn {
			t.Errorf("replica on %d still shows the customer logged in after the logout", port)
		}
	}
	t.Logf("pages per replica: %v", seen)
	if strings.Contains(b.logText(), "panic") {
		t.Error("replica B logged a panic")
	}
}
