package rules

import "testing"

func TestSelectHeader(t *testing.T) {
	tests := []struct {
		name string
		in   HeaderInput
		want HeaderVariant
	}{
		{"visitor", HeaderInput{Locale: "de-DE"}, HeaderPublic},
		{"visitor with a partner distributor", HeaderInput{PartnerDistributor: true}, HeaderPartner},
		{"country selector page", HeaderInput{Kind: PageCountrySelector}, HeaderCountrySelector},
		{"login page", HeaderInput{Kind: PageLogin}, HeaderLogin},
		{"open banking page", HeaderInput{Kind: PageOpenBanking, LoggedIn: true, HasCustomerData: true}, HeaderLogin},
		{"registration", HeaderInput{Kind: PageRegistration, Locale: "de-DE"}, HeaderRegistration},
		{"partner regflow in its locale", HeaderInput{Kind: PageRegistration, Locale: "de-DE", Regflow: "dkb_retail"}, HeaderCobranded},
		{"partner regflow in another locale", HeaderInput{Kind: PageRegistration, Locale: "en-GB", Regflow: "dkb_retail"}, HeaderRegistration},
		{"legal_and_general in en-GB", HeaderInput{Kind: PageRegistration, Locale: "en-GB", Regflow: "legal_and_general"}, HeaderCobranded},
		{"mse_savings_hub in en-GB", HeaderInput{Kind: PageRegistration, Locale: "en-GB", Regflow: "mse_savings_hub"}, HeaderCobranded},
		{"askpaul in en-IE", HeaderInput{Kind: PageRegistration, Locale: "en-IE", Regflow: "askpaul"}, HeaderCobranded},
		{"fairstone in en-IE", HeaderInput{Kind: PageRegistration, Locale: "en-IE", Regflow: "fairstone"}, HeaderCobranded},
		{"unknown regflow", HeaderInput{Kind: PageRegistration, Locale: "en-IE", Regflow: "nobody"}, HeaderRegistration},
		{"logged in with data", HeaderInput{LoggedIn: true, HasCustomerData: true}, HeaderPrivate},
		{"logged in, data loading", HeaderInput{LoggedIn: true}, HeaderLoading},
		{"corporate overrides login", HeaderInput{Mode: ModeCorporate, Kind: PageLogin}, HeaderCorporate},
		{"bank navigation overrides private", HeaderInput{Mode: ModeBankNavigation, LoggedIn: true, HasCustomerData: true}, HeaderBankNavigation},
		{"hidden navigation", HeaderInput{Mode: ModeHiddenNav}, HeaderHiddenNav},
		{"integrated hides every header", HeaderInput{Mode: ModeIntegrated, LoggedIn: true}, HeaderIntegrated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SelectHeader(tt.in); got != tt.want {
				t.Errorf("SelectHeader(%+v) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}
