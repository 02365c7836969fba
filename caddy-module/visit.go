package shell

import (
	"context"
	"net/http"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// visit is what the gateway finds out about one request, built once in ServeHTTP and filled
// step by step (DESIGN.md, "The way a request travels"): every step reads the request's facts
// from here instead of looking them up again. The market, the header input and the flags are
// worked out at their first ask, once: an asset needs none of them.
type visit struct {
	r    *http.Request
	path string // the decision path (paths.go)

	// visitor is what the identity steps found (step 3); nil when identity is off.
	visitor *identity.Visitor
	// device is the browser's anonymous device identity, kept on page navigations (step 5).
	device flags.Device
	// customer is the logged-in customer's data when it was at hand (step 5), else nil.
	customer *customer.View
	// redirect is the customer redirect the shell is to follow (/_shell/state), "" for none.
	redirect string

	resolver *marketResolver
	res      market.Resolution
	resolved bool

	edgeFlags   *edgeFlags
	on          map[string]bool
	onFor       flags.Request // what on was evaluated for
	flagsDone   bool
	routes      *rules.HeaderRoutes
	header      rules.HeaderInput
	headerKnown bool

	cookies requestCookies // read at the first ask (cookies.go)
}

// newVisit starts the visit of r; ok is false for a path origins would read in different
// ways (ServeHTTP refuses it).
func (h *Handler) newVisit(r *http.Request) (*visit, bool) {
	path, ok := identity.DecisionPath(r)
	return &visit{r: r, path: path, resolver: &h.resolver, edgeFlags: &h.edgeFlags, routes: &h.headerRoutes}, ok
}

// cookie is r.Cookie(name)'s value, and whether the request has one: the Cookie header is
// read once for all of a page's cookies.
func (v *visit) cookie(name string) (string, bool) { return v.cookies.get(v.r, name) }

// pageVisit is the visit of the page at pagePath for v's visitor, as /_shell/state asks for
// it: the page's own market, header and flags.
func (v *visit) pageVisit(pagePath string) *visit {
	pr := v.r.Clone(v.r.Context())
	// ?path= names the page with its query (stateURL): the page's query is the request's.
	p, q, _ := strings.Cut(pagePath, "?")
	pr.URL.Path, pr.URL.RawPath, pr.URL.RawQuery = p, "", q
	pv := &visit{r: pr, visitor: v.visitor, device: v.device, resolver: v.resolver, edgeFlags: v.edgeFlags, routes: v.routes}
	pv.path, _ = identity.DecisionPath(pr)
	return pv
}

// market is the request's market (DESIGN.md step 1), resolved once from its host and its
// decision path, the path as the origin reads it (/EN-GB/ is /en-gb/): the page's shell
// and the access guard name the same market.
func (v *visit) market() market.Resolution {
	if !v.resolved {
		path := v.path
		if path == "" {
			path = v.r.URL.Path // undecidable: ServeHTTP refused it; /_shell/state's ?path=
		}
		v.res, v.resolved = v.resolver.Resolve(v.r.Host, path), true
	}
	return v.res
}

// headerInput is the header input of the request's path: the path rules, then the
// operator's header_variants routes.
func (v *visit) headerInput() rules.HeaderInput {
	if !v.headerKnown {
		v.header, v.headerKnown = v.routes.Input(v.r.URL.Path), true
	}
	return v.header
}

// flags are the request's flags for a page in locale: the locale, the device's kind and,
// once the customer's data is at hand, the investor's country. They are evaluated again only
// when asked for another locale (a page whose locale has no shell shows the fallback's) or
// after the customer's country became known.
func (v *visit) flags(locale string) map[string]bool {
	in := flags.Request{Locale: locale, Device: v.device.Kind, DeviceID: v.device.ID}
	if in.Device == "" {
		in.Device = flags.KindOf(v.r.Header.Get("User-Agent"))
	}
	if v.customer != nil {
		in.Country = v.customer.Country
	}
	if !v.flagsDone || v.onFor != in {
		v.on, v.onFor, v.flagsDone = v.edgeFlags.evaluate(v.r.Context(), in), in, true
	}
	return v.on
}

// evaluate gives the flags of a request: the flag file's, with the flag service's on top
// when one is configured and answers (flag_service.go); none without a flag set.
func (f *edgeFlags) evaluate(ctx context.Context, r flags.Request) map[string]bool {
	if f.set == nil {
		return map[string]bool{}
	}
	return f.withService(ctx, r, f.set.Evaluate(r))
}

// identityRequest is what identity's steps need of the visit: the decision path and the
// visit's market, so that identity never resolves the market again.
func (v *visit) identityRequest() identity.Request {
	return identity.Request{Path: v.path, Market: v.market}
}

// fillVisitorState puts the access decision (the guard's, on the visit's market: the one
// identity's Serve made for this page when it made one) and the session timing into the
// shell state. It never puts a token there.
func (h *Handler) fillVisitorState(v *visit, st *shellstate.State) {
	h.Identity.FillState(v.r, v.visitor, v.identityRequest(), st)
}

// marketResolver is the handler's market.Resolver. A test counts its resolutions (counted):
// the market of a request is resolved once, into the visit.
type marketResolver struct {
	market.Resolver
	counted func()
}

// Resolve gives the market of host and path (market.Resolver.Resolve).
func (m *marketResolver) Resolve(host, path string) market.Resolution {
	if m.counted != nil {
		m.counted()
	}
	return m.Resolver.Resolve(host, path)
}
