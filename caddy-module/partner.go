package shell

import (
	"net/http"

	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// A partner distributor's visitors (spec 2.1, 3 distributorId) arrive by the partner's link,
// which carries ?distributorId=<id>; the gateway keeps the id in a browser-session cookie, so
// every page of the visit shows the partner header (no navigation, login only). Only the
// co-branded partners count (rules.IsPartnerDistributor): an id a visitor makes up changes
// nothing, and the cookie only ever holds one of those ids.
const (
	partnerParam  = "distributorId"
	partnerCookie = "shell_partner"
)

// partnerDistributor is the partner distributor of the visit: the link's, else the cookie's;
// "" for none.
func (v *visit) partnerDistributor() string {
	if id := queryValue(v.r, partnerParam); rules.IsPartnerDistributor(id) {
		return id
	}
	if value, ok := v.cookie(partnerCookie); ok && rules.IsPartnerDistributor(value) {
		return value
	}
	return ""
}

// keepPartnerDistributor sets the partner cookie when the page's link names a partner
// distributor: a session cookie, not readable by scripts, sent on top-level navigations.
func keepPartnerDistributor(w http.ResponseWriter, v *visit) {
	id := queryValue(v.r, partnerParam)
	if !rules.IsPartnerDistributor(id) {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: partnerCookie, Value: id, Path: "/", HttpOnly: true,
		Secure: session.IsHTTPS(v.r), SameSite: http.SameSiteLaxMode})
}
