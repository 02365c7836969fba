package shell

import (
	"context"
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

type customerKey struct{}

// customerOf gives the customer view loaded for the request, nil when there is none (logged
// out, no customer block, or the data was not at hand within the budget).
func customerOf(r *http.Request) *customer.View {
	v, _ := r.Context().Value(customerKey{}).(*customer.View)
	return v
}

// errLate says the customer's data did not arrive within the page's budget.
var errLate = errors.New("customer data not at hand within the budget")

// serveCustomer runs the customer step for a page: it gives the device its identity, loads
// the logged-in customer's data within the budget and applies the redirect rule. It returns
// the request carrying the data, and whether it answered (a redirect).
func (h *Handler) serveCustomer(w http.ResponseWriter, r *http.Request) (*http.Request, bool, error) {
	if !isPageNavigation(r) {
		return r, false, nil
	}
	keepDevice(w, r)
	if h.Customer == nil || h.Customer.rt == nil || !visitorOf(r).LoggedIn() {
		return r, false, nil
	}
	rt := h.Customer.rt
	res := h.resolver.Resolve(r.Host, r.URL.Path)
	view, err := h.loadCustomer(r, res.Locale, rt.budget)
	if err != nil {
		if errors.Is(err, errLate) {
			rt.late.Add(1)
		}
		return r, false, nil // the loading header; the shell asks /_shell/state
	}
	r = r.WithContext(context.WithValue(r.Context(), customerKey{}, view))
	to := h.customerRedirect(r, view, "page")
	if to == "" {
		return r, false, nil
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to, http.StatusFound)
	return r, true, nil
}

// customerRedirect applies the customer redirect rule to the page r names and gives the path
// to send the customer to, "" for none. A redirect first sends its tracking event (spec 4);
// queued, so it never waits. via says who acts on it: "page" (a 302) or "state" (the shell).
func (h *Handler) customerRedirect(r *http.Request, view *customer.View, via string) string {
	rt := h.Customer.rt
	res := h.resolver.Resolve(r.Host, r.URL.Path)
	page := rt.sparedPageOf(r.URL.Path, res.Locale, res.BasePath)
	if page == rules.RedirectOnContent {
		routed := h.headerInput(r.URL.Path)
		page = rules.RedirectPageOf(routed.Kind, routed.Mode)
	}
	target := rules.RedirectRule(redirectInputOf(page, view))
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

type redirectKey struct{}

// stateRedirectOf gives the redirect /_shell/state found for r's page, "" for none.
func stateRedirectOf(r *http.Request) string {
	to, _ := r.Context().Value(redirectKey{}).(string)
	return to
}

// loadCustomer loads the visitor's customer data, waiting at most wait. The load goes on
// after the wait: its answers land in the cache, where /_shell/state and the next page find
// them.
func (h *Handler) loadCustomer(r *http.Request, locale string, wait time.Duration) (*customer.View, error) {
	rt := h.Customer.rt
	s := visitorOf(r).Session
	f := h.customerFlags(r, locale)
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

// customerFlags are the switches of a customer load for a page in locale: the page's own
// load and the one the login starts for it ask the same calls (the same cache keys).
func (h *Handler) customerFlags(r *http.Request, locale string) customer.Flags {
	return customer.Flags{
		Locale:             locale,
		OmitDataValidity:   h.Customer.OmitDataValidity,
		SwitchableAccounts: h.requestFlags(r, locale)[flags.MinorAccountSwitch],
	}
}

// withCustomer gives r carrying the customer's data, waiting for it as long as the API
// takes: for /_shell/state, which the shell asks when the page went out without the data.
func (h *Handler) withCustomer(r *http.Request) *http.Request {
	if h.Customer == nil || h.Customer.rt == nil || !visitorOf(r).LoggedIn() || customerOf(r) != nil {
		return r
	}
	res := h.resolver.Resolve(r.Host, r.URL.Path)
	// The client's own timeout bounds each call; this bounds the whole load.
	view, err := h.loadCustomer(r, res.Locale, 2*customer.DefaultTimeout)
	if err != nil {
		return r
	}
	ctx := context.WithValue(r.Context(), customerKey{}, view)
	if to := h.customerRedirect(r, view, "state"); to != "" {
		ctx = context.WithValue(ctx, redirectKey{}, to)
	}
	return r.WithContext(ctx)
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
