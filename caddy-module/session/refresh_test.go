package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// provider is an identity provider that rotates refresh tokens and, like Keycloak with
// "revoke refresh token" on, revokes the session when a spent refresh token comes back.
type provider struct {
	mu          sync.Mutex
	current     string // the one refresh token that may be used next
	calls       int
	reuses      int
	failNext    int // fail this many calls with a transient error
	delay       time.Duration
	inFlight    int
	maxInFlight int
	gate        chan struct{} // when set, a call waits for it to close before answering
}

var errProviderDown = errors.New("token endpoint unavailable")

func (p *provider) refresh(ctx context.Context, s *Session) (*Session, error) {
	p.mu.Lock()
	p.inFlight++
	p.maxInFlight = max(p.maxInFlight, p.inFlight)
	gate := p.gate
	p.mu.Unlock()
	if gate != nil {
		<-gate
	}
	time.Sleep(p.delay) // the network round trip
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inFlight--
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
	n.ServerOffset = 0 // iat is the edge clock here
	p.current = n.Tokens.RefreshToken
	return n, nil
}

// waitCounter counts the callers waiting for a session's lock, so a test can hold the
// refresh until every other caller is queued behind it, however busy the machine is.
type waitCounter struct {
	Store
	waiting atomic.Int64
}

func (w *waitCounter) WaitUnlocked(ctx context.Context, id string) error {
	w.waiting.Add(1)
	return w.Store.WaitUnlocked(ctx, id)
}

// refreshDue is the edge's rule: refresh when the lifecycle says so, right now.
func refreshDue(s *Session) bool { return TimingOf(s, time.Now(), Lifecycle{}).RefreshDue }

func TestRefreshOnceAcrossReplicas(t *testing.T) {
	const perReplica = 50
	// Two waves of callers on two replicas, the second after the first has finished.
	tests := []struct {
		name       string
		failNext   int
		wantCalls  [2]int    // provider calls in each wave
		wantTokens [2]string // the access token every successful caller of a wave gets
		wantFails  [2]int    // callers that get the provider's error, per wave
		stillDue   bool      // the stored session still needs a refresh at the end
	}{
		{
			name:      "one refresh; the second wave finds fresh tokens and calls nobody",
			wantCalls: [2]int{1, 0}, wantTokens: [2]string{"access-1", "access-1"},
		},
		{
			name:      "the holder fails: waiters keep the old tokens, the next wave refreshes once",
			failNext:  1,
			wantCalls: [2]int{1, 1}, wantTokens: [2]string{"access-0", "access-2"}, wantFails: [2]int{1, 0},
		},
		{
			name:      "provider down: one call a wave, everyone else keeps the old tokens",
			failNext:  1000,
			wantCalls: [2]int{1, 1}, wantTokens: [2]string{"access-0", "access-0"}, wantFails: [2]int{1, 1},
			stillDue: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
				ctx := context.Background()
				s := customerSession(80, "sid-80", time.Now().Add(-4*time.Minute)) // 60 s left: due
				s.Tokens.AccessToken, s.Tokens.RefreshToken = "access-0", "refresh-0"
				if err := st[0].Save(ctx, s); err != nil {
					t.Fatal(err)
				}
				p := &provider{current: "refresh-0", delay: 30 * time.Millisecond, failNext: tt.failNext}

				replicas := make([]*waitCounter, len(st))
				for i := range st {
					replicas[i] = &waitCounter{Store: st[i]}
				}
				for wave := range 2 {
					callsBefore := p.calls
					// A wave that calls the provider holds the call until every other caller
					// is queued behind it, however busy the machine is.
					gated := tt.wantCalls[wave] > 0
					if gated {
						p.gate = make(chan struct{})
					}
					waitingBefore := replicas[0].waiting.Load() + replicas[1].waiting.Load()
					var wg sync.WaitGroup
					results := make(chan error, len(st)*perReplica)
					tokens := make(chan string, len(st)*perReplica)
					start := make(chan struct{})
					for _, replica := range replicas {
						for range perReplica {
							wg.Go(func() {
								<-start
								got, err := RefreshOnce(ctx, replica, s.ID, refreshDue, p.refresh)
								results <- err
								if err == nil {
									tokens <- got.Tokens.AccessToken
								}
							})
						}
					}
					close(start)
					if gated {
						deadline := time.Now().Add(20 * time.Second)
						for replicas[0].waiting.Load()+replicas[1].waiting.Load()-waitingBefore < int64(len(st)*perReplica-1) {
							if time.Now().After(deadline) {
								t.Fatal("callers never queued on the lock")
							}
							time.Sleep(time.Millisecond)
						}
						p.mu.Lock()
						close(p.gate)
						p.gate = nil
						p.mu.Unlock()
					}
					wg.Wait()
					close(results)
					close(tokens)

					fails := 0
					for err := range results {
						if err != nil {
							if !errors.Is(err, errProviderDown) {
								t.Errorf("wave %d: caller error %v; only the provider's own failure may reach a caller", wave+1, err)
							}
							fails++
						}
					}
					for tok := range tokens {
						if tok != tt.wantTokens[wave] {
							t.Errorf("wave %d: a caller got token %q, want %q", wave+1, tok, tt.wantTokens[wave])
							break
						}
					}
					if calls := p.calls - callsBefore; calls != tt.wantCalls[wave] || fails != tt.wantFails[wave] {
						t.Fatalf("wave %d, %d callers on %d replicas: %d provider calls, %d failed callers; want %d, %d",
							wave+1, len(st)*perReplica, len(st), calls, fails, tt.wantCalls[wave], tt.wantFails[wave])
					}
				}
				if p.reuses != 0 || p.maxInFlight != 1 {
					t.Fatalf("%d refresh-token reuses, %d refreshes at once; want 0 and 1", p.reuses, p.maxInFlight)
				}
				got, _ := st[1].Get(ctx, s.ID)
				if got.Tokens.RefreshToken != p.current || refreshDue(got) != tt.stillDue {
					t.Fatalf("stored refresh token %q, provider's current %q, still due %v (want %v)",
						got.Tokens.RefreshToken, p.current, refreshDue(got), tt.stillDue)
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

// Changes to a live session made while refreshes run keep both: the new tokens and the change.
func TestUpdateDuringRefresh(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(82, "sid-82", time.Now().Add(-4*time.Minute)) // due
		s.Tokens.RefreshToken = "refresh-0"
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatal(err)
		}
		p := &provider{current: "refresh-0", delay: 20 * time.Millisecond}
		var wg sync.WaitGroup
		locales := []string{"en-GB", "nl-NL", "fr-FR", "de-AT"}
		for i, loc := range locales {
			wg.Go(func() {
				if _, err := RefreshOnce(ctx, st[i%2], s.ID, refreshDue, p.refresh); err != nil {
					t.Errorf("refresh: %v", err)
				}
			})
			wg.Go(func() {
				_, err := Update(ctx, st[(i+1)%2], s.ID, func(s *Session) error { s.PreferredLocale = loc; return nil })
				if err != nil {
					t.Errorf("update: %v", err)
				}
			})
		}
		wg.Wait()
		// A refresh that only waited behind an Update may have left the tokens due; the next
		// request refreshes them. Either way exactly one refresh is made, and no change wrote
		// spent tokens back.
		got, err := RefreshOnce(ctx, st[0], s.ID, refreshDue, p.refresh)
		if err != nil {
			t.Fatal(err)
		}
		if got.Tokens.RefreshToken != p.current || p.calls != 1 || p.reuses != 0 || refreshDue(got) {
			t.Errorf("stored refresh token %q, provider's %q after %d calls, %d reuses, still due %v",
				got.Tokens.RefreshToken, p.current, p.calls, p.reuses, refreshDue(got))
		}
		if !slices.Contains(locales, got.PreferredLocale) {
			t.Errorf("preferred locale %q, want one of the changes", got.PreferredLocale)
		}
		if _, err := Update(ctx, st[0], NewID(), func(*Session) error { return nil }); !errors.Is(err, ErrNotFound) {
			t.Errorf("Update of an unknown session: %v, want ErrNotFound", err)
		}
		failing := errors.New("refused")
		if _, err := Update(ctx, st[0], s.ID, func(*Session) error { return failing }); !errors.Is(err, failing) {
			t.Errorf("Update whose change fails: %v, want the change's error", err)
		}
	})
}
