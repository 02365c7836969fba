package shell

import "github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

// parseHeaderVariant reads one `header_variant <path-glob> <variant>` line; the lines keep
// their order, the first match wins. Validate checks the variant names.
func parseHeaderVariant(d *caddyfile.Dispenser, h *Handler) error {
	var r HeaderVariantRoute
	if !d.AllArgs(&r.Path, &r.Variant) {
		return d.Errf("header_variant takes a path glob and a variant, e.g. header_variant /en/partner-banks/* bank-navigation")
	}
	h.HeaderVariants = append(h.HeaderVariants, r)
	return nil
}
