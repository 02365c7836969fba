package shell

import "github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

// parseBanner reads the country banner's block:
//
//	banner {
//		country_header   <header>   # e.g. CF-IPCountry
//		query_param      <name>     # default region_redirect
//		preferred_cookie <name>     # default shell_preferred_locale
//		redirect_cookie  <name>     # default shell_region_redirect
//	}
func parseBanner(d *caddyfile.Dispenser, h *Handler) error {
	if d.NextArg() {
		return d.Errf("banner takes a block, e.g. banner { country_header CF-IPCountry }")
	}
	if h.Banner == nil {
		h.Banner = &BannerConfig{}
	}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		var target *string
		switch opt := d.Val(); opt {
		case "country_header":
			target = &h.Banner.CountryHeader
		case "query_param":
			target = &h.Banner.QueryParam
		case "preferred_cookie":
			target = &h.Banner.PreferredCookie
		case "redirect_cookie":
			target = &h.Banner.RedirectCookie
		default:
			return d.Errf("unknown banner option %q; the options are country_header, query_param, preferred_cookie and redirect_cookie", opt)
		}
		if !d.AllArgs(target) {
			return d.Errf("banner %s takes one name", d.Val())
		}
	}
	return nil
}
