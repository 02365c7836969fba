package identity

import (
	"net/http"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// The gateway's own cookies (the session cookie, its plain-HTTP localhost twin, the started
// logins' cookies) are credentials of the edge. Nothing behind the gateway gets them: not
// the content origin with a page or an asset, not the APIs with a relayed call (they get the
// bearer token instead). The gateway reads them before they are dropped.

// isGatewayCookie tells whether a cookie name is one of the gateway's own.
func isGatewayCookie(name string) bool {
	return name == session.CookieName || name == session.LocalCookieName || isPendingCookie(name)
}

// gatewayCookieMark is in the name of every gateway cookie: a Cookie header without it has
// nothing to drop.
const gatewayCookieMark = "shellgate"

// DropSessionCookies removes the gateway's own cookies from the Cookie headers r sends on.
// Every other cookie (the site's, consent, the banner's) stays byte for byte and in the
// browser's order; a header left empty goes.
func DropSessionCookies(r *http.Request) {
	lines := r.Header["Cookie"]
	mentioned := false
	for _, line := range lines {
		mentioned = mentioned || strings.Contains(line, gatewayCookieMark)
	}
	if !mentioned {
		return
	}
	kept := make([]string, 0, len(lines))
	for _, line := range lines {
		if line = withoutGatewayCookies(line); line != "" {
			kept = append(kept, line)
		}
	}
	if len(kept) == 0 {
		r.Header.Del("Cookie")
		return
	}
	r.Header["Cookie"] = kept
}

// withoutGatewayCookies is one Cookie header line without the gateway's cookies.
func withoutGatewayCookies(line string) string {
	if !strings.Contains(line, gatewayCookieMark) {
		return line
	}
	var b strings.Builder
	for pair := range strings.SplitSeq(line, ";") {
		name, _, _ := strings.Cut(pair, "=")
		if isGatewayCookie(strings.TrimSpace(name)) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(';')
		}
		b.WriteString(pair)
	}
	return strings.TrimSpace(b.String())
}
