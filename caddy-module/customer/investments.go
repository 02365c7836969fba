package customer

import "strings"

// Crypto and the ETF configurator (spec 6: the menus depend on their "availability", without
// a source). The edge reads them where it reads the other investment products: the product
// instances of spec 7, with the product instance rule of spec 4 (a liquid instance, neither
// REJECTED nor CLOSED). The spec names no template for either; its order type
// ETFC_CRYPTO_TRANSFER_CONSENT calls the ETF configurator "ETFC" and puts crypto beside it,
// so an instance whose template id starts with ETFC is an ETF configurator portfolio and one
// starting with CRYPTO a crypto portfolio. Change the prefixes here once the platform's
// template ids are known; nothing else depends on them.
const (
	TemplatePrefixETFConfigurator = "ETFC"
	TemplatePrefixCrypto          = "CRYPTO"
)

// HasInstanceWithPrefix is the product instance rule for templates outside spec 3's list: a
// liquid instance, neither REJECTED nor CLOSED, whose template id starts with prefix (case
// as the platform sends it: upper).
func HasInstanceWithPrefix(instances []ProductInstance, prefix string) bool {
	for _, in := range instances {
		if in.ProductCategory != CategoryLiquid || in.State == InstanceRejected || in.State == InstanceClosed {
			continue
		}
		if strings.HasPrefix(string(in.InstanceTemplateDomainID), prefix) {
			return true
		}
	}
	return false
}
