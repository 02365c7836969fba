package shell

import (
	"net/http"
	"net/url"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/flags"
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
	locale := h.resolver.Resolve(r.Host, path).Locale // the callback's one resolution: of the page it returns to
	f := h.Customer.flags(locale, h.edgeFlags.evaluate(flags.Request{Locale: locale, Device: flags.KindOf(r.Header.Get("User-Agent"))}))
	token, number, subject := s.Tokens.AccessToken, s.CustomerNumber, s.Subject
	rt.client.Belongs(number, customerOwners(s)...)
	// The callback's response is written before the calls end: keep the request's values (the
	// request id for the logs), not its cancellation. Each call has the client's timeout.
	ctx := detach(r.Context())
	go func() {
		if _, err := rt.client.Load(ctx, token, number, subject, f); err != nil {
			rt.logger.Info("customer data not prefetched at login; the first page asks again", zap.Error(err), requestID(ctx))
		}
	}()
}

// customerOwners are the names a back-channel logout may give for s's login: its subject and
// its provider session. The prefixes keep one kind from matching the other.
func customerOwners(s *session.Session) []string {
	var o []string
	if s.Subject != "" {
		o = append(o, "sub\x00"+s.Subject)
	}
	if s.SID != "" {
		o = append(o, "sid\x00"+s.SID)
	}
	return o
}

// forgetCustomer drops what the customer cache holds of a session's customers when the
// session ends (logout, expiry, a refresh that ends it): the login's customer and the one it
// acted for after an account switch. The mirror of prefetchCustomer. Other replicas' caches
// keep their answers until the cache TTL: the store is shared, their caches are not.
func (h *Handler) forgetCustomer(s *session.Session) {
	if h.Customer == nil || h.Customer.rt == nil {
		return
	}
	c := h.Customer.rt.client
	c.Forget(s.CustomerNumber)
	c.Forget(s.ActingCustomerNumber)
	for _, o := range customerOwners(s) {
		c.ForgetOwner(o)
	}
}

// forgetCustomersOf drops what the customer cache holds of the customers a back-channel
// logout ended, named by the provider's session (sid) or subject (sub).
func (h *Handler) forgetCustomersOf(sid, subject string) {
	if h.Customer == nil || h.Customer.rt == nil {
		return
	}
	c := h.Customer.rt.client
	if sid != "" {
		c.ForgetOwner("sid\x00" + sid)
	}
	if subject != "" {
		c.ForgetOwner("sub\x00" + subject)
	}
}
