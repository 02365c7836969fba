package identity

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/rules"
)

// Step-up before sensitive actions (ASVS 4.0.3 3.7.1): the identity block's reauth rules
// name paths (payouts, bank details) where the customer's login must be recent. A page load
// there with an older login goes to the locale's login with reauthParam, which makes the
// login ask the provider for max_age=0 even though a session exists; the callback refuses
// an answer whose auth_time is not fresh (auth.ErrStaleLogin) and otherwise makes a new
// session and returns to the page. Any other request is answered 401 with the login URL.

// reauthParam on the login page asks for a fresh login even when the customer is logged in.
const reauthParam = "reauth"

// reauthRules compiles the identity block's rules.
func (id *Config) reauthRules() (rules.ReauthRules, error) {
	var rs rules.ReauthRules
	for _, r := range id.Reauth {
		c, err := rules.NewReauthRule(r.Paths, r.Methods, time.Duration(r.MaxAge))
		if err != nil {
			return nil, err
		}
		rs = append(rs, c)
	}
	return rs, nil
}

// validateReauth checks the reauth rules; it runs after setDefaults.
func (id *Config) validateReauth() error {
	if _, err := id.reauthRules(); err != nil {
		return fmt.Errorf("shell: identity %w", err)
	}
	for _, r := range id.Reauth {
		if r.MaxAge >= id.MaxSession {
			return fmt.Errorf("shell: identity reauth max_age %s is not shorter than max_session %s, so it never asks for a fresh login; give one such as 5m", time.Duration(r.MaxAge), time.Duration(id.MaxSession))
		}
	}
	return nil
}

// requireFreshLogin answers a request that a reauth rule matches while the customer's login
// is older than the rule allows, and says so. path is the decision path. A Visitor without
// a session is the guard's (login required), not this.
func (c *Config) requireFreshLogin(w http.ResponseWriter, r *http.Request, v *Visitor, req Request) bool {
	path := req.Path
	rt := c.rt
	if len(rt.reauth) == 0 || !v.LoggedIn() {
		return false
	}
	res := req.market(c, r.Host)
	if isLoginPath(path, res.BasePath) {
		return false // the way out of the rule is never under it
	}
	maxAge, ok := rt.reauth.MaxAge(r.Method, path, res.BasePath)
	if !ok || !rules.LoginTooOld(v.Session.LoginTime(), c.Now(), maxAge) {
		return false
	}
	if ce := rt.logger.Check(zapcore.DebugLevel, "fresh login required"); ce != nil {
		ce.Write(zap.String("method", r.Method), zap.Duration("max_age", maxAge), RequestID(r.Context()))
	}
	NoStore(w)
	if isPageLoad(r) && !underRelay(c.APIRelay, path) {
		http.Redirect(w, r, reauthLoginPath(res.BasePath, r.URL.RequestURI()), http.StatusFound)
		return true
	}
	// Never redirect a POST (or an API call): the shell or page sends the customer to the
	// login and back to the page they were on.
	WriteJSON(w, http.StatusUnauthorized, map[string]string{
		"error": "reauthentication required",
		"login": reauthLoginPath(res.BasePath, sameSiteReferer(r)),
	})
	return true
}

// isPageLoad tells whether a request is a page load a redirect suits: GET or HEAD, and not a
// script's fetch when the browser says so (Sec-Fetch-Mode).
func isPageLoad(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	mode := r.Header.Get("Sec-Fetch-Mode")
	return mode == "" || mode == "navigate"
}

// sameSiteReferer is the page a request came from when it is on this host, as a validated
// return path; "" otherwise.
func sameSiteReferer(r *http.Request) string {
	u, err := url.Parse(r.Header.Get("Referer"))
	if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
		return ""
	}
	p, ok := auth.SafeReturnPath(u.RequestURI())
	if !ok {
		return ""
	}
	return p
}

// reauthLoginPath is the locale's login page asking for a fresh login, with the page to
// come back to.
func reauthLoginPath(basePath, returnTo string) string {
	p := loginPath(basePath, returnTo)
	sep := "?"
	if strings.Contains(p, "?") {
		sep = "&"
	}
	return p + sep + reauthParam + "=1"
}

// wantsFreshLogin tells whether the login page was asked for a fresh login.
func wantsFreshLogin(q url.Values) bool {
	return q.Get(reauthParam) == "1"
}

// loginTime is the session's AuthTime from the ID token's auth_time: never later than now
// (a provider clock ahead of ours must not make a login look younger), zero when the token
// does not say (the session then counts from its creation).
func loginTime(authTime, now time.Time) time.Time {
	if authTime.After(now) {
		return now
	}
	return authTime
}
