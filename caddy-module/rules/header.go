// Package rules holds the platform's decisions about a page: which header it gets, and (in
// later steps) the customer redirect rule and the access guard. Plain functions of their inputs.
package rules

// HeaderVariant names a header of spec section 2.1.
type HeaderVariant string

// The header variants.
const (
	HeaderPublic          HeaderVariant = "public"            // visitors: navigation, login and registration
	HeaderPartner         HeaderVariant = "partner"           // visitors with a partner distributor: no navigation, login only
	HeaderCountrySelector HeaderVariant = "country-selector"  // the country selector page
	HeaderLogin           HeaderVariant = "login"             // login and open-banking pages
	HeaderRegistration    HeaderVariant = "registration"      // registration, localised by regflow
	HeaderCobranded       HeaderVariant = "cobranded"         // registration of a partner regflow: the partner's logo
	HeaderCorporate       HeaderVariant = "corporate"         // corporate pages
	HeaderBankNavigation  HeaderVariant = "bank-navigation"   // partner-bank pages
	HeaderHiddenNav       HeaderVariant = "hidden-navigation" // logo only, no navigation
	HeaderIntegrated      HeaderVariant = "integrated"        // embedded: no header at all
	HeaderPrivate         HeaderVariant = "private"           // logged in, customer data at hand
	HeaderLoading         HeaderVariant = "loading"           // logged in, customer data not yet at hand: logo only
)

// PageKind is what a page is, as far as the header cares.
type PageKind string

// Page kinds.
const (
	PageContent         PageKind = ""
	PageCountrySelector PageKind = "country-selector"
	PageLogin           PageKind = "login"
	PageOpenBanking     PageKind = "open-banking"
	PageRegistration    PageKind = "registration"
)

// Mode is an override a page or route asks for.
type Mode string

// Modes that override the header selection.
const (
	ModeNone           Mode = ""
	ModeCorporate      Mode = "corporate"
	ModeBankNavigation Mode = "bank-navigation"
	ModeHiddenNav      Mode = "hidden-navigation"
	ModeIntegrated     Mode = "integrated"
)

// HeaderInput is everything the header selection looks at.
type HeaderInput struct {
	Kind    PageKind
	Mode    Mode
	Locale  string
	Regflow string
	// LoggedIn tells whether a valid session exists; HasCustomerData whether its data is at hand.
	LoggedIn        bool
	HasCustomerData bool
	// PartnerDistributor is set when a partner distributor context is present.
	PartnerDistributor bool
}

// partnerRegflows maps a partner's regflow to the only locale its co-branded header is for.
var partnerRegflows = map[string]string{
	"dkb_retail":        "de-DE",
	"legal_and_general": "en-GB",
	"mse_savings_hub":   "en-GB",
	"askpaul":           "en-IE",
	"fairstone":         "en-IE",
}

// PartnerLocale gives the locale a partner regflow's header belongs to.
func PartnerLocale(regflow string) (string, bool) {
	l, ok := partnerRegflows[regflow]
	return l, ok
}

// IsPartnerDistributor tells whether id is a partner distributor whose visitors get the
// partner header: the co-branded partners, whose distributor ids are their regflows.
func IsPartnerDistributor(id string) bool {
	_, ok := partnerRegflows[id]
	return ok
}

// SelectHeader applies the header selection rule of spec section 4.
func SelectHeader(in HeaderInput) HeaderVariant {
	switch in.Mode {
	case ModeIntegrated:
		return HeaderIntegrated
	case ModeCorporate:
		return HeaderCorporate
	case ModeBankNavigation:
		return HeaderBankNavigation
	case ModeHiddenNav:
		return HeaderHiddenNav
	}
	switch in.Kind {
	case PageCountrySelector:
		return HeaderCountrySelector
	case PageLogin, PageOpenBanking:
		return HeaderLogin
	case PageRegistration:
		if l, ok := partnerRegflows[in.Regflow]; ok && l == in.Locale {
			return HeaderCobranded
		}
		return HeaderRegistration
	}
	switch {
	case in.LoggedIn && in.HasCustomerData:
		return HeaderPrivate
	case in.LoggedIn:
		return HeaderLoading
	case in.PartnerDistributor:
		return HeaderPartner
	}
	return HeaderPublic
}
