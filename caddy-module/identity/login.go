package identity

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Login: GET /{locale}/login/ (or /login) starts the authorization code flow with PKCE at the
// market's provider; GET /_shell/auth/callback completes it with a fresh session.

const (
	CallbackPath = routePrefix + "auth/callback"
	// Cookie of a started login (sealed auth.Pending), short-lived, for the callback only.
	pendingCookie      = "__Host-shellgate-login"
	localPendingCookie = "shellgate-login"
)

// isLoginPath tells whether the path (locale base path removed) is the login page.
func isLoginPath(path, basePath string) bool {
	rest := strings.TrimPrefix(strings.ToLower(path), strings.ToLower(basePath))
	return rest == "/login" || rest == "/login/"
}

// serveLogin starts a login. product and regflow survive the round trip; the return path is
// validated (same-site relative paths only).
func (c *Config) serveLogin(w http.ResponseWriter, r *http.Request, v *Visitor, basePath, locale string) error {
	rt := c.rt
	NoStore(w)
	origin, err := c.SiteOrigin(r) // host.go: never a Host as sent
	if err != nil {
		return err
	}
	q := r.URL.Query()
	returnTo, ok := auth.SafeReturnPath(q.Get(returnParam))
	if !ok {
		returnTo = strings.TrimSuffix(basePath, "/") + "/"
	}
	returnTo = withQuery(returnTo, "product", q.Get("product"))
	returnTo = withQuery(returnTo, "regflow", q.Get("regflow"))
	// The app's embedded view says so when it opens the login, and the session keeps it;
	// only a request with the app's signal may say so (a webview session never idles out).
	// A webview mark smuggled in the return path counts no more than the parameter.
	returnTo = withoutQuery(returnTo, webviewParam)
	if c.IsAppRequest != nil && c.IsAppRequest(r) {
		returnTo = withQuery(returnTo, webviewParam, q.Get(webviewParam))
	}
	fresh := wantsFreshLogin(q) // a reauth rule asks the provider to authenticate again (reauth.go)
	if v.LoggedIn() && !fresh {
		http.Redirect(w, r, returnTo, http.StatusFound)
		return nil
	}
	provider := rt.providerFor(regionOf(locale))
	if provider == nil {
		return caddyhttp.Error(http.StatusNotFound, fmt.Errorf("no identity provider for the region of %s; configure providers %s", locale, regionOf(locale)))
	}
	if wait, ok := rt.loginStarts.Allow(ClientKey(r), c.Now()); !ok { // login_limit.go
		w.Header().Set("Retry-After", RetryAfterSeconds(wait))
		return caddyhttp.Error(http.StatusTooManyRequests, errors.New("too many logins started from this address; please wait a few minutes and try again"))
	}
	authURL, pending, err := provider.StartLogin(r.Context(), auth.LoginRequest{
		ReturnTo:    returnTo,
		Product:     q.Get("product"),
		RegFlow:     q.Get("regflow"),
		RedirectURL: origin + CallbackPath,
		Locale:      locale,
		FreshLogin:  fresh,
	})
	if err != nil {
		rt.logger.Warn("cannot start a login", zap.String("region", provider.Region()), zap.Error(err), RequestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		return caddyhttp.Error(http.StatusServiceUnavailable, fmt.Errorf("the identity provider is not reachable: %w", err))
	}
	sealed, err := auth.SealPending(rt.sealer, pending)
	if err != nil {
		return caddyhttp.Error(http.StatusInternalServerError, err)
	}
	cookie, ok := newPendingCookie(r, pending.State, sealed)
	if !ok {
		return caddyhttp.Error(http.StatusBadRequest, errors.New("logins need HTTPS (or plain HTTP on localhost); serve this site over HTTPS"))
	}
	dropStalePendingCookies(w, r)
	http.SetCookie(w, cookie)
	http.Redirect(w, r, authURL, http.StatusFound)
	return nil
}

// serveCallback completes a login: checks state, nonce and PKCE (auth.Callback), makes a
// fresh session (a new id: a session id planted before the login is never reused) and sends
// the customer to the validated return path.
func (c *Config) serveCallback(w http.ResponseWriter, r *http.Request, old *Visitor) error {
	if c.off() {
		return caddyhttp.Error(http.StatusNotFound, errors.New("logins are off: no identity block"))
	}
	if err := AllowRead(w, r); err != nil {
		return err
	}
	rt := c.rt
	NoStore(w)
	if _, err := c.SiteOrigin(r); err != nil {
		return err
	}
	state := r.URL.Query().Get("state")
	clearPendingCookie(w, r, state)
	pending, err := auth.OpenPending(rt.sealer, pendingCookieValue(r, state), c.Now())
	if err != nil {
		// No loop back into the provider: a browser that refuses cookies would bounce for ever.
		rt.logger.Info("login callback without a usable pending login", zap.Error(err), RequestID(r.Context()))
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return nil
	}
	provider := rt.providers[pending.Region]
	if provider == nil {
		provider = rt.providerFor(pending.Region)
	}
	if provider == nil {
		return caddyhttp.Error(http.StatusBadRequest, fmt.Errorf("the login was started for region %s, which is no longer configured", pending.Region))
	}
	login, err := provider.Callback(r.Context(), pending, r.URL.Query())
	if err != nil {
		if errors.Is(err, auth.ErrStaleLogin) {
			// Not back to the page: a provider that ignores max_age would loop. The earlier
			// session stays; the sensitive page keeps asking.
			rt.logger.Warn("fresh login not confirmed by the provider", zap.Error(err), RequestID(r.Context()))
			return caddyhttp.Error(http.StatusForbidden, err)
		}
		if errors.Is(err, auth.ErrTransient) {
			w.Header().Set("Retry-After", "5")
			return caddyhttp.Error(http.StatusServiceUnavailable, fmt.Errorf("the identity provider is not reachable: %w", err))
		}
		// Denied or failed: back to the page the customer came from, not an error page.
		rt.logger.Info("login not completed", zap.Error(err), RequestID(r.Context()))
		http.Redirect(w, r, returnOr(pending.ReturnTo), http.StatusSeeOther)
		return nil
	}
	if old.LoggedIn() {
		_ = rt.store.Delete(r.Context(), old.Session.ID)
	}
	now := c.Now()
	s := &session.Session{
		ID:              session.NewID(),
		Tokens:          sessionTokens(login.Tokens, ""),
		ServerOffset:    login.Tokens.ServerOffset,
		LastActivity:    now,
		CreatedAt:       now,
		AuthTime:        loginTime(login.Claims.AuthTime, now),
		Subject:         login.Claims.Subject,
		SID:             login.Claims.SID,
		CustomerNumber:  login.Claims.CustomerNumber,
		Region:          provider.Region(),
		PreferredLocale: login.Claims.Locale,
		Device:          session.DeviceOf(r.UserAgent()), // the customer's list of sessions shows it
		AutoExtend:      rt.autoExtend,
		Webview:         startedInWebview(login.ReturnTo),
	}
	cookie, ok := session.NewCookie(r, s.ID)
	if !ok {
		return caddyhttp.Error(http.StatusBadRequest, errors.New("logins need HTTPS (or plain HTTP on localhost); serve this site over HTTPS"))
	}
	if err := rt.store.Save(r.Context(), s); errors.Is(err, session.ErrStoreFull) {
		// Refused rather than logging out a live customer to make room (a flood of logins
		// must not evict others); expired sessions free places as they go.
		rt.logger.Warn("the session store is full; a login is refused", RequestID(r.Context()))
		w.Header().Set("Retry-After", "60")
		return caddyhttp.Error(http.StatusServiceUnavailable, errors.New("too many customers are logged in on this gateway right now; please try again in a few minutes (operators: raise session_store memory max_sessions or use the redis store)"))
	} else if err != nil {
		rt.logger.Error("cannot save the new session", zap.Error(err), RequestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		return caddyhttp.Error(http.StatusServiceUnavailable, fmt.Errorf("the session store is not reachable: %w", err))
	}
	http.SetCookie(w, cookie)
	rt.logger.Info("login completed", zap.String("region", s.Region), RequestID(r.Context()))
	to := returnOr(login.ReturnTo)
	if c.OnLogin != nil {
		c.OnLogin(r, s, to)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// webviewParam on the login page marks a login from the app's embedded view, where only
// token expiry counts (spec 4).
const webviewParam = "webview"

// startedInWebview tells whether the login's return path carries webview=1 (or true).
func startedInWebview(returnTo string) bool {
	u, err := url.Parse(returnTo)
	if err != nil {
		return false
	}
	v := u.Query().Get(webviewParam)
	return v == "1" || v == "true"
}

// returnOr gives a validated return path, or the site's home.
func returnOr(p string) string {
	if safe, ok := auth.SafeReturnPath(p); ok {
		return safe
	}
	return "/"
}

// withoutQuery removes key from a path's query.
func withoutQuery(p, key string) string {
	u, err := url.Parse(p)
	if err != nil {
		return p
	}
	q := u.Query()
	if !q.Has(key) {
		return p
	}
	q.Del(key)
	u.RawQuery = q.Encode()
	return u.String()
}

// withQuery adds key=value to a path's query unless value is empty or key is already there.
func withQuery(p, key, value string) string {
	if value == "" {
		return p
	}
	u, err := url.Parse(p)
	if err != nil {
		return p
	}
	q := u.Query()
	if q.Has(key) {
		return p
	}
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}

// A pending login's cookie is named after the start of its state (the provider sends the
// state back to the callback): a customer who starts a login in two tabs keeps both, and
// each tab's callback finds its own instead of failing on the other's.
const (
	stateTagLen      = 16
	MaxPendingLogins = 3 // started logins kept per browser; older ones are dropped
	pendingTagSep    = "-"
)

// pendingCookieName is the cookie of the login started with state.
func pendingCookieName(r *http.Request, state string) string {
	name := localPendingCookie
	if session.IsHTTPS(r) {
		name = pendingCookie
	}
	if tag, ok := stateTag(state); ok {
		name += pendingTagSep + tag
	}
	return name
}

// stateTag is the state's first characters when they are base64url, as the client makes
// them; anything else names no cookie of its own.
func stateTag(state string) (string, bool) {
	if len(state) < stateTagLen {
		return "", false
	}
	tag := state[:stateTagLen]
	return tag, IsURLSafeWord(tag)
}

// IsURLSafeWord tells whether s holds only ASCII letters, digits, '-' and '_' (the
// base64url alphabet): safe in a cookie name, a log field or an API path as it is.
func IsURLSafeWord(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// isPendingCookie tells whether a cookie name is one of a started login's.
func isPendingCookie(name string) bool {
	return name == pendingCookie || name == localPendingCookie ||
		strings.HasPrefix(name, pendingCookie+pendingTagSep) || strings.HasPrefix(name, localPendingCookie+pendingTagSep)
}

func newPendingCookie(r *http.Request, state, value string) (*http.Cookie, bool) {
	c, ok := session.NewCookie(r, value)
	if !ok {
		return nil, false
	}
	c.Name = pendingCookieName(r, state)
	c.MaxAge = int(auth.PendingTTL.Seconds())
	return c, true
}

func pendingCookieValue(r *http.Request, state string) string {
	if c, err := r.Cookie(pendingCookieName(r, state)); err == nil {
		return c.Value
	}
	return ""
}

// dropStalePendingCookies keeps a browser that starts login after login from piling up
// cookies: past MaxPendingLogins-1 earlier ones, the oldest (first sent) are expired.
func dropStalePendingCookies(w http.ResponseWriter, r *http.Request) {
	var names []string
	for _, c := range r.Cookies() {
		if isPendingCookie(c.Name) {
			names = append(names, c.Name)
		}
	}
	for _, name := range names[:max(0, len(names)-(MaxPendingLogins-1))] {
		if c, ok := session.NewCookie(r, ""); ok {
			c.Name, c.MaxAge = name, -1
			http.SetCookie(w, c)
		}
	}
}

func clearPendingCookie(w http.ResponseWriter, r *http.Request, state string) {
	if c, ok := newPendingCookie(r, state, ""); ok {
		c.MaxAge = -1
		http.SetCookie(w, c)
	}
}

// NoStore keeps an answer out of every cache.
func NoStore(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
}
