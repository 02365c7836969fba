package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// provider is an identity provider that rotates refresh tokens and, like Keycloak with
// "revoke refresh token" on, revokes the session when a spent refresh token comes back.
type provider struct {
	mu       sync.Mutex
	current  string // the one refresh token that may be used next
	calls    int
	reuses   int
	failNext int // fail this many calls with a transient error
	delay    time.Duration
}

var errProviderDown = errors.New("token endpoint unavailable")

func (p *provider) refresh(ctx context.Context, s *Session) (*Session, error) {
	time.Sleep(p.delay) // the network round trip: widens the window for races
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls++
	if p.failNext > 0 {
		p.failNext--
		return nil, errProviderDown
	}
	if s.Tokens.RefreshToken != p.current {
		p.reuses++
		p.current = "" // family revoked: the customer is logged out
		return nil, fmt.Errorf("invalid_grant: refresh token reused")
	}
	n := s.clone()
	iat := time.Now()
	n.Tokens.AccessToken = fmt.Sprintf("access-%d", p.calls)
	n.Tokens.RefreshToken = fmt.Sprintf("refresh-%d", p.calls)
	n.Tokens.IssuedAt, n.Tokens.Expiry = iat, iat.Add(5*time.Minute)
	n.ServerOffset = ServerOffset(time.Now(), iat)
	p.current = n.Tokens.RefreshToken
	return n, nil
}

// refreshDue is the edge's rule: refresh when the lifecycle says so, right now.
func refreshDue(s *Session) bool { return TimingOf(s, time.Now(), Lifecycle{}).RefreshDue }

func TestRefreshOnceAcrossReplicas(t *testing.T) {
	const perReplica = 50
	tests := []struct {
		name      string
		failNext  int
		wantCalls int
		wantFails int // callers that get the provider's error
	}{
		{"every caller gets the one refresh", 0, 1, 0},
		{"the first holder fails: the next takes over, one more call", 1, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
				ctx := context.Background()
				s := customerSession(80, "sid-80", time.Now().Add(-4*time.Minute)) // 60 s left: due
				s.Tokens.RefreshToken = "refresh-0"
				if err := st[0].Save(ctx, s); err != nil {
					t.Fatal(err)
				}
				p := &provider{current: "refresh-0", delay: 30 * time.Millisecond, failNext: tt.failNext}

				var wg sync.WaitGroup
				results := make(chan error, len(st)*perReplica)
				tokens := make(chan string, len(st)*perReplica)
				start := make(chan struct{})
				for _, replica := range st {
					for i := range perReplica {
						wg.Go(func() {
							<-start
							// Callers keep arriving during and after the first refresh
							// (30 ms): late ones must see the new tokens, not refresh again.
							time.Sleep(time.Duration(i%10) * 10 * time.Millisecond)
							got, err := RefreshOnce(ctx, replica, s.ID, refreshDue, p.refresh)
							results <- err
							if err == nil {
								tokens <- got.Tokens.AccessToken
							}
						})
					}
				}
				close(start)
				wg.Wait()
				close(results)
				close(tokens)

				fails := 0
				for err := range results {
					if err != nil {
						if !errors.Is(err, errProviderDown) {
							t.Errorf("caller error %v; only the provider's own failure may reach a caller", err)
						}
						fails++
					}
				}
				want := fmt.Sprintf("access-%d", tt.wantCalls)
				for tok := range tokens {
					if tok != want {
						t.Errorf("a caller got token %q, want the refreshed %q", tok, want)
						break
					}
				}
				if p.calls != tt.wantCalls || p.reuses != 0 || fails != tt.wantFails {
					t.Fatalf("%d callers on %d replicas: %d provider calls, %d refresh-token reuses, %d failed callers; want %d, 0, %d",
						len(st)*perReplica, len(st), p.calls, p.reuses, fails, tt.wantCalls, tt.wantFails)
				}
				got, _ := st[1].Get(ctx, s.ID)
				if got.Tokens.RefreshToken != p.current || refreshDue(got) {
					t.Fatalf("stored refresh token %q, provider's current %q, still due %v", got.Tokens.RefreshToken, p.current, refreshDue(got))
				}
			})
		})
	}
}

func TestRefreshOnceNotDue(t *testing.T) {
	forEachStore(t, storeOpts{}, 1, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(81, "sid-81", time.Now()) // 5 minutes left
		st[0].Save(ctx, s)
		p := &provider{current: s.Tokens.RefreshToken}
		got, err := RefreshOnce(ctx, st[0], s.ID, refreshDue, p.refresh)
		if err != nil || p.calls != 0 || got.Tokens.AccessToken != s.Tokens.AccessToken {
			t.Fatalf("refresh of a session with 5 minutes left: %d calls, %v; want none", p.calls, err)
		}
		if _, err := RefreshOnce(ctx, st[0], NewID(), refreshDue, p.refresh); !errors.Is(err, ErrNotFound) {
			t.Fatalf("refresh of an unknown session: %v, want ErrNotFound", err)
		}
	})
}
