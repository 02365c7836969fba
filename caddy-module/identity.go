package shell

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/zap"
	"golang.org/x/time/rate"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// The handler's side of login at the edge (package identity): it hands identity the clock,
// the logger, the market resolver and the hooks to its customer, tracking and metrics steps,
// and keeps the visitor identity.Serve returns for the steps after it.

// provisionIdentity wires and provisions the identity block; without one it does nothing.
func (h *Handler) provisionIdentity(ctx caddy.Context) error {
	id := h.Identity
	if id == nil {
		return nil
	}
	id.Now = func() time.Time { return h.now() } // read at each use: tests swap the clock
	id.Logger = h.logger
	id.Resolver = h.resolver.Resolver            // the request's own market comes from the visit (identity.Request)
	id.IsAppRequest = h.isAppRequest             // app_view.go
	id.FlagOn = h.identityFlag                   // flags.go
	id.OnLogin = h.prefetchCustomer              // customer_prefetch.go
	id.OnBackchannelLogout = h.forgetCustomersOf // customer_prefetch.go
	id.OnRefresh = countRefresh                  // metrics.go
	id.OnSessionEnd = func(_ context.Context, s *session.Session, reason string) {
		countSessionEnded(reason) // metrics.go
		if reason == identity.EndedInStore {
			return // no request saw it end: the edge sends no event for it
		}
		h.forgetCustomer(s)       // nothing of the customer stays cached (customer_prefetch.go)
		h.trackSessionEnd(reason) // the edge's session event (tracking_config.go)
	}
	relayFollowsCustomer(h.Identity, h.Customer)
	return id.Provision(ctx)
}

// validateIdentity checks the identity block; without one there is nothing to check.
func (h *Handler) validateIdentity() error {
	relayFollowsCustomer(h.Identity, h.Customer)
	return h.Identity.Validate()
}

// relayFollowsCustomer: with no relay named, the token relay follows the customer block's API.
func relayFollowsCustomer(id *identity.Config, c *CustomerData) {
	if id != nil && c != nil {
		id.RelayFollows(c.API, customer.DefaultBasePath)
	}
}

// Cleanup retires the metrics' sources and cleans identity up (its session store goes back
// to the pool; the last user closes it).
func (h *Handler) Cleanup() error {
	// What the handler's clients counted folds into the totals, so the counters do not fall
	// back when a reload replaces the handler (metrics.go).
	shellMetrics.live.retire(h)
	return h.Identity.Cleanup()
}

// identityRoute does the checks of a state-changing route (the account switch): identity on,
// POST, same origin.
func (h *Handler) identityRoute(w http.ResponseWriter, r *http.Request) bool {
	return h.Identity.SameOriginPost(w, r)
}

// What the handler's other routes share with identity's (package identity has them).

func requestID(ctx context.Context) zap.Field                { return identity.RequestID(ctx) }
func detach(ctx context.Context) context.Context             { return identity.Detach(ctx) }
func allowRead(w http.ResponseWriter, r *http.Request) error { return identity.AllowRead(w, r) }

func writeJSONError(w http.ResponseWriter, status int, message string) {
	identity.WriteJSONError(w, status, message)
}
func crossSite(r *http.Request) string                        { return identity.CrossSite(r) }
func requirePost(w http.ResponseWriter, r *http.Request) bool { return identity.RequirePost(w, r) }
func noStore(w http.ResponseWriter)                           { identity.NoStore(w) }
func isURLSafeWord(s string) bool                             { return identity.IsURLSafeWord(s) }
func requestPort(r *http.Request) string                      { return identity.RequestPort(r) }
func clientKey(r *http.Request) string                        { return identity.ClientKey(r) }
func retryAfterSeconds(d time.Duration) string                { return identity.RetryAfterSeconds(d) }
func newClientLimiter(every rate.Limit, burst, max int) *clientLimiter {
	return identity.NewClientLimiter(every, burst, max)
}

// clientLimiter bounds each client (tracking's event rate limit, identity's login starts).
type clientLimiter = identity.ClientLimiter

// Interface guard
var _ caddy.CleanerUpper = (*Handler)(nil)
