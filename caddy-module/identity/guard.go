package identity

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// The access guard at the edge (DESIGN.md step 4; spec 6): a protected page without a session
// goes to the locale's login page with the page as the return path.

// accessOf is the guard's decision for a request. With identity off every page is open and
// nobody is logged in (spec 6's anonymous default). The page and its locale base path are
// read from the decision path, the way the origin reads them: /EN-GB/documents/,
// /./en-gb/documents/ and /en-gb;/documents/ are /en-gb/documents/. A path that cannot be
// decided needs a login.
func (c *Config) accessOf(r *http.Request, v *Visitor, req Request) rules.GuardDecision {
	if c == nil || c.rt == nil {
		return rules.Guard(rules.GuardInput{})
	}
	required := true
	if req.Path != "" {
		required = c.rt.protected.Match(req.Path, req.market(c, r.Host).BasePath)
	}
	in := rules.GuardInput{AuthRequired: required, Bypass: c.GuardBypass}
	if v.LoggedIn() {
		in.LoggedIn = true
		in.CustomerID = v.Session.CustomerNumber
	}
	return rules.Guard(in)
}

// guardPage applies the guard to a page request. It answers the request itself (a redirect to
// login, or 403) and says so, or lets the page through. The decision stays on the visitor,
// for the page's shell state.
func (c *Config) guardPage(w http.ResponseWriter, r *http.Request, v *Visitor, req Request) (bool, error) {
	d := c.accessOf(r, v, req)
	v.access, v.accessPath, v.accessSet = d, req.Path, true
	switch d.Outcome {
	case rules.GuardLogin:
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, loginPath(req.market(c, r.Host).BasePath, r.URL.RequestURI()), http.StatusFound)
		return true, nil
	case rules.GuardForbidden:
		if c.GuardFallback != "" { // the fallback view (spec 6)
			w.Header().Set("Cache-Control", "no-store")
			http.Redirect(w, r, strings.TrimSuffix(req.market(c, r.Host).BasePath, "/")+c.GuardFallback, http.StatusFound)
			return true, nil
		}
		return true, caddyhttp.Error(http.StatusForbidden, fmt.Errorf("%s needs a customer number; the session has none", r.URL.Path))
	}
	return false, nil
}

// loginPath is the locale's login page (spec 2.3: /login under the locale base path), with
// the page to come back to. The return path is validated again when the login starts.
func loginPath(basePath, returnTo string) string {
	p := strings.TrimSuffix(basePath, "/") + "/login/"
	if returnTo != "" && returnTo != "/" {
		p += "?" + url.Values{returnParam: {returnTo}}.Encode()
	}
	return p
}

// returnParam is the login page's query parameter naming the page to return to.
const returnParam = "return"

// FillState puts the guard's decision for the page req and visitor v and the session timing
// into the shell state: the decision Serve made for the same page, or a new one for another
// (/_shell/state names its page). It never puts a token there. A nil Config (identity off)
// gives the anonymous default: every page open, nobody logged in.
func (c *Config) FillState(r *http.Request, v *Visitor, req Request, st *shellstate.State) {
	var d rules.GuardDecision
	if v != nil && v.accessSet && v.accessPath == req.Path {
		d = v.access
	} else {
		d = c.accessOf(r, v, req)
	}
	st.IsLoggedIn = d.IsLoggedIn
	st.CanAccess = d.CanAccess
	st.IsAuthRequired = d.IsAuthRequired
	st.CustomerID = d.CustomerID
	if v.LoggedIn() {
		st.Session = c.sessionState(v.Session, v.Timing)
	}
}

// validateGuard checks the guard's bypass and fallback view against the protected paths.
func (c *Config) validateGuard(protected rules.ProtectedPaths) error {
	if c.GuardBypass && c.Environment == auth.EnvProduction {
		return fmt.Errorf("shell: identity guard_bypass serves the protected pages to every visitor; it is for test and preview environments, not environment production: remove it")
	}
	f := c.GuardFallback
	if f == "" {
		return nil
	}
	if !strings.HasPrefix(f, "/") || strings.HasPrefix(f, "//") || strings.ContainsAny(f, "\\?#%") || strings.ContainsFunc(f, unicode.IsControl) || strings.Contains(f, "/../") || strings.HasSuffix(f, "/..") {
		return fmt.Errorf("shell: identity guard_fallback %q is not a site path; give one under the locale base path such as /access-denied/ (no host, query, fragment, escapes or ..)", f)
	}
	if protected.Match(f, "") {
		return fmt.Errorf("shell: identity guard_fallback %s is itself protected: the refused visitor would be refused again; give a page outside protect, such as /access-denied/", f)
	}
	return nil
}
