package rules

import (
	"strings"
	"testing"
)

func TestRedirectRule(t *testing.T) {
	// complete is a customer no rule sends anywhere; each case changes what it names.
	complete := RedirectInput{Active: true, HasReferenceIBAN: true, HasOriginOfFunds: true, HasAnnualIncome: true, DataValidity: "VALID"}
	with := func(f func(*RedirectInput)) RedirectInput { in := complete; f(&in); return in }
	tests := []struct {
		name string
		in   RedirectInput
		want RedirectTarget
	}{
		{"complete customer stays", complete, RedirectNone},
		{"active without reference IBAN", with(func(in *RedirectInput) { in.HasReferenceIBAN = false }), RedirectReferenceAccount},
		{"not active without reference IBAN stays", with(func(in *RedirectInput) { in.Active, in.HasReferenceIBAN = false, false }), RedirectNone},
		{"UK without origin of funds", with(func(in *RedirectInput) { in.UK, in.HasOriginOfFunds = true, false }), RedirectFinancialInformation},
		{"UK without annual income", with(func(in *RedirectInput) { in.UK, in.HasAnnualIncome = true, false }), RedirectFinancialInformation},
		{"non-UK without origin of funds stays", with(func(in *RedirectInput) { in.HasOriginOfFunds = false }), RedirectNone},
		{"non-UK data validity EXPIRED", with(func(in *RedirectInput) { in.DataValidity = "EXPIRED" }), RedirectCDVC},
		{"non-UK data validity REVALIDATE", with(func(in *RedirectInput) { in.DataValidity = "REVALIDATE" }), RedirectCDVC},
		{"non-UK data validity unknown stays", with(func(in *RedirectInput) { in.DataValidity = "" }), RedirectNone},
		{"UK data validity EXPIRED stays", with(func(in *RedirectInput) { in.UK, in.DataValidity = true, "EXPIRED" }), RedirectNone},
		{"rule 1 before rule 2", with(func(in *RedirectInput) { in.HasReferenceIBAN, in.UK, in.HasAnnualIncome = false, true, false }), RedirectReferenceAccount},
		{"rule 1 before rule 3", with(func(in *RedirectInput) { in.HasReferenceIBAN, in.DataValidity = false, "EXPIRED" }), RedirectReferenceAccount},
		{"rule 2 before rule 3 for UK", with(func(in *RedirectInput) {
			in.UK, in.HasOriginOfFunds, in.DataValidity = true, false, "REVALIDATE"
		}), RedirectFinancialInformation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RedirectRule(tt.in); got != tt.want {
				t.Errorf("RedirectRule(%+v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRedirectRuleSparesPages(t *testing.T) {
	// A customer every rule would send away stays on each spared page.
	away := RedirectInput{Active: true, UK: true, DataValidity: "EXPIRED"}
	if RedirectRule(away) == RedirectNone {
		t.Fatal("the customer of this test must be redirected from a content page")
	}
	for _, page := range []RedirectPage{RedirectOnCDVC, RedirectOnFinancialInformation, RedirectOnReferenceAccountUpdate,
		RedirectOnRegistration, RedirectOnLogin, RedirectOnOpenBanking, RedirectOnCorporate, RedirectOnReferenceAccount} {
		in := away
		in.Page = page
		if got := RedirectRule(in); got != RedirectNone {
			t.Errorf("on the %s page: redirected to %q, want no redirect", page, got)
		}
	}
}

func TestRedirectPageOf(t *testing.T) {
	tests := []struct {
		path string
		want RedirectPage
	}{
		{"/festgeld/", RedirectOnContent},
		{"/de-de/login/", RedirectOnLogin},
		{"/login", RedirectOnLogin},
		{"/register/", RedirectOnRegistration},
		{"/en-gb/register/", RedirectOnRegistration},
		{"/open-banking/consent", RedirectOnOpenBanking},
		{"/en/corporate/", RedirectOnCorporate},
		{"/en/press/", RedirectOnCorporate},
		{"/en-gb/savings-accounts/", RedirectOnContent},
	}
	for _, tt := range tests {
		if got := RedirectPageOf(KindOfPath(tt.path), ModeOfPath(tt.path)); got != tt.want {
			t.Errorf("RedirectPageOf(%s) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// A hostile product parameter never reaches the reference-account URL: it is dropped whole.
func TestProductParamNeverInjectsIntoTheTargetURL(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"overnight", "overnight"},
		{"fixed-term_12m.v2", "fixed-term_12m.v2"},
		{"", ""},
		{"x&return=//evil.example", ""},
		{"https://evil.example/", ""},
		{"//evil.example", ""},
		{"a#b", ""},
		{"a b", ""},
		{"a\r\nLocation: //evil.example", ""},
		{`"><script>alert(1)</script>`, ""},
		{"%2f%2fevil.example", ""},
		{"produkt-ü", ""},
		{strings.Repeat("a", 65), ""},
	}
	for _, tt := range tests {
		if got := ProductOf(tt.raw); got != tt.want {
			t.Errorf("ProductOf(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}
