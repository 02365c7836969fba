package shell

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// A gateway for identity tests: the provisioned Handler in front of a small origin, driven
// through ServeHTTP without Caddy's server, with an injected clock and captured logs.

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Now()} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type testGateway struct {
	t     testing.TB
	h     *Handler
	clock *fakeClock
	logs  *observer.ObservedLogs
	// upstream is the content origin behind the shell (its next handler): HTML pages. It
	// notes every request it gets in content, so a test can see what reached it.
	upstream caddyhttp.Handler
	content  *seenRequests
}

// seenRequests notes the requests a test server got.
type seenRequests struct {
	mu   sync.Mutex
	seen []*http.Request
}

func (s *seenRequests) note(r *http.Request) {
	s.mu.Lock()
	s.seen = append(s.seen, r.Clone(context.Background()))
	s.mu.Unlock()
}

func (s *seenRequests) all() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.seen...)
}

// newCaddyContext is a module context as Caddy's config loading makes it, with a config
// (the relay's reverse proxy loads the events app from it).
func newCaddyContext(t testing.TB) caddy.Context {
	t.Helper()
	base, err := caddy.ProvisionContext(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := caddy.NewContext(base)
	t.Cleanup(cancel)
	return ctx
}

// newTestGateway provisions a Handler with the identity block id (nil: identity off).
func newTestGateway(t testing.TB, id *identity.Config) *testGateway {
	t.Helper()
	return newTestGatewayAt(t, id, newFakeClock())
}

// newTestGatewayAt provisions a Handler on clock, which replicas share: every part that reads
// the time (the provider client's server offset, the store) takes it at Provision.
func newTestGatewayAt(t testing.TB, id *identity.Config, clock *fakeClock, handler ...func(*Handler)) *testGateway {
	t.Helper()
	g := &testGateway{t: t, clock: clock, content: new(seenRequests)}
	core, logs := observer.New(zap.DebugLevel)
	g.logs = logs
	g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		g.content.note(r)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Add("Cache-Control", "public, max-age=600") // as reverse_proxy copies it
		_, err := io.WriteString(w, "<!doctype html><html><head><title>t</title></head><body><main>content of "+r.URL.Path+"</main></body></html>")
		return err
	})
	h := &Handler{Identity: id, now: g.clock.Now}
	for _, configure := range handler {
		configure(h) // e.g. a flag file
	}
	ctx := newCaddyContext(t)
	if err := h.Provision(ctx); err != nil {
		t.Fatalf("provision: %v", err)
	}
	if err := h.Validate(); err != nil {
		t.Fatalf("validate: %v", err)
	}
	t.Cleanup(func() { _ = h.Cleanup() })
	h.logger = zap.New(core)
	if h.Identity != nil {
		h.Identity.SetLogger(h.logger)
	}
	g.h = h
	return g
}

// localIdentity is an identity block for tests that need no provider to answer.
func localIdentity() *identity.Config {
	return &identity.Config{Providers: []identity.Provider{{Region: "DEU", Issuer: "http://127.0.0.1:1/auth/realms/global"}}}
}

// ServeHTTP lets a testGateway stand behind an httptest.Server.
func (g *testGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if _, ok := r.Context().Value(caddy.ReplacerCtxKey).(*caddy.Replacer); !ok {
		// What Caddy's server does before any handler (the relay's proxy needs it). Vars a
		// test set already (a trusted proxy, the client's address) stand as Caddy's server
		// would have resolved them.
		set, _ := r.Context().Value(caddyhttp.VarsCtxKey).(map[string]any)
		r = caddyhttp.PrepareRequest(r, caddy.NewReplacer(), w, &caddyhttp.Server{})
		vars := r.Context().Value(caddyhttp.VarsCtxKey).(map[string]any)
		for k, v := range set {
			vars[k] = v
		}
	}
	if err := g.h.ServeHTTP(w, r, g.upstream); err != nil {
		status := http.StatusInternalServerError
		var he caddyhttp.HandlerError
		if errors.As(err, &he) {
			status = he.StatusCode
		}
		http.Error(w, err.Error(), status)
	}
}

// do serves one request and gives the response with its body read.
func (g *testGateway) do(r *http.Request) (*http.Response, string) {
	g.t.Helper()
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, r)
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// request makes a request to http://localhost (plain-HTTP localhost carries the session
// cookie "shellgate"), with optional cookie.
func request(method, target string, cookie *http.Cookie) *http.Request {
	r := httptest.NewRequest(method, "http://localhost"+target, nil)
	if cookie != nil {
		r.AddCookie(cookie)
	}
	return r
}

// fakeAccessToken is an unsigned JWT with exp, iat and azp, as the edge reads them.
func fakeAccessToken(iat, exp time.Time, marker string) string {
	enc := base64.RawURLEncoding
	payload, _ := json.Marshal(map[string]any{"exp": exp.Unix(), "iat": iat.Unix(), "azp": "login", "jti": marker})
	return enc.EncodeToString([]byte(`{"alg":"none"}`)) + "." + enc.EncodeToString(payload) + ".c2ln"
}

// plantSession stores a session as a completed login would and returns its cookie.
func (g *testGateway) plantSession(customer string, tokenLife time.Duration) (*session.Session, *http.Cookie) {
	g.t.Helper()
	now := g.clock.Now()
	s := &session.Session{
		ID: session.NewID(),
		Tokens: session.Tokens{
			AccessToken:  fakeAccessToken(now, now.Add(tokenLife), "access-"+customer),
			RefreshToken: "refresh-token-secret-" + customer,
			IDToken:      "id-token-secret-" + customer,
			Expiry:       now.Add(tokenLife).Truncate(time.Second),
			IssuedAt:     now.Truncate(time.Second),
			AZP:          "login",
		},
		LastActivity:   now,
		CreatedAt:      now,
		Subject:        "sub-" + customer,
		SID:            "sid-" + customer,
		CustomerNumber: customer,
		Region:         "DEU",
		AutoExtend:     true,
	}
	if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
		g.t.Fatal(err)
	}
	return s, &http.Cookie{Name: session.LocalCookieName, Value: s.ID}
}

// pageState reads the shell state inlined in a page.
func pageState(t *testing.T, page string) shellstate.State {
	t.Helper()
	_, rest, ok := strings.Cut(page, shellstate.ScriptOpen)
	if !ok {
		t.Fatalf("no shell state in the page:\n%s", page)
	}
	raw, _, _ := strings.Cut(rest, shellstate.ScriptClose)
	var st shellstate.State
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		t.Fatalf("shell state is not JSON: %v\n%s", err, raw)
	}
	return st
}

// assertNoSecret fails when text holds any token of s or its cookie value.
func assertNoSecret(t *testing.T, where, text string, s *session.Session) {
	t.Helper()
	for name, secret := range map[string]string{
		"access token":  s.Tokens.AccessToken,
		"refresh token": s.Tokens.RefreshToken,
		"ID token":      s.Tokens.IDToken,
		"session id":    s.ID,
	} {
		if secret != "" && strings.Contains(text, secret) {
			t.Errorf("%s contains the %s", where, name)
		}
	}
}

// logText is every captured log entry with its fields, as one string.
func (g *testGateway) logText() string {
	var b strings.Builder
	for _, e := range g.logs.All() {
		fmt.Fprintf(&b, "%s %s", e.Level, e.Message)
		for k, v := range e.ContextMap() {
			fmt.Fprintf(&b, " %s=%v", k, v)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// The login page's query parameters, as the shell and the pages use them.
const (
	returnParam = "return"
	reauthParam = "reauth"
)

// isPendingCookie tells whether a cookie is one of a started login's (identity's
// __Host-shellgate-login-<tag> or, on plain-HTTP localhost, shellgate-login-<tag>).
func isPendingCookie(name string) bool {
	return strings.HasPrefix(name, "__Host-shellgate-login") || strings.HasPrefix(name, localPendingCookie)
}

// localPendingCookie is the plain-HTTP localhost name of a started login's cookie.
const localPendingCookie = "shellgate-login"
