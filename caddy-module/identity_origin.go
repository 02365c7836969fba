package shell

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// Checks on the requests to the identity endpoints, before anything is done for them.

// crossSite says why a state-changing request must be refused as cross-site, or "". Browsers
// send Sec-Fetch-Site on every request (and Origin on every POST); only same-origin requests
// from the page itself pass. A request with neither header comes from no browser (curl, a
// test), which cannot carry a victim's cookie, so it passes too.
func crossSite(r *http.Request) string {
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

// requirePost answers 405 unless the method is POST; it says whether to go on.
func requirePost(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodPost {
		return true
	}
	w.Header().Set("Allow", "POST")
	writeJSONError(w, http.StatusMethodNotAllowed, "use POST")
	return false
}

// writeJSONError answers {"error": message} with status; never cached.
func writeJSONError(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, map[string]string{"error": message})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
