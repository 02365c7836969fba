package shell

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/market"
)

// marketHandler is a handler as Provision leaves it, for the market route alone.
func marketHandler(t *testing.T, flagFile string) *Handler {
	t.Helper()
	file := flags.Defaults()
	if flagFile != "" {
		f, err := flags.Parse([]byte(flagFile), market.Check)
		if err != nil {
			t.Fatal(err)
		}
		file = f
	}
	h := &Handler{DefaultLocale: "de-DE"}
	h.resolver.Resolver = market.Resolver{Hosts: map[string]string{"uk.localhost": "en-GB", "gb.localhost": "en-GB", "at.localhost": "de-AT"}, Default: "de-DE"}
	h.edgeFlags = edgeFlags{set: flags.NewSet(file, market.Locales)}
	h.edgeBanner = edgeBanner{
		cfg: BannerConfig{QueryParam: defaultBannerQueryParam, PreferredCookie: defaultBannerPreferredCookie, RedirectCookie: defaultBannerRedirectCookie},
		markets: []market.BannerMarket{
			{Locale: "de-DE", PreferredLocale: "de-de", RedirectCountries: []string{"DE"}, Href: "https://www.shellgate.de/"},
			{Locale: "de-AT", PreferredLocale: "de-at", RedirectCountries: []string{"AT"}, Href: "https://www.shellgate.at/"},
			{Locale: "en-GB", PreferredLocale: "en-gb", RedirectCountries: []string{"GB"}, Href: "https://www.shellgate.co.uk/"},
			{Locale: "fr-FR", PreferredLocale: "fr-fr", RedirectCountries: []string{"FR"}, Href: "https://www.shellgate.fr/"},
			{Locale: "pl-PL", PreferredLocale: "pl-pl", RedirectCountries: []string{"PL"}, Href: "https://www.shellgate.com/pl-pl/"},
			{Locale: "de-CH", PreferredLocale: "de-ch", RedirectCountries: []string{"CH"}, Href: "https://www.shellgate.ch/", IsNewMarket: true},
			{Locale: "en", PreferredLocale: "en", Href: "/en/select-country/"},
		},
	}
	return h
}

func TestMarketRoute(t *testing.T) {
	const sameOrigin = "http://localhost:8080"
	tests := []struct {
		name, flags  string
		method, form string
		headers      map[string]string
		status       int
		location     string
		preferred    string // the preferred-locale cookie set, "" for none
	}{
		{name: "choose a market with a host", form: "locale=en-GB", status: 303, location: "http://gb.localhost:8080/", preferred: "en-gb"},
		{name: "choose by preferred code", form: "locale=de-at&return=/festgeld/", status: 303, location: "http://at.localhost:8080/", preferred: "de-at"},
		{name: "choose a market without a host: its locale path", form: "locale=fr-FR", status: 303, location: "/fr-fr/", preferred: "fr-fr"},
		{name: "the default market on its host: the root", form: "locale=de-DE", status: 303, location: "/", preferred: "de-de"},
		{name: "unified domain: locale path", flags: `{"flags": {"b2cUnifiedDomainLocales": {"values": ["en-GB"]}}}`, form: "locale=en-GB", status: 303, location: "/en-gb/", preferred: "en-gb"},
		{name: "the generic entry: the country selector", form: "locale=en", status: 303, location: "/en/select-country/", preferred: "en"},
		{name: "new market while flagged", flags: `{"flags": {"b2cNewMarketLocales": {"values": ["de-CH"]}}}`, form: "locale=de-CH", status: 303, location: "/de-ch/", preferred: "de-ch"},
		{name: "new market not flagged", form: "locale=de-CH", status: 400},
		{name: "all good: back to the page", form: "confirm=de-DE&return=/festgeld/%3Fa=1", status: 303, location: "/festgeld/?a=1", preferred: "de-de"},
		{name: "all good with the list's selection too", form: "locale=fr-FR&confirm=de-AT&return=/de-at/x/", status: 303, location: "/de-at/x/", preferred: "de-at"},
		{name: "all good without a return: the market", form: "confirm=en-GB", status: 303, location: "http://gb.localhost:8080/", preferred: "en-gb"},
		{name: "hostile: a URL as market", form: "locale=https://evil.example/", status: 400},
		{name: "hostile: scheme-relative market", form: "locale=//evil.example", status: 400},
		{name: "hostile: absolute return", form: "confirm=de-DE&return=https://evil.example/", status: 303, location: "/", preferred: "de-de"},
		{name: "hostile: scheme-relative return", form: "confirm=de-DE&return=//evil.example/", status: 303, location: "/", preferred: "de-de"},
		{name: "hostile: backslash return", form: "confirm=de-DE&return=/%5Cevil.example/", status: 303, location: "/", preferred: "de-de"},
		{name: "hostile: header injection in return", form: "confirm=de-DE&return=/a%0D%0ASet-Cookie:+x=1", status: 303, location: "/", preferred: "de-de"},
		{name: "hostile: javascript return", form: "confirm=de-DE&return=javascript:alert(1)", status: 303, location: "/", preferred: "de-de"},
		{name: "no choice", form: "return=/", status: 400},
		{name: "GET", method: "GET", status: 405},
		{name: "cross-site", form: "locale=en-GB", headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: 403},
		{name: "same-site sibling host", form: "locale=en-GB", headers: map[string]string{"Sec-Fetch-Site": "same-site"}, status: 403},
		{name: "foreign Origin", form: "locale=en-GB", headers: map[string]string{"Sec-Fetch-Site": "", "Origin": "http://evil.example"}, status: 403},
		{name: "null Origin", form: "locale=en-GB", headers: map[string]string{"Sec-Fetch-Site": "", "Origin": "null"}, status: 403},
		{name: "https Origin for an http page", form: "locale=en-GB", headers: map[string]string{"Sec-Fetch-Site": "", "Origin": "https://localhost:8080"}, status: 403},
		{name: "no browser headers at all", form: "locale=fr-FR", headers: map[string]string{"Sec-Fetch-Site": "", "Origin": ""}, status: 303, location: "/fr-fr/", preferred: "fr-fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := marketHandler(t, tt.flags)
			method := tt.method
			if method == "" {
				method = http.MethodPost
			}
			r := httptest.NewRequest(method, "http://localhost:8080/_shell/market", strings.NewReader(tt.form))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Header.Set("Sec-Fetch-Site", "same-origin")
			r.Header.Set("Origin", sameOrigin)
			for k, v := range tt.headers {
				if v == "" {
					r.Header.Del(k)
				} else {
					r.Header.Set(k, v)
				}
			}
			w := httptest.NewRecorder()
			status := http.StatusOK
			if err := h.serveMarket(w, r); err != nil {
				var he caddyhttp.HandlerError
				if !errors.As(err, &he) {
					t.Fatalf("error %v is not an HTTP error", err)
				}
				status = he.StatusCode
			} else {
				status = w.Code
			}
			if status != tt.status {
				t.Fatalf("status %d, want %d", status, tt.status)
			}
			if got := w.Header().Get("Location"); got != tt.location {
				t.Errorf("Location %q, want %q", got, tt.location)
			}
			cookies := map[string]*http.Cookie{}
			for _, c := range w.Result().Cookies() {
				cookies[c.Name] = c
			}
			if tt.preferred == "" {
				if len(cookies) != 0 {
					t.Errorf("cookies %v set on a refused request", cookies)
				}
				return
			}
			p, r2 := cookies[defaultBannerPreferredCookie], cookies[defaultBannerRedirectCookie]
			if p == nil || p.Value != tt.preferred || p.Path != "/" || !p.HttpOnly || p.SameSite != http.SameSiteLaxMode || p.MaxAge < 86400 {
				t.Errorf("preferred-locale cookie %+v, want %q for a year", p, tt.preferred)
			}
			if r2 == nil || r2.MaxAge >= 0 {
				t.Errorf("redirect cookie %+v is not cleared", r2)
			}
			if u, _ := url.Parse(tt.location); u.Host != "" && !strings.HasSuffix(u.Host, ".localhost:8080") {
				t.Errorf("redirected off the configured hosts: %s", tt.location)
			}
		})
	}
}
