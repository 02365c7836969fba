package shell

import (
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// preferredLocaleMaxAge keeps the visitor's choice for a year.
const preferredLocaleMaxAge = 365 * 24 * time.Hour

// serveMarket answers POST /_shell/market, the country banner's form (spec 4, country banner):
//
//	confirm=<market>  "all good": store that market's preferred locale, clear the redirect
//	                  cookie, 303 back to the page in the return field (same-site paths only);
//	locale=<market>   store that market's preferred locale, clear the redirect cookie, 303 to
//	                  the market (a configured market host or a locale path, never a URL from
//	                  the request).
func (h *Handler) serveMarket(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		return caddyhttp.Error(http.StatusMethodNotAllowed, fmt.Errorf("%s %s: only POST", r.Method, r.URL.Path))
	}
	if why := crossSite(r); why != "" { // identity/origin.go
		return caddyhttp.Error(http.StatusForbidden, fmt.Errorf("market choice refused as cross-site (%s)", why))
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		return caddyhttp.Error(http.StatusBadRequest, fmt.Errorf("the market form cannot be read: %w", err))
	}
	// The same check as the login's return path: only same-site paths, encoded tricks too.
	returnPath, ok := auth.SafeReturnPath(r.PostForm.Get("return"))
	if !ok {
		returnPath = ""
	}
	pageLocale := h.resolver.Resolve(r.Host, cmp.Or(returnPath, "/")).Locale
	on := h.edgeFlags.evaluate(r.Context(), flags.Request{Locale: pageLocale})
	markets := h.edgeBanner.listed(pageLocale, on)

	var target string
	choice, confirm := r.PostForm.Get("locale"), r.PostForm.Get("confirm")
	switch {
	case confirm != "":
		// First: the banner's list also sends its selection when "all good" is pressed.
		m, ok := market.MarketOf(markets, confirm)
		if !ok {
			return caddyhttp.Error(http.StatusBadRequest, fmt.Errorf("confirm %q is not a market", confirm))
		}
		h.edgeBanner.store(w, r, m)
		target = returnPath
		if target == "" {
			target = h.marketLink(r, m, on)
		}
	case choice != "":
		m, ok := market.MarketOf(markets, choice)
		if !ok {
			return caddyhttp.Error(http.StatusBadRequest, fmt.Errorf("locale %q is not a market the visitor may choose", choice))
		}
		h.edgeBanner.store(w, r, m)
		target = h.marketLink(r, m, on)
	default:
		return caddyhttp.Error(http.StatusBadRequest, fmt.Errorf("the market form needs a locale or a confirm field"))
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, target, http.StatusSeeOther)
	return nil
}

// store remembers m as the visitor's preferred market and clears the redirect cookie.
func (b *edgeBanner) store(w http.ResponseWriter, r *http.Request, m market.BannerMarket) {
	secure := session.IsHTTPS(r)
	http.SetCookie(w, &http.Cookie{
		Name: b.cfg.PreferredCookie, Value: m.PreferredLocale, Path: "/",
		MaxAge: int(preferredLocaleMaxAge / time.Second), HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
	http.SetCookie(w, &http.Cookie{
		Name: b.cfg.RedirectCookie, Value: "", Path: "/",
		MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
}

// marketLink is where choosing m leads: the locale path on this host for a unified-domain
// market, else a configured host of m (this request's scheme and port), else m's locale path
// on this host, which the resolver serves for every market. The generic entry goes to its
// country-selector path.
func (h *Handler) marketLink(r *http.Request, m market.BannerMarket, on map[string]bool) string {
	localePath := "/" + strings.ToLower(m.Locale) + "/"
	if strings.HasPrefix(m.Href, "/") && !strings.HasPrefix(m.Href, "//") {
		localePath = m.Href
	}
	if on[unifiedDomainFlag+":"+strings.ToLower(m.Locale)] {
		return localePath
	}
	var hosts []string
	for host, locale := range h.resolver.Hosts {
		if strings.EqualFold(locale, m.Locale) {
			hosts = append(hosts, host)
		}
	}
	if len(hosts) == 0 {
		if strings.EqualFold(m.Locale, h.DefaultLocale) && h.resolver.Resolve(r.Host, "/").Locale == h.DefaultLocale {
			return "/"
		}
		return localePath
	}
	sort.Strings(hosts)
	// The configured host with this request's port, and only when that is a number: a Host
	// such as at.localhost:1,evil.example must not smuggle another host into the link.
	return (&url.URL{Scheme: session.Scheme(r), Host: hosts[0] + requestPort(r), Path: "/"}).String()
}
