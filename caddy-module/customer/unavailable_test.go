package customer

import "testing"

func TestUnavailable(t *testing.T) {
	tests := []struct {
		name, locale string
		failed       bool
		tooltip      string // "" for no notice
	}{
		{"data failed, German", "de-DE", true, labelsByLanguage["de"].fetchError},
		{"data failed, unknown locale: English", "xx-XX", true, labelsByLanguage["en"].fetchError},
		{"no customer data configured: no notice", "de-DE", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Unavailable(tt.locale, tt.failed)
			c := v.Customer
			if c.State != "" || c.FullName != "" || c.TotalBalance != nil || len(v.Access) != 0 || v.Redirect != (RedirectInputs{}) {
				t.Errorf("view %+v: want nothing known of the customer", v)
			}
			if c.AccountIDs == nil || c.SwitchableAccounts == nil {
				t.Error("nil lists: the state's JSON would say null where the shell reads a list")
			}
			got := ""
			if c.NotAvailableMessage != nil {
				got = c.NotAvailableMessage.TooltipText
			}
			if got != tt.tooltip || c.BalanceIsNotAvailable != (tt.tooltip != "") {
				t.Errorf("notice %q (not available %v), want %q", got, c.BalanceIsNotAvailable, tt.tooltip)
			}
		})
	}
}
