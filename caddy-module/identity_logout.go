package shell

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Logout: POST /_shell/auth/logout from the shell, and POST /_shell/auth/backchannel-logout
// from the identity provider (OIDC Back-Channel Logout 1.0).

// maxLogoutForm bounds the logout forms; a logout token is a few KiB.
const maxLogoutForm = 64 << 10

// serveLogout ends the customer's session: at the provider when the rules of spec 4 say so,
// always at the edge (also when the provider call fails), then 303 to the pension logout
// target or the login page. A field expired=1 (or reason=expired) records that the countdown
// ran out.
func (h *Handler) serveLogout(w http.ResponseWriter, r *http.Request) error {
	if !h.identityRoute(w, r) {
		return nil
	}
	rt := h.Identity.rt
	r.Body = http.MaxBytesReader(w, r.Body, maxLogoutForm)
	_ = r.ParseForm()
	reason := "logout"
	if v := r.PostForm.Get("expired"); (v != "" && v != "0" && v != "false") || r.PostForm.Get("reason") == "expired" {
		reason = "expired"
	}
	if v := visitorOf(r); v.loggedIn() {
		h.endSession(r.Context(), v.session, reason, reason != "expired", true) // the browser goes to login next
		rt.logger.Info("logout-succeeded", zap.String("reason", reason), requestID(r.Context()))
	}
	if c, ok := session.ClearCookie(r); ok {
		http.SetCookie(w, c)
	}
	noStore(w)
	http.Redirect(w, r, h.afterLogout(r), http.StatusSeeOther)
	return nil
}

// afterLogout is where a logout lands: the pension logout target when configured, otherwise
// the login page of the locale the customer was on.
func (h *Handler) afterLogout(r *http.Request) string {
	if h.Identity.PensionLogoutURL != "" {
		return h.Identity.PensionLogoutURL
	}
	pagePath := "/"
	if ref, err := url.Parse(r.Header.Get("Referer")); err == nil && ref.Host == r.Host && ref.Path != "" {
		pagePath = ref.Path
	}
	return loginPath(h.resolver.Resolve(r.Host, pagePath).BasePath, "")
}

// serveBackchannelLogout removes every session the provider's logout token names, in the
// shared store, so every replica sees the logout at once. 200 when done, 400 with a JSON
// error for a token it refuses (Back-Channel Logout 1.0 section 2.8), 503 with Retry-After
// when the store stays unreachable through a short retry. It needs no cookie and no origin
// check: the provider calls it server to server, and only a token it signed does anything.
func (h *Handler) serveBackchannelLogout(w http.ResponseWriter, r *http.Request) error {
	if h.Identity == nil {
		writeJSONError(w, http.StatusNotFound, "logins are off")
		return nil
	}
	if !requirePost(w, r) {
		return nil
	}
	rt := h.Identity.rt
	r.Body = http.MaxBytesReader(w, r.Body, maxLogoutForm)
	if err := r.ParseForm(); err != nil {
		writeBackchannelError(w, "invalid_request", "the body is not a form")
		return nil
	}
	claims, err := rt.verifyLogoutToken(r.Context(), r.PostForm.Get("logout_token"))
	if err != nil {
		rt.logger.Warn("back-channel logout refused", zap.Error(err), requestID(r.Context()))
		writeBackchannelError(w, "invalid_request", "the logout token is not valid")
		return nil
	}
	n, err := rt.endLoggedOutSessions(r.Context(), claims) // backchannel_store.go
	if err != nil {
		// 503, not 400: the provider retries a 5xx, and the same token must then be taken.
		rt.logger.Error("back-channel logout: cannot remove the sessions", zap.Error(err), requestID(r.Context()))
		rt.forgetLogoutToken(claims.TokenID)
		w.Header().Set("Retry-After", backchannelRetryAfter)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": "temporarily_unavailable", "error_description": "the session store is not reachable; retry"})
		return nil
	}
	rt.logger.Info("back-channel logout", zap.Int("sessions_removed", n), zap.Bool("by_sid", claims.SID != ""), requestID(r.Context()))
	w.Header().Set("Cache-Control", "no-cache, no-store")
	w.WriteHeader(http.StatusOK)
	return nil
}

// verifyLogoutToken tries the token with each provider: it names its issuer, and only that
// provider's keys verify it.
func (rt *identityRuntime) verifyLogoutToken(ctx context.Context, raw string) (auth.LogoutClaims, error) {
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
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": description})
}
