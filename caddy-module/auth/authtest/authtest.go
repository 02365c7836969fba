// Package authtest starts the real development identity provider (deploy/dev-idp, panva's
// oidc-provider on Node) for Go tests, and drives its login form like a browser would, so
// tests of the auth package and of the gateway's wiring run the real OIDC flow.
//
//	idp := authtest.Start(t, authtest.Options{RedirectURIs: []string{callback}})
//	callbackURL := authtest.NewBrowser().Login(t, authURL, "anna", "demo")
//
// It needs node on PATH and the workspace installed (npm ci at the repository root).
package authtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Demo customers of deploy/dev-idp/customers.json.
const (
	DemoUser     = "anna"
	DemoPassword = "demo"
	ClientID     = "login"
)

// Options configure the provider; zero values take the provider's defaults.
type Options struct {
	// Port to listen on; 0 picks a free one. A fixed port lets a test start the provider
	// after a client was pointed at it (a provider down at start).
	Port int
	// AccessTTL, RefreshTTL and SessionTTL are token and session lifetimes.
	AccessTTL, RefreshTTL, SessionTTL time.Duration
	// RedirectURIs are the callback URLs the client "login" may use.
	RedirectURIs []string
	// PostLogoutURIs are the allowed post_logout_redirect_uri values.
	PostLogoutURIs []string
	// BackchannelURI receives back-channel logout tokens.
	BackchannelURI string
	// Issuer overrides http://localhost:{port}/auth/realms/global.
	Issuer string
	// ClientJWKS, a JWKS in JSON of public keys, makes the client "login" authenticate with
	// private_key_jwt signed by one of them, instead of as a public client.
	ClientJWKS string
}

// IdP is a running development identity provider.
type IdP struct {
	// Issuer is the issuer URL, e.g. http://localhost:40123/auth/realms/global.
	Issuer string
	// Base is the server's origin, e.g. http://localhost:40123.
	Base string
	// Port is the TCP port it listens on.
	Port int

	opts   Options
	cmd    *exec.Cmd
	done   chan struct{}
	mu     sync.Mutex
	output bytes.Buffer
}

// Stats are the provider's call counters (GET /_dev/stats).
type Stats struct {
	Token struct {
		AuthorizationCode int `json:"authorization_code"`
		RefreshToken      int `json:"refresh_token"`
	} `json:"token"`
	RefreshRejected int `json:"refreshRejected"`
	Logout          int `json:"logout"`
	BackchannelSent int `json:"backchannelSent"`
}

// Start runs `node deploy/dev-idp/server.mjs` on a free port (or opts.Port), waits until
// discovery answers, and stops it when the test ends. Its log is printed if the test fails.
func Start(t testing.TB, opts Options) *IdP {
	t.Helper()
	port := opts.Port
	if port == 0 {
		port = FreePort(t)
	}
	idp := &IdP{Port: port, Base: fmt.Sprintf("http://localhost:%d", port), opts: opts}
	idp.Issuer = opts.Issuer
	if idp.Issuer == "" {
		idp.Issuer = idp.Base + "/auth/realms/global"
	}
	idp.start(t)
	t.Cleanup(func() {
		idp.Stop()
		if t.Failed() {
			t.Logf("dev IdP log:\n%s", idp.Log())
		}
	})
	return idp
}

func (idp *IdP) start(t testing.TB) {
	t.Helper()
	server := filepath.Join(RepoRoot(t), "deploy", "dev-idp", "server.mjs")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("authtest: node is not on PATH; the dev IdP needs Node 20: %v", err)
	}
	cmd := exec.Command(node, server)
	cmd.Env = append(os.Environ(), idp.env()...)
	cmd.Stdout = (*lockedWriter)(idp)
	cmd.Stderr = (*lockedWriter)(idp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("authtest: starting %s: %v", server, err)
	}
	idp.cmd, idp.done = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); close(idp.done) }()

	deadline := time.Now().Add(15 * time.Second)
	for {
		if idp.discoveryAnswers() {
			return
		}
		select {
		case <-idp.done:
			t.Fatalf("authtest: the dev IdP exited before answering discovery (run npm ci at the repository root?):\n%s", idp.Log())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			idp.Stop()
			t.Fatalf("authtest: the dev IdP did not answer discovery at %s within 15 s:\n%s", idp.Issuer, idp.Log())
		}
	}
}

func (idp *IdP) env() []string {
	env := []string{"DEV_IDP_PORT=" + strconv.Itoa(idp.Port), "DEV_IDP_ISSUER=" + idp.Issuer}
	seconds := func(name string, d time.Duration) {
		if d > 0 {
			env = append(env, fmt.Sprintf("%s=%d", name, max(1, int(d.Round(time.Second)/time.Second))))
		}
	}
	seconds("DEV_IDP_ACCESS_TTL", idp.opts.AccessTTL)
	seconds("DEV_IDP_REFRESH_TTL", idp.opts.RefreshTTL)
	seconds("DEV_IDP_SESSION_TTL", idp.opts.SessionTTL)
	if len(idp.opts.RedirectURIs) > 0 {
		env = append(env, "DEV_IDP_REDIRECT_URIS="+strings.Join(idp.opts.RedirectURIs, ","))
	}
	if len(idp.opts.PostLogoutURIs) > 0 {
		env = append(env, "DEV_IDP_POST_LOGOUT_URIS="+strings.Join(idp.opts.PostLogoutURIs, ","))
	}
	if idp.opts.ClientJWKS != "" {
		env = append(env, "DEV_IDP_CLIENT_JWKS="+idp.opts.ClientJWKS)
	}
	if idp.opts.BackchannelURI != "" {
		env = append(env, "DEV_IDP_BACKCHANNEL_URI="+idp.opts.BackchannelURI)
	}
	return env
}

func (idp *IdP) discoveryAnswers() bool {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, idp.Issuer+"/.well-known/openid-configuration", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// Stop ends the provider (SIGTERM, then SIGKILL after 3 s). It is safe to call twice.
func (idp *IdP) Stop() {
	if idp.cmd == nil || idp.cmd.Process == nil {
		return
	}
	select {
	case <-idp.done:
		return
	default:
	}
	_ = syscall.Kill(-idp.cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-idp.done:
	case <-time.After(3 * time.Second):
		_ = syscall.Kill(-idp.cmd.Process.Pid, syscall.SIGKILL)
		<-idp.done
	}
}

// Restart stops the provider and starts it again on the same port and issuer. Its signing
// keys and all grants are new: tokens issued before are unknown to it afterwards.
func (idp *IdP) Restart(t testing.TB) {
	t.Helper()
	idp.Stop()
	idp.start(t)
}

// Log is what the provider printed so far (one line a request, never a token).
func (idp *IdP) Log() string {
	idp.mu.Lock()
	defer idp.mu.Unlock()
	return idp.output.String()
}

type lockedWriter IdP

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.output.Write(p)
}

// Stats reads the provider's counters.
func (idp *IdP) Stats(t testing.TB) Stats {
	t.Helper()
	resp, err := http.Get(idp.Base + "/_dev/stats")
	if err != nil {
		t.Fatalf("authtest: reading /_dev/stats: %v", err)
	}
	defer resp.Body.Close()
	var s Stats
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatalf("authtest: decoding /_dev/stats: %v", err)
	}
	return s
}

// ResetStats sets the counters to zero.
func (idp *IdP) ResetStats(t testing.TB) {
	t.Helper()
	resp, err := http.Post(idp.Base+"/_dev/stats/reset", "application/json", nil)
	if err != nil {
		t.Fatalf("authtest: resetting /_dev/stats: %v", err)
	}
	resp.Body.Close()
}

// FreePort returns a TCP port nothing listens on right now.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("authtest: finding a free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// RepoRoot is the directory holding the module's go.mod, found upwards from the test's
// working directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "deploy", "dev-idp", "server.mjs")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal(errors.New("authtest: no deploy/dev-idp/server.mjs above the working directory"))
		}
		dir = parent
	}
}
