package rules

import (
	"fmt"
	"sort"
	"strings"
)

// How a page asks for a header variant. Three sources, the later winning over the earlier:
//
//  1. the path rules of KindOfPath and ModeOfPath (login, registration, /en/ corporate pages);
//  2. the operator's routes: `header_variants <path-glob> <variant>` in the Caddyfile;
//  3. the page itself: <meta name="shell-header" content="<variant>"> in its head.
//
// A request names what the page is (a kind: login, registration, country-selector,
// open-banking, or public for a plain content page) or a mode that overrides the header
// (corporate, bank-navigation, hidden-navigation, integrated). SelectHeader then applies spec
// section 4 as for any page: a logged-in customer on a plain content page still gets the
// private header, and a partner regflow on a registration page its co-branded one.

// HeaderRequest is a header variant a route or a page asks for.
type HeaderRequest struct {
	Kind PageKind
	Mode Mode
}

// requestable are the variants a route or page may ask for, by name. The others (private,
// loading, partner, cobranded) follow from the session and the regflow, never from the page.
var requestable = map[string]HeaderRequest{
	string(HeaderPublic):          {Kind: PageContent},
	string(HeaderLogin):           {Kind: PageLogin},
	string(HeaderRegistration):    {Kind: PageRegistration},
	string(HeaderCountrySelector): {Kind: PageCountrySelector},
	string(HeaderCorporate):       {Kind: PageContent, Mode: ModeCorporate},
	string(HeaderBankNavigation):  {Kind: PageContent, Mode: ModeBankNavigation},
	string(HeaderHiddenNav):       {Kind: PageContent, Mode: ModeHiddenNav},
	string(HeaderIntegrated):      {Kind: PageContent, Mode: ModeIntegrated},
}

// RequestableVariants lists the names a route or page may ask for, sorted.
func RequestableVariants() []string {
	out := make([]string, 0, len(requestable))
	for name := range requestable {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// ParseHeaderRequest reads a variant name as a route or page gives it (case-insensitive,
// spaces around ignored). It does not allocate for names given in lower case.
func ParseHeaderRequest(name []byte) (HeaderRequest, bool) {
	if r, ok := requestable[string(name)]; ok {
		return r, true
	}
	trimmed := strings.ToLower(strings.TrimSpace(string(name)))
	r, ok := requestable[trimmed]
	return r, ok
}

// Apply gives the header input with the kind and mode the request names.
func (r HeaderRequest) Apply(in HeaderInput) HeaderInput {
	in.Kind, in.Mode = r.Kind, r.Mode
	return in
}

// HeaderRoute is one operator rule: pages whose path matches Glob ask for Variant.
type HeaderRoute struct {
	// Glob matches the request path case-insensitively; '*' stands for any run of characters,
	// slashes included (as in Caddy's path matcher), e.g. /en/partner-banks/* or */impressum/.
	Glob    string
	Variant string
	request HeaderRequest
}

// HeaderRoutes are the operator's rules, in their order: the first match wins.
type HeaderRoutes []HeaderRoute

// NewHeaderRoutes checks every rule and prepares it; the error names the first bad rule and
// what to write instead.
func NewHeaderRoutes(routes []HeaderRoute) (HeaderRoutes, error) {
	out := make(HeaderRoutes, 0, len(routes))
	for _, r := range routes {
		if !strings.HasPrefix(r.Glob, "/") && !strings.HasPrefix(r.Glob, "*") {
			return nil, fmt.Errorf("header_variants path %q must start with / or *, e.g. /en/partner-banks/*", r.Glob)
		}
		req, ok := ParseHeaderRequest([]byte(r.Variant))
		if !ok {
			return nil, fmt.Errorf("header_variants %s: %q is not a header variant a route may ask for; use one of %s",
				r.Glob, r.Variant, strings.Join(RequestableVariants(), ", "))
		}
		r.Glob = strings.ToLower(r.Glob)
		r.request = req
		out = append(out, r)
	}
	return out, nil
}

// Input gives the header input of a path: its kind and mode by the path rules, overridden by
// the first route that matches. The caller adds locale, regflow and session.
func (rs HeaderRoutes) Input(path string) HeaderInput {
	in := HeaderInput{Kind: KindOfPath(path), Mode: ModeOfPath(path)}
	if req, ok := rs.Match(path); ok {
		in = req.Apply(in)
	}
	return in
}

// WithPageRequest gives the input with the page's own request (its shell-header meta) applied
// over the path rules and routes. ok is false when the value names no variant a page may ask
// for; the input is then unchanged.
func (in HeaderInput) WithPageRequest(value []byte) (out HeaderInput, ok bool) {
	req, ok := ParseHeaderRequest(value)
	if !ok {
		return in, false
	}
	return req.Apply(in), true
}

// Match gives the request of the first rule whose glob matches path.
func (rs HeaderRoutes) Match(path string) (HeaderRequest, bool) {
	for _, r := range rs {
		if globMatch(r.Glob, path) {
			return r.request, true
		}
	}
	return HeaderRequest{}, false
}

// globMatch matches a lower-case glob with '*' wildcards against path, case-insensitively,
// without allocating: the classic backtracking over the last '*'.
func globMatch(glob, path string) bool {
	g, p := 0, 0
	star, mark := -1, 0
	for p < len(path) {
		switch {
		case g < len(glob) && glob[g] == '*':
			star, mark = g, p
			g++
		case g < len(glob) && glob[g] == lowerASCII(path[p]):
			g++
			p++
		case star >= 0:
			g = star + 1
			mark++
			p = mark
		default:
			return false
		}
	}
	for g < len(glob) && glob[g] == '*' {
		g++
	}
	return g == len(glob)
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
