package integration

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Operating tests run bin/shellgate as operators do, with a Caddyfile of their own: the
// admin endpoint on (metrics, reload), a real origin behind reverse_proxy. The replica type
// and shellgateBinary are in harness_test.go.

// startOperatedGateway runs bin/shellgate with caddyfile and waits for base's liveness; every
// multi-process test starts its gateways with it.
func startOperatedGateway(t *testing.T, bin, base, caddyfile string) *replica {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(cfg, []byte(caddyfile), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &replica{base: base, done: make(chan struct{}), log: new(bytes.Buffer), mu: new(sync.Mutex)}
	r.cmd = exec.Command(bin, "run", "--config", cfg, "--adapter", "caddyfile")
	r.cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	w := &lockedBuffer{r}
	r.cmd.Stdout, r.cmd.Stderr = w, w
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = r.cmd.Wait(); close(r.done) }()
	t.Cleanup(func() {
		r.kill()
		if t.Failed() {
			t.Logf("gateway %s log:\n%s", r.base, r.logText())
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(r.base + "/_shell/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return r
			}
		}
		select {
		case <-r.done:
			t.Fatalf("gateway %s exited: %s", r.base, r.logText())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("gateway %s not up after 20s: %v\n%s", r.base, err, r.logText())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// loginThrough logs the demo customer in through the gateway at base and gives the
// session cookie.
func loginThrough(t *testing.T, b *authtest.Browser, base string) *http.Cookie {
	t.Helper()
	res, body := browse(t, b, base+"/login/")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("login start: %d %s", res.StatusCode, body)
	}
	callback := b.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
	if res, body = browse(t, b, callback.String()); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d %s", res.StatusCode, body)
	}
	u, _ := url.Parse(base)
	for _, c := range b.Client.Jar.Cookies(u) {
		if c.Name == session.LocalCookieName {
			return c
		}
	}
	t.Fatal("no session cookie after the login")
	return nil
}

// cookieOf gives the browser's session cookie for base, nil when it has none. The test's own
// requests send it by hand, so a logout does not take it from the browser's jar: it must stop
// working at the edge.
func cookieOf(t *testing.T, b *authtest.Browser, base string) *http.Cookie {
	t.Helper()
	u, _ := url.Parse(base)
	for _, c := range b.Client.Jar.Cookies(u) {
		if c.Name == session.LocalCookieName {
			return c
		}
	}
	return nil
}

// pageVisit is what a customer sees of one page.
type pageVisit struct {
	status   int
	shell    bool // the header mount is in the page
	loggedIn bool
	replica  string // the X-Replica header the test's replicas set
	body     string
	err      error
}

// reset tells whether the connection was reset before any answer, as the kernel resets
// connections still queued on a listener that closes (see reloadUnderLoad).
func (v pageVisit) reset() bool { return v.status == 0 && errors.Is(v.err, syscall.ECONNRESET) }

// visitPage gets a page as a browser navigation with cookie (nil: anonymous).
func visitPage(client *http.Client, target string, cookie *http.Cookie) pageVisit {
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	req.Header.Set("Accept", "text/html")
	req.Header.Set("Sec-Fetch-Dest", "document")
	if cookie != nil {
		req.AddCookie(cookie)
	}
	res, err := client.Do(req)
	if err != nil {
		return pageVisit{err: err}
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return pageVisit{
		status:   res.StatusCode,
		shell:    bytes.Contains(body, []byte(`<div data-shell="header">`)),
		loggedIn: bytes.Contains(body, []byte(`"isLoggedIn":true`)),
		replica:  res.Header.Get("X-Replica"),
		body:     string(body),
		err:      err,
	}
}

// postShell posts to a gateway route the way the shell does (same origin), with cookie.
func postShell(client *http.Client, base, path string, cookie *http.Cookie, form url.Values) (*http.Response, string, error) {
	req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if cookie != nil {
		req.AddCookie(cookie)
	}
	// The answer is what counts (a logout's 303), not where it leads.
	noFollow := *client
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := noFollow.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body), nil
}

// scrapeUntil scrapes the admin /metrics until settled says the figures are in, for at most
// 5 s, and gives the last scrape: a page is counted once its handler returns, which can be
// just after the client has read the whole response.
func scrapeUntil(t *testing.T, admin string, settled func(map[string]float64) bool) map[string]float64 {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		m := scrape(t, admin)
		if settled(m) || time.Now().After(deadline) {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// scrape reads the admin endpoint's /metrics into "name{labels}" -> value, for the
// shellgate_ series.
func scrape(t *testing.T, admin string) map[string]float64 {
	t.Helper()
	res, err := http.Get(admin + "/metrics")
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("scrape: %d", res.StatusCode)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "shellgate_") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("scrape: %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// noErrorPage says what is wrong with a visit a customer should not notice, or "".
func (v pageVisit) noErrorPage(what string) string {
	switch {
	case v.err != nil:
		return fmt.Sprintf("%s: %v", what, v.err)
	case v.status >= 500:
		return fmt.Sprintf("%s: error page %d", what, v.status)
	case v.status != http.StatusOK:
		return fmt.Sprintf("%s: %d", what, v.status)
	case !v.shell:
		return what + ": page without the shell"
	}
	return ""
}
