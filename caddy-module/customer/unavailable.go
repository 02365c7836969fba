package customer

import "github.com/shellgate/shellgate/caddy-module/shellstate"

// Unavailable is the View of a logged-in customer whose data is not at hand for good: the
// customer call failed (failed true) or the edge has no customer data configured (false). The
// private header shows with what is known, so the customer can always log out and reach the
// account area: no name, no product access, and, when the data failed, the balance box with
// the fetch-error notice (spec 8). It feeds no redirect (every redirect input is false).
func Unavailable(locale string, failed bool) *View {
	v := &View{Locale: locale}
	h := &v.Customer
	h.AccountIDs = []shellstate.AccountID{}
	h.SwitchableAccounts = []shellstate.SwitchableAccount{}
	if failed {
		l := labelsFor(locale)
		h.BalanceIsNotAvailable = true
		h.NotAvailableMessage = &shellstate.Notice{Title: l.notAvailable, TooltipText: l.fetchError}
		v.Degraded = []string{"customer"}
	}
	return v
}
