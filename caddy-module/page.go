package shell

import (
	"net/http"
	"strings"
	"sync"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
	"github.com/shellgate/shellgate/caddy-module/splice"
)

// page is what the shell of one request is made of: its state and the fragments it shows.
type page struct {
	state  shellstate.State
	header *bundle.Fragment
	footer *bundle.Fragment

	// For Resolve (head.go): what the header was selected from, and the rendered fragments.
	h     *Handler
	input rules.HeaderInput
	frags splice.Fragments
	buf   *[]byte
	shell *renderedShell // where frags' header and footer are, when they are a kept shell's
}

// Mount elements: every node the gateway adds carries data-shell.
const (
	headerOpen = `<div data-shell="header">`
	footerOpen = `<div data-shell="footer">`
	mountClose = `</div>`
)

// pageOf is the shell of the visit's page (DESIGN.md step 6).
func (h *Handler) pageOf(v *visit) *page {
	r := v.r
	res := v.market()
	locale := shellLocale(h.bundle, res.Locale, h.DefaultLocale)
	basePath := res.BasePath
	if locale != res.Locale {
		// The page's locale has no shell: the fallback's links go to the fallback's own pages.
		basePath = ""
		if locale != h.DefaultLocale {
			basePath = "/" + strings.ToLower(locale)
		}
	}
	regflow := queryValue(r, "regflow")
	routed := v.headerInput() // path rules and the operator's header_variants routes
	in := rules.HeaderInput{
		Kind:     routed.Kind,
		Mode:     routed.Mode,
		Locale:   res.Locale,
		Regflow:  regflow,
		LoggedIn: v.visitor.LoggedIn(),
		// The customer's data, when the customer step had it at hand (customer.go).
		HasCustomerData: v.customer != nil,
		// A partner's link or the visit's partner cookie (partner.go).
		PartnerDistributor: v.partnerDistributor() != "",
	}
	variant := rules.SelectHeader(in)
	header, shown := h.headerFragment(locale, variant, regflow)
	p := &page{h: h, input: in, header: header, state: shellstate.State{
		Locale:        locale,
		Market:        locale,
		BasePath:      basePath,
		DesignVersion: h.DesignVersion,
		HeaderVariant: shown,
		Path:          r.URL.Path,
		Year:          h.now().Year(),
		CanAccess:     true,
	}}
	h.fillVisitorState(v, &p.state)
	if routed.Kind == rules.PageOpenBanking && p.state.Session != nil {
		p.state.Session.Monitored = false // spec 4: the watcher runs on non-open-banking pages
	}
	h.fillMarketingState(v, &p.state)
	h.fillCustomerState(v, p) // the request's flags, customer block, access; opens the private header's gates
	h.applyAppView(v, p)      // app_view.go: the footer's embedded-mode gates
	p.footer, _ = h.bundle.Fragment(locale, bundle.Footer, h.DesignVersion)
	if p.footer == nil {
		// The build lacks this design for the locale: show v1, and say so, so React renders v1 too.
		p.footer, _ = h.bundle.Fragment(locale, bundle.Footer, "v1")
		p.state.DesignVersion = "v1"
	}
	h.decorate(v, p) // flags gate the fragments; the country banner
	return p
}

// queryValue is r's query parameter key, "" when it has none; most pages have no query, and
// parsing an empty one still allocates.
func queryValue(r *http.Request, key string) string {
	if r.URL.RawQuery == "" {
		return ""
	}
	return r.URL.Query().Get(key)
}

// queryHas tells whether r's query has the parameter key.
func queryHas(r *http.Request, key string) bool {
	return r.URL.RawQuery != "" && r.URL.Query().Has(key)
}

// headerFragment gives the fragment of the selected header variant and the name it has in the
// build: a partner's registration header is "registration-<regflow>" where the build has one,
// else the generic co-branded header; a variant the build lacks falls back to the public
// header. The state names what is shown, so that React renders the same.
func (h *Handler) headerFragment(locale string, v rules.HeaderVariant, regflow string) (*bundle.Fragment, string) {
	if v == rules.HeaderIntegrated {
		return nil, string(v) // embedded: the mount stays empty
	}
	names := []string{string(v), string(rules.HeaderPublic)}
	if v == rules.HeaderCobranded {
		names = append([]string{string(rules.HeaderRegistration) + "-" + regflow}, names...)
	}
	for _, name := range names {
		if f, ok := h.bundle.Fragment(locale, bundle.Header, name); ok {
			return f, name
		}
	}
	return nil, string(rules.HeaderPublic)
}

// shellLocale is the locale whose shell is shown: the page's own, else the fallback header
// locale, else the default.
func shellLocale(b *bundle.Bundle, locale, defaultLocale string) string {
	for _, l := range []string{locale, market.FallbackHeaderLocale, defaultLocale} {
		if b.HasLocale(l) {
			return l
		}
	}
	return b.Locales()[0]
}

var fragmentBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

// fragments renders the bytes to splice into the page, or takes them from the rendered shells
// of earlier pages (renderedShells). The buffer goes back to the pool with releaseFragments
// once the response is done.
func (h *Handler) fragments(p *page) (splice.Fragments, *[]byte, error) {
	bp := fragmentBuffers.Get().(*[]byte)
	*bp = (*bp)[:0]
	var f splice.Fragments
	var err error
	key, keyed := h.shells.key(p, bp)
	shell := h.shells.lookup(key, keyed)
	if shell != nil {
		f = splice.Fragments{Head: h.headOf(p.state.Locale, p.state.HeaderVariant, false), Header: shell.header, Footer: shell.footer}
	} else {
		f, err = h.appendFragments(p, bp)
		if err == nil && keyed {
			if shell = h.shells.store(key, f); shell != nil {
				f.Header, f.Footer = shell.header, shell.footer // the same bytes, never changed
			}
		}
	}
	p.shell = shell
	p.frags, p.buf = f, bp
	f.Resolve = p // the page's head may ask for a title and a header variant (head.go)
	return f, bp, err
}

// appendFragments renders the fragments at the end of *bp.
func (h *Handler) appendFragments(p *page, bp *[]byte) (splice.Fragments, error) {
	buf := *bp
	start := len(buf)
	v := bundle.Values{Year: p.state.Year, BasePath: p.state.BasePath, Path: p.state.Path}

	buf = append(buf, headerOpen...)
	buf = h.appendBanner(buf, p, v)
	if p.header != nil {
		at := len(buf)
		buf = p.header.AppendTo(buf, v)
		buf = fillCustomerSlots(buf, at, p.state.Customer)
	}
	buf = append(buf, mountClose...)
	buf, err := p.state.AppendScript(buf)
	if err != nil {
		*bp = buf
		return splice.Fragments{}, err
	}
	headerEnd := len(buf)
	buf = append(buf, footerOpen...)
	// A hidden footer leaves its mount empty, and the shell hydrates none (footerHidden.ts).
	if p.footer != nil && !footerHidden(&p.state) {
		buf = p.footer.AppendTo(buf, v)
	}
	buf = append(buf, mountClose...)
	*bp = buf
	return splice.Fragments{
		Head:   h.headOf(p.state.Locale, p.state.HeaderVariant, false),
		Header: buf[start:headerEnd:headerEnd],
		Footer: buf[headerEnd:],
	}, nil
}

func releaseFragments(bp *[]byte) {
	if bp != nil && cap(*bp) <= 1<<20 {
		fragmentBuffers.Put(bp)
	}
}
