package identity

import (
	"html"
	"io"
	"net/http"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// The customer's sessions page, {base}/account/sessions/ (ASVS 4.0.3 3.3.4): the gateway
// answers it itself with a minimal document, into which the shell's header and footer are
// spliced as into every page, and whose mount the shell's sessions chunk fills from
// GET /_shell/session/list.

// sessionsMount is the element the shell's sessions chunk renders into.
const sessionsMount = `<div data-shell="sessions"></div>`

// sessionsTitles are the document's title until the shell sets its own (from its content);
// by language, English for the rest.
var sessionsTitles = map[string]string{"de": "Angemeldete Geräte", "en": "Signed-in devices"}

// SessionsPage gives the handler that answers the sessions page in place of the content
// origin, or next when r is not for it; req is the request as Serve had it and v the visitor Serve
// returned. A Visitor without a session is sent to the login,
// which comes back here; answered says the request was answered that way.
func (c *Config) SessionsPage(w http.ResponseWriter, r *http.Request, v *Visitor, req Request, next caddyhttp.Handler) (caddyhttp.Handler, bool) {
	path := req.Path
	if c.off() || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return next, false
	}
	res := req.market(c, r.Host) // on the decision path, as every path decision
	page := strings.ToLower(sessionsPagePath(res.BasePath))
	if path != page && path != strings.TrimSuffix(page, "/") {
		return next, false
	}
	if !v.LoggedIn() {
		NoStore(w)
		http.Redirect(w, r, loginPath(res.BasePath, sessionsPagePath(res.BasePath)), http.StatusFound)
		return nil, true
	}
	locale := res.Locale
	return caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		title, ok := sessionsTitles[strings.ToLower(strings.SplitN(locale, "-", 2)[0])]
		if !ok {
			title = sessionsTitles["en"]
		}
		hdr := w.Header()
		hdr.Set("Content-Type", "text/html; charset=utf-8")
		hdr.Set("Cache-Control", "private, no-store")
		hdr.Set("X-Content-Type-Options", "nosniff")
		hdr.Set("X-Robots-Tag", "noindex")
		if r.Method == http.MethodHead {
			w.WriteHeader(http.StatusOK)
			return nil
		}
		_, err := io.WriteString(w, `<!doctype html><html lang="`+html.EscapeString(locale)+`"><head><meta charset="utf-8">`+
			`<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">`+
			`<title>`+html.EscapeString(title)+`</title></head><body><main id="main">`+sessionsMount+`</main></body></html>`)
		return err
	}), false
}
