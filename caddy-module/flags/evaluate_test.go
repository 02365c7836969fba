package flags

import (
	"maps"
	"testing"
)

func TestEvaluate(t *testing.T) {
	file := &File{Flags: map[string]Definition{
		"b2cUseNewDashboard":               {On: true},
		"customerShowPaymentMethodScreens": {Locales: map[string]bool{"de-DE": true, "NL-NL": true}},
		"b2cEnableMultiContext":            {On: true, Locales: map[string]bool{"en-gb": false}},
		"ippDwmLaunchNl":                   {Locales: map[string]bool{"nl-NL": true}},
		"b2cUnifiedDomainLocales":          {Values: []string{"fr-FR", "PL-pl"}},
	}}
	s := NewSet(file, []string{"de-DE", "nl-NL", "en-GB"})
	tests := []struct {
		locale string
		want   map[string]bool
	}{
		{"nl-NL", map[string]bool{
			"b2cUseNewDashboard": true, "customerShowPaymentMethodScreens": true, "b2cEnableMultiContext": true,
			"ippDwmLaunchNl": true, "isDWMLaunchNL": true,
			"b2cUnifiedDomainLocales:fr-fr": true, "b2cUnifiedDomainLocales:pl-pl": true,
		}},
		{"en-GB", map[string]bool{
			"b2cUseNewDashboard": true, "customerShowPaymentMethodScreens": false, "b2cEnableMultiContext": false,
			"ippDwmLaunchNl": false, "isDWMLaunchNL": false,
			"b2cUnifiedDomainLocales:fr-fr": true, "b2cUnifiedDomainLocales:pl-pl": true,
		}},
		// A locale not precomputed is evaluated on the spot, lowercase too.
		{"fr-fr", map[string]bool{
			"b2cUseNewDashboard": true, "customerShowPaymentMethodScreens": false, "b2cEnableMultiContext": true,
			"ippDwmLaunchNl": false, "isDWMLaunchNL": false,
			"b2cUnifiedDomainLocales:fr-fr": true, "b2cUnifiedDomainLocales:pl-pl": true,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.locale, func(t *testing.T) {
			got := s.Evaluate(Request{Locale: tt.locale})
			if !maps.Equal(got, tt.want) {
				t.Fatalf("Evaluate(%s) =\n%v\nwant\n%v", tt.locale, got, tt.want)
			}
		})
	}
}

// The caller owns the map: the state of one request may change it without touching the next.
func TestEvaluateGivesAFreshMap(t *testing.T) {
	s := NewSet(Defaults(), []string{"nl-NL"})
	a := s.Evaluate(Request{Locale: "nl-NL"})
	a["isDWMLaunchNL"] = false
	if b := s.Evaluate(Request{Locale: "nl-NL"}); !b["isDWMLaunchNL"] {
		t.Fatal("a change to one request's flags leaked into the next")
	}
}

// Without a file the demo shows the flag-dependent entries: nl Beleggen and the app banner.
func TestDefaultsShowTheDemoEntries(t *testing.T) {
	if err := Defaults().Check(checkLocale); err != nil {
		t.Fatal(err)
	}
	s := NewSet(Defaults(), nil)
	nl := s.Evaluate(Request{Locale: "nl-NL"})
	de := s.Evaluate(Request{Locale: "de-DE"})
	if !nl["isDWMLaunchNL"] || !nl["ippDwmLaunchNl"] || !nl[MobileAppBanner] {
		t.Fatalf("nl-NL defaults %v lack Beleggen or the app banner", nl)
	}
	if de["isDWMLaunchNL"] || !de[MobileAppBanner] {
		t.Fatalf("de-DE defaults %v", de)
	}
}
