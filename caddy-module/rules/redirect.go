package rules

// RedirectTarget names where the customer redirect rule of spec 4 sends a customer.
type RedirectTarget string

// The redirect targets: pages inside the portal (spec 2.3).
const (
	RedirectNone                 RedirectTarget = ""
	RedirectReferenceAccount     RedirectTarget = "reference-account"
	RedirectFinancialInformation RedirectTarget = "financial-information"
	RedirectCDVC                 RedirectTarget = "cdvc"
)

// RedirectPage is what the open page is, as far as the redirect rule cares: the pages where it
// never applies (spec 4).
type RedirectPage string

// Pages the rule leaves alone, and every other page.
const (
	RedirectOnContent                RedirectPage = ""
	RedirectOnCDVC                   RedirectPage = "cdvc"
	RedirectOnFinancialInformation   RedirectPage = "financial-information"
	RedirectOnReferenceAccountUpdate RedirectPage = "reference-account-update"
	RedirectOnRegistration           RedirectPage = "registration"
	RedirectOnLogin                  RedirectPage = "login"
	RedirectOnOpenBanking            RedirectPage = "open-banking"
	RedirectOnCorporate              RedirectPage = "corporate"
	// RedirectOnReferenceAccount is the reference-account page itself: sending a customer
	// there from there would loop.
	RedirectOnReferenceAccount RedirectPage = "reference-account"
)

// Data validity statuses that send a non-UK customer to the CDVC page (spec 4).
const (
	DataValidityExpired    = "EXPIRED"
	DataValidityRevalidate = "REVALIDATE"
)

// RedirectInput is everything the customer redirect rule looks at.
type RedirectInput struct {
	// Page is the open page.
	Page RedirectPage
	// Active: the customer's account is ACTIVE.
	Active bool
	// HasReferenceIBAN: the first reference account has an IBAN.
	HasReferenceIBAN bool
	// UK: the customer lives in the United Kingdom.
	UK bool
	// HasOriginOfFunds and HasAnnualIncome: the main person's source of funds is complete.
	HasOriginOfFunds bool
	HasAnnualIncome  bool
	// DataValidity is the CDVC status ("EXPIRED", "REVALIDATE", ...); "" when unknown.
	DataValidity string
}

// RedirectRule applies the customer redirect rule of spec 4: nothing on the pages it spares,
// then the first of its three rules that holds.
func RedirectRule(in RedirectInput) RedirectTarget {
	if in.Page != RedirectOnContent {
		return RedirectNone
	}
	switch {
	case in.Active && !in.HasReferenceIBAN:
		return RedirectReferenceAccount
	case in.UK && (!in.HasOriginOfFunds || !in.HasAnnualIncome):
		return RedirectFinancialInformation
	case !in.UK && (in.DataValidity == DataValidityExpired || in.DataValidity == DataValidityRevalidate):
		return RedirectCDVC
	}
	return RedirectNone
}

// RedirectPageOf tells the redirect rule's page from the header selection's view of the page:
// login, open-banking and registration pages and corporate mode are spared.
func RedirectPageOf(kind PageKind, mode Mode) RedirectPage {
	switch kind {
	case PageLogin:
		return RedirectOnLogin
	case PageOpenBanking:
		return RedirectOnOpenBanking
	case PageRegistration:
		return RedirectOnRegistration
	}
	if mode == ModeCorporate {
		return RedirectOnCorporate
	}
	return RedirectOnContent
}

// ProductParam is the reference-account page's optional query parameter (spec 2.3): the
// product the customer came for, carried from the page the rule redirected from.
const ProductParam = "product"

// maxProductLen bounds a product name; product codes are short (e.g. "overnight",
// "fixed-term-12m").
const maxProductLen = 64

// ProductOf is the product query parameter worth carrying, "" when there is none or it is not
// a product name: letters, digits, "-", "_" and ".", at most 64. Anything else (a URL, "&",
// "#", quotes, spaces, control characters) is dropped rather than repaired, so a hostile
// value never reaches the target URL.
func ProductOf(raw string) string {
	if raw == "" || len(raw) > maxProductLen {
		return ""
	}
	for _, c := range raw {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			return ""
		}
	}
	return raw
}
