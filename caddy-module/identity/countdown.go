package identity

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// The countdown's endpoints: POST /_shell/session/extend and POST /_shell/session/activity.

// extendPath is the extension route; its identity step leaves a due token to serveExtend.
const extendPath = routePrefix + "session/extend"

// SameOriginPost does the checks every state-changing identity endpoint (and the handler's
// account switch) shares: identity on,
// POST, same origin. It answers the request itself when a check fails and says whether to
// go on.
func (c *Config) SameOriginPost(w http.ResponseWriter, r *http.Request) bool {
	if c.off() {
		WriteJSONError(w, http.StatusNotFound, "logins are off")
		return false
	}
	if !RequirePost(w, r) {
		return false
	}
	if why := CrossSite(r); why != "" {
		c.rt.logger.Warn("cross-site request refused", zap.String("path", r.URL.Path), zap.String("why", why), RequestID(r.Context()))
		WriteJSONError(w, http.StatusForbidden, "cross-site request refused")
		return false
	}
	return true
}

// serveExtend refreshes the token now (manual extension, or the shell's automatic one) and
// answers the new timing; only a manual extension counts as activity (readExtendRequest).
// 401 when there is no session (or it just ended), 400 for a body that is not the contract's,
// 403 when extension is not offered, 503 when the provider is unreachable (the session stays).
func (c *Config) serveExtend(w http.ResponseWriter, r *http.Request, v *Visitor) error {
	if !c.SameOriginPost(w, r) {
		return nil
	}
	rt := c.rt
	if !v.LoggedIn() {
		WriteJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	byCustomer, ok := readExtendRequest(w, r)
	if !ok {
		return nil
	}
	if !v.Timing.CanExtend {
		WriteJSONError(w, http.StatusForbidden, "extension not offered")
		return nil
	}
	before := v.Session.Tokens.AccessToken
	s, err := c.refreshSession(r.Context(), v.Session, func(cur *session.Session) bool {
		// Due unless another request or replica refreshed it meanwhile: then use theirs.
		return cur.Tokens.AccessToken == before
	})
	if err != nil {
		if event, message, ends := refreshEnds(err); ends {
			c.endSessionOf(r, v.Session, event, false, false)
			rt.logger.Info("extension failed; logged out", zap.String("event", event), zap.Error(err), RequestID(r.Context()))
			WriteJSON(w, http.StatusUnauthorized, map[string]string{"error": message, "event": event})
			return nil
		}
		if errors.Is(err, session.ErrNotFound) {
			WriteJSONError(w, http.StatusUnauthorized, "login required")
			return nil
		}
		rt.logger.Warn("extension failed for now; the session is kept", zap.Error(err), RequestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		WriteJSONError(w, http.StatusServiceUnavailable, "the identity provider is not reachable; try again")
		return nil
	}
	t := session.TimingOf(s, c.Now(), rt.lifecycle)
	if byCustomer {
		// A press on "Extend session" is the customer's activity; the shell's automatic
		// extension is not, or an unattended tab would never idle out (ASVS 3.3.2).
		s, t = recordActivity(r.Context(), rt, s, c.Now())
	}
	WriteJSON(w, http.StatusOK, c.sessionState(s, t))
	return nil
}

// maxExtendBody bounds the extend body: {"byCustomer":true} and room to grow.
const maxExtendBody = 1 << 10

// readExtendRequest reads the extend body (shellstate.ExtendRequest) and says whether the
// customer asked for the extension. No body is an automatic extension, as from a shell that
// predates the body (it reports a press as activity beside it). A body that is not the
// contract's JSON is answered 400 here, and ok is false.
func readExtendRequest(w http.ResponseWriter, r *http.Request) (byCustomer, ok bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxExtendBody))
	if err != nil {
		WriteJSONError(w, http.StatusBadRequest, "the extend body is too long or unreadable; send {\"byCustomer\":true} or nothing")
		return false, false
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return false, true
	}
	var req shellstate.ExtendRequest
	if err := json.Unmarshal(body, &req); err != nil {
		WriteJSONError(w, http.StatusBadRequest, "the extend body is not JSON; send {\"byCustomer\":true} or nothing")
		return false, false
	}
	return req.ByCustomer, true
}

// serveActivity records the customer's activity (the shell reports it throttled; the edge
// writes at most once per activity throttle). 204, or 401 when there is no session.
func (c *Config) serveActivity(w http.ResponseWriter, r *http.Request, v *Visitor) error {
	if !c.SameOriginPost(w, r) {
		return nil
	}
	if !v.LoggedIn() {
		WriteJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	recordActivity(r.Context(), c.rt, v.Session, c.Now())
	NoStore(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
