package shell

import (
	"fmt"
	"maps"
	"net/http"
	"net/textproto"
	"strings"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
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

// The embedded app view of the shell (spec 2.4): inside the app the footer shows neither the
// market picker, nor the link groups, nor the "download our app" banner. The app sends its
// signal on the pages it opens, but a page it reaches by a link or a redirect (the login's
// callback, a form's answer) may come without it: the gateway keeps the view for the browser
// session in a cookie that the signal sets, and a login begun in the webview keeps it in the
// session too. The cookie grants nothing: it only slims the footer, as the signal does; the
// webview's session timing still needs the signal at login (identity/login.go).

// appViewCookie keeps the app view for the browser session (no Max-Age: it ends with the
// app's view).
const appViewCookie = "shell_app_view"

// EmbeddedAppViewFlag is the flag the edge sets in the app view, which the footer's gates
// name (shell-ui/src/footer/MobileAppBanner.tsx): the prerendered fragments have the gated
// parts as they read outside the app, and the edge hides them (flags/markup.go).
const EmbeddedAppViewFlag = "embeddedAppView"

// inAppView tells whether the visit's page is shown inside the app: the request has the
// app's signal, the browser session saw it before, or the login session began in the webview.
// Nothing counts without a configured app_view.
func (h *Handler) inAppView(v *visit) bool {
	if h.AppView == nil {
		return false
	}
	if h.isAppRequest(v.r) || v.visitor.LoggedIn() && v.visitor.Session.Webview {
		return true
	}
	value, ok := v.cookie(appViewCookie)
	return ok && value == "1"
}

// keepAppView sets the app view's cookie on a page the app's signal asked for, once.
func (h *Handler) keepAppView(w http.ResponseWriter, v *visit) {
	if !h.isAppRequest(v.r) {
		return
	}
	if value, ok := v.cookie(appViewCookie); ok && value == "1" {
		return
	}
	// Not for a shared cache: the next visitor is not in the app.
	w.Header().Add("Cache-Control", "no-store")
	http.SetCookie(w, &http.Cookie{
		Name:     appViewCookie,
		Value:    "1",
		Path:     "/",
		HttpOnly: true,
		Secure:   session.IsHTTPS(v.r),
		SameSite: http.SameSiteLaxMode,
	})
}

// applyAppView puts the app view into the page's state and flags (spec 2.4).
func (h *Handler) applyAppView(v *visit, p *page) {
	if !h.inAppView(v) {
		return
	}
	p.state.AppView = true
	on := maps.Clone(p.state.Flags)
	if on == nil {
		on = map[string]bool{}
	}
	on[EmbeddedAppViewFlag] = true
	p.state.Flags = on
}

// footerHidden is the footer's hide condition (spec 2.4, docs/spec-deviations.md): a page
// with the integrated header, which hides the header because the page sits inside another
// page's frame, shows no footer either. Inside the app the footer stays, slimmed by the
// embedded-mode rules: its copyright, legal links and disclaimer are the bank's duty to show.
// shell-ui/src/shell/footerHidden.ts is its twin.
func footerHidden(st *shellstate.State) bool {
	return st.HeaderVariant == string(rules.HeaderIntegrated)
}
