package identity

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// Checks on the requests to the identity endpoints, before anything is done for them.

// CrossSite says why a state-changing request must be refused as cross-site, or "". Browsers
// send Sec-Fetch-Site on every request (and Origin on every POST); only same-origin requests
// from the page itself pass. A request with neither header comes from no browser (curl, a
// test), which cannot carry a victim's cookie, so it passes too.
func CrossSite(r *http.Request) string {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "same-origin":
	case "":
		// An older browser: Origin decides below.
	default:
		// cross-site, same-site (a sibling subdomain), none (typed into the address bar).
		return "Sec-Fetch-Site: " + site
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return ""
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return "Origin: " + origin // "null" (sandboxed frames, redirects) and junk
	}
	if !strings.EqualFold(u.Host, r.Host) {
		return "Origin: " + origin
	}
	if u.Scheme != session.Scheme(r) {
		return "Origin: " + origin
	}
	return ""
}

// RequirePost answers 405 unless the method is POST; it says whether to go on.
func RequirePost(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodPost {
		return true
	}
	w.Header().Set("Allow", "POST")
	WriteJSONError(w, http.StatusMethodNotAllowed, "use POST")
	return false
}

// AllowRead answers 405 to any method but GET and HEAD.
func AllowRead(w http.ResponseWriter, r *http.Request) error {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return nil
	}
	w.Header().Set("Allow", "GET, HEAD")
	return caddyhttp.Error(http.StatusMethodNotAllowed, fmt.Errorf("%s %s: only GET and HEAD", r.Method, r.URL.Path))
}

// WriteJSONError answers {"error": message} with status; never cached.
func WriteJSONError(w http.ResponseWriter, status int, message string) {
	WriteJSON(w, status, map[string]string{"error": message})
}

// WriteJSON answers v as JSON with status; never cached. JSON is for machine callers (the
// shell's fetches, the provider's back-channel logout); pages get caddyhttp.Error.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
