package shell

import (
	"fmt"
	"net/http"
	"net/textproto"
	"strings"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
)

// AppView is the signal by which the platform's app tells that a request comes from its
// embedded view (spec 4: in the webview only token expiry counts). A link anyone can send
// (`/login/?webview=1`) cannot set a request header or the browser's user agent, so the
// gateway honours the webview only on requests that carry the signal. It is not a secret
// and not authentication: it only tells the app's view from an ordinary browser following a
// link. Exactly one of Header and UserAgent is given.
type AppView struct {
	// Header is a request header the app's view sends, e.g. X-App-Platform.
	Header string `json:"header,omitempty"`
	// Values are the Header's values that count (compared without regard to case), e.g.
	// ios and android. Required with Header.
	Values []string `json:"values,omitempty"`
	// UserAgent is a token the app's view adds to its User-Agent, e.g. ShellgateApp/; it
	// counts when the User-Agent contains it (case sensitive, as user agents are written).
	UserAgent string `json:"user_agent,omitempty"`
}

// Provision puts the header name in canonical form.
func (a *AppView) Provision() {
	if a.Header != "" {
		a.Header = textproto.CanonicalMIMEHeaderKey(a.Header)
	}
}

// Validate checks the signal and says what to write instead.
func (a *AppView) Validate() error {
	switch {
	case a.Header == "" && a.UserAgent == "":
		return fmt.Errorf("shell: app_view needs a signal; give `header X-App-Platform ios android` or `user_agent ShellgateApp/`")
	case a.Header != "" && a.UserAgent != "":
		return fmt.Errorf("shell: app_view takes one signal, header or user_agent, not both; keep the one the app sends")
	case a.Header != "":
		if !isHeaderToken(a.Header) {
			return fmt.Errorf("shell: app_view header %q is not a header name; give one such as X-App-Platform", a.Header)
		}
		if len(a.Values) == 0 {
			return fmt.Errorf("shell: app_view header %s needs the values that count, e.g. `header %s ios android`", a.Header, a.Header)
		}
		for _, v := range a.Values {
			if strings.TrimSpace(v) == "" || strings.ContainsAny(v, "\r\n") {
				return fmt.Errorf("shell: app_view header %s value %q is empty or spans lines; give words such as ios android", a.Header, v)
			}
		}
	default:
		if len(a.Values) > 0 {
			return fmt.Errorf("shell: app_view user_agent takes no values; give only the token, e.g. user_agent ShellgateApp/")
		}
		if strings.TrimSpace(a.UserAgent) != a.UserAgent || len(a.UserAgent) < 4 {
			return fmt.Errorf("shell: app_view user_agent %q is too short or has spaces around it; give the app's own token, e.g. ShellgateApp/", a.UserAgent)
		}
	}
	return nil
}

// isAppRequest tells whether r carries the app's signal. A nil AppView (not configured)
// never matches: the webview is off until the operator names the signal.
func (a *AppView) isAppRequest(r *http.Request) bool {
	if a == nil {
		return false
	}
	if a.UserAgent != "" {
		return strings.Contains(r.UserAgent(), a.UserAgent)
	}
	if a.Header == "" {
		return false
	}
	for _, got := range r.Header.Values(a.Header) {
		for _, want := range a.Values {
			if strings.EqualFold(strings.TrimSpace(got), want) {
				return true
			}
		}
	}
	return false
}

// isAppRequest tells whether r comes from the app's embedded view (see AppView).
func (h *Handler) isAppRequest(r *http.Request) bool {
	return h.AppView.isAppRequest(r)
}

// isHeaderToken: RFC 9110 token characters, as a header name must be.
func isHeaderToken(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// parseAppView reads the app_view block inside shell. Syntax:
//
//	app_view {
//		header     <name> <value>...   (e.g. header X-App-Platform ios android)
//		user_agent <token>             (or: a token in the app view's User-Agent)
//	}
func parseAppView(d *caddyfile.Dispenser, h *Handler) error {
	if h.AppView != nil {
		return d.Err("app_view is given twice; give one block")
	}
	if d.NextArg() {
		return d.Errf("app_view takes no arguments, only a block: app_view { header X-App-Platform ios android }")
	}
	a := new(AppView)
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch d.Val() {
		case "header":
			args := d.RemainingArgs()
			if len(args) < 2 {
				return d.Errf("header takes a header name and the values that count, e.g. header X-App-Platform ios android")
			}
			a.Header, a.Values = args[0], args[1:]
		case "user_agent":
			if !d.AllArgs(&a.UserAgent) {
				return d.Errf("user_agent takes one token, e.g. user_agent ShellgateApp/")
			}
		default:
			return d.Errf("unknown app_view option %q; the options are header and user_agent", d.Val())
		}
	}
	h.AppView = a
	return nil
}
