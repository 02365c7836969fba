package shell

import (
	"maps"
	"slices"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

func TestFillCustomerSlots(t *testing.T) {
	hostile := &shellstate.Customer{
		DisplayName:         `<img src=x onerror=alert(1)> [[shell:base]] & "Co"`,
		Initials:            "<b>",
		AccountIDs:          []shellstate.AccountID{{ID: "iban", Label: "IBAN", Display: "DE89 3704 0044 0532 0130 00", Copy: "DE89370400440532013000"}},
		NotAvailableMessage: &shellstate.Notice{Title: "Nicht verfügbar", TooltipText: `Wartung "heute"`},
	}
	tests := []struct {
		name, in string
		c        *shellstate.Customer
		want     string
	}{
		{"text is escaped", `<span>[[shell:customer.displayName]]</span>`, hostile,
			`<span>&#x3c;img src=x onerror=alert(1)&#x3e; [[shell:base]] &#x26; &#x22;Co&#x22;</span>`},
		{"attribute is escaped", `<span title="[[shell:customer.notice.tooltip]]">[[shell:customer.initials]]</span>`, hostile,
			`<span title="Wartung &#x22;heute&#x22;">&#x3c;b&#x3e;</span>`},
		{"non-ASCII as references, as in the fragments", `<b title="[[shell:customer.notice.title]]">[[shell:customer.notice.title]]</b>`, hostile,
			`<b title="Nicht verf&#xfc;gbar">Nicht verf&#xfc;gbar</b>`},
		{"identifier slots", `<b>[[shell:customer.id.iban.label]]</b><i>[[shell:customer.id.iban.display]]</i><i>[[shell:customer.id.sortCode.display]]</i>`, hostile,
			`<b>IBAN</b><i>DE89 3704 0044 0532 0130 00</i><i></i>`},
		{"an absent balance is empty", `<p>[[shell:customer.total.amount]]</p>`, hostile, `<p></p>`},
		{"no customer empties every slot", `<p>[[shell:customer.displayName]]</p>`, nil, `<p></p>`},
		{"other slots stay", `<a href="[[shell:base]]/x">[[shell:year]]</a>`, hostile, `<a href="[[shell:base]]/x">[[shell:year]]</a>`},
		{"an unclosed slot stays", `<p>[[shell:customer.displayName</p>`, hostile, `<p>[[shell:customer.displayName</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buf := []byte("before|")
			buf = append(buf, tt.in...)
			got := string(fillCustomerSlots(buf, len("before|"), tt.c))
			if got != "before|"+tt.want {
				t.Errorf("got  %s\nwant before|%s", got, tt.want)
			}
		})
	}
}

func TestCustomerFacts(t *testing.T) {
	amount := func(neg bool) *shellstate.Amount { return &shellstate.Amount{Amount: "1 €", IsNegative: neg} }
	tests := []struct {
		name string
		st   shellstate.State
		want map[string]bool
	}{
		{"logged out: access only", shellstate.State{Access: []string{"HAS_CRYPTO"}}, map[string]bool{"access:HAS_CRYPTO": true}},
		{"active with amounts", shellstate.State{Customer: &shellstate.Customer{State: "ACTIVE", TotalBalance: amount(false), AvailableBalance: amount(true),
			AccountIDs: []shellstate.AccountID{{ID: "iban"}, {ID: "sortCode"}}, ShowUnreadMessage: true, DistributorID: "dkb_retail"}},
			map[string]bool{"customer:balance": true, "customer:balance-available": true, "customer:available-negative": true,
				"customer:id:iban": true, "customer:id:sortCode": true, "customer:unread": true, "distributor:dkb_retail": true}},
		{"maintenance: no amounts", shellstate.State{Customer: &shellstate.Customer{State: "ACTIVE", BalanceIsNotAvailable: true, TotalBalance: amount(true), AvailableBalance: amount(true)}},
			map[string]bool{"customer:balance": true}},
		{"suspended, restricted company", shellstate.State{Customer: &shellstate.Customer{State: "SUSPENDED", Restricted: true, IsCompanyCustomer: true}},
			map[string]bool{"customer:restricted": true, "customer:company": true}},
		{"unsafe distributor gives no fact", shellstate.State{Customer: &shellstate.Customer{DistributorID: "a b"}}, map[string]bool{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := customerFacts(&tt.st); !maps.Equal(got, tt.want) {
				t.Errorf("customerFacts = %v\nwant %v", got, tt.want)
			}
		})
	}
}

// The investment menus' access values, as the private header's gates name them
// (content/*/private.ts: access:HAS_CRYPTO, access:HAS_ETF_CONFIGURATOR).
func TestAccessValuesOfInvestments(t *testing.T) {
	tests := []struct {
		name     string
		products customer.Products
		want     []string
	}{
		{"none", customer.Products{}, nil},
		{"crypto", customer.Products{Crypto: true}, []string{accessCrypto}},
		{"ETF configurator", customer.Products{ETFConfigurator: true}, []string{accessETFConfigurator}},
		{"both, with a managed portfolio", customer.Products{ManagedPortfolio: true, Crypto: true, ETFConfigurator: true},
			[]string{accessManagedPortfolio, accessCrypto, accessETFConfigurator}},
		{"migrated products count as migrated robo", customer.Products{MigratedProducts: true}, []string{accessMigratedRobo}},
	}
	for _, tt := range tests {
		got := accessValuesOf(&customer.View{Products: tt.products}, false)
		if !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
