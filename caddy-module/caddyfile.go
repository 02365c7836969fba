package shell

import (
	"strconv"
	"strings"

	"github.com/caddyserver/caddy/v2"
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
//		hosts            <hostname> <locale>
//		ui_dir           <path>
//		compressed       decode|passthrough
//		max_decoded_size <size>
//		page_plans       <pages>|off
//		disable_revalidation
//		frame_ancestors  <source>...   ('self' by default; 'none', https:, https://partner.example, *)
//		hsts             <Strict-Transport-Security value>|off  (default max-age=31536000; includeSubDomains)
//		flag_file        <file>
//		header_variants  <path-glob> <variant>
//		banner {
//			country_header   <header>   (e.g. CF-IPCountry)
//			query_param      <name>     (default region_redirect)
//			preferred_cookie <name>     (default shell_preferred_locale)
//			redirect_cookie  <name>     (default shell_region_redirect)
//		}
//		consent {
//			manager_script     <url>
//			manager_attributes <name> [<value>]
//			tag_manager        german|non_german|us <container-id>
//			tag_manager_url    <url>
//		}
//		customer [<api>] {
//			api                  <base-url>
//			budget               <duration>   (default 300ms)
//			timeout              <duration>   (default 3s)
//			hide_finance_for     <distributor-id>...
//			default_distributors <distributor-id>...
//			omit_data_validity
//			redirects            <page> <path>
//			locale_redirects     <locale> <page> <path>
//		}
//		tracking [<collector-url>] {
//			collector  <url>
//			queue      <n>   (default 1000)
//			rate_limit <events> <window> [burst <n>] [clients <n>]   (default 30 1m burst 20 clients 10000)
//		}
//		app_view { ... }  (app_view.go)
//		marketing { ... } (marketing.go)
//		identity { ... }  (identity/caddyfile.go)
//	}
//
// Every option is named as its JSON field is; repeating a line (hosts, header_variants,
// manager_attributes, redirects, locale_redirects) adds an entry. A customer redirect page is
// reference_account, financial_information, cdvc or reference_account_update: redirects'
// paths are under each locale's base path, locale_redirects' are the whole path for that
// locale. An option's old name (host, revalidate, flags, header_variant, manager_attribute,
// redirect) is refused with the name to write (renamedOptions). Each nested block has its parse function below;
// Validate checks the values, the parsers only read them.
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
		case "hosts":
			var host, locale string
			if !d.AllArgs(&host, &locale) {
				return d.Errf("hosts takes a host name and its locale, e.g. hosts example.co.uk en-GB")
			}
			if h.Hosts == nil {
				h.Hosts = map[string]string{}
			}
			if _, dup := h.Hosts[host]; dup {
				return d.Errf("hosts %s is given twice; a host serves one locale", host)
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
		case "disable_revalidation":
			if d.NextArg() {
				return d.Errf("disable_revalidation takes no value: the line turns revalidation off")
			}
			h.DisableRevalidation = true
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
		case "header_variants":
			// One route a line; the lines keep their order, the first match wins.
			var r HeaderVariantRoute
			if !d.AllArgs(&r.Path, &r.Variant) {
				return d.Errf("header_variants takes a path glob and a variant, e.g. header_variants /en/partner-banks/* bank-navigation")
			}
			h.HeaderVariants = append(h.HeaderVariants, r)
		case "consent":
			if err := parseConsent(d, h); err != nil {
				return err
			}
		case "flag_file":
			if !d.AllArgs(&h.FlagFile) {
				return d.Errf("flag_file takes one path: a JSON flag file, e.g. flag_file testdata/flags.json")
			}
		case "flag_service":
			if err := parseFlagService(d, h); err != nil {
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
		case "marketing":
			if err := parseMarketing(d, h); err != nil { // marketing.go
				return err
			}
		case "host", "revalidate", "flags", "header_variant":
			return renamed(d)
		default:
			return d.Errf("unknown shell option %q; the options are design_version, default_locale, hosts, ui_dir, compressed, max_decoded_size, page_plans, disable_revalidation, frame_ancestors, hsts, identity, app_view, header_variants, consent, flag_file, flag_service, banner, customer, tracking and marketing", d.Val())
		}
	}
	return nil
}

// renamedOptions are the Caddyfile options whose name became their JSON field's: an old
// name is refused with what to write now.
var renamedOptions = map[string]string{
	"host":              "hosts <hostname> <locale>",
	"revalidate":        "disable_revalidation (for revalidate off; revalidate on is the default, drop the line)",
	"flags":             "flag_file <file>",
	"header_variant":    "header_variants <path-glob> <variant>",
	"manager_attribute": "manager_attributes <name> [<value>]",
	"redirect":          "redirects <page> <path>, or locale_redirects <locale> <page> <path> for one locale",
}

// renamed refuses the old option name at d with what to write instead.
func renamed(d *caddyfile.Dispenser) error {
	opt := d.Val()
	return d.Errf("%s is now named as its JSON field: write %s", opt, renamedOptions[opt])
}

// parseBanner reads the banner block.
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

// parseConsent reads the consent block.
func parseConsent(d *caddyfile.Dispenser, h *Handler) error {
	if d.NextArg() {
		return d.Errf("consent takes no arguments, only a block of manager_script, manager_attributes, tag_manager and tag_manager_url")
	}
	if h.Consent != nil {
		return d.Errf("consent is given twice; give one block")
	}
	c := &Consent{}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch d.Val() {
		case "manager_script":
			if !d.AllArgs(&c.ManagerScript) {
				return d.Errf("manager_script takes one URL: the consent manager's loader script")
			}
		case "manager_attributes":
			args := d.RemainingArgs()
			if len(args) < 1 || len(args) > 2 {
				return d.Errf("manager_attributes takes a name and an optional value, e.g. manager_attributes data-settings-id AbC123")
			}
			if c.ManagerAttributes == nil {
				c.ManagerAttributes = map[string]string{}
			}
			if _, dup := c.ManagerAttributes[args[0]]; dup {
				return d.Errf("manager_attributes %s is given twice", args[0])
			}
			c.ManagerAttributes[args[0]] = ""
			if len(args) == 2 {
				c.ManagerAttributes[args[0]] = args[1]
			}
		case "tag_manager":
			var group, id string
			if !d.AllArgs(&group, &id) {
				return d.Errf("tag_manager takes a market group (german, non_german or us) and a container id, e.g. tag_manager german GTM-ABC1234")
			}
			if c.TagManager == nil {
				c.TagManager = map[string]string{}
			}
			if _, dup := c.TagManager[group]; dup {
				return d.Errf("tag_manager %s is given twice; a market group has one container", group)
			}
			c.TagManager[group] = id
		case "tag_manager_url":
			if !d.AllArgs(&c.TagManagerURL) {
				return d.Errf("tag_manager_url takes one URL: the container loader, without ?id=")
			}
		default:
			if d.Val() == "manager_attribute" {
				return renamed(d)
			}
			return d.Errf("unknown consent option %q; the options are manager_script, manager_attributes, tag_manager and tag_manager_url", d.Val())
		}
	}
	h.Consent = c
	return nil
}

// parseCustomer reads the customer block and its short form, customer <api>.
func parseCustomer(d *caddyfile.Dispenser, h *Handler) error {
	if h.Customer != nil {
		return d.Err("customer is given twice; put every customer option in one block")
	}
	c := new(CustomerData)
	if d.NextArg() {
		c.API = d.Val() // the short form: customer <api>
		if d.NextArg() {
			return d.ArgErr()
		}
	}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch opt := d.Val(); opt {
		case "api":
			if !d.AllArgs(&c.API) {
				return d.Errf("api takes one URL, e.g. api https://api.example.com/rest/open_api/v2")
			}
		case "budget", "timeout":
			var v string
			if !d.AllArgs(&v) {
				return d.Errf("%s takes one duration, e.g. %s 300ms", opt, opt)
			}
			dur, err := caddy.ParseDuration(v)
			if err != nil {
				return d.Errf("%s %q is not a duration; give one such as 300ms or 3s", opt, v)
			}
			if opt == "budget" {
				c.Budget = caddy.Duration(dur)
			} else {
				c.Timeout = caddy.Duration(dur)
			}
		case "hide_finance_for", "default_distributors":
			ids := d.RemainingArgs()
			if len(ids) == 0 {
				return d.Errf("%s takes one or more distributor ids, e.g. %s dkb_retail", opt, opt)
			}
			if opt == "hide_finance_for" {
				c.HideFinanceFor = append(c.HideFinanceFor, ids...)
			} else {
				c.DefaultDistributors = append(c.DefaultDistributors, ids...)
			}
		case "omit_data_validity":
			if d.NextArg() {
				return d.Errf("omit_data_validity takes no value")
			}
			c.OmitDataValidity = true
		case "redirects":
			var page, path string
			if !d.AllArgs(&page, &path) {
				return d.Errf("redirects takes a page and a path, e.g. redirects cdvc /data-validity-check/")
			}
			if c.Redirects == nil {
				c.Redirects = map[string]string{}
			}
			c.Redirects[page] = path
		case "locale_redirects":
			var locale, page, path string
			if !d.AllArgs(&locale, &page, &path) {
				return d.Errf("locale_redirects takes a locale, a page and a path, e.g. locale_redirects en-GB cdvc /en-gb/check/")
			}
			if c.LocaleRedirects == nil {
				c.LocaleRedirects = map[string]map[string]string{}
			}
			if c.LocaleRedirects[locale] == nil {
				c.LocaleRedirects[locale] = map[string]string{}
			}
			c.LocaleRedirects[locale][page] = path
		case "redirect":
			return renamed(d)
		default:
			return d.Errf("unknown customer option %q; the options are api, budget, timeout, hide_finance_for, default_distributors, omit_data_validity, redirects and locale_redirects", opt)
		}
	}
	h.Customer = c
	return nil
}

// parseTracking reads the tracking block and its short form, tracking <collector-url>.
func parseTracking(d *caddyfile.Dispenser, h *Handler) error {
	if h.Tracking != nil {
		return d.Err("tracking is given twice; put every tracking option in one block")
	}
	t := new(Tracking)
	if d.NextArg() {
		t.Collector = d.Val()
		if d.NextArg() {
			return d.ArgErr()
		}
	}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch opt := d.Val(); opt {
		case "collector":
			if !d.AllArgs(&t.Collector) {
				return d.Errf("collector takes one URL, e.g. collector https://events.example.com/v1/events")
			}
		case "queue":
			var v string
			if !d.AllArgs(&v) {
				return d.Errf("queue takes one number, e.g. queue 1000")
			}
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return d.Errf("queue %q is not a positive number; give how many events may wait, e.g. queue 1000", v)
			}
			t.Queue = n
		case "rate_limit":
			l, err := parseEventRateLimit(d)
			if err != nil {
				return err
			}
			t.RateLimit = l
		default:
			return d.Errf("unknown tracking option %q; the options are collector, queue and rate_limit", opt)
		}
	}
	h.Tracking = t
	return nil
}

// parseEventRateLimit reads rate_limit <events> <window> [burst <n>] [clients <n>].
func parseEventRateLimit(d *caddyfile.Dispenser) (*EventRateLimit, error) {
	const example = "e.g. rate_limit 30 1m burst 20"
	args := d.RemainingArgs()
	if len(args) < 2 || len(args)%2 != 0 {
		return nil, d.Errf("rate_limit takes how many events per window, the window and optional burst and clients, %s", example)
	}
	l := new(EventRateLimit)
	n, err := strconv.Atoi(args[0])
	if err != nil || n <= 0 {
		return nil, d.Errf("rate_limit events %q is not a positive number, %s", args[0], example)
	}
	l.Events = n
	w, err := caddy.ParseDuration(args[1])
	if err != nil || w <= 0 {
		return nil, d.Errf("rate_limit window %q is not a duration, %s", args[1], example)
	}
	l.Window = caddy.Duration(w)
	for i := 2; i < len(args); i += 2 {
		var field *int
		switch args[i] {
		case "burst":
			field = &l.Burst
		case "clients":
			field = &l.Clients
		default:
			return nil, d.Errf("unknown rate_limit option %q; after the window come burst <n> and clients <n>, %s", args[i], example)
		}
		n, err := strconv.Atoi(args[i+1])
		if err != nil || n <= 0 {
			return nil, d.Errf("rate_limit %s %q is not a positive number, %s", args[i], args[i+1], example)
		}
		*field = n
	}
	return l, nil
}

// parseFlagService reads flag_service <url> { timeout <d>; cache_ttl <d>; backoff <d> }.
func parseFlagService(d *caddyfile.Dispenser, h *Handler) error {
	if h.FlagService != nil {
		return d.Errf("flag_service is given twice; give one")
	}
	f := &FlagService{}
	if !d.NextArg() {
		return d.Errf("flag_service takes the service's base URL, e.g. flag_service https://flags.example.com")
	}
	f.URL = d.Val()
	if d.NextArg() {
		return d.Errf("flag_service takes one URL; timeout, cache_ttl and backoff go in its block")
	}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		opt := d.Val()
		var dst *caddy.Duration
		switch opt {
		case "timeout":
			dst = &f.Timeout
		case "cache_ttl":
			dst = &f.CacheTTL
		case "backoff":
			dst = &f.Backoff
		default:
			return d.Errf("unknown flag_service option %q; the options are timeout, cache_ttl and backoff", opt)
		}
		var v string
		if !d.AllArgs(&v) {
			return d.Errf("%s takes one duration, e.g. %s 150ms", opt, opt)
		}
		dur, err := caddy.ParseDuration(v)
		if err != nil {
			return d.Errf("%s %q is not a duration; give e.g. %s 150ms", opt, v, opt)
		}
		*dst = caddy.Duration(dur)
	}
	h.FlagService = f
	return nil
}
