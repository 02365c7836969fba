package identity

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Logout: POST /_shell/auth/logout from the shell, and POST /_shell/auth/backchannel-logout
// from the identity provider (OIDC Back-Channel Logout 1.0).

// maxLogoutForm bounds the logout forms; a logout token is a few KiB.
const maxLogoutForm = 64 << 10

// serveLogout ends the customer's session: at the edge first, then at the provider (its
// login session, so the next login asks for the password), then 303 to the pension logout
// target or the login page. A field expired=1 (or reason=expired) records that the countdown
// ran out. When the edge cannot end its session (the store does not answer), it says so:
// 503 with Retry-After and the cookie kept, so that the shell (or the customer) can try
// again, never a 303 that looks like a logout while the session lives on.
func (c *Config) serveLogout(w http.ResponseWriter, r *http.Request, v *Visitor) error {
	if !c.SameOriginPost(w, r) {
		return nil
	}
	rt := c.rt
	r.Body = http.MaxBytesReader(w, r.Body, maxLogoutForm)
	_ = r.ParseForm()
	reason := "logout"
	if v := r.PostForm.Get("expired"); (v != "" && v != "0" && v != "false") || r.PostForm.Get("reason") == "expired" {
		reason = "expired"
	}
	s, err := c.loggingOut(r, v)
	if err == nil && s != nil {
		// Deleted here first, so a store that fails is seen; endSession's own delete then
		// finds nothing.
		err = rt.store.Delete(context.WithoutCancel(r.Context()), s.ID)
	}
	if err != nil {
		rt.logger.Error("logout-failed: the session store does not answer; the session is kept for a retry", zap.String("reason", reason), zap.Error(err), RequestID(r.Context()))
		writeLogoutUnavailable(w, r)
		return nil
	}
	if s != nil {
		c.endSessionOf(r, s, reason, reason != "expired", true) // the browser goes to login next
		rt.logger.Info("logout-succeeded", zap.String("reason", reason), RequestID(r.Context()))
	}
	if c, ok := session.ClearCookie(r); ok {
		http.SetCookie(w, c)
	}
	NoStore(w)
	http.Redirect(w, r, c.afterLogout(r), http.StatusSeeOther)
	return nil
}

// loggingOut is the session the logout ends: the Visitor's live one, or the one the cookie
// names when the identity steps could not read it (readSession serves a store failure as
// "logged out", which for a logout would be a lie). nil, nil when there is none to end.
func (c *Config) loggingOut(r *http.Request, v *Visitor) (*session.Session, error) {
	if v.LoggedIn() {
		return v.Session, nil
	} else if v != nil && v.Ended != "" {
		return nil, nil // ended on this request (idle, expired), already removed
	}
	id, ok := session.ReadCookie(r)
	if !ok {
		return nil, nil
	}
	s, err := c.rt.store.Get(r.Context(), id)
	switch {
	case errors.Is(err, session.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	}
	// Found now though the identity steps did not see it: the store came back between the
	// two reads. End it all the same.
	return s, nil
}

// logoutRetryAfter is the Retry-After of a logout the edge could not carry out, in seconds.
const logoutRetryAfter = "2"

// writeLogoutUnavailable answers a logout that did not happen: 503 with Retry-After, the
// cookie untouched. The shell's script retries; the header's form post (a navigation) shows
// a page whose button posts the logout again.
func writeLogoutUnavailable(w http.ResponseWriter, r *http.Request) {
	NoStore(w)
	w.Header().Set("Retry-After", logoutRetryAfter)
	if !strings.Contains(r.Header.Get("Accept"), "text/html") {
		WriteJSONError(w, http.StatusServiceUnavailable, "the logout could not be completed; try again")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = io.WriteString(w, logoutUnavailablePage)
}

// logoutUnavailablePage is the page a navigation gets when its logout failed; the form posts
// to the same route (same origin, so the route's cross-site check passes).
const logoutUnavailablePage = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Logout not completed</title></head>
<body><h1>Logout not completed</h1><p>Your session could not be ended just now. Please try again.</p>
<form method="post" action="/_shell/auth/logout"><button type="submit">Log out</button></form></body></html>
`

// afterLogout is where a logout lands: the pension logout target when configured, otherwise
// the login page of the locale the customer was on.
func (c *Config) afterLogout(r *http.Request) string {
	if c.pensionLogout(r) {
		return c.PensionLogoutURL
	}
	pagePath := "/"
	if ref, err := url.Parse(r.Header.Get("Referer")); err == nil && ref.Host == r.Host && ref.Path != "" {
		pagePath = ref.Path
	}
	return loginPath(c.Resolver.Resolve(r.Host, pagePath).BasePath, "")
}

// serveBackchannelLogout removes every session the provider's logout token names, in the
// shared store, so every replica sees the logout at once. 200 when done, 400 with a JSON
// error for a token it refuses (Back-Channel Logout 1.0 section 2.8), 503 with Retry-After
// when the store stays unreachable through a short retry. It needs no cookie and no origin
// check: the provider calls it server to server, and only a token it signed does anything.
func (c *Config) serveBackchannelLogout(w http.ResponseWriter, r *http.Request) error {
	if c.off() {
		WriteJSONError(w, http.StatusNotFound, "logins are off")
		return nil
	}
	if !RequirePost(w, r) {
		return nil
	}
	rt := c.rt
	r.Body = http.MaxBytesReader(w, r.Body, maxLogoutForm)
	if err := r.ParseForm(); err != nil {
		writeBackchannelError(w, "invalid_request", "the body is not a form")
		return nil
	}
	claims, err := rt.verifyLogoutToken(r.Context(), r.PostForm.Get("logout_token"))
	if err != nil {
		rt.logger.Warn("back-channel logout refused", zap.Error(err), RequestID(r.Context()))
		writeBackchannelError(w, "invalid_request", "the logout token is not valid")
		return nil
	}
	n, err := rt.endLoggedOutSessions(r.Context(), claims) // backchannel.go
	if err != nil {
		// 503, not 400: the provider retries a 5xx, and the same token must then be taken.
		rt.logger.Error("back-channel logout: cannot remove the sessions", zap.Error(err), RequestID(r.Context()))
		rt.forgetLogoutToken(claims.TokenID)
		w.Header().Set("Retry-After", backchannelRetryAfter)
		WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "temporarily_unavailable", "error_description": "the session store is not reachable; retry"})
		return nil
	}
	if c.OnBackchannelLogout != nil {
		c.OnBackchannelLogout(claims.SID, claims.Subject)
	}
	rt.logger.Info("back-channel logout", zap.Int("sessions_removed", n), zap.Bool("by_sid", claims.SID != ""), RequestID(r.Context()))
	w.Header().Set("Cache-Control", "no-cache, no-store")
	w.WriteHeader(http.StatusOK)
	return nil
}

// verifyLogoutToken tries the token with each provider: it names its issuer, and only that
// provider's keys verify it.
func (rt *runtime) verifyLogoutToken(ctx context.Context, raw string) (auth.LogoutClaims, error) {
	var errs []error
	for _, p := range rt.providers {
		c, err := p.VerifyLogoutToken(ctx, raw)
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
	}
	return auth.LogoutClaims{}, errors.Join(errs...)
}

func writeBackchannelError(w http.ResponseWriter, code, description string) {
	w.Header().Set("Cache-Control", "no-cache, no-store")
	WriteJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": description})
}
