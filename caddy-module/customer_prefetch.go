package shell

import (
	"context"
	"net/http"
	"net/url"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// prefetchCustomer starts loading a customer's data the moment the login completes, while the
// browser follows the callback's redirect to its page. The customer's first page is the one
// that finds nothing cached and nothing remembered (its product types wait for the customer's
// distributor): started here, the calls are answered or in flight when the page asks, and the
// page shares them (the client's cache keeps one call in flight per key).
func (h *Handler) prefetchCustomer(r *http.Request, s *session.Session, returnTo string) {
	if h.Customer == nil || h.Customer.rt == nil || s.CustomerNumber == "" {
		return
	}
	rt := h.Customer.rt
	path := "/"
	if u, err := url.Parse(returnTo); err == nil && u.Path != "" {
		path = u.Path
	}
	f := h.customerFlags(r, h.resolver.Resolve(r.Host, path).Locale)
	token, number, subject := s.Tokens.AccessToken, s.CustomerNumber, s.Subject
	// The callback's response is written before the calls end: keep the request's values (the
	// request id for the logs), not its cancellation. Each call has the client's timeout.
	ctx := context.WithoutCancel(r.Context())
	go func() {
		if _, err := rt.client.Load(ctx, token, number, subject, f); err != nil {
			rt.logger.Info("customer data not prefetched at login; the first page asks again", zap.Error(err), requestID(ctx))
		}
	}()
}
