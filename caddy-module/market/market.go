// Package market tells which market and locale a request is for, from its host and path.
package market

import (
	"fmt"
	"strings"
)

// DefaultLocale is the platform's default locale (spec section 1).
const DefaultLocale = "de-DE"

// FallbackHeaderLocale is the locale whose shell is shown when a locale has none (spec section 9).
const FallbackHeaderLocale = "en-US"

// Locales are every locale with a market of its own (spec section 2.3); "en" is the bare
// English locale of the corporate and country-selector pages.
var Locales = []string{"de-DE", "de-AT", "de-CH", "en-GB", "en-IE", "en-US", "fr-FR", "es-ES", "nl-NL", "pl-PL", "fi-FI", "it-IT", "en"}

// Resolution is the market of one request.
type Resolution struct {
	// Locale is the page's locale, e.g. "en-GB".
	Locale string
	// BasePath is the locale base path, "" when the locale comes from the host, else "/en-gb".
	BasePath string
}

// Resolver resolves requests. The zero value resolves everything to DefaultLocale.
type Resolver struct {
	// Hosts maps a lowercase host name (no port) to the locale it serves.
	Hosts map[string]string
	// Default is the locale for hosts and paths that name none; DefaultLocale if empty.
	Default string
}

// Resolve gives the market of a request: a leading locale path segment ("/en-gb/...") wins,
// then the host, then the default.
func (r *Resolver) Resolve(host, path string) Resolution {
	if seg := firstSegment(path); seg != "" {
		if l, ok := localeOfSegment(seg); ok {
			return Resolution{Locale: l, BasePath: "/" + seg}
		}
	}
	if l, ok := r.Hosts[hostName(host)]; ok {
		return Resolution{Locale: l}
	}
	if r.Default != "" {
		return Resolution{Locale: r.Default}
	}
	return Resolution{Locale: DefaultLocale}
}

// Check reports an error naming the fix when locale is not a market's locale.
func Check(locale string) error {
	if _, ok := canonical(locale); ok {
		return nil
	}
	return fmt.Errorf("locale %q is not a market of the platform; use one of %s", locale, strings.Join(Locales, ", "))
}

// Canonical gives a locale's canonical spelling ("en-gb" → "en-GB").
func Canonical(locale string) (string, bool) { return canonical(locale) }

func canonical(locale string) (string, bool) {
	for _, l := range Locales {
		if strings.EqualFold(l, locale) {
			return l, true
		}
	}
	return "", false
}

// localeOfSegment matches a lowercase path segment such as "en-gb", or the bare "en" of the
// corporate and country-selector pages (/en/corporate/, /en/select-country/), to its locale.
func localeOfSegment(seg string) (string, bool) {
	if strings.ToLower(seg) != seg {
		return "", false
	}
	return canonical(seg)
}

func firstSegment(path string) string {
	path = strings.TrimPrefix(path, "/")
	if i := strings.IndexByte(path, '/'); i >= 0 {
		return path[:i]
	}
	return path
}

func hostName(host string) string {
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host[i:], "]") {
		host = host[:i]
	}
	return strings.ToLower(strings.TrimSuffix(host, "."))
}
