package shell

import (
	"strconv"
	"strings"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/dustin/go-humanize"

	"github.com/shellgate/shellgate/caddy-module/identity"
)

func init() {
	httpcaddyfile.RegisterHandlerDirective("shell", parseCaddyfile)
	// The shell wraps the responses of the handlers that serve pages, and sits inside encode
	// so that what it writes is compressed for the client: right where templates sits.
	httpcaddyfile.RegisterDirectiveOrder("shell", httpcaddyfile.After, "templates")
}

func parseCaddyfile(h httpcaddyfile.Helper) (caddyhttp.MiddlewareHandler, error) {
	s := new(Handler)
	err := s.UnmarshalCaddyfile(h.Dispenser)
	return s, err
}

// UnmarshalCaddyfile sets up the handler from Caddyfile tokens. Syntax:
//
//	shell {
//		design_version   v1|v2
//		default_locale   <locale>
//		host             <hostname> <locale>
//		ui_dir           <path>
//		compressed       decode|passthrough
//		max_decoded_size <size>
//		page_plans       <pages>|off
//		revalidate       on|off
//		frame_ancestors  <source>...   ('self' by default; 'none', https:, https://partner.example, *)
//		hsts             <Strict-Transport-Security value>|off  (default max-age=31536000; includeSubDomains)
//		flags            <file>   (see caddyfile_flags.go)
//		banner           { ... }  (see caddyfile_banner.go)
//		header_variant   <path-glob> <variant>  (see caddyfile_header_variant.go)
//		consent          { ... }                (see caddyfile_consent.go)
//		identity         { ... }  (see identity/caddyfile.go)
//		app_view         { ... }  (see app_view.go)
//		customer         { ... }  (see caddyfile_customer.go)
//		tracking         { ... }  (see caddyfile_customer.go)
//	}
func (h *Handler) UnmarshalCaddyfile(d *caddyfile.Dispenser) error {
	d.Next() // the directive's name
	if d.NextArg() {
		return d.ArgErr()
	}
	for d.NextBlock(0) {
		switch d.Val() {
		case "design_version":
			if !d.AllArgs(&h.DesignVersion) {
				return d.Errf("design_version takes one value: v1 or v2")
			}
		case "default_locale":
			if !d.AllArgs(&h.DefaultLocale) {
				return d.Errf("default_locale takes one locale, e.g. de-DE")
			}
		case "host":
			var host, locale string
			if !d.AllArgs(&host, &locale) {
				return d.Errf("host takes a host name and its locale, e.g. host example.co.uk en-GB")
			}
			if h.Hosts == nil {
				h.Hosts = map[string]string{}
			}
			if _, dup := h.Hosts[host]; dup {
				return d.Errf("host %s is given twice; a host serves one locale", host)
			}
			h.Hosts[host] = locale
		case "ui_dir":
			if !d.AllArgs(&h.UIDir) {
				return d.Errf("ui_dir takes one path: a built shell-ui/dist folder")
			}
		case "compressed":
			if !d.AllArgs(&h.Compressed) {
				return d.Errf("compressed takes one value: decode or passthrough")
			}
		case "max_decoded_size":
			var v string
			if !d.AllArgs(&v) {
				return d.Errf("max_decoded_size takes one size, e.g. 128MiB")
			}
			size, err := humanize.ParseBytes(v)
			if err != nil || size == 0 {
				return d.Errf("max_decoded_size %q is not a size; give one such as 128MiB", v)
			}
			h.MaxDecodedSize = int64(size)
		case "page_plans":
			var v string
			if !d.AllArgs(&v) {
				return d.Errf("page_plans takes one value: a number of pages such as 4096, or off")
			}
			if v == "off" {
				h.PagePlans = -1
			} else if n, err := strconv.Atoi(v); err != nil || n <= 0 {
				return d.Errf("page_plans %q is not a number of pages; give one such as 4096, or off", v)
			} else {
				h.PagePlans = n
			}
		case "revalidate":
			var v string
			if !d.AllArgs(&v) || (v != "on" && v != "off") {
				return d.Errf("revalidate takes one value: on (the default) or off")
			}
			h.DisableRevalidation = v == "off"
		case "frame_ancestors":
			h.FrameAncestors = d.RemainingArgs()
			if len(h.FrameAncestors) == 0 {
				return d.Errf("frame_ancestors takes one or more sources, e.g. frame_ancestors 'self' https://partner.example")
			}
		case "hsts":
			args := d.RemainingArgs()
			if len(args) == 0 {
				return d.Errf("hsts takes the header's value, e.g. hsts max-age=31536000; includeSubDomains, or off")
			}
			h.HSTS = strings.Join(args, " ")
		case "identity":
			if h.Identity != nil {
				return d.Err("identity is given twice; put every identity option in one block")
			}
			id, err := identity.ParseCaddyfile(d)
			if err != nil {
				return err
			}
			h.Identity = id
		case "app_view":
			if err := parseAppView(d, h); err != nil {
				return err
			}
		case "header_variant":
			if err := parseHeaderVariant(d, h); err != nil {
				return err
			}
		case "consent":
			if err := parseConsent(d, h); err != nil {
				return err
			}
		case "flags":
			if err := parseFlags(d, h); err != nil {
				return err
			}
		case "banner":
			if err := parseBanner(d, h); err != nil {
				return err
			}
		case "customer":
			if err := parseCustomer(d, h); err != nil {
				return err
			}
		case "tracking":
			if err := parseTracking(d, h); err != nil {
				return err
			}
		default:
			return d.Errf("unknown shell option %q; the options are design_version, default_locale, host, ui_dir, compressed, max_decoded_size, page_plans, revalidate, frame_ancestors, hsts, identity, app_view, header_variant, consent, flags, banner, customer and tracking", d.Val())
		}
	}
	return nil
}

// Interface guard
var _ caddyfile.Unmarshaler = (*Handler)(nil)
