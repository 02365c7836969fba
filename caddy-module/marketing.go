package shell

import (
	"fmt"
	"net"
	"regexp"
	"strings"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// Marketing configures the platform's marketing integrations that run in the customer's
// browser (spec 6, 7, 9): the customer-data platform's identify, the tracking app id of each
// host and the app's mobile marketing SDK. Each is off until its option is given; the gateway
// only tells the shell (shellstate.Marketing) and, for the CDP, loads its script. The shell
// waits for the consent manager's grant before either integration sees anything.
type Marketing struct {
	// CDPGlobal is the window global of the CDP's browser SDK, e.g. analytics. Given, the
	// shell calls window[CDPGlobal].identify(bacNumber, {bac_number: bacNumber}) once on a
	// logged-in customer's page, after consent (analytics_storage granted) and once the SDK
	// has loaded (polled 10 times at 300 ms, spec 9).
	CDPGlobal string `json:"cdp_global,omitempty"`

	// CDPScript is the CDP's loader script, put into every page's head (async): an https URL
	// or a path on the page's own site. Leave it out when the tag manager loads the CDP.
	CDPScript string `json:"cdp_script,omitempty"`

	// AppIDs maps a host (as the request names it, without port, lower case) to its tracking
	// app id (spec 9: tracking app ids vary by host), e.g. {"example.de": "web-de"}. The
	// shell pushes the page's into the data layer as tracking_app_id.
	AppIDs map[string]string `json:"app_ids,omitempty"`

	// SDKBridge is the name of the app's JS bridge to its mobile marketing SDK, e.g.
	// marketingSdk. In the app's embedded view (app_view) with consent (ad_storage granted)
	// the shell posts {"type":"consent","granted":true,"trackingAppId":...} to it once, through
	// window.webkit.messageHandlers[SDKBridge].postMessage (iOS) or
	// window[SDKBridge].postMessage (Android), and dispatches shell:marketing-sdk on window.
	SDKBridge string `json:"sdk_bridge,omitempty"`
}

// jsName is a JavaScript identifier the shell looks up on window: nothing else can be
// configured as a global or a bridge.
var jsName = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]{0,63}$`)

// trackingAppID is an app id: letters, digits and . _ - (it lands in the data layer).
var trackingAppID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$`)

// validate checks the marketing block and says what to write instead.
func (m *Marketing) validate(appView *AppView) error {
	if m == nil {
		return nil
	}
	if m.CDPGlobal != "" && !jsName.MatchString(m.CDPGlobal) {
		return fmt.Errorf("shell: marketing cdp_global %q is not a JavaScript name; give the CDP SDK's window global, e.g. analytics", m.CDPGlobal)
	}
	if m.CDPScript != "" {
		if err := checkScriptURL(m.CDPScript); err != nil {
			return fmt.Errorf("shell: marketing cdp_script: %w", err)
		}
		if m.CDPGlobal == "" {
			return fmt.Errorf("shell: marketing cdp_script is given without cdp_global; name the window global of the CDP's SDK, e.g. cdp_global analytics")
		}
	}
	for host, id := range m.AppIDs {
		if host == "" || host != strings.ToLower(host) || strings.ContainsAny(host, ":/ ") {
			return fmt.Errorf("shell: marketing app_ids %q is not a host name; give the bare lower-case name, e.g. app_ids example.de web-de", host)
		}
		if !trackingAppID.MatchString(id) {
			return fmt.Errorf("shell: marketing app_ids %s: %q is not an app id; use letters, digits, dot, underscore and hyphen, e.g. web-de", host, id)
		}
	}
	if m.SDKBridge != "" {
		if !jsName.MatchString(m.SDKBridge) {
			return fmt.Errorf("shell: marketing sdk_bridge %q is not a JavaScript name; give the app's bridge name, e.g. marketingSdk", m.SDKBridge)
		}
		if appView == nil {
			return fmt.Errorf("shell: marketing sdk_bridge needs app_view: the SDK's hook runs only in the app's embedded view; configure app_view with the signal the app sends")
		}
	}
	return nil
}

// appendHead appends the CDP's loader script, when one is configured.
func (m *Marketing) appendHead(dst []byte) []byte {
	if m == nil || m.CDPScript == "" {
		return dst
	}
	dst = append(dst, `<script async src="`...)
	dst = append(dst, asciiText(m.CDPScript)...)
	return append(dst, `" data-shell="cdp"></script>`...)
}

// fillMarketingState tells the shell which integrations run on the visit's page: the host's
// app id, the CDP's global and, in the app's view only, the SDK's bridge: the footer's rule
// (inAppView), since only the app's first request in its view carries the signal.
func (h *Handler) fillMarketingState(v *visit, st *shellstate.State) {
	m := h.Marketing
	if m == nil {
		return
	}
	out := shellstate.Marketing{TrackingAppID: m.AppIDs[requestHost(v.r.Host)], CDPGlobal: m.CDPGlobal}
	if m.SDKBridge != "" && h.inAppView(v) { // app_view.go
		out.SDKBridge = m.SDKBridge
	}
	if out != (shellstate.Marketing{}) {
		st.Marketing = &out
	}
}

// requestHost is a Host header's name, lower case and without port or trailing dot.
func requestHost(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// parseMarketing reads the marketing block. Syntax:
//
//	marketing {
//		cdp_global <name>
//		cdp_script <url>
//		app_ids    <host> <app-id>   (one line a host)
//		sdk_bridge <name>
//	}
func parseMarketing(d *caddyfile.Dispenser, h *Handler) error {
	if d.NextArg() {
		return d.Errf("marketing takes no arguments, only a block of cdp_global, cdp_script, app_ids and sdk_bridge")
	}
	if h.Marketing != nil {
		return d.Errf("marketing is given twice; give one block")
	}
	m := &Marketing{}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch opt := d.Val(); opt {
		case "cdp_global":
			if !d.AllArgs(&m.CDPGlobal) {
				return d.Errf("cdp_global takes one name: the window global of the CDP's SDK, e.g. analytics")
			}
		case "cdp_script":
			if !d.AllArgs(&m.CDPScript) {
				return d.Errf("cdp_script takes one URL: the CDP's loader, e.g. https://cdp.example/sdk.js")
			}
		case "app_ids":
			var host, id string
			if !d.AllArgs(&host, &id) {
				return d.Errf("app_ids takes a host and its tracking app id, e.g. app_ids example.de web-de")
			}
			if m.AppIDs == nil {
				m.AppIDs = map[string]string{}
			}
			if _, dup := m.AppIDs[host]; dup {
				return d.Errf("app_ids %s is given twice; a host has one tracking app id", host)
			}
			m.AppIDs[host] = id
		case "sdk_bridge":
			if !d.AllArgs(&m.SDKBridge) {
				return d.Errf("sdk_bridge takes one name: the app's JS bridge to its marketing SDK, e.g. marketingSdk")
			}
		default:
			return d.Errf("unknown marketing option %q; the options are cdp_global, cdp_script, app_ids and sdk_bridge", opt)
		}
	}
	h.Marketing = m
	return nil
}
