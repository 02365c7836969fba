package identity

import (
	"net/http"

	"strings"

	"github.com/caddyserver/caddy/v2"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// Route prefixes of the gateway's own endpoints (the handler's, whose routes identity
// shares).
const (
	routePrefix = "/_shell/"
	assetPrefix = routePrefix + "assets/"
)

// Serve runs the identity steps of a request (DESIGN.md steps 3 and 4) and answers what is
// identity's alone: its own routes under /_shell/ (login callback, logout, back-channel
// logout, the countdown's and the sessions' routes), the login page, the token relay and
// the access guard. req carries the decision path (DecisionPath), which the handler has
// found decidable, and the market the handler resolved for it. It returns the request for the steps after it, the visitor (nil when identity
// is off) and whether it answered. A nil Config (identity off) answers only its own routes,
// with 404.
func (c *Config) Serve(w http.ResponseWriter, r *http.Request, next caddyhttp.Handler, req Request) (r2 *http.Request, v *Visitor, answered bool, err error) {
	path := req.Path
	if skipsIdentity(path) {
		return r, nil, false, nil
	}
	if c.off() {
		if isOwnRoute(path) {
			return r, nil, true, c.serveOwnRoute(w, r, nil, path)
		}
		return r, nil, false, nil
	}
	v = c.identify(r, path)
	if v.Ended != "" {
		// The session just ended (idle, max_session, expired, refused): the browser drops
		// its dead cookie too, rather than present it on every request.
		if cookie, ok := session.ClearCookie(r); ok {
			http.SetCookie(w, cookie)
		}
	}
	setUserID(r, v) // Caddy's access log names whose request it was
	if strings.HasPrefix(path, routePrefix) {
		if isOwnRoute(path) {
			return r, v, true, c.serveOwnRoute(w, r, v, path)
		}
		return r, v, false, nil // the handler's routes
	}
	if c.requireFreshLogin(w, r, v, req) { // reauth.go
		return r, v, true, nil
	}
	if underRelay(c.APIRelay, path) {
		return r, v, true, c.relayAPI(w, r, v) // its own proxy, never next
	}
	res := req.market(c, r.Host)
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && isLoginPath(path, res.BasePath) {
		return r, v, true, c.serveLogin(w, r, v, res.BasePath, res.Locale)
	}
	handled, err := c.guardPage(w, r, v, req)
	if !handled && v.LoggedIn() {
		keepPrivate(w.Header())
	}
	return r, v, handled, err
}

// off tells whether identity is off: no block, or one never provisioned.
func (c *Config) off() bool { return c == nil || c.rt == nil }

// Identity's own routes under /_shell/.
const (
	logoutPath            = routePrefix + "auth/logout"
	backchannelLogoutPath = routePrefix + "auth/backchannel-logout"
	activityPath          = routePrefix + "session/activity"
)

// isOwnRoute tells whether a decision path is one of identity's own routes.
func isOwnRoute(path string) bool {
	switch path {
	case CallbackPath, logoutPath, backchannelLogoutPath, extendPath, activityPath, SessionListPath, SessionEndPath:
		return true
	}
	return false
}

// serveOwnRoute answers one of identity's own routes, named by the decision path: /_SHELL/...
// and //_shell/... are the same route, as they would be to the origin.
func (c *Config) serveOwnRoute(w http.ResponseWriter, r *http.Request, v *Visitor, path string) error {
	switch path {
	case CallbackPath:
		return c.serveCallback(w, r, v)
	case logoutPath:
		return c.serveLogout(w, r, v)
	case backchannelLogoutPath:
		return c.serveBackchannelLogout(w, r)
	case extendPath:
		return c.serveExtend(w, r, v)
	case activityPath:
		return c.serveActivity(w, r, v)
	case SessionListPath:
		return c.serveSessionList(w, r, v) // sessions_route.go
	default: // SessionEndPath
		return c.serveSessionEnd(w, r, v)
	}
}

// userIDPlaceholder is Caddy's placeholder of the authenticated user, which its access log
// shows as user_id (as for basic_auth).
const userIDPlaceholder = "http.auth.user.id"

// setUserID sets {http.auth.user.id} to the logged-in visitor's provider subject, so that
// Caddy's access log names whose request it was. The subject is the provider's pseudonymous
// id of the login (a UUID at Keycloak): it names no person by itself, unlike the customer
// number, name or e-mail, which are never logged. Nothing is set for a visitor without a
// session.
func setUserID(r *http.Request, v *Visitor) {
	if !v.LoggedIn() || v.Session.Subject == "" {
		return
	}
	if repl, ok := r.Context().Value(caddy.ReplacerCtxKey).(*caddy.Replacer); ok {
		repl.Set(userIDPlaceholder, v.Session.Subject)
	}
}

// keepPrivate marks a logged-in customer's page as not for shared caches: its inlined state
// names the customer. Set before the upstream answers, whose own Cache-Control is added
// beside it; a cache honours the strictest directive.
func keepPrivate(hdr http.Header) {
	hdr.Set("Cache-Control", "private, no-store")
	hdr.Add("Vary", "Cookie")
}

// skipsIdentity: the shell's assets and the health check never need the session (and must
// not cost a store lookup). path is the decision path.
func skipsIdentity(path string) bool {
	return strings.HasPrefix(path, assetPrefix) || path == routePrefix+"healthz"
}
