package shell

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/identity"
)

// Token refresh under stress: a hung provider, short-lived tokens. The provider here is Go,
// not the dev IdP, which can neither hang nor issue tokens by the test's clock.

// tokenProvider is discovery and a token endpoint whose answer the test sets.
type tokenProvider struct {
	issuer string
	calls  atomic.Int32 // token endpoint calls
	// returned is set once a token call the gateway made has returned to it (answered,
	// failed or given up).
	returned atomic.Bool

	mu     sync.Mutex
	answer http.HandlerFunc
}

func newTokenProvider(t *testing.T) *tokenProvider {
	t.Helper()
	p := &tokenProvider{}
	mux := http.NewServeMux()
	mux.HandleFunc("/realms/global/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		base := "http://" + r.Host
		_ = json.NewEncoder(w).Encode(map[string]string{
			"issuer": p.issuer, "authorization_endpoint": base + "/auth",
			"token_endpoint": base + "/token", "jwks_uri": base + "/certs",
		})
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		p.calls.Add(1)
		p.mu.Lock()
		answer := p.answer
		p.mu.Unlock()
		answer(w, r)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	p.issuer = srv.URL + "/realms/global"
	return p
}

func (p *tokenProvider) setAnswer(a http.HandlerFunc) {
	p.mu.Lock()
	p.answer = a
	p.mu.Unlock()
}

// grant answers a refresh with new tokens that live ttl by clock.
func grant(clock *fakeClock, ttl time.Duration) http.HandlerFunc {
	var n atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		now := clock.Now()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"access_token":  fakeAccessToken(now, now.Add(ttl), "refreshed"),
			"refresh_token": "rotated-refresh-token-" + string(rune('a'+n.Add(1))),
			"token_type":    "Bearer",
			"expires_in":    int(ttl / time.Second),
		})
	}
}

// RoundTrip notes when a token call returns to the gateway.
type watchedTransport struct{ p *tokenProvider }

func (w watchedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(r)
	if strings.HasSuffix(r.URL.Path, "/token") {
		w.p.returned.Store(true)
	}
	return res, err
}

// newRefreshGateway is a gateway whose only provider is p, called with the default call
// timeout (3 s, spec 9) through a transport that watches the token calls.
func newRefreshGateway(t *testing.T, p *tokenProvider) *testGateway {
	t.Helper()
	g := newTestGateway(t, &identity.Config{Providers: []identity.Provider{{Region: "DEU", Issuer: p.issuer}}})
	c, err := auth.New(context.Background(), auth.ProviderConfig{Region: "DEU", Issuer: p.issuer},
		auth.Options{Clock: g.clock.Now, HTTPClient: &http.Client{Transport: watchedTransport{p}}})
	if err != nil {
		t.Fatal(err)
	}
	g.h.Identity.Clients()["DEU"] = c
	return g
}

// settle waits for the refreshes running beside requests.
func (g *testGateway) settle() { g.h.Identity.WaitRefreshes() }

// page requests a content page as a browser navigates to it.
func (g *testGateway) page(cookie *http.Cookie) (*http.Response, string) {
	r := request(http.MethodGet, "/festgeld/", cookie)
	r.Header.Set("Accept", "text/html")
	return g.do(r)
}

// A due refresh against a provider that accepts the call and never answers must not hold
// the pages of a customer whose token is still valid for 100 s: they go out at once with the
// current token, logged in, while the refresh waits beside them.
func TestHungProviderNeverHoldsPagesWhileTheTokenIsValid(t *testing.T) {
	p := newTokenProvider(t)
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free) // before the provider's server closes
	g := newRefreshGateway(t, p)
	answer := grant(g.clock, 300*time.Second)
	p.setAnswer(func(w http.ResponseWriter, r *http.Request) {
		<-release // hung: not even the gateway giving up ends the call here
		answer(w, r)
	})
	s, cookie := g.plantSession("DE1000001", 300*time.Second)
	g.clock.Advance(200 * time.Second) // 100 s left: due

	const pages = 16
	var wg sync.WaitGroup
	bodies := make([]string, pages)
	statuses := make([]int, pages)
	for i := range pages {
		wg.Go(func() {
			res, body := g.page(cookie)
			statuses[i], bodies[i] = res.StatusCode, body
		})
	}
	wg.Wait()
	if p.returned.Load() {
		t.Fatal("the pages were answered only once the refresh call to the hung provider had given up")
	}
	for i := range pages {
		if statuses[i] != http.StatusOK || !strings.Contains(bodies[i], "content of /festgeld/") {
			t.Fatalf("page %d: %d, want the content page", i, statuses[i])
		}
		if st := pageState(t, bodies[i]); !st.IsLoggedIn {
			t.Fatalf("page %d went out logged out while the token had 100 s left", i)
		}
	}
	if _, err := g.h.Identity.Store().Get(context.Background(), s.ID); err != nil {
		t.Fatalf("the session is gone: %v", err)
	}

	// The provider answers at last: the refresh beside the pages lands, once.
	free()
	g.settle()
	after, err := g.h.Identity.Store().Get(context.Background(), s.ID)
	if err != nil || after.Tokens.AccessToken == s.Tokens.AccessToken {
		t.Fatalf("the background refresh did not land: %v", err)
	}
	if n := p.calls.Load(); n != 1 {
		t.Errorf("%d pages made %d refresh calls, want 1", pages, n)
	}
}

// With tokens shorter than the 120 s refresh window, a session refreshes at most once per
// half its token's lifetime, not on every request.
func TestShortLivedTokensRefreshAtMostOncePerHalfLifetime(t *testing.T) {
	tests := []struct {
		ttl, over time.Duration
		max       int32
	}{
		{15 * time.Second, 13 * time.Second, 2}, // due at 7.5 s: at most every 7.5 s
		{60 * time.Second, 65 * time.Second, 2}, // due at 30 s: at most every 30 s
	}
	for _, tt := range tests {
		t.Run(tt.ttl.String(), func(t *testing.T) {
			p := newTokenProvider(t)
			g := newRefreshGateway(t, p)
			p.setAnswer(grant(g.clock, tt.ttl))
			_, cookie := g.plantSession("DE1000001", tt.ttl)
			const step = 500 * time.Millisecond
			for elapsed := time.Duration(0); elapsed <= tt.over; elapsed += step {
				res, body := g.page(cookie)
				if res.StatusCode != http.StatusOK || !pageState(t, body).IsLoggedIn {
					t.Fatalf("after %s: %d, logged out", elapsed, res.StatusCode)
				}
				g.settle()
				g.clock.Advance(step)
			}
			if n := p.calls.Load(); n == 0 || n > tt.max {
				t.Errorf("%s tokens, requests every %s for %s: %d refreshes at the provider, want 1 to %d", tt.ttl, step, tt.over, n, tt.max)
			}
		})
	}
}

// A token about to expire is refreshed before the page goes out, and the page has the new
// one: even within the pause after a background refresh failed a moment ago, since without a
// new token the session ends in seconds.
func TestTokenAboutToExpireWaitsForTheRefresh(t *testing.T) {
	for _, blip := range []bool{false, true} {
		name := "provider up"
		if blip {
			name = "the background refresh failed 3 s before"
		}
		t.Run(name, func(t *testing.T) {
			p := newTokenProvider(t)
			g := newRefreshGateway(t, p)
			granted := grant(g.clock, 15*time.Second)
			var first atomic.Bool
			p.setAnswer(func(w http.ResponseWriter, r *http.Request) {
				if blip && !first.Swap(true) {
					http.Error(w, `{"error":"temporarily_unavailable"}`, http.StatusServiceUnavailable)
					return
				}
				granted(w, r)
			})
			s, cookie := g.plantSession("DE1000001", 15*time.Second)
			if blip {
				g.clock.Advance(8 * time.Second) // 7 s left: due, refreshed beside the page
				if res, body := g.page(cookie); res.StatusCode != http.StatusOK || !pageState(t, body).IsLoggedIn {
					t.Fatalf("page with 7 s left: %d, logged out", res.StatusCode)
				}
				g.settle()
				if n := p.calls.Load(); n != 1 {
					t.Fatalf("%d refresh calls, want the 1 that failed", n)
				}
				g.clock.Advance(3 * time.Second)
			} else {
				g.clock.Advance(11 * time.Second)
			}
			// 4 s left.
			res, body := g.page(cookie)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("page with 4 s left: %d", res.StatusCode)
			}
			st := pageState(t, body)
			if !st.IsLoggedIn || st.Session == nil {
				t.Fatal("page with 4 s left went out logged out")
			}
			if old := s.Tokens.Expiry.UnixMilli(); st.Session.ExpiresAt <= old {
				t.Errorf("the page went out with the token about to expire (expires %d), not the refreshed one", st.Session.ExpiresAt)
			}
			stored, err := g.h.Identity.Store().Get(context.Background(), s.ID)
			if err != nil || stored.Tokens.AccessToken == s.Tokens.AccessToken {
				t.Errorf("the session kept the old token: %v", err)
			}
		})
	}
}
