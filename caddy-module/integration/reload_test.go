package integration

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// An operator's `caddy reload` (the admin API's /load) with a changed config while
// customers browse: no request dropped, the slow page in flight finishes whole, every
// session kept (in-process and Redis stores), metrics counted on across the reload.
func TestReloadKeepsSessionsAndRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bin/shellgate and the dev IdP")
	}
	bin := shellgateBinary(t)
	redisSrv := redistest.Start(t)
	for _, store := range []struct{ name, block string }{
		{"in-process store", ""},
		{"redis store", fmt.Sprintf("session_store redis {\n\t\t\t\taddrs %s\n\t\t\t}\n\t\t\tsession_keys c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=", redisSrv.Addr)},
	} {
		t.Run(store.name, func(t *testing.T) { reloadUnderLoad(t, bin, store.block) })
	}
}

// reloadUnderLoad runs the reload test with the identity block's store lines storeBlock.
func reloadUnderLoad(t *testing.T, bin, storeBlock string) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/plain.txt":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "plain")
			return
		case "/slow/":
			// The head goes out at once, the rest after the reload has happened.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, "<!doctype html><html><head><title>slow</title></head><body><main>first half")
			w.(http.Flusher).Flush()
			time.Sleep(3 * time.Second)
			io.WriteString(w, " second half</main></body></html>")
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><title>page</title></head><body><main>content of "+r.URL.Path+"</main></body></html>")
	}))
	defer origin.Close()
	port, adminPort := authtest.FreePort(t), authtest.FreePort(t)
	base, admin := fmt.Sprintf("http://localhost:%d", port), fmt.Sprintf("http://localhost:%d", adminPort)
	idp := authtest.Start(t, authtest.Options{RedirectURIs: []string{base + callbackPath}})
	config := func(design string) string {
		return fmt.Sprintf(`{
	admin localhost:%d
	persist_config off
}
http://localhost:%d {
	shell {
		design_version %s
		identity {
			providers DEU %s
			login_hosts localhost
			%s
		}
	}
	reverse_proxy %s {
		flush_interval -1
	}
}
`, adminPort, port, design, idp.Issuer, storeBlock, origin.URL)
	}
	gw := startOperatedGateway(t, bin, base, config("v1"))

	b := authtest.NewBrowser()
	cookie := loginThrough(t, b, base)
	client := &http.Client{Timeout: 20 * time.Second}
	if v := visitPage(client, base+"/festgeld/", cookie); !v.loggedIn {
		t.Fatalf("not logged in before the reload: %d", v.status)
	}
	visitPage(client, base+"/plain.txt", nil)
	before := scrapeUntil(t, admin, func(m map[string]float64) bool {
		return m[`shellgate_pages_total{outcome="spliced",reason=""}`] >= 1
	})
	if before[`shellgate_pages_total{outcome="spliced",reason=""}`] < 1 {
		t.Fatalf("metrics before the reload count no spliced page: %v", before)
	}
	if n, ok := before[`shellgate_pages_total{outcome="passed",reason="not-html"}`]; ok {
		t.Errorf("the plain-text file is counted as a page (passed, not-html: %v): pages_total counts pages only", n)
	}
	if storeBlock == "" && before["shellgate_sessions_in_process"] < 1 {
		t.Errorf("sessions_in_process = %v with a customer logged in", before["shellgate_sessions_in_process"])
	}

	// Caddy binds each config's listener with SO_REUSEPORT and closes the old one once the
	// new one serves; Linux resets the connections still queued on the closing one unless
	// net.ipv4.tcp_migrate_req hands them to the new one (README: Upgrade and reload). On a
	// host without it a connection reset before any answer is the kernel's, counted apart.
	migrates := tcpMigratesRequests()
	resets := 0

	// A slow page in flight and a stream of customers' pages across the reload.
	slow := make(chan pageVisit, 1)
	go func() { slow <- visitPage(client, base+"/slow/", cookie) }()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var problems []string
	served := 0
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				v := visitPage(client, fmt.Sprintf("%s/page-%d/", base, i), cookie)
				mu.Lock()
				served++
				if v.reset() && !migrates {
					resets++
				} else if p := v.noErrorPage("a page during the reload"); p != "" {
					problems = append(problems, p)
				} else if !v.loggedIn {
					problems = append(problems, "a page during the reload went out logged out")
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	req, _ := http.NewRequest(http.MethodPost, admin+"/load", strings.NewReader(config("v2")))
	req.Header.Set("Content-Type", "text/caddyfile")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("reload: %v", err)
	}
	msg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("reload: %d %s", res.StatusCode, msg)
	}
	time.Sleep(700 * time.Millisecond)
	close(stop)
	wg.Wait()
	for _, p := range problems {
		t.Error(p)
	}
	if served < 10 {
		t.Errorf("only %d pages served across the reload; the stream stalled", served)
	}
	if resets > 0 {
		t.Logf("%d of %d connections reset before an answer as the old listener closed (net.ipv4.tcp_migrate_req is off here)", resets, served)
	}
	if resets > served/100 {
		t.Errorf("%d of %d connections reset during the reload: more than the listener handover explains", resets, served)
	}

	v := <-slow
	if p := v.noErrorPage("the slow page in flight"); p != "" {
		t.Error(p)
	} else if !strings.Contains(v.body, "first half second half") || !strings.Contains(v.body, `<div data-shell="footer">`) {
		t.Errorf("the slow page in flight was cut: %q", v.body)
	}

	after := visitPage(client, base+"/festgeld/", cookie)
	if !after.loggedIn {
		t.Error("the customer is logged out after the reload")
	}
	if !strings.Contains(after.body, `"designVersion":"v2"`) {
		t.Error("the reload did not take effect: designVersion is not v2")
	}
	spliced := `shellgate_pages_total{outcome="spliced",reason=""}`
	metrics := scrapeUntil(t, admin, func(m map[string]float64) bool { return m[spliced] >= before[spliced]+float64(served) })
	if metrics[spliced] < before[spliced]+float64(served) {
		t.Errorf("spliced pages after the reload %v < %v before + %d served: counters fell back", metrics[spliced], before[spliced], served)
	}
	t.Logf("%d pages served across the reload; spliced pages counted %v before, %v after", served, before[spliced], metrics[spliced])
	if storeBlock == "" && metrics["shellgate_sessions_in_process"] < 1 {
		t.Error("sessions_in_process is 0 after the reload with a customer logged in")
	}
	if strings.Contains(gw.logText(), "panic") {
		t.Error("the gateway logged a panic")
	}
}

// tcpMigratesRequests tells whether Linux hands connections queued on a closing SO_REUSEPORT
// listener to another listener of its group instead of resetting them.
func tcpMigratesRequests() bool {
	b, err := os.ReadFile("/proc/sys/net/ipv4/tcp_migrate_req")
	return err == nil && strings.TrimSpace(string(b)) == "1"
}
