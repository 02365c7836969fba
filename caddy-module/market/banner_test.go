package market

import "testing"

var bannerMarkets = []BannerMarket{
	{Locale: "de-DE", PreferredLocale: "de-de", RedirectCountries: []string{"DE"}},
	{Locale: "de-AT", PreferredLocale: "de-at", RedirectCountries: []string{"AT"}},
	{Locale: "en-GB", PreferredLocale: "en-gb", RedirectCountries: []string{"GB", "JE"}},
	{Locale: "fr-FR", PreferredLocale: "fr-fr", RedirectCountries: []string{"FR", "BE"}},
	{Locale: "en", PreferredLocale: "en", Href: "/en/select-country/"},
}

func TestDecideBanner(t *testing.T) {
	tests := []struct {
		name string
		in   BannerInput
		want BannerDecision
	}{
		{"nothing set", BannerInput{Current: "de-DE"}, BannerDecision{}},
		{"a visitor from abroad alone sees nothing", BannerInput{Current: "de-DE", Country: "GB"}, BannerDecision{}},
		{"region redirect, country known", BannerInput{Current: "de-DE", RegionRedirect: true, Country: "GB"},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect, Suggested: "en-GB"}},
		{"country in lowercase, second of its market", BannerInput{Current: "de-DE", RegionRedirect: true, Country: "je"},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect, Suggested: "en-GB"}},
		{"region redirect, no country", BannerInput{Current: "de-DE", RegionRedirect: true},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect}},
		{"country of the current market suggests nothing", BannerInput{Current: "de-DE", RegionRedirect: true, Country: "DE"},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect}},
		{"country without a market", BannerInput{Current: "de-DE", RegionRedirect: true, Country: "BR"},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect}},
		{"CDN's unknown country XX", BannerInput{Current: "de-DE", RegionRedirect: true, Country: "XX"},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect}},
		{"preferred locale differs: suggests it", BannerInput{Current: "de-DE", Preferred: "fr-fr"},
			BannerDecision{Show: true, Reason: ReasonPreferredLocale, Suggested: "fr-FR"}},
		{"preferred locale compared lowercase", BannerInput{Current: "en-GB", Preferred: "EN-GB"}, BannerDecision{}},
		{"preferred locale equal", BannerInput{Current: "de-AT", Preferred: "de-at"}, BannerDecision{}},
		{"country wins over the preferred locale", BannerInput{Current: "de-DE", Preferred: "fr-fr", Country: "AT"},
			BannerDecision{Show: true, Reason: ReasonPreferredLocale, Suggested: "de-AT"}},
		{"unknown preferred locale still shows", BannerInput{Current: "de-DE", Preferred: "xx-yy"},
			BannerDecision{Show: true, Reason: ReasonPreferredLocale}},
		{"redirect cookie", BannerInput{Current: "en-GB", RedirectCookie: true, Country: "FR"},
			BannerDecision{Show: true, Reason: ReasonRedirectCookie, Suggested: "fr-FR"}},
		{"redirect cookie, preferred equal", BannerInput{Current: "en-GB", RedirectCookie: true, Preferred: "en-gb"},
			BannerDecision{Show: true, Reason: ReasonRedirectCookie}},
		{"a hidden market is never suggested", BannerInput{Current: "de-DE", RegionRedirect: true, Country: "CH"},
			BannerDecision{Show: true, Reason: ReasonRegionRedirect}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want.Show && !tt.in.Asked() {
				t.Fatalf("Asked() = false for a request that shows the banner: the handler would skip it")
			}
			tt.in.Markets = bannerMarkets
			if got := DecideBanner(tt.in); got != tt.want {
				t.Fatalf("DecideBanner = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestMarketOf(t *testing.T) {
	for _, q := range []string{"en-GB", "en-gb", "EN-GB"} {
		if m, ok := MarketOf(bannerMarkets, q); !ok || m.Locale != "en-GB" {
			t.Errorf("MarketOf(%q) = %v, %v", q, m, ok)
		}
	}
	if _, ok := MarketOf(bannerMarkets, "https://evil.example/"); ok {
		t.Error("MarketOf took a URL for a market")
	}
}
