package shell

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/tracking"
)

// The customer step of a page request (DESIGN.md step 5): customer data within the budget,
// then the customer redirect rule, answered with a 302 before the page is served.

// errLate says the customer's data did not arrive within the page's budget.
var errLate = errors.New("customer data not at hand within the budget")

// serveCustomer runs the customer step for a page: it gives the device its identity, loads
// the logged-in customer's data within the budget into the visit and applies the redirect
// rule. It says whether it answered (a redirect).
func (h *Handler) serveCustomer(w http.ResponseWriter, v *visit) bool {
	r := v.r
	if !isPageNavigation(r) {
		return false
	}
	v.device = keepDevice(w, r)
	if h.Customer == nil || h.Customer.rt == nil || !v.visitor.loggedIn() {
		return false
	}
	rt := h.Customer.rt
	view, err := h.loadCustomer(v, rt.budget)
	if err != nil {
		if errors.Is(err, errLate) {
			rt.late.Add(1)
		}
		return false // the loading header; the shell asks /_shell/state
	}
	v.customer = view
	to := h.customerRedirect(v, "page")
	if to == "" {
		return false
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to, http.StatusFound)
	return true
}

// customerRedirect applies the customer redirect rule to the visit's page and gives the path
// to send the customer to, "" for none. A redirect first sends its tracking event (spec 4);
// queued, so it never waits. via says who acts on it: "page" (a 302) or "state" (the shell).
func (h *Handler) customerRedirect(v *visit, via string) string {
	rt := h.Customer.rt
	r := v.r
	res := v.market()
	page := rt.sparedPageOf(r.URL.Path, res.Locale, res.BasePath)
	if page == rules.RedirectOnContent {
		routed := v.headerInput()
		page = rules.RedirectPageOf(routed.Kind, routed.Mode)
	}
	target := rules.RedirectRule(redirectInputOf(page, v.customer))
	if target == rules.RedirectNone {
		return ""
	}
	countRedirect(string(target)) // metrics.go
	h.track(r, tracking.Event{
		EventName: tracking.EventCustomerRedirect, Object: "customer", Action: "redirect",
		Description: "customer redirect rule", Zone: "edge", Component: "shellgate",
		CustomAttributes: map[string]string{"target": string(target), "from": r.URL.Path, "via": via},
	}, res.Locale)
	rt.logger.Debug("customer redirected", zap.String("target", string(target)), zap.String("via", via), requestID(r.Context()))
	return rt.pathOf(targetPage[target], res.Locale, res.BasePath)
}

// loadCustomer loads the visitor's customer data, waiting at most wait. The load goes on
// after the wait: its answers land in the cache, where /_shell/state and the next page find
// them.
func (h *Handler) loadCustomer(v *visit, wait time.Duration) (*customer.View, error) {
	rt := h.Customer.rt
	r := v.r
	s := v.visitor.session
	locale := v.market().Locale
	f := h.Customer.flags(locale, v.flags(locale))
	shown := shownCustomer(s, f.SwitchableAccounts) // account_switch.go
	if shown != s.CustomerNumber {
		f.LoginCustomerNumber = s.CustomerNumber
	}
	if v, ok := rt.client.Cached(s.Tokens.AccessToken, shown, s.Subject, f); ok {
		return v, nil // all at hand: no goroutine, no timer
	}
	type result struct {
		view *customer.View
		err  error
	}
	done := make(chan result, 1)
	ctx := detach(r.Context())
	rt.client.Belongs(shown, customerOwners(s)...) // for a back-channel logout (customer_prefetch.go)
	go func() {
		v, err := rt.client.Load(ctx, s.Tokens.AccessToken, shown, s.Subject, f)
		done <- result{v, err}
	}()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case res := <-done:
		if res.err != nil {
			rt.logger.Warn("customer data not loaded; the page gets the loading header", zap.Error(res.err), requestID(r.Context()))
		}
		return res.view, res.err
	case <-timer.C:
		return nil, errLate
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
}

// flags are the switches of a customer load for a page in locale with the request's flags
// on: the page's own load and the one the login starts for it ask the same calls (the same
// cache keys).
func (c *CustomerData) flags(locale string, on map[string]bool) customer.Flags {
	return customer.Flags{
		Locale:             locale,
		OmitDataValidity:   c.OmitDataValidity,
		SwitchableAccounts: on[flags.MinorAccountSwitch],
	}
}

// loadStateCustomer loads the customer's data into the visit of /_shell/state's page,
// waiting for it as long as the API takes (the page went out without it), and the redirect
// the shell is to follow.
func (h *Handler) loadStateCustomer(v *visit) {
	if h.Customer == nil || h.Customer.rt == nil || !v.visitor.loggedIn() || v.customer != nil {
		return
	}
	// The client's own timeout bounds each call; this bounds the whole load.
	view, err := h.loadCustomer(v, 2*customer.DefaultTimeout)
	if err != nil {
		return
	}
	v.customer = view
	v.redirect = h.customerRedirect(v, "state")
}

// redirectInputOf is the redirect rule's input for a customer on page.
func redirectInputOf(page rules.RedirectPage, v *customer.View) rules.RedirectInput {
	in := v.Redirect
	return rules.RedirectInput{
		Page:             page,
		Active:           in.Active,
		HasReferenceIBAN: in.HasReferenceIBAN,
		UK:               in.UK,
		HasOriginOfFunds: in.HasOriginOfFunds,
		HasAnnualIncome:  in.HasAnnualIncome,
		DataValidity:     string(in.DataValidity),
	}
}

// isPageNavigation tells whether r asks for a page a browser shows: a GET that is no own
// route and a document.
func isPageNavigation(r *http.Request) bool {
	if r.Method != http.MethodGet || strings.HasPrefix(r.URL.Path, routePrefix) {
		return false
	}
	// Browsers say what a request is for; other clients count when they take HTML.
	if dest := r.Header.Get("Sec-Fetch-Dest"); dest != "" {
		return dest == "document"
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
}
