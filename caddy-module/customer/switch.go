package customer

import "slices"

// SwitchList is the account switcher's list while the login acts for the account shown
// (spec 2.2): the login's switchable accounts without the one shown, led by the login's own
// customer (own, nil when its call failed) so the customer can switch back.
func SwitchList(switchable []SwitchableAccount, own *Customer, shown string) []SwitchableAccount {
	out := make([]SwitchableAccount, 0, len(switchable)+1)
	if own != nil && own.BacNumber != "" {
		back := SwitchableAccount{CustomerID: own.BacNumber}
		if p := own.MainPerson(); p != nil {
			back.FirstName, back.LastName = p.FirstName, p.LastName
		}
		out = append(out, back)
	}
	for _, s := range switchable {
		if s.CustomerID != shown && !slices.ContainsFunc(out, func(o SwitchableAccount) bool { return o.CustomerID == s.CustomerID }) {
			out = append(out, s)
		}
	}
	return out
}

// MaySwitchTo is the account switch's check (spec 2.2, 7): a login may show one of its
// switchable accounts, as the user management call lists them, or its own customer again.
func MaySwitchTo(target, loginCustomerNumber string, switchable []SwitchableAccount) bool {
	if target == "" {
		return false
	}
	if target == loginCustomerNumber {
		return true
	}
	return slices.ContainsFunc(switchable, func(s SwitchableAccount) bool { return s.CustomerID == target })
}
