package shell

import (
	"strconv"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
)

// parseCustomer reads the customer block inside shell. Syntax:
//
//	customer {
//		api                  <base-url>
//		budget               <duration>           (default 300ms)
//		timeout              <duration>           (default 3s)
//		hide_finance_for     <distributor-id>...
//		default_distributors <distributor-id>...
//		omit_data_validity
//		redirect             <page> [<locale>] <path>
//	}
//
// A redirect page is reference_account, financial_information, cdvc or
// reference_account_update. Without a locale the path is under each locale's base path;
// with one, it is the whole path for that locale.
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
		case "redirect":
			args := d.RemainingArgs()
			switch len(args) {
			case 2:
				if c.Redirects == nil {
					c.Redirects = map[string]string{}
				}
				c.Redirects[args[0]] = args[1]
			case 3:
				if c.LocaleRedirects == nil {
					c.LocaleRedirects = map[string]map[string]string{}
				}
				if c.LocaleRedirects[args[1]] == nil {
					c.LocaleRedirects[args[1]] = map[string]string{}
				}
				c.LocaleRedirects[args[1]][args[0]] = args[2]
			default:
				return d.Errf("redirect takes a page, an optional locale and a path, e.g. redirect cdvc /data-validity-check/ or redirect cdvc en-GB /en-gb/check/")
			}
		default:
			return d.Errf("unknown customer option %q; the options are api, budget, timeout, hide_finance_for, default_distributors, omit_data_validity and redirect", opt)
		}
	}
	h.Customer = c
	return nil
}

// parseTracking reads the tracking block inside shell. Syntax:
//
//	tracking <collector-url>
//	tracking {
//		collector <url>
//		queue     <n>     (default 1000)
//		rate_limit <events> <window> [burst <n>] [clients <n>]   (default 30 1m burst 20 clients 10000)
//	}
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
