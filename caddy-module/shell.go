// Package shell is the Caddy module http.handlers.shell: it owns the shell around every proxied
// HTML page. ServeHTTP only orchestrates; each step is a plain function in a room below
// (splice, market, bundle, shellstate).
package shell

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/splice"
	shellui "github.com/shellgate/shellgate/shell-ui"
)

func init() {
	caddy.RegisterModule(Handler{})
}

// Route prefixes of the gateway's own endpoints.
const (
	routePrefix = "/_shell/"
	assetPrefix = routePrefix + "assets/"
)

// builtinUI is the UI bundle built into the binary (the builtinassets tag), nil without it.
var builtinUI = shellui.Builtin()

// builtinBundle is builtinUI read and prepared once per process, for every shell and every
// config reload: it cannot change, and preparing it (each fragment tokenized) is most of what
// a Provision costs.
var builtinBundle = sync.OnceValues(func() (*bundle.Bundle, error) { return bundle.Load(builtinUI, assetPrefix) })

// Handler splices the shell (header, footer, head assets and the shell state) into every HTML
// page the next handler serves, and answers the gateway's own routes under /_shell/.
type Handler struct {
	// DesignVersion picks the footer layout: "v1" (the default) or "v2".
	DesignVersion string `json:"design_version,omitempty"`

	// DefaultLocale is the locale of hosts and paths that name none. Default: de-DE.
	DefaultLocale string `json:"default_locale,omitempty"`

	// Hosts maps market host names (no port) to the locale each serves, e.g.
	// {"example.co.uk": "en-GB"}. A leading locale path segment (/en-gb/...) always wins.
	Hosts map[string]string `json:"hosts,omitempty"`

	// UIDir serves the shell UI from a built shell-ui/dist folder on disk instead of the one
	// built into the binary, e.g. to try a new build without rebuilding Caddy. A binary built
	// without the builtinassets tag (plain `go build`, xcaddy) has none inside and needs it.
	UIDir string `json:"ui_dir,omitempty"`

	// Compressed says what to do with a page the upstream compressed although the gateway
	// asked it for identity: "decode" (the default) decodes gzip, br and zstd and splices;
	// "passthrough" sends such pages on untouched, without the shell.
	Compressed string `json:"compressed,omitempty"`

	// MaxDecodedSize caps how many bytes a compressed page may decode to, against
	// decompression bombs; past it the response is cut off. It also caps the window a zstd
	// page may declare, which is never more than 8 MiB (decode.go). Default: 128 MiB.
	MaxDecodedSize int64 `json:"max_decoded_size,omitempty"`

	// PagePlans is how many pages the splicer remembers (by host, path and query: the
	// page's bytes and where the footer went, at most 64 MiB of bytes in all): a page served
	// again with the same bytes skips the scan of its body, most of the splicer's work. The
	// output is the same either way. Default: 4096 pages; -1 turns it off.
	PagePlans int `json:"page_plans,omitempty"`

	// DisableRevalidation stops the gateway from asking the upstream for a page whose bytes
	// the plans hold with If-None-Match and its ETag (revalidate.go). By default it does, and
	// on 304 Not Modified it splices the held bytes: the upstream still answers every request,
	// but sends a page only when it changed. Turn it off for an upstream whose ETags stay the
	// same when its pages change.
	DisableRevalidation bool `json:"disable_revalidation,omitempty"`

	// FrameAncestors are the sources that may frame a page with the shell, as CSP's
	// frame-ancestors names them: 'self', 'none', a scheme (https:), an origin
	// (https://partner.example, https://*.example.com) or *. Every spliced page gets a
	// Content-Security-Policy field `frame-ancestors <sources>` of its own, beside the
	// origin's policy, and X-Frame-Options SAMEORIGIN for 'self' or DENY for 'none' (an
	// origin's DENY stays); see framing.go. Default: ['self'].
	FrameAncestors []string `json:"frame_ancestors,omitempty"`

	// HSTS is the Strict-Transport-Security header of every answer to an HTTPS request
	// (pages, the gateway's own routes, assets; hsts.go), never of plain HTTP. Default:
	// "max-age=31536000; includeSubDomains"; "off" sends none.
	HSTS string `json:"hsts,omitempty"`

	// Page title, consent and header choice (head.go, consent.go).

	// HeaderVariants let routes ask for a header variant, first match wins; a page's own
	// <meta name="shell-header" content="..."> wins over them.
	HeaderVariants []HeaderVariantRoute `json:"header_variants,omitempty"`

	// Consent puts the consent manager and the market group's tag-manager container into
	// every page's head. Unset, the gateway inserts no consent node at all.
	Consent *Consent `json:"consent,omitempty"`

	// Identity turns on logins at the edge (OIDC, sessions, access guard, token relay; see
	// package identity). Without it every visitor gets the public header.
	Identity *identity.Config `json:"identity,omitempty"`

	// AppView is how the app's embedded view proves a request is its own (app_view.go):
	// a header and its values, or a user-agent token. Unset, no request is the app's, and
	// a login's webview=1 makes no webview session.
	AppView *AppView `json:"app_view,omitempty"`

	// Feature flags and the country banner (flags.go, banner.go, market_route.go).

	// FlagFile is the operator's feature-flag file (JSON, see testdata/flags.json), read at
	// Provision so that `caddy reload` picks up a change. Without it the built-in defaults
	// apply: the nl Beleggen menu and the mobile-app banner on.
	FlagFile string `json:"flag_file,omitempty"`

	// FlagService is the feature-flag service (flag_service.go): its flags, asked per request
	// over OFREP, go on top of the flag file's. Unset: the flag file alone.
	FlagService *FlagService `json:"flag_service,omitempty"`

	// Banner names the country banner's request header, query parameter and cookies.
	Banner *BannerConfig `json:"banner,omitempty"`

	// The customer at the edge and tracking (customer.go, events.go).

	// Customer loads a logged-in customer's data for the private header, the menus and the
	// customer redirect rule. It needs Identity.
	Customer *CustomerData `json:"customer,omitempty"`

	// Tracking posts tracking events (the edge's own and the shell's) to an event collector.
	Tracking *Tracking `json:"tracking,omitempty"`

	// Marketing turns on the CDP's identify, per-host tracking app ids and the app's
	// marketing SDK hook (marketing.go); unset, none of them runs.
	Marketing *Marketing `json:"marketing,omitempty"`

	bundle   *bundle.Bundle
	plans    *splice.Plans  // nil when PagePlans is -1
	outputs  *keptOutputs   // output.go: held pages' whole output, with the plans
	resolver marketResolver // visit.go: the market, once per request
	logger   *zap.Logger
	now      func() time.Time

	edgeFlags    edgeFlags
	edgeBanner   edgeBanner
	headerRoutes rules.HeaderRoutes
	heads        map[headKey]pageHead // per locale and header: the Head fragment with and without a title
	shells       *renderedShells      // page_shells.go: anonymous pages' rendered header and footer
	framing      frameOptions         // framing.go: the fields FrameAncestors gives a spliced page
	ready        *readiness           // health.go: the cached readiness checks
}

const (
	defaultMaxDecodedSize = 128 << 20
	compressedDecode      = "decode"
	compressedPassthrough = "passthrough"
)

// CaddyModule returns the Caddy module information.
func (Handler) CaddyModule() caddy.ModuleInfo {
	return caddy.ModuleInfo{
		ID:  "http.handlers.shell",
		New: func() caddy.Module { return new(Handler) },
	}
}

// Provision loads the shell UI and sets defaults.
func (h *Handler) Provision(ctx caddy.Context) error {
	h.logger = ctx.Logger()
	if h.now == nil {
		h.now = time.Now
	}
	if h.DesignVersion == "" {
		h.DesignVersion = "v1"
	}
	if h.DefaultLocale == "" {
		h.DefaultLocale = market.DefaultLocale
	}
	if h.Compressed == "" {
		h.Compressed = compressedDecode
	}
	if h.MaxDecodedSize == 0 {
		h.MaxDecodedSize = defaultMaxDecodedSize
	}
	if h.PagePlans >= 0 {
		h.plans = splice.NewPlans(h.PagePlans, 0)
		h.outputs = newKeptOutputs()
	}
	h.framing = framingOf(h.FrameAncestors) // framing.go
	hosts := make(map[string]string, len(h.Hosts))
	for host, locale := range h.Hosts {
		if l, ok := market.Canonical(locale); ok {
			locale = l
		}
		hosts[strings.ToLower(host)] = locale
	}
	h.resolver = marketResolver{Resolver: market.Resolver{Hosts: hosts, Default: h.DefaultLocale}}

	fsys := builtinUI
	if h.UIDir != "" {
		fsys = os.DirFS(h.UIDir)
	} else if fsys == nil {
		return fmt.Errorf("shell: %w", bundle.ErrNotBuiltIn)
	}
	load := builtinBundle
	if h.UIDir != "" {
		load = func() (*bundle.Bundle, error) { return bundle.Load(fsys, assetPrefix) }
	}
	b, err := load()
	if err != nil {
		if h.UIDir != "" {
			return fmt.Errorf("shell: ui_dir %q: %w", h.UIDir, err)
		}
		return fmt.Errorf("shell: the built-in UI: %w", err)
	}
	h.bundle = b
	if err := h.provisionFlags(fsys); err != nil {
		return err
	}
	if h.edgeBanner, err = h.Banner.provision(fsys, h.logger); err != nil { // lists markets by the flags
		return err
	}
	if err := h.provisionSEO(); err != nil {
		return err
	}
	// The readiness checks (health.go), cached; the clock read at each use, as tests swap it.
	h.ready = &readiness{run: h.runReadyChecks, now: func() time.Time { return h.now() }}
	if err := h.provisionMetrics(ctx); err != nil { // metrics.go
		return fmt.Errorf("shell: registering the metrics: %w", err)
	}
	if h.AppView != nil {
		h.AppView.Provision()
	}
	if err := h.provisionIdentity(ctx); err != nil {
		return err
	}
	if err := h.Tracking.provision(ctx, h.logger); err != nil { // events.go
		return err
	}
	return h.provisionCustomer(ctx) // customer.go
}

// Validate checks the configuration and says what to change.
func (h *Handler) Validate() error {
	if h.DesignVersion != "v1" && h.DesignVersion != "v2" {
		return fmt.Errorf("shell: design_version %q is not a design version; use v1 or v2", h.DesignVersion)
	}
	if err := market.Check(h.DefaultLocale); err != nil {
		return fmt.Errorf("shell: default_locale: %w", err)
	}
	if err := h.FlagService.validate(); err != nil { // flag_service.go
		return err
	}
	for host, locale := range h.Hosts {
		if host == "" || strings.ContainsAny(host, ":/ ") {
			return fmt.Errorf("shell: hosts %q is not a host name; give the bare name, e.g. example.co.uk", host)
		}
		if err := market.Check(locale); err != nil {
			return fmt.Errorf("shell: hosts %s: %w", host, err)
		}
	}
	if err := h.Banner.validate(); err != nil {
		return err
	}
	if h.Compressed != compressedDecode && h.Compressed != compressedPassthrough {
		return fmt.Errorf("shell: compressed %q is not a policy; use decode or passthrough", h.Compressed)
	}
	if h.MaxDecodedSize < 0 {
		return fmt.Errorf("shell: max_decoded_size %d is negative; give a size such as 128MiB", h.MaxDecodedSize)
	}
	if h.PagePlans < -1 {
		return fmt.Errorf("shell: page_plans %d is not a number of pages; give one such as 4096, or -1 (off)", h.PagePlans)
	}
	if err := validateFrameAncestors(h.FrameAncestors); err != nil {
		return err
	}
	if err := validateHSTS(h.HSTS); err != nil {
		return err
	}
	if _, err := headerRouteRules(h.HeaderVariants); err != nil { // head.go
		return err
	}
	if err := h.Consent.validate(); err != nil {
		return err
	}
	if err := h.Tracking.validate(); err != nil {
		return err
	}
	if err := h.Marketing.validate(h.AppView); err != nil { // marketing.go
		return err
	}
	if h.Customer != nil {
		if err := h.Customer.validate(h.Identity); err != nil {
			return err
		}
	}
	if h.AppView != nil {
		if err := h.AppView.Validate(); err != nil {
			return err
		}
	}
	return h.validateIdentity()
}

// ServeHTTP answers the gateway's own routes and splices the shell into pages: the seven
// steps of DESIGN.md over one visit.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request, next caddyhttp.Handler) error {
	r = forwardedHTTPS(r)
	setHSTS(w, r, h.HSTS)
	v, ok := h.newVisit(r) // 1 market: resolved at its first ask, once
	if !ok {
		// Origins would read this path in different ways (..%2f, ..;, a NUL): no decision
		// made here would hold for the one behind the gateway.
		return caddyhttp.Error(http.StatusBadRequest, rules.ErrUndecidablePath)
	}
	// 3 session, 4 access guard; identity's own routes, the login page, the token relay
	r, visitor, answered, err := h.Identity.Serve(w, r, next, v.identityRequest())
	if answered {
		return err
	}
	v.r, v.visitor = r, visitor
	if strings.HasPrefix(v.path, routePrefix) {
		return h.serveOwnRoute(w, v) // 2 own routes
	}
	if h.serveCustomer(w, v) { // 5 customer data and the redirect rule
		return nil
	}
	next, answered = h.Identity.SessionsPage(w, r, v.visitor, v.identityRequest(), next) // the gateway's own page
	if answered {
		return nil
	}
	return h.servePage(w, v, next) // 6 shell state, 7 response
}

// servePage serves the page through next with the shell spliced in (steps 6 and 7), or
// untouched when the response gets none.
func (h *Handler) servePage(w http.ResponseWriter, v *visit, next caddyhttp.Handler) error {
	r := v.r
	var page *page
	reason := ineligible(r)
	repl, _ := r.Context().Value(caddy.ReplacerCtxKey).(*caddy.Replacer)
	if reason == "" {
		h.keepAppView(w, v) // app_view.go: pages of the app without its signal still count
		page = h.pageOf(v)
		keepPartnerDistributor(w, v)
		if repl != nil {
			repl.Map(pagePlaceholders(v, page))
		}
		// Ask for the page uncompressed so it can be spliced as it streams; encode compresses
		// the result for the client.
		r.Header.Set("Accept-Encoding", "identity")
		h.edgeBanner.caching(w, r, page)
	} else if repl != nil {
		// Most such requests are a page's images, scripts and styles: their shell is worked out
		// only if a log line asks for it.
		repl.Map(h.lazyPlaceholders(v))
	}
	sw := newShellWriter(w, r, h, page, reason)
	defer func() {
		if v := recover(); v != nil {
			sw.finish(true) // reverse_proxy aborts a response cut short with a panic
			panic(v)
		}
	}()
	// The session cookie was read above; the content origin never gets it.
	identity.DropSessionCookies(r)
	err := next.ServeHTTP(sw, r)
	sw.finish(err != nil)
	return err
}

// The placeholders the handler sets (docs/reference.md: placeholders).
const (
	placeholderMarket        = "http.shell.market" // the page's market; locale is its shell's
	placeholderLocale        = "http.shell.locale"
	placeholderHeaderVariant = "http.shell.header_variant"
	placeholderLoggedIn      = "http.shell.logged_in"
)

// placeholderValues are what the handler's placeholders answer for a request.
type placeholderValues struct {
	market, locale, variant string
	loggedIn                bool
}

func placeholdersOf(v *visit, p *page) placeholderValues {
	return placeholderValues{v.market().Locale, p.state.Locale, p.state.HeaderVariant, p.state.IsLoggedIn}
}

func (pv placeholderValues) lookup(key string) (any, bool) {
	switch key {
	case placeholderMarket:
		return pv.market, true
	case placeholderLocale:
		return pv.locale, true
	case placeholderHeaderVariant:
		return pv.variant, true
	case placeholderLoggedIn:
		return pv.loggedIn, true
	}
	return nil, false
}

// pagePlaceholders answers the placeholders of a request with a shell: its page's, as they
// are when the page is worked out (a header variant the page's head asks for later does not
// change them). One function instead of four Replacer.Set calls, which cost every page three
// allocations and a map for placeholders that only a log line or a later handler may read.
func pagePlaceholders(v *visit, p *page) caddy.ReplacerFunc {
	return placeholdersOf(v, p).lookup
}

// lazyPlaceholders answers the placeholders for a request that gets no shell, from the page
// it would have, worked out at the first ask.
func (h *Handler) lazyPlaceholders(v *visit) caddy.ReplacerFunc {
	var p *page
	return func(key string) (any, bool) {
		switch key {
		case placeholderMarket:
			return v.market().Locale, true // no page needed
		case placeholderLocale, placeholderHeaderVariant, placeholderLoggedIn:
		default:
			return nil, false
		}
		if p == nil {
			p = h.pageOf(v)
		}
		return placeholdersOf(v, p).lookup(key)
	}
}

// ineligible says why the response to r must pass untouched, or "".
func ineligible(r *http.Request) string {
	switch {
	case r.Method != http.MethodGet:
		return "method"
	case headerValue(r.Header, "Range") != "":
		return "range"
	case headerValue(r.Header, "Upgrade") != "":
		return "upgrade"
	}
	// Browsers say what a request is for: only documents get a shell, not fetches of HTML
	// partials or iframes. Clients that don't say (crawlers, curl) get one.
	if dest := headerValue(r.Header, "Sec-Fetch-Dest"); dest != "" && dest != "document" {
		return "not-a-document"
	}
	return ""
}

// Interface guards
var (
	_ caddy.Provisioner           = (*Handler)(nil)
	_ caddy.Validator             = (*Handler)(nil)
	_ caddy.CleanerUpper          = (*Handler)(nil) // Cleanup: identity_provision.go
	_ caddyhttp.MiddlewareHandler = (*Handler)(nil)
	_ caddyfile.Unmarshaler       = (*Handler)(nil)
)

// forwardedHTTPS marks a request that a trusted proxy (the server's trusted_proxies) says came
// over HTTPS, so cookies, callback URLs and same-origin checks use https behind a load balancer
// that terminates TLS. From anyone else X-Forwarded-Proto is ignored: a client could send it.
func forwardedHTTPS(r *http.Request) *http.Request {
	if r.TLS != nil {
		return r
	}
	if trusted, _ := caddyhttp.GetVar(r.Context(), caddyhttp.TrustedProxyVarKey).(bool); !trusted {
		return r
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	if !strings.EqualFold(strings.TrimSpace(proto), "https") {
		return r
	}
	return session.BehindTLS(r)
}
