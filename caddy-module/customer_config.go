package shell

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/caddyserver/caddy/v2"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
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

// validateCustomer checks the customer block; without one there is nothing to check.
func (h *Handler) validateCustomer() error {
	if h.Customer == nil {
		return nil
	}
	return h.Customer.validate(h.Identity)
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
	if err := checkRedirectPaths(c.Redirects, "redirect"); err != nil {
		return err
	}
	locales := make([]string, 0, len(c.LocaleRedirects))
	for l := range c.LocaleRedirects {
		locales = append(locales, l)
	}
	sort.Strings(locales)
	for _, l := range locales {
		if err := market.Check(l); err != nil {
			return fmt.Errorf("shell: customer redirect for locale %s: %w", l, err)
		}
		if err := checkRedirectPaths(c.LocaleRedirects[l], "redirect "+l); err != nil {
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

// provisionCustomerAndTracking prepares the customer block and the tracking client.
func (h *Handler) provisionCustomerAndTracking(ctx caddy.Context) error {
	if err := h.provisionTracking(ctx); err != nil {
		return err
	}
	return h.provisionCustomer(ctx)
}

// validateCustomerAndTracking checks the customer and tracking blocks.
func (h *Handler) validateCustomerAndTracking() error {
	if err := h.validateTracking(); err != nil {
		return err
	}
	return h.validateCustomer()
}
