package customer

import "testing"

func TestCryptoAndETFConfiguratorFromInstances(t *testing.T) {
	in := func(cat ProductCategory, state ProductInstanceState, tmpl PortfolioTemplate) ProductInstance {
		return ProductInstance{ProductCategory: cat, State: state, InstanceTemplateDomainID: tmpl}
	}
	tests := []struct {
		name        string
		instances   []ProductInstance
		etf, crypto bool
	}{
		{"none", nil, false, false},
		{"active ETF configurator", []ProductInstance{in(CategoryLiquid, InstanceActive, "ETFC")}, true, false},
		{"ETF configurator with a suffix", []ProductInstance{in(CategoryLiquid, InstanceOrdered, "ETFC_NL")}, true, false},
		{"active crypto", []ProductInstance{in(CategoryLiquid, InstanceActive, "CRYPTO")}, false, true},
		{"created crypto counts", []ProductInstance{in(CategoryLiquid, InstanceCreated, "CRYPTO_BTC")}, false, true},
		{"rejected crypto", []ProductInstance{in(CategoryLiquid, InstanceRejected, "CRYPTO")}, false, false},
		{"closed ETF configurator", []ProductInstance{in(CategoryLiquid, InstanceClosed, "ETFC")}, false, false},
		{"illiquid ETF configurator", []ProductInstance{in(CategoryIlliquid, InstanceActive, "ETFC")}, false, false},
		{"lower case is not the platform's", []ProductInstance{in(CategoryLiquid, InstanceActive, "etfc")}, false, false},
		{"managed portfolio is neither", []ProductInstance{in(CategoryLiquid, InstanceActive, "DWM70")}, false, false},
		{"both", []ProductInstance{in(CategoryLiquid, InstanceActive, "CRYPTO"), in(CategoryLiquid, InstanceActive, "ETFC")}, true, true},
	}
	for _, tt := range tests {
		v := Derive(Answers{ProductInstances: tt.instances}, "de-DE")
		if v.Products.ETFConfigurator != tt.etf || v.Products.Crypto != tt.crypto {
			t.Errorf("%s: ETF configurator %v, crypto %v; want %v, %v", tt.name, v.Products.ETFConfigurator, v.Products.Crypto, tt.etf, tt.crypto)
		}
	}
}
