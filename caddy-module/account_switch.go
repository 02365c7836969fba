package shell

import (
	"cmp"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/tracking"
)

// The account switch: POST /_shell/session/switch-account with the form field customerId,
// posted by the private header's account switcher (spec 2.2). The spec does not show the
// platform's account-switch call ("triggered with customerId, is not shown", spec 7), so the
// edge does the switch itself: the session remembers the customer it acts for, and the
// customer step loads that customer's data with the login's own bearer token, as the user
// management call's list entitles it to. No token changes hands and nothing reaches the
// browser but the session cookie it already has.

// switchAccountPath is where the account switcher posts (privateContent.ts SwitchAccountAction).
const switchAccountPath = routePrefix + "session/switch-account"

// maxSwitchForm bounds the form: a customer id and a return path.
const maxSwitchForm = 4 << 10

// serveSwitchAccount answers the account switch: 303 to the return path (a same-site path,
// else the market's dashboard) once the session shows the customer asked for. The customer
// must be one of the login's switchable accounts (flag umtMinorAccountSwitch on, the user
// management call's list, spec 7) or the login's own customer number (switching back, which
// the flag never blocks). Everything else is refused with 4xx and a reason; the log names no
// customer, user or token.
func (h *Handler) serveSwitchAccount(w http.ResponseWriter, vis *visit) error {
	r := vis.r
	if !h.identityRoute(w, r) { // identity on, POST, same origin
		return nil
	}
	if h.Customer == nil || h.Customer.rt == nil {
		writeJSONError(w, http.StatusNotFound, "customer data is off: there are no accounts to switch")
		return nil
	}
	v := vis.visitor
	if !v.loggedIn() {
		writeJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxSwitchForm)
	if err := r.ParseForm(); err != nil {
		writeJSONError(w, http.StatusBadRequest, "the account switch form cannot be read")
		return nil
	}
	target := r.PostForm.Get("customerId")
	if !wellFormedCustomerID(target) {
		writeJSONError(w, http.StatusBadRequest, "customerId is missing or not a customer number")
		return nil
	}
	returnPath, _ := auth.SafeReturnPath(r.PostForm.Get("return")) // "" when absent or not same-site
	pagePath := cmp.Or(returnPath, refererPath(r), "/")
	pv := vis.pageVisit(pagePath) // the page's market and flags, not the route's
	res := pv.market()
	on := pv.flags(res.Locale)

	s := v.session
	if target != s.CustomerNumber {
		if why := h.switchRefused(r, s, target, on[flags.MinorAccountSwitch]); why != "" {
			h.Customer.rt.logger.Info("account switch refused", zap.String("why", why), requestID(r.Context()))
			writeJSONError(w, http.StatusForbidden, why)
			return nil
		}
	}
	acting := target
	if target == s.CustomerNumber {
		acting = "" // back to the login's own
	}
	login := s.CustomerNumber
	_, err := session.Update(r.Context(), h.Identity.rt.store, s.ID, func(cur *session.Session) error {
		if cur.CustomerNumber != login {
			return errSwitchStale
		}
		cur.ActingCustomerNumber = acting
		return nil
	})
	switch {
	case errors.Is(err, session.ErrNotFound), errors.Is(err, errSwitchStale):
		writeJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	case err != nil:
		// The store's error may carry the session's key: say only that it failed.
		h.Customer.rt.logger.Warn("account switch not saved: the session store failed", requestID(r.Context()))
		w.Header().Set("Retry-After", "2")
		writeJSONError(w, http.StatusConflict, "the session could not be changed; try again")
		return nil
	}

	direction := "to-switchable-account"
	if acting == "" {
		direction = "back-to-login"
	}
	h.Customer.rt.logger.Info("account switched", zap.String("direction", direction), requestID(r.Context()))
	h.track(r, tracking.Event{
		EventName: tracking.EventAccountSwitch, Object: "session", Action: "account-switch",
		Description: "account switch", Zone: "edge", Component: "shellgate",
		CustomAttributes: map[string]string{"direction": direction},
	}, res.Locale)

	to := returnPath
	if to == "" {
		to = dashboardPath(res.BasePath, on[flags.UseNewDashboard])
	}
	noStore(w)
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// errSwitchStale: the session read under the lock belongs to another login than the one the
// switch was checked for. Session ids are never reused, so this guards, it does not happen.
var errSwitchStale = errors.New("the session's login changed during the account switch")

// switchRefused says why the login of s may not show target, or "". The list is the user
// management call's (spec 7), cached like every customer call, and asked with the login's own
// customer number: a switch is judged by the login, never by the account it shows now.
func (h *Handler) switchRefused(r *http.Request, s *session.Session, target string, switchOn bool) string {
	if !switchOn {
		return "account switching is off (flag umtMinorAccountSwitch)"
	}
	if s.Subject == "" {
		return "the login has no user id, so it has no switchable accounts"
	}
	list, err := h.Customer.rt.client.SwitchableAccounts(r.Context(), customer.Caller{
		Token: s.Tokens.AccessToken, CustomerNumber: s.CustomerNumber, UserID: s.Subject,
	})
	var apiErr *customer.APIError
	switch {
	case errors.Is(err, customer.ErrNotFound):
		list = nil // the platform knows no switchable accounts for this login
	case errors.As(err, &apiErr):
		h.Customer.rt.logger.Warn("switchable accounts not loaded; account switch refused",
			zap.String("call", apiErr.Call), zap.Int("status", apiErr.Status), requestID(r.Context()))
		return "the switchable accounts could not be loaded; try again"
	case err != nil:
		return "the switchable accounts could not be loaded; try again"
	}
	if !customer.MaySwitchTo(target, s.CustomerNumber, list) {
		return "customerId is not one of this login's switchable accounts"
	}
	return ""
}

// shownCustomer is the customer number whose data a session shows: the account switched to
// while switching is on, else the login's own. Turning the flag off takes every session back
// to its own customer, as the switcher (and its way back) is gone then too.
func shownCustomer(s *session.Session, switchOn bool) string {
	if switchOn {
		return s.ShownCustomerNumber()
	}
	return s.CustomerNumber
}

// wellFormedCustomerID accepts what a bacNumber can look like (letters, digits, - and _, at
// most 64), so nothing else reaches the list check, a log or an API path.
func wellFormedCustomerID(id string) bool {
	return id != "" && len(id) <= 64 && isURLSafeWord(id)
}

// refererPath is the path of the same-host page a form was posted from, "" for none: it
// tells the market (locale base path) when the form sends no return path.
func refererPath(r *http.Request) string {
	ref, err := url.Parse(r.Header.Get("Referer"))
	if err != nil || ref.Host != r.Host || !strings.HasPrefix(ref.Path, "/") {
		return ""
	}
	return ref.Path
}

// dashboardPath is the market's dashboard, where a switch lands without a return path: the
// new dashboard with b2cUseNewDashboard, else the legacy one (the private header's
// "dashboard" entries, content/*/private.ts).
func dashboardPath(basePath string, newDashboard bool) string {
	base := strings.TrimSuffix(basePath, "/")
	if newDashboard {
		return base + "/dashboard/"
	}
	return base + "/#/MyInvestments"
}
