package rules

import (
	"strings"
	"testing"
)

// TestHeaderRequestPrecedence: the page's meta wins over the operator's route, which wins over
// the path rules; the session rules of spec 4 still apply to what is asked.
func TestHeaderRequestPrecedence(t *testing.T) {
	routes, err := NewHeaderRoutes([]HeaderRoute{
		{Glob: "/en/partner-banks/*", Variant: "bank-navigation"},
		{Glob: "/en/press/*", Variant: "public"},
		{Glob: "*/app/*", Variant: "Integrated"},
		{Glob: "/anmelden", Variant: "login"},
		{Glob: "/de-de/*", Variant: "hidden-navigation"}, // never reached for /de-de/app/: first match wins
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		path     string
		meta     string // "" means no meta
		loggedIn bool
		regflow  string
		want     HeaderVariant
	}{
		{"plain page", "/festgeld/", "", false, "", HeaderPublic},
		{"path rule: corporate under /en/", "/en/careers/", "", false, "", HeaderCorporate},
		{"path rule: login", "/en-gb/login/", "", false, "", HeaderLogin},
		{"route over the login path rule", "/de-de/login/", "", false, "", HeaderHiddenNav},
		{"route over nothing", "/en/partner-banks/bank-a/", "", false, "", HeaderBankNavigation},
		{"route over the path rule", "/en/press/2026/", "", false, "", HeaderPublic},
		{"route matches case-insensitively", "/EN/Partner-Banks/x", "", false, "", HeaderBankNavigation},
		{"route glob across slashes", "/fr-fr/app/konto/", "", false, "", HeaderIntegrated},
		{"first route wins", "/de-de/app/", "", false, "", HeaderIntegrated},
		{"later route", "/de-de/festgeld/", "", false, "", HeaderHiddenNav},
		{"route gives a page kind", "/anmelden", "", false, "", HeaderLogin},
		{"route needs the whole path", "/anmelden/extra", "", false, "", HeaderPublic},
		{"meta over nothing", "/festgeld/", "corporate", false, "", HeaderCorporate},
		{"meta over route", "/en/partner-banks/bank-a/", "corporate", false, "", HeaderCorporate},
		{"meta over path rule", "/en/careers/", "public", false, "", HeaderPublic},
		{"meta in capitals and spaces", "/festgeld/", " Hidden-Navigation ", false, "", HeaderHiddenNav},
		{"unknown meta is ignored: route stays", "/en/partner-banks/bank-a/", "fancy", false, "", HeaderBankNavigation},
		{"meta cannot ask for private", "/festgeld/", "private", false, "", HeaderPublic},
		{"empty meta is ignored", "/en/careers/", "", false, "", HeaderCorporate},
		{"logged in: public request keeps the private header", "/festgeld/", "public", true, "", HeaderPrivate},
		{"logged in: route to public keeps the private header", "/en/press/x", "", true, "", HeaderPrivate},
		{"logged in: corporate overrides (spec 4)", "/festgeld/", "corporate", true, "", HeaderCorporate},
		{"logged in: login page keeps the login header", "/festgeld/", "login", true, "", HeaderLogin},
		{"registration request keeps the partner rule", "/konto-eroeffnen/", "registration", false, "dkb_retail", HeaderCobranded},
		{"country selector by meta", "/laender/", "country-selector", false, "", HeaderCountrySelector},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := routes.Input(tt.path)
			in.Locale, in.Regflow = "de-DE", tt.regflow
			in.LoggedIn, in.HasCustomerData = tt.loggedIn, tt.loggedIn
			if tt.meta != "" {
				in, _ = in.WithPageRequest([]byte(tt.meta))
			}
			if got := SelectHeader(in); got != tt.want {
				t.Errorf("path %s, meta %q: header %s, want %s", tt.path, tt.meta, got, tt.want)
			}
		})
	}
}

func TestParseHeaderRequest(t *testing.T) {
	tests := []struct {
		value string
		ok    bool
	}{
		{"corporate", true}, {"bank-navigation", true}, {"hidden-navigation", true}, {"integrated", true},
		{"public", true}, {"login", true}, {"registration", true}, {"country-selector", true},
		{"CORPORATE", true}, {"\tcorporate\n", true},
		{"private", false}, {"loading", false}, {"partner", false}, {"cobranded", false},
		{"", false}, {"corp", false}, {"corporate2", false}, {"open-banking", false},
	}
	for _, tt := range tests {
		if _, ok := ParseHeaderRequest([]byte(tt.value)); ok != tt.ok {
			t.Errorf("ParseHeaderRequest(%q) ok = %v, want %v", tt.value, ok, tt.ok)
		}
	}
}

func TestNewHeaderRoutesRejects(t *testing.T) {
	tests := []struct {
		route HeaderRoute
		says  string
	}{
		{HeaderRoute{Glob: "/x/*", Variant: "fancy"}, "use one of"},
		{HeaderRoute{Glob: "/x/*", Variant: "private"}, "is not a header variant a route may ask for"},
		{HeaderRoute{Glob: "x/*", Variant: "corporate"}, "must start with / or *"},
		{HeaderRoute{Glob: "", Variant: "corporate"}, "must start with / or *"},
	}
	for _, tt := range tests {
		_, err := NewHeaderRoutes([]HeaderRoute{{Glob: "/ok/*", Variant: "public"}, tt.route})
		if err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("NewHeaderRoutes(%+v) error = %v, want one saying %q", tt.route, err, tt.says)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		glob, path string
		want       bool
	}{
		{"/en/press/*", "/en/press/", true},
		{"/en/press/*", "/en/press/a/b", true},
		{"/en/press/*", "/en/press", false},
		{"/en/press/", "/en/press/", true},
		{"/en/press/", "/en/press/x", false},
		{"*/impressum/", "/de-at/impressum/", true},
		{"*/impressum/", "/impressum/", true},
		{"*/impressum/", "/impressum/x", false},
		{"/a*b*c", "/aXXbYYc", true},
		{"/a*b*c", "/aXXbYY", false},
		{"*", "/anything", true},
		{"/caf*", "/CAFE", true},
	}
	for _, tt := range tests {
		if got := globMatch(tt.glob, tt.path); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tt.glob, tt.path, got, tt.want)
		}
	}
}
