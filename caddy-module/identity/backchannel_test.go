package identity

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
	"go.uber.org/zap"
)

// flakyStore fails its first fails index deletions, as a store reconnecting would.
type flakyStore struct {
	session.Store
	mu    sync.Mutex
	fails int
	calls int
}

func (f *flakyStore) DeleteBySID(ctx context.Context, sid string) (int, error) {
	f.mu.Lock()
	f.calls++
	fail := f.calls <= f.fails
	f.mu.Unlock()
	if fail {
		return 0, errors.New("connection refused")
	}
	return f.Store.DeleteBySID(ctx, sid)
}

// A store error that clears within the short retry still ends the sessions in the one call.
func TestBackchannelStoreWorkRetriesBriefly(t *testing.T) {
	for _, tc := range []struct {
		fails  int
		wantOK bool
	}{{0, true}, {1, true}, {len(backchannelRetryWaits), true}, {len(backchannelRetryWaits) + 1, false}} {
		c := newTestConfig(t)
		rt := c.rt
		s := plantSession(t, c, "DE0000000100")
		flaky := &flakyStore{Store: rt.store, fails: tc.fails}
		rt.store = flaky
		n, err := rt.endLoggedOutSessions(context.Background(), auth.LogoutClaims{SID: s.SID})
		if (err == nil) != tc.wantOK || (tc.wantOK && n != 1) {
			t.Errorf("%d failures: %d removed, %v", tc.fails, n, err)
		}
		if _, err := flaky.Store.Get(context.Background(), s.ID); tc.wantOK && !errors.Is(err, session.ErrNotFound) {
			t.Errorf("%d failures: still logged in", tc.fails)
		}
	}
}

// newTestConfig provisions a local identity block (memory store, a provider that need not
// answer) on a fixed clock.
func newTestConfig(t *testing.T) *Config {
	t.Helper()
	base, err := caddy.ProvisionContext(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := caddy.NewContext(base)
	t.Cleanup(cancel)
	c := localIdentity()
	c.Environment = "development"
	c.Logger = zap.NewNop()
	if err := c.Provision(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Cleanup() })
	return c
}

// plantSession saves a live session of customer and returns it.
func plantSession(t *testing.T, c *Config, customer string) *session.Session {
	t.Helper()
	now := c.Now()
	s := &session.Session{
		ID:             session.NewID(),
		Tokens:         session.Tokens{AccessToken: "access-" + customer, RefreshToken: "refresh-" + customer, Expiry: now.Add(time.Hour)},
		LastActivity:   now,
		CreatedAt:      now,
		Subject:        "sub-" + customer,
		SID:            "sid-" + customer,
		CustomerNumber: customer,
		Region:         "DEU",
	}
	if err := c.rt.store.Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}
