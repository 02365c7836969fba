package identity

import (
	"context"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// Sessions that run out in the store. A session found idle or expired on a request ends at
// the provider then (keepAlive). One that nobody asks for again is dropped by the store
// (StoreGrace past the idle timeout) or evicted from a full memory store, and its provider
// session would live on until the provider's own idle timeout. So:
//
//   - memory store: it keeps what it drops (session.MemoryOptions.KeepExpired); every
//     expirySweep the gateway takes them and ends each at the provider, as keycloak_logout
//     says for timeouts.
//   - Redis: nothing is swept. Keyspace notifications ("expired") are fire-and-forget: a
//     replica restarting or reconnecting misses them, Cluster sends them per node only, and the
//     expired key's value (the refresh token) is gone when the notification comes. A sweep
//     would need an index of sessions by deadline kept in step with every save and touch. The
//     control there is the provider's own SSO idle timeout, which the operator sets to the
//     edge's idle_timeout (README).
//
// The provider's back-channel logout for these sessions then finds nothing left to remove.

// expirySweep is how often the memory store's dropped sessions are ended at the provider.
const expirySweep = time.Minute

// expiredSource is a store that hands over the sessions it dropped (the memory store).
type expiredSource interface {
	TakeExpired() []*session.Session
}

// startExpirySweep runs Sweep every expirySweep until the returned stop is
// called; it does nothing for a store that drops nothing it could hand over.
func (c *Config) startExpirySweep() (stop func()) {
	if _, ok := c.rt.store.(expiredSource); !ok {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(expirySweep)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				ctx, cancel := context.WithTimeout(context.Background(), expirySweep)
				c.Sweep(ctx)
				cancel()
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}

// Sweep ends, at the provider, the sessions the store dropped since the last
// sweep (when keycloak_logout is on, as for timeouts found on a request). It gives up on the
// rest when ctx ends: the provider's own idle timeout ends those.
func (c *Config) Sweep(ctx context.Context) {
	id := c
	rt := id.rt
	src, ok := rt.store.(expiredSource)
	if !ok {
		return
	}
	expired := src.TakeExpired()
	if len(expired) == 0 {
		return
	}
	var ended, failed int
	for i, s := range expired {
		if id.OnSessionEnd != nil {
			id.OnSessionEnd(ctx, s, EndedInStore)
		}
		p := rt.providerFor(s.Region)
		if !rt.keycloakLogout || p == nil || s.Tokens.RefreshToken == "" {
			continue
		}
		if ctx.Err() != nil {
			rt.logger.Warn("sessions that ran out in the store were not all ended at the provider in time", zap.Int("left", len(expired)-i))
			break
		}
		if err := p.Logout(ctx, s.Tokens.RefreshToken, s.Tokens.IDToken); err != nil {
			failed++
			continue
		}
		ended++
	}
	rt.logger.Info("sessions that ran out in the store", zap.Int("sessions", len(expired)), zap.Int("ended_at_provider", ended), zap.Int("provider_failed", failed))
}
