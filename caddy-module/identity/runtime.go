package identity

import (
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// What the handler (readiness, metrics, the account switch) and the handler's tests read of
// a provisioned identity. Each is nil or zero when identity is off or not provisioned.

// Store is the session store.
func (c *Config) Store() session.Store {
	if c.off() {
		return nil
	}
	return c.rt.store
}

// Sealer seals the session records and the pending-login cookies.
func (c *Config) Sealer() *session.Sealer {
	if c.off() {
		return nil
	}
	return c.rt.sealer
}

// Clients are the providers' clients by region (the live map).
func (c *Config) Clients() map[string]*auth.Client {
	if c.off() {
		return nil
	}
	return c.rt.providers
}

// Refreshes counts the refresh calls this replica made.
func (c *Config) Refreshes() int64 {
	if c.off() {
		return 0
	}
	return c.rt.refreshes.Load()
}

// RelayForbidden counts the upstream's 403 answers through the token relay.
func (c *Config) RelayForbidden() int64 {
	if c.off() {
		return 0
	}
	return c.rt.relayForbidden.Load()
}

// WaitRefreshes waits for the refreshes running beside requests (tests settle on it).
func (c *Config) WaitRefreshes() {
	if !c.off() {
		c.rt.besides.wg.Wait()
	}
}

// SetLogger makes identity log to logger (under the name "identity") from now on.
func (c *Config) SetLogger(logger *zap.Logger) {
	c.Logger = logger
	if !c.off() {
		c.rt.logger = logger.Named("identity")
	}
}
