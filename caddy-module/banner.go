package shell

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// BannerConfig names what the country banner reads from a request and writes to the browser.
// Every field has a default; see the README section "Country banner and flags".
type BannerConfig struct {
	// CountryHeader is a request header carrying the visitor's country as ISO 3166 alpha-2, as
	// CDNs send it (CF-IPCountry, CloudFront-Viewer-Country). The banner suggests the market
	// that lists that country. Empty (the default): no suggestion from the country.
	CountryHeader string `json:"country_header,omitempty"`
	// QueryParam is the region-redirect query parameter: a page requested with it shows the
	// banner. Default: region_redirect.
	QueryParam string `json:"query_param,omitempty"`
	// PreferredCookie holds the visitor's preferred locale ("en-gb"); the banner shows while it
	// differs from the page's market. Default: shell_preferred_locale.
	PreferredCookie string `json:"preferred_cookie,omitempty"`
	// RedirectCookie, while set, shows the banner (e.g. a CDN's geo redirect sets it);
	// choosing or confirming a market clears it. Default: shell_region_redirect.
	RedirectCookie string `json:"redirect_cookie,omitempty"`
}

const (
	defaultBannerQueryParam      = "region_redirect"
	defaultBannerPreferredCookie = "shell_preferred_locale"
	defaultBannerRedirectCookie  = "shell_region_redirect"

	// bannerKind is the manifest's kind of the banner fragments; a fragment's variant is the
	// suggested market's locale, or "none".
	bannerKind = "banner"
	// marketsFile is the market list the UI build writes beside its manifest.
	marketsFile = "markets.json"
	// returnSlot is where a banner fragment holds the page's path (its form's return field).
	returnSlot = "[[shell:return]]"

	newMarketFlag     = "b2cNewMarketLocales"
	unifiedDomainFlag = "b2cUnifiedDomainLocales"
)

// edgeBanner is what Provision prepares for the country banner.
type edgeBanner struct {
	cfg     BannerConfig
	markets []market.BannerMarket
}

// provision gives what the banner needs at a request: the names with their defaults, and the
// UI build's market list. b may be nil (every default).
func (b *BannerConfig) provision(fsys fs.FS, logger *zap.Logger) (edgeBanner, error) {
	cfg := BannerConfig{}
	if b != nil {
		cfg = *b
	}
	if cfg.QueryParam == "" {
		cfg.QueryParam = defaultBannerQueryParam
	}
	if cfg.PreferredCookie == "" {
		cfg.PreferredCookie = defaultBannerPreferredCookie
	}
	if cfg.RedirectCookie == "" {
		cfg.RedirectCookie = defaultBannerRedirectCookie
	}
	raw, err := fs.ReadFile(fsys, marketsFile)
	if errors.Is(err, fs.ErrNotExist) {
		// A build from before the banner: pages go out without one.
		logger.Warn("the UI build has no market list; the country banner is off until the UI is rebuilt", zap.String("file", marketsFile))
		return edgeBanner{cfg: cfg}, nil
	}
	if err != nil {
		return edgeBanner{}, fmt.Errorf("shell: reading the UI build's %s for the country banner: %w (rebuild the UI)", marketsFile, err)
	}
	var markets []market.BannerMarket
	if err := json.Unmarshal(raw, &markets); err != nil {
		return edgeBanner{}, fmt.Errorf("shell: the UI build's %s is not a market list: %w (rebuild the UI)", marketsFile, err)
	}
	return edgeBanner{cfg: cfg, markets: markets}, nil
}

// validate checks the names the operator gave; b may be nil.
func (b *BannerConfig) validate() error {
	if b == nil {
		return nil
	}
	for what, name := range map[string]string{
		"query_param": b.QueryParam, "preferred_cookie": b.PreferredCookie, "redirect_cookie": b.RedirectCookie,
	} {
		if name != "" && !isToken(name) {
			return fmt.Errorf("shell: banner %s %q is not a name; use letters, digits, - and _", what, name)
		}
	}
	if c := b.CountryHeader; c != "" && !isToken(c) {
		return fmt.Errorf("shell: banner country_header %q is not a header name, e.g. CF-IPCountry", c)
	}
	return nil
}

// isToken tells whether s is a non-empty run of letters, digits, -, _ and . (a name, or an HTTP
// token with nothing a parser would read differently).
func isToken(s string) bool {
	for _, c := range s {
		if !(c == '-' || c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return s != ""
}

// listed are the markets a visitor of locale may see and be sent to: new markets only
// while flag b2cNewMarketLocales names them, the current one always (as the picker does).
func (b *edgeBanner) listed(locale string, on map[string]bool) []market.BannerMarket {
	out := make([]market.BannerMarket, 0, len(b.markets))
	for _, m := range b.markets {
		if !m.IsNewMarket || strings.EqualFold(m.Locale, locale) || on[newMarketFlag+":"+strings.ToLower(m.Locale)] {
			out = append(out, m)
		}
	}
	return out
}

// decorate applies the edge's flags to the page's fragments and decides the country banner.
func (h *Handler) decorate(v *visit, p *page) {
	r := v.r
	p.header = h.edgeFlags.gated(p.header, p.state.Flags)
	p.footer = h.edgeFlags.gated(p.footer, p.state.Flags)
	cfg := h.edgeBanner.cfg
	in := market.BannerInput{
		Current:        p.state.Locale,
		RegionRedirect: queryHas(r, cfg.QueryParam),
	}
	if value, ok := v.cookie(cfg.PreferredCookie); ok {
		in.Preferred = value
	}
	if value, ok := v.cookie(cfg.RedirectCookie); ok && value != "" {
		in.RedirectCookie = true
	}
	if !in.Asked() {
		return // most pages: no market list to build
	}
	in.Markets = h.edgeBanner.listed(p.state.Locale, p.state.Flags)
	if cfg.CountryHeader != "" {
		in.Country = r.Header.Get(cfg.CountryHeader)
	}
	d := market.DecideBanner(in)
	if !d.Show {
		return
	}
	if _, ok := h.bundle.Fragment(p.state.Locale, bannerKind, bannerVariant(d.Suggested)); !ok {
		// A build without this banner: show none rather than one React cannot match.
		return
	}
	p.state.Banner = &shellstate.Banner{Show: true, Reason: d.Reason, Suggested: d.Suggested}
}

func bannerVariant(suggested string) string {
	if suggested == "" {
		return "none"
	}
	return suggested
}

// appendBanner appends the banner of the page, if it shows one, at the top of the header
// mount: the same markup React renders for state.banner, so there is no flash.
func (h *Handler) appendBanner(dst []byte, p *page, v bundle.Values) []byte {
	b := p.state.Banner
	if b == nil || !b.Show {
		return dst
	}
	f, ok := h.bundle.Fragment(p.state.Locale, bannerKind, bannerVariant(b.Suggested))
	if !ok {
		return dst
	}
	start := len(dst)
	dst = h.edgeFlags.gated(f, p.state.Flags).AppendTo(dst, v)
	// The return field: the page's path, escaped for an attribute value as the fragments are
	// (a decoded path may hold any character).
	if i := bytes.Index(dst[start:], []byte(returnSlot)); i >= 0 {
		at := start + i
		tail := append([]byte(nil), dst[at+len(returnSlot):]...)
		dst = append(bundle.AppendText(dst[:at], p.state.Path), tail...)
	}
	return dst
}

// caching keeps browsers from showing a stale banner decision: it depends on cookies
// (and the visitor's country), so pages vary by them; a page with the banner is never stored,
// and its request asks the upstream for the whole page, not a 304 for a copy without it.
func (b *edgeBanner) caching(w http.ResponseWriter, r *http.Request, p *page) {
	hdr := w.Header()
	hdr.Add("Vary", "Cookie")
	if c := b.cfg.CountryHeader; c != "" {
		hdr.Add("Vary", c)
	}
	if p.state.Banner == nil {
		return
	}
	hdr.Set("Cache-Control", "no-store")
	r.Header.Del("If-None-Match")
	r.Header.Del("If-Modified-Since")
}
