package shell

import (
	"fmt"
	"html"
	"strconv"
	"unicode/utf8"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/splice"
)

// Page title and the page's choice of header, decided when the splicer has read the page's
// head (spec 2.7). A page without a <title> gets the market's default title; a page with one is
// never touched, nor are its canonical link, description, robots or Open Graph tags: those
// belong to the page. A page's <meta name="shell-header"> picks its header over the routes.

// HeaderVariantRoute is one operator rule: pages whose path matches Path ask for Variant.
type HeaderVariantRoute struct {
	// Path is a path glob, matched case-insensitively; * stands for any characters, slashes
	// included, e.g. /en/partner-banks/*.
	Path string `json:"path"`
	// Variant is the header the pages ask for: public, login, registration,
	// country-selector, corporate, bank-navigation, hidden-navigation or integrated.
	Variant string `json:"variant"`
}

// pageHead is the Head fragment of a locale and header, with and without the default title.
type pageHead struct {
	plain, titled []byte
}

// headKey names a page's Head: its locale, and whom its header is for, which decides the
// chunks the head preloads (bundle.AudienceOf).
type headKey struct {
	locale   string
	audience bundle.Audience
}

// provisionSEO prepares the header routes and every locale's Head fragments.
func (h *Handler) provisionSEO() error {
	routes, err := headerRouteRules(h.HeaderVariants)
	if err != nil {
		return err
	}
	h.headerRoutes = routes
	h.heads = make(map[headKey]pageHead)
	h.shells = newRenderedShells() // page_shells.go
	for _, locale := range h.bundle.Locales() {
		for _, a := range bundle.Audiences {
			plain := h.Consent.appendHead(nil, locale)
			plain = h.Marketing.appendHead(plain) // marketing.go: the CDP's loader
			plain = append(plain, h.bundle.HeadFor(locale, a)...)
			titled := plain
			if seo, ok := h.bundle.SEO(locale); ok && seo.Title() != "" {
				titled = append([]byte(`<title data-shell="title">`+asciiText(seo.Title())+`</title>`), plain...)
			}
			h.heads[headKey{locale, a}] = pageHead{plain: plain, titled: titled}
		}
	}
	return nil
}

// headerRouteRules are the operator's header_variants routes as rules reads them.
func headerRouteRules(variants []HeaderVariantRoute) (rules.HeaderRoutes, error) {
	in := make([]rules.HeaderRoute, len(variants))
	for i, r := range variants {
		in[i] = rules.HeaderRoute{Glob: r.Path, Variant: r.Variant}
	}
	routes, err := rules.NewHeaderRoutes(in)
	if err != nil {
		return nil, fmt.Errorf("shell: %w", err)
	}
	return routes, nil
}

// prebuiltHeads are the Head fragments headOf gives for locale and header, with and without a
// title, when they were built at provision (never changed after): nil when it builds them.
func (h *Handler) prebuiltHeads(locale, header string) (plain, titled []byte) {
	ph := h.heads[headKey{locale, h.bundle.AudienceOf(locale, header)}]
	return ph.plain, ph.titled
}

// headOf gives the Head fragment of a page in locale with the header variant header; titled
// adds the default title.
func (h *Handler) headOf(locale, header string, titled bool) []byte {
	ph, ok := h.heads[headKey{locale, h.bundle.AudienceOf(locale, header)}]
	if !ok {
		return h.bundle.Head(locale, header)
	}
	if titled {
		return ph.titled
	}
	return ph.plain
}

// Resolve picks the fragments once the splicer has read the page's head (splice.Resolver):
// the default title where the head has none, and the header the page's meta asks for.
func (p *page) Resolve(head splice.Head) splice.Fragments {
	h := p.h
	f := p.frags
	f.Head = h.headOf(p.state.Locale, p.state.HeaderVariant, !head.Title)
	if head.HeaderVariant == nil {
		return f
	}
	in, ok := p.input.WithPageRequest(head.HeaderVariant)
	if !ok {
		if ce := h.logger.Check(zapcore.DebugLevel, "page asked for an unknown header variant; ignored"); ce != nil {
			ce.Write(zap.ByteString("variant", head.HeaderVariant), zap.String("path", p.state.Path),
				zap.Strings("known", rules.RequestableVariants()))
		}
		return f
	}
	variant := rules.SelectHeader(in)
	header, shown := h.headerFragment(p.state.Locale, variant, p.input.Regflow)
	if shown == p.state.HeaderVariant {
		return f
	}
	header = h.edgeFlags.gated(header, p.state.Flags) // as pageOf's decorate does for the first choice
	// Render the fragments again behind the first ones in the same buffer: nothing of them is
	// written yet, and on an error the first ones stand.
	prev := p.header
	prevShown := p.state.HeaderVariant
	p.header, p.state.HeaderVariant = header, shown
	again, err := h.appendFragments(p, p.buf)
	if err != nil {
		p.header, p.state.HeaderVariant = prev, prevShown
		h.logger.Error("shell state could not be encoded for the page's header variant; the route's header stands", zap.Error(err))
		return f
	}
	again.Head = h.headOf(p.state.Locale, p.state.HeaderVariant, !head.Title)
	return again
}

// asciiText escapes s for HTML text or a quoted attribute value and writes every non-ASCII
// character as a numeric character reference, so that it reads the same in any
// ASCII-compatible charset the page may have (title text is RCDATA: references are decoded).
func asciiText(s string) string {
	s = html.EscapeString(s)
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	out := make([]byte, 0, len(s)+16)
	for _, r := range s {
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
			continue
		}
		out = append(out, "&#x"...)
		out = strconv.AppendInt(out, int64(r), 16)
		out = append(out, ';')
	}
	return string(out)
}
