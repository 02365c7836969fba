package shell

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/caddyserver/caddy/v2"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
	"github.com/shellgate/shellgate/caddy-module/tracking"
)

// CustomerData turns on the customer's data at the edge (issue 5): the header customer block
// in the first HTML, product access for the menus, and the customer redirect rule of spec 4.
// It needs the identity block: data is loaded for logged-in customers only.
type CustomerData struct {
	// API is the platform's API base URL, e.g. https://api.example.com/rest/open_api/v2. A URL
	// without a path gets /rest/open_api/v2. The edge sends the customer's bearer token there:
	// in environment production it must be https (plain http only to a loopback host, which
	// the token never leaves the machine for).
	API string `json:"api"`

	// Budget is how long a page waits for the customer's data. Past it the page goes out with
	// the loading header and the shell fetches /_shell/state, which waits for the data.
	// Default: 300ms.
	Budget caddy.Duration `json:"budget,omitempty"`

	// Timeout bounds one API call. Default: 3s (spec 9).
	Timeout caddy.Duration `json:"timeout,omitempty"`

	// HideFinanceFor are distributor ids whose customers get no finance menu (spec 6); their
	// state.access carries FINANCE_HIDDEN. Default: the co-branded partners (dkb_retail,
	// legal_and_general, mse_savings_hub, askpaul, fairstone).
	HideFinanceFor []string `json:"hide_finance_for,omitempty"`

	// DefaultDistributors are the platform's own distributor ids: their customers get no
	// cobranding call.
	DefaultDistributors []string `json:"default_distributors,omitempty"`

	// OmitDataValidity leaves the data-validity embed out of the customer call (spec 7); the
	// CDVC redirect then never fires.
	OmitDataValidity bool `json:"omit_data_validity,omitempty"`

	// Redirects are the paths of the portal pages of spec 4, under the locale base path:
	// reference_account, financial_information, cdvc and reference_account_update (where the
	// rule never applies). Unset ones keep their defaults (defaultRedirectPaths).
	Redirects map[string]string `json:"redirects,omitempty"`

	// LocaleRedirects override Redirects for one locale: {"en-GB": {"cdvc": "/en-gb/check/"}}.
	// These paths are taken as they are, with no base path in front.
	LocaleRedirects map[string]map[string]string `json:"locale_redirects,omitempty"`

	rt *customerRuntime
}

// customerRuntime is what Provision prepares for the customer steps.
type customerRuntime struct {
	client      *customer.Client
	budget      time.Duration
	hideFinance map[string]bool
	paths       map[string]string            // page → path under the base path
	localePaths map[string]map[string]string // canonical locale → page → full path
	logger      *zap.Logger
	// late counts pages that went out before their data (the loading header).
	late atomic.Uint64
}

// Names of the portal pages of spec 4 in the configuration.
const (
	pageReferenceAccount       = "reference_account"
	pageFinancialInformation   = "financial_information"
	pageCDVC                   = "cdvc"
	pageReferenceAccountUpdate = "reference_account_update"
)

// defaultRedirectPaths are where the portal pages live unless configured.
var defaultRedirectPaths = map[string]string{
	pageReferenceAccount:       "/reference-account/",
	pageFinancialInformation:   "/financial-information/",
	pageCDVC:                   "/data-validity-check/",
	pageReferenceAccountUpdate: "/reference-account/update/",
}

// redirectPages maps the rule's targets and spared pages to the configuration's names.
var (
	targetPage = map[rules.RedirectTarget]string{
		rules.RedirectReferenceAccount:     pageReferenceAccount,
		rules.RedirectFinancialInformation: pageFinancialInformation,
		rules.RedirectCDVC:                 pageCDVC,
	}
	sparedPage = map[string]rules.RedirectPage{
		pageReferenceAccount:       rules.RedirectOnReferenceAccount,
		pageFinancialInformation:   rules.RedirectOnFinancialInformation,
		pageCDVC:                   rules.RedirectOnCDVC,
		pageReferenceAccountUpdate: rules.RedirectOnReferenceAccountUpdate,
	}
)

const defaultCustomerBudget = 300 * time.Millisecond

// defaultHideFinanceFor are the partner distributors whose customers get no finance menu
// unless configured otherwise: the partners of the co-branded registrations (spec 4), whose
// menus the UI's content also leaves without it.
var defaultHideFinanceFor = []string{"dkb_retail", "legal_and_general", "mse_savings_hub", "askpaul", "fairstone"}

// provisionCustomer builds the API client; without a customer block it does nothing.
func (h *Handler) provisionCustomer(ctx caddy.Context) error {
	c := h.Customer
	if c == nil {
		return nil
	}
	if err := c.validate(h.Identity); err != nil {
		return err
	}
	log := h.logger.Named("customer")
	client, err := customer.New(customer.Options{
		BaseURL:             c.API,
		Timeout:             time.Duration(c.Timeout),
		DefaultDistributors: c.DefaultDistributors,
		Logger:              log,
		HTTPClient:          customerHTTPClient(c.API), // metrics.go: times each call
	})
	if err != nil {
		return fmt.Errorf("shell: customer api: %w", err)
	}
	rt := &customerRuntime{
		client:      client,
		budget:      time.Duration(c.Budget),
		hideFinance: map[string]bool{},
		paths:       map[string]string{},
		localePaths: map[string]map[string]string{},
		logger:      log,
	}
	if rt.budget == 0 {
		rt.budget = defaultCustomerBudget
	}
	hide := c.HideFinanceFor
	if len(hide) == 0 {
		hide = defaultHideFinanceFor
	}
	for _, d := range hide {
		rt.hideFinance[d] = true
	}
	for page, p := range defaultRedirectPaths {
		rt.paths[page] = p
	}
	for page, p := range c.Redirects {
		rt.paths[page] = p
	}
	for locale, m := range c.LocaleRedirects {
		l, _ := market.Canonical(locale)
		rt.localePaths[l] = m
	}
	c.rt = rt
	return nil
}

// customerEnvironment is the identity block's environment, production when it names none.
func customerEnvironment(id *identity.Config) string {
	if id == nil || id.Environment == "" {
		return auth.EnvProduction
	}
	return id.Environment
}

// checkAPIScheme refuses a plain-http customer API where the customer's bearer token would
// cross a network in clear: in environment production to any host but this machine's
// loopback (a sidecar: the token never leaves the machine). Other environments may use
// plain http on their private networks (a compose network's api:9091).
func checkAPIScheme(u *url.URL, environment string) error {
	if u.Scheme == "https" || environment != auth.EnvProduction || auth.IsLoopbackHost(u.Hostname()) {
		return nil
	}
	return fmt.Errorf("shell: customer api %q uses plain http in environment production; the customer's bearer token goes there: give its https:// URL (plain http is for a loopback host, or another environment)", u.Redacted())
}

// validate reports the first problem of the block, saying what to change.
func (c *CustomerData) validate(id *identity.Config) error {
	if id == nil {
		return errors.New("shell: customer needs identity: the customer's data is loaded for logged-in customers; add an identity block")
	}
	if c.API == "" {
		return errors.New("shell: customer api is empty; give the platform's API base URL, e.g. api https://api.example.com/rest/open_api/v2")
	}
	u, err := url.Parse(c.API)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("shell: customer api %q is not an http(s) URL; give one such as https://api.example.com/rest/open_api/v2", c.API)
	}
	if err := checkAPIScheme(u, customerEnvironment(id)); err != nil {
		return err
	}
	if c.Budget < 0 || time.Duration(c.Budget) > 10*time.Second {
		return fmt.Errorf("shell: customer budget %s is out of range; give how long a page may wait for the customer's data, 0 to 10s (default 300ms)", time.Duration(c.Budget))
	}
	if c.Timeout < 0 {
		return fmt.Errorf("shell: customer timeout %s is negative; give the API call timeout, e.g. 3s", time.Duration(c.Timeout))
	}
	if err := checkRedirectPaths(c.Redirects, "redirects"); err != nil {
		return err
	}
	locales := make([]string, 0, len(c.LocaleRedirects))
	for l := range c.LocaleRedirects {
		locales = append(locales, l)
	}
	sort.Strings(locales)
	for _, l := range locales {
		if err := market.Check(l); err != nil {
			return fmt.Errorf("shell: customer locale_redirects %s: %w", l, err)
		}
		if err := checkRedirectPaths(c.LocaleRedirects[l], "locale_redirects "+l); err != nil {
			return err
		}
	}
	for _, d := range c.HideFinanceFor {
		if d == "" || strings.ContainsAny(d, " \t\"'<>") {
			return fmt.Errorf("shell: customer hide_finance_for %q is not a distributor id; give ids such as dkb_retail", d)
		}
	}
	return nil
}

func checkRedirectPaths(m map[string]string, what string) error {
	names := make([]string, 0, len(m))
	for page := range m {
		names = append(names, page)
	}
	sort.Strings(names)
	for _, page := range names {
		if _, ok := defaultRedirectPaths[page]; !ok {
			known := make([]string, 0, len(defaultRedirectPaths))
			for k := range defaultRedirectPaths {
				known = append(known, k)
			}
			slices.Sort(known)
			return fmt.Errorf("shell: customer %s %q is not a portal page; use one of %s", what, page, strings.Join(known, ", "))
		}
		p := m[page]
		if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "?# \\") {
			return fmt.Errorf("shell: customer %s %s %q is not a site path; give one such as %s (no host, query or fragment)", what, page, p, defaultRedirectPaths[page])
		}
	}
	return nil
}

// pathOf is where portal page lives for a locale with base path basePath.
func (rt *customerRuntime) pathOf(page, locale, basePath string) string {
	if p, ok := rt.localePaths[locale][page]; ok {
		return p
	}
	return strings.TrimSuffix(basePath, "/") + rt.paths[page]
}

// sparedPageOf tells whether path is one of the portal pages the redirect rule leaves alone.
func (rt *customerRuntime) sparedPageOf(path, locale, basePath string) rules.RedirectPage {
	lower := strings.ToLower(path)
	// Longest path first: the reference-account update page lies under the reference-account page.
	best, bestLen := rules.RedirectOnContent, 0
	for page, spared := range sparedPage {
		p := strings.ToLower(rt.pathOf(page, locale, basePath))
		if len(p) > bestLen && (lower == strings.TrimSuffix(p, "/") || strings.HasPrefix(lower, p)) {
			best, bestLen = spared, len(p)
		}
	}
	return best
}

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
	v.device = keepDevice(w, v)
	if !v.visitor.LoggedIn() {
		return false
	}
	if h.Customer == nil || h.Customer.rt == nil {
		v.customer = customer.Unavailable(v.market().Locale, false) // never a dead end: logout
		return false
	}
	rt := h.Customer.rt
	view, err := h.loadCustomer(v, rt.budget)
	if err != nil {
		if errors.Is(err, errLate) {
			rt.late.Add(1)
			return false // the loading header; the shell asks /_shell/state
		}
		v.customer = unavailableAfter(v)
		return false
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
	h.Tracking.track(r, tracking.Event{
		EventName: tracking.EventCustomerRedirect, Object: "customer", Action: "redirect",
		Description: "customer redirect rule", Zone: "edge", Component: "shellgate",
		CustomAttributes: map[string]string{"target": string(target), "from": r.URL.Path, "via": via},
	}, res.Locale)
	rt.logger.Debug("customer redirected", zap.String("target", string(target)), zap.String("via", via), requestID(r.Context()))
	to := rt.pathOf(targetPage[target], res.Locale, res.BasePath)
	// The reference-account page takes the product the customer came for (spec 2.3).
	if p := rules.ProductOf(r.URL.Query().Get(rules.ProductParam)); p != "" && target == rules.RedirectReferenceAccount {
		to += "?" + url.Values{rules.ProductParam: {p}}.Encode()
	}
	return to
}

// loadCustomer loads the visitor's customer data, waiting at most wait. The load goes on
// after the wait: its answers land in the cache, where /_shell/state and the next page find
// them.
func (h *Handler) loadCustomer(v *visit, wait time.Duration) (*customer.View, error) {
	rt := h.Customer.rt
	r := v.r
	s := v.visitor.Session
	locale := v.market().Locale
	f := h.Customer.flags(locale, v.flags(locale))
	shown := shownCustomer(s, f.SwitchableAccounts) // below
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
	rt.client.Belongs(shown, customerOwners(s)...) // for a back-channel logout (below)
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
	if !v.visitor.LoggedIn() || v.customer != nil {
		return
	}
	if h.Customer == nil || h.Customer.rt == nil {
		v.customer = customer.Unavailable(v.market().Locale, false)
		return
	}
	// The client's own timeout bounds each call; this bounds the whole load.
	view, err := h.loadCustomer(v, 2*customer.DefaultTimeout)
	if err != nil {
		// The shell asked once the page's budget was spent: this is the last word, so the
		// header becomes the private one with what is known, never the loading one for good.
		v.customer = unavailableAfter(v)
		return
	}
	v.customer = view
	v.redirect = h.customerRedirect(v, "state")
}

// unavailableAfter is the View a failed load leaves (spec 8, never a dead end): the private
// header with logout, the account area's links and the fetch-error notice; nil when the
// browser is gone (nothing is shown).
func unavailableAfter(v *visit) *customer.View {
	if v.r.Context().Err() != nil {
		return nil
	}
	return customer.Unavailable(v.market().Locale, true)
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

// The anonymous device identity of spec 3 (feature-flag identities): device-{uuid} in a
// cookie the shell reads and sends to the flag service. It names a browser, not a person, so
// it is not HttpOnly; it is no secret and grants nothing.

// deviceCookie is the cookie that keeps the device id.
const deviceCookie = "shell_device"

// deviceLifetime is how long a device keeps its id without a visit.
const deviceLifetime = 400 * 24 * time.Hour // the longest a browser keeps a cookie

// keepDevice gives a browser without a valid device id a new one. It returns the device.
func keepDevice(w http.ResponseWriter, v *visit) flags.Device {
	r := v.r
	d := flags.Device{Kind: flags.KindOf(r.Header.Get("User-Agent"))}
	if id, ok := v.cookie(deviceCookie); ok && flags.ValidDeviceID(id) {
		d.ID = id
		return d
	}
	var setCookie string
	d.ID, setCookie = newDeviceCookie(session.IsHTTPS(r))
	// A response that sets an id must never be stored by a shared cache and handed to other
	// visitors. It replaces the upstream's own Cache-Control (response.go, edgeCacheControl).
	hdr := w.Header()
	hdr["Cache-Control"] = append(hdr["Cache-Control"], "no-store")
	hdr["Set-Cookie"] = append(hdr["Set-Cookie"], setCookie)
	return d
}

// Device cookies are written as http.Cookie.String writes {Name: deviceCookie, Path: "/",
// MaxAge: deviceLifetime, SameSite: Lax, Secure: on HTTPS} (a test holds them to it).
var (
	deviceCookieName = deviceCookie + "="
	deviceCookieTail = "; Path=/; Max-Age=" + strconv.Itoa(int(deviceLifetime/time.Second))
)

// newDeviceCookie makes a fresh device id and the Set-Cookie value that keeps it, in one
// allocation: the id is part of the cookie's string. Every visitor without the cookie gets one
// (every request, for a client that keeps no cookies), and http.SetCookie's checks of the
// value and the fields cost about as much as the rest of the cookie.
func newDeviceCookie(secure bool) (id, setCookie string) {
	b := make([]byte, 0, 128) // on the stack: the string below is the one allocation
	b = append(b, deviceCookieName...)
	b = flags.AppendNewDeviceID(b)
	end := len(b)
	b = append(b, deviceCookieTail...)
	if secure {
		b = append(b, "; Secure"...)
	}
	b = append(b, "; SameSite=Lax"...)
	setCookie = string(b)
	return setCookie[len(deviceCookieName):end], setCookie
}

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
	f := h.Customer.flags(locale, h.edgeFlags.evaluate(r.Context(), flags.Request{Locale: locale, Device: flags.KindOf(r.Header.Get("User-Agent"))}))
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

// The customer's part of the shell state and of the private header's first HTML (DESIGN.md
// step 6), following the private header's contract (shell-ui/src/header/private:
// customerSlots.ts, customerGates.ts).

// fillCustomerState puts the device's flags, the customer block and the product access into
// p's state, and opens the private header's gates that the customer's facts hold.
func (h *Handler) fillCustomerState(vis *visit, p *page) {
	p.state.Flags = vis.flags(p.state.Locale)
	view := vis.customer
	if v := vis.visitor; view != nil && v.LoggedIn() && v.Session.ActingCustomerNumber != "" && view.BacNumber == v.Session.ActingCustomerNumber {
		// An account switch, and the data shown is the account switched to (not the login's
		// own, as with the flag off): the state names both (serveSwitchAccount).
		p.state.CustomerID, p.state.LoginCustomerID = view.BacNumber, v.Session.CustomerNumber
	}
	if view == nil || rules.HeaderVariant(p.state.HeaderVariant) != rules.HeaderPrivate {
		return
	}
	c := view.Customer
	p.state.Customer = &c
	p.state.Redirect = vis.redirect
	financeHidden := h.Customer != nil && h.Customer.rt != nil && h.Customer.rt.hideFinance[c.DistributorID]
	p.state.Access = accessValuesOf(view, financeHidden)
	on := maps.Clone(p.state.Flags)
	maps.Copy(on, customerFacts(&p.state))
	// Gated once here, with the facts; decorate's gating then finds the variant done.
	p.header = h.edgeFlags.gated(p.header, on)
}

// Product access values beyond the deposit types, as the private header's gates name them.
const (
	accessPension          = "HAS_PENSION_PRODUCT"
	accessManagedPortfolio = "HAS_MANAGED_PORTFOLIO"
	accessMigratedRobo     = "HAS_MIGRATED_ROBO"
	// Crypto and the ETF configurator come from the product instances (customer/investments.go).
	accessCrypto           = "HAS_CRYPTO"
	accessETFConfigurator  = "HAS_ETF_CONFIGURATOR"
	accessTermProduct      = "term_product_access"
	accessOvernightProduct = "overnight_product_access"
	accessNoticeProduct    = "notice_product_access"
	// accessFinanceHidden hides the finance menu (hide_finance_for).
	accessFinanceHidden = "FINANCE_HIDDEN"
)

// accessValuesOf lists the customer's product access (spec 3, 6): deposit access, the offers
// the customer may open, and the investment and pension products.
func accessValuesOf(v *customer.View, financeHidden bool) []string {
	out := v.AccessValues()
	add := func(on bool, value string) {
		if on {
			out = append(out, value)
		}
	}
	add(v.ProductTypes.TermProductAccess, accessTermProduct)
	add(v.ProductTypes.OvernightProductAccess, accessOvernightProduct)
	add(v.ProductTypes.NoticeProductAccess, accessNoticeProduct)
	add(v.Products.Pension, accessPension)
	add(v.Products.ManagedPortfolio, accessManagedPortfolio)
	add(v.Products.MigratedRobo || v.Products.MigratedProducts, accessMigratedRobo)
	add(v.Products.Crypto, accessCrypto)
	add(v.Products.ETFConfigurator, accessETFConfigurator)
	add(financeHidden, accessFinanceHidden)
	return out
}

// customerFacts are the facts the private header's gates test, derived from the state as
// customerGates.ts derives them: true entries only.
func customerFacts(st *shellstate.State) map[string]bool {
	facts := map[string]bool{}
	add := func(key string, on bool) {
		if on && safeFactKey(key) {
			facts[key] = true
		}
	}
	for _, a := range st.Access {
		add("access:"+a, true)
	}
	c := st.Customer
	if c == nil {
		return facts
	}
	amounts := !c.BalanceIsNotAvailable && c.TotalBalance != nil && c.AvailableBalance != nil
	add("customer:balance", showsBalanceBox(c))
	add("customer:balance-available", amounts)
	add("customer:total-negative", amounts && c.TotalBalance.IsNegative)
	add("customer:available-negative", amounts && c.AvailableBalance.IsNegative)
	add("customer:restricted", c.Restricted)
	add("customer:company", c.IsCompanyCustomer)
	add("customer:unread", c.ShowUnreadMessage)
	for _, id := range c.AccountIDs {
		switch id.ID {
		case "iban", "accountNumber", "sortCode":
			add("customer:id:"+id.ID, true)
		}
	}
	if c.DistributorID != "" {
		add("distributor:"+c.DistributorID, true)
	}
	return facts
}

// showsBalanceBox is the balance box's rule (spec 4, 8): an ACTIVE account shows it, and so
// does a customer whose account state is unknown because an account call failed: the box then
// holds the maintenance or fetch-error notice instead of vanishing (customerGates.ts: the same).
func showsBalanceBox(c *shellstate.Customer) bool {
	return c.State == "ACTIVE" || c.State == "" && c.BalanceIsNotAvailable && c.NotAvailableMessage != nil
}

// safeFactKey is customerGates.ts's safeKey: what the edge's condition parser accepts.
func safeFactKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == ':' || c == '-') {
			return false
		}
	}
	return true
}

// customerSlotPrefix starts every customer slot the prerender writes: [[shell:customer.NAME]].
const customerSlotPrefix = "[[shell:customer."

// customerSlotValues are the texts of the slots, as customerSlots.ts gives them.
func customerSlotValues(c *shellstate.Customer) map[string]string {
	m := map[string]string{"initials": c.Initials, "displayName": c.DisplayName}
	if c.TotalBalance != nil {
		m["total.label"], m["total.amount"] = c.TotalBalance.Label, c.TotalBalance.Amount
	}
	if c.AvailableBalance != nil {
		m["available.label"], m["available.amount"] = c.AvailableBalance.Label, c.AvailableBalance.Amount
	}
	if n := c.NotAvailableMessage; n != nil {
		m["notice.title"], m["notice.tooltip"] = n.Title, n.TooltipText
	}
	for _, id := range c.AccountIDs {
		if _, dup := m["id."+id.ID+".label"]; !dup {
			m["id."+id.ID+".label"], m["id."+id.ID+".display"] = id.Label, id.Display
		}
	}
	return m
}

// slotScratch holds fillCustomerSlots' copies of the header: one header's worth a page.
var slotScratch = sync.Pool{New: func() any { return new([]byte) }}

// fillCustomerSlots replaces the customer slots in buf[start:] by the customer's texts,
// written as the fragments are, markup and non-ASCII characters as numeric character
// references (bundle.AppendText): slots sit in text and in quoted attributes, and in pages
// of any ASCII-compatible charset. A
// slot without a value, or a page without a customer, gets "". The values are written after
// the fragment's own slots were filled, so a customer's text is never read as a slot.
func fillCustomerSlots(buf []byte, start int, c *shellstate.Customer) []byte {
	idx := bytes.Index(buf[start:], []byte(customerSlotPrefix))
	if idx < 0 {
		return buf
	}
	var values map[string]string
	if c != nil {
		values = customerSlotValues(c)
	}
	// Only the part from the first slot on is rewritten; it is read from a pooled copy
	// (the filled text is written over it in place, and may be longer).
	first := start + idx
	scratch := slotScratch.Get().(*[]byte)
	defer slotScratch.Put(scratch)
	src := append((*scratch)[:0], buf[first:]...)
	*scratch = src
	out := buf[:first]
	for {
		i := bytes.Index(src, []byte(customerSlotPrefix))
		if i < 0 {
			break
		}
		end := bytes.Index(src[i:], []byte("]]"))
		if end < 0 {
			break
		}
		out = append(out, src[:i]...)
		out = bundle.AppendText(out, values[string(src[i+len(customerSlotPrefix):i+end])])
		src = src[i+end+2:]
	}
	return append(out, src...)
}

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
	if !v.LoggedIn() {
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

	s := v.Session
	if target != s.CustomerNumber {
		if why := h.Customer.switchRefused(r, s, target, on[flags.MinorAccountSwitch]); why != "" {
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
	_, err := session.Update(r.Context(), h.Identity.Store(), s.ID, func(cur *session.Session) error {
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
	h.Tracking.track(r, tracking.Event{
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
func (c *CustomerData) switchRefused(r *http.Request, s *session.Session, target string, switchOn bool) string {
	if !switchOn {
		return "account switching is off (flag umtMinorAccountSwitch)"
	}
	if s.Subject == "" {
		return "the login has no user id, so it has no switchable accounts"
	}
	list, err := c.rt.client.SwitchableAccounts(r.Context(), customer.Caller{
		Token: s.Tokens.AccessToken, CustomerNumber: s.CustomerNumber, UserID: s.Subject,
	})
	var apiErr *customer.APIError
	switch {
	case errors.Is(err, customer.ErrNotFound):
		list = nil // the platform knows no switchable accounts for this login
	case errors.As(err, &apiErr):
		c.rt.logger.Warn("switchable accounts not loaded; account switch refused",
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
