package shell

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

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
func (h *Handler) accessOf(r *http.Request) rules.GuardDecision {
	if h.Identity == nil || h.Identity.rt == nil {
		return rules.Guard(rules.GuardInput{})
	}
	v := visitorOf(r)
	required := true
	if path, ok := decisionPath(r); ok {
		required = h.Identity.rt.protected.Match(path, h.resolver.Resolve(r.Host, path).BasePath)
	}
	in := rules.GuardInput{AuthRequired: required}
	if v.loggedIn() {
		in.LoggedIn = true
		in.CustomerID = v.session.CustomerNumber
	}
	return rules.Guard(in)
}

// guardPage applies the guard to a page request. It answers the request itself (a redirect to
// login, or 403) and says so, or lets the page through.
func (h *Handler) guardPage(w http.ResponseWriter, r *http.Request) (bool, error) {
	path, _ := decisionPath(r) // ServeHTTP refused the undecidable; accessOf fails closed on them
	res := h.resolver.Resolve(r.Host, path)
	d := h.accessOf(r)
	switch d.Outcome {
	case rules.GuardLogin:
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, loginPath(res.BasePath, r.URL.RequestURI()), http.StatusFound)
		return true, nil
	case rules.GuardForbidden:
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

// fillIdentityState puts the guard's decision and the session timing into the shell state.
// It never puts a token there.
func (h *Handler) fillIdentityState(r *http.Request, st *shellstate.State) {
	d := h.accessOf(r)
	st.IsLoggedIn = d.IsLoggedIn
	st.CanAccess = d.CanAccess
	st.IsAuthRequired = d.IsAuthRequired
	st.CustomerID = d.CustomerID
	if v := visitorOf(r); v.loggedIn() {
		st.Session = h.sessionState(v.session, v.timing)
	}
}
