package market

import "strings"

// BannerMarket is one market as the country banner knows it (spec 2.5): the UI build writes
// the list (shell-ui/src/market/markets.ts) to markets.json, so the edge and the picker agree.
type BannerMarket struct {
	// Locale is the market's locale, e.g. "en-GB"; the bare "en" for the generic entry.
	Locale string `json:"locale"`
	// PreferredLocale is the code stored in the preferred-locale cookie, e.g. "en-gb".
	PreferredLocale string `json:"preferredLocale"`
	// RedirectCountries are the visitor countries (ISO 3166 alpha-2) this market is for.
	RedirectCountries []string `json:"redirectCountries"`
	// Href is the market's own site in the build; a root path for the generic entry.
	Href string `json:"href"`
	// IsNewMarket markets are listed only while flag b2cNewMarketLocales names them.
	IsNewMarket bool `json:"isNewMarket,omitempty"`
}

// Reasons the banner shows, in the order they are checked.
const (
	ReasonRegionRedirect  = "region-redirect"
	ReasonPreferredLocale = "preferred-locale"
	ReasonRedirectCookie  = "redirect-cookie"
)

// BannerInput is what the banner decision depends on; the edge reads it from the request.
type BannerInput struct {
	// Current is the page's locale.
	Current string
	// RegionRedirect: the region-redirect query parameter is present.
	RegionRedirect bool
	// Preferred is the preferred-locale cookie's value, "" without one.
	Preferred string
	// RedirectCookie: the redirect cookie is set.
	RedirectCookie bool
	// Country is the visitor's country from the operator-named request header, "" if unknown.
	Country string
	// Markets are the markets the visitor may be sent to (hidden new markets left out).
	Markets []BannerMarket
}

// Asked tells whether anything in the request asks for the banner at all: without it the
// banner does not show, whatever the markets, so a caller may leave Markets out.
func (in BannerInput) Asked() bool {
	return in.RegionRedirect || in.Preferred != "" || in.RedirectCookie
}

// BannerDecision is whether the banner shows, why, and which market it suggests.
type BannerDecision struct {
	Show      bool
	Reason    string
	Suggested string
}

// DecideBanner applies the country banner rule of spec section 4: the banner shows when the
// region-redirect parameter is present, or the preferred locale differs from the current
// market's, or the redirect cookie is set. It suggests the market of the visitor's country,
// else the market of the preferred locale; never the current market.
func DecideBanner(in BannerInput) BannerDecision {
	var d BannerDecision
	if !in.Asked() {
		return d
	}
	current, hasCurrent := findMarket(in.Markets, func(m BannerMarket) bool { return strings.EqualFold(m.Locale, in.Current) })
	currentPreferred := strings.ToLower(in.Current)
	if hasCurrent {
		currentPreferred = current.PreferredLocale
	}
	switch {
	case in.RegionRedirect:
		d.Reason = ReasonRegionRedirect
	case in.Preferred != "" && !strings.EqualFold(in.Preferred, currentPreferred):
		d.Reason = ReasonPreferredLocale
	case in.RedirectCookie:
		d.Reason = ReasonRedirectCookie
	default:
		return d
	}
	d.Show = true
	notCurrent := func(m BannerMarket) bool { return !strings.EqualFold(m.Locale, in.Current) }
	if country := strings.TrimSpace(in.Country); len(country) == 2 {
		if m, ok := findMarket(in.Markets, func(m BannerMarket) bool { return notCurrent(m) && hasCountry(m, country) }); ok {
			d.Suggested = m.Locale
			return d
		}
	}
	if in.Preferred != "" {
		if m, ok := findMarket(in.Markets, func(m BannerMarket) bool { return notCurrent(m) && strings.EqualFold(m.PreferredLocale, in.Preferred) }); ok {
			d.Suggested = m.Locale
		}
	}
	return d
}

// MarketOf finds a market by locale or preferred-locale code, case-insensitively.
func MarketOf(markets []BannerMarket, locale string) (BannerMarket, bool) {
	return findMarket(markets, func(m BannerMarket) bool {
		return strings.EqualFold(m.Locale, locale) || strings.EqualFold(m.PreferredLocale, locale)
	})
}

func findMarket(markets []BannerMarket, match func(BannerMarket) bool) (BannerMarket, bool) {
	for _, m := range markets {
		if match(m) {
			return m, true
		}
	}
	return BannerMarket{}, false
}

func hasCountry(m BannerMarket, country string) bool {
	for _, c := range m.RedirectCountries {
		if strings.EqualFold(c, country) {
			return true
		}
	}
	return false
}
