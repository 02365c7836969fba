package shell

import (
	"net/http"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// serveIdentity runs the identity steps of a request (DESIGN.md steps 3 and 4) and answers
// what is identity's alone: the login page, the token relay and the access guard. It returns
// the request carrying the visitor for the steps after it, and whether it answered.
func (h *Handler) serveIdentity(w http.ResponseWriter, r *http.Request, next caddyhttp.Handler) (*http.Request, bool, error) {
	path, _ := decisionPath(r) // ServeHTTP refused the undecidable; the guard fails closed on them
	if h.Identity == nil || h.Identity.rt == nil || skipsIdentity(path) {
		return r, false, nil
	}
	r, v := h.identify(r, path)
	if v.ended != "" {
		// The session just ended (idle, max_session, expired, refused): the browser drops
		// its dead cookie too, rather than present it on every request.
		if c, ok := session.ClearCookie(r); ok {
			http.SetCookie(w, c)
		}
	}
	if strings.HasPrefix(path, routePrefix) {
		return r, false, nil // own routes read the visitor from the request
	}
	if h.requireFreshLogin(w, r, v, path) { // reauth.go
		return r, true, nil
	}
	if underRelay(h.Identity.APIRelay, path) {
		return r, true, h.relayAPI(w, r, v) // its own proxy, never next
	}
	res := h.resolver.Resolve(r.Host, path)
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && isLoginPath(path, res.BasePath) {
		return r, true, h.serveLogin(w, r, res.BasePath, res.Locale)
	}
	handled, err := h.guardPage(w, r)
	if !handled && v.loggedIn() {
		keepPrivate(w.Header())
	}
	return r, handled, err
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
