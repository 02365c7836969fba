package auth_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

func TestProviderDownAtStartIsRetriedLater(t *testing.T) {
	port := authtest.FreePort(t)
	issuer := fmt.Sprintf("http://localhost:%d/auth/realms/global", port)
	c, err := auth.New(context.Background(), auth.ProviderConfig{Region: auth.RegionDEU, Issuer: issuer}, auth.Options{RedirectURL: callback})
	if err != nil {
		t.Fatalf("New must not need the provider: %v", err)
	}
	_, _, err = c.StartLogin(context.Background(), auth.LoginRequest{})
	wantKind(t, err, auth.ErrTransient)
	if c.Ready() {
		t.Fatal("Ready before any discovery succeeded")
	}

	authtest.Start(t, authtest.Options{Port: port, RedirectURIs: []string{callback}})
	deadline := time.Now().Add(10 * time.Second)
	for c.Discover(context.Background()) != nil {
		if time.Now().After(deadline) {
			t.Fatalf("discovery still failing 10 s after the provider came up: %v", c.Discover(context.Background()))
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !c.Ready() {
		t.Error("not Ready after discovery succeeded")
	}
	authURL, _, err := c.StartLogin(context.Background(), auth.LoginRequest{})
	if err != nil || !strings.HasPrefix(authURL, issuer+"/") {
		t.Fatalf("StartLogin after recovery = %q, %v", authURL, err)
	}
}

// A provider that answers discovery with 5xx (a fault the dev IdP cannot be made to produce).
func TestFailedDiscoveryBacksOffInsteadOfHammering(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	c := newTestClient(t, srv.URL+"/realms/global", auth.ProviderConfig{}, time.Second)
	for range 5 {
		wantKind(t, c.Discover(context.Background()), auth.ErrTransient)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("5 calls in the backoff pause reached the provider %d times, want 1", n)
	}
}

// A provider that accepts the connection and never answers.
func TestHangingProviderCostsOneCallTimeout(t *testing.T) {
	var calls atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	c := newTestClient(t, srv.URL+"/realms/global", auth.ProviderConfig{}, 200*time.Millisecond)

	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Go(func() { errs[i] = c.Discover(context.Background()) })
	}
	wg.Wait()
	for _, err := range errs {
		wantKind(t, err, auth.ErrTransient)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("10 concurrent callers made %d discovery requests, want 1 shared attempt", n)
	}
}

func TestIssuerMismatchSaysWhatToSet(t *testing.T) {
	idp := authtest.Start(t, authtest.Options{})
	wrong := strings.Replace(idp.Issuer, "localhost", "127.0.0.1", 1)
	c := newTestClient(t, wrong, auth.ProviderConfig{}, time.Second)
	err := c.Discover(context.Background())
	if err == nil || !strings.Contains(err.Error(), idp.Issuer) || !strings.Contains(err.Error(), "set the issuer") {
		t.Fatalf("Discover = %v; want a message naming %s and what to set", err, idp.Issuer)
	}
}

// tokenFaults serves discovery and a token endpoint that fails the way answer says: the
// transport faults the real provider cannot be made to produce.
func tokenFaults(t *testing.T, answer http.HandlerFunc) string {
	t.Helper()
	var base string
	mux := http.NewServeMux()
	mux.HandleFunc("/realms/global/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]string{
			"issuer":                 base + "/realms/global",
			"authorization_endpoint": base + "/auth",
			"token_endpoint":         base + "/token",
			"jwks_uri":               base + "/certs",
		})
	})
	mux.HandleFunc("/token", answer)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	base = srv.URL
	return base + "/realms/global"
}

func TestRefreshTransportFaultsKeepTheSession(t *testing.T) {
	tests := []struct {
		name   string
		answer http.HandlerFunc
	}{
		{"503", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, `{"error":"temporarily_unavailable"}`, http.StatusServiceUnavailable)
		}},
		{"502 with an HTML page", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			_, _ = w.Write([]byte("<h1>Bad gateway</h1>"))
		}},
		{"429", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "1")
			http.Error(w, `{"error":"slow_down"}`, http.StatusTooManyRequests)
		}},
		{"timeout", func(w http.ResponseWriter, r *http.Request) {
			_ = r.ParseForm() // the server notices the client leaving only after the body
			<-r.Context().Done()
		}},
		{"connection cut", func(w http.ResponseWriter, r *http.Request) {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		}},
		{"200 without a token", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{}`))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTestClient(t, tokenFaults(t, tt.answer), auth.ProviderConfig{}, 300*time.Millisecond)
			_, err := c.Refresh(context.Background(), "some-refresh-token", "login")
			wantKind(t, err, auth.ErrTransient)
			if _, _, ends := auth.RefreshOutcome(err); ends {
				t.Error("a transient fault would end the session")
			}
		})
	}
}

func TestRefreshSendsTheSpecsForm(t *testing.T) {
	got := make(chan map[string][]string, 1)
	issuer := tokenFaults(t, func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		got <- r.PostForm
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"access_token":"a","refresh_token":"r2","token_type":"Bearer","expires_in":300}`))
	})
	c := newTestClient(t, issuer, auth.ProviderConfig{}, time.Second)
	tok, err := c.Refresh(context.Background(), "r1", "portal")
	if err != nil {
		t.Fatal(err)
	}
	form := <-got
	want := map[string]string{"grant_type": "refresh_token", "refresh_token": "r1", "client_id": "portal"}
	for k, v := range want {
		if len(form[k]) != 1 || form[k][0] != v {
			t.Errorf("form %s = %q, want %q", k, form[k], v)
		}
	}
	if tok.RefreshToken != "r2" || tok.AZP != "login" || tok.Expiry.IsZero() {
		t.Errorf("opaque token answer read as %+v", tok)
	}
}

func newTestClient(t *testing.T, issuer string, cfg auth.ProviderConfig, timeout time.Duration) *auth.Client {
	t.Helper()
	cfg.Region, cfg.Issuer = auth.RegionGBR, issuer
	c, err := auth.New(context.Background(), cfg, auth.Options{RedirectURL: callback, CallTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
