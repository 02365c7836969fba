package shell

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

// identityRoute does the checks every state-changing identity endpoint shares: identity on,
// POST, same origin. It answers the request itself when a check fails and says whether to
// go on.
func (h *Handler) identityRoute(w http.ResponseWriter, r *http.Request) bool {
	if h.Identity == nil {
		writeJSONError(w, http.StatusNotFound, "logins are off")
		return false
	}
	if !requirePost(w, r) {
		return false
	}
	if why := crossSite(r); why != "" {
		h.Identity.rt.logger.Warn("cross-site request refused", zap.String("path", r.URL.Path), zap.String("why", why), requestID(r.Context()))
		writeJSONError(w, http.StatusForbidden, "cross-site request refused")
		return false
	}
	return true
}

// serveExtend refreshes the token now (manual extension, or the shell's automatic one) and
// answers the new timing; only a manual extension counts as activity (readExtendRequest).
// 401 when there is no session (or it just ended), 400 for a body that is not the contract's,
// 403 when extension is not offered, 503 when the provider is unreachable (the session stays).
func (h *Handler) serveExtend(w http.ResponseWriter, r *http.Request) error {
	if !h.identityRoute(w, r) {
		return nil
	}
	rt := h.Identity.rt
	v := visitorOf(r)
	if !v.loggedIn() {
		writeJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	byCustomer, ok := readExtendRequest(w, r)
	if !ok {
		return nil
	}
	if !v.timing.CanExtend {
		writeJSONError(w, http.StatusForbidden, "extension not offered")
		return nil
	}
	before := v.session.Tokens.AccessToken
	s, err := h.refreshSession(r.Context(), v.session, func(cur *session.Session) bool {
		// Due unless another request or replica refreshed it meanwhile: then use theirs.
		return cur.Tokens.AccessToken == before
	})
	if err != nil {
		if event, message, ends := refreshEnds(err); ends {
			h.endSession(r.Context(), v.session, event, false, false)
			rt.logger.Info("extension failed; logged out", zap.String("event", event), zap.Error(err), requestID(r.Context()))
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": message, "event": event})
			return nil
		}
		if errors.Is(err, session.ErrNotFound) {
			writeJSONError(w, http.StatusUnauthorized, "login required")
			return nil
		}
		rt.logger.Warn("extension failed for now; the session is kept", zap.Error(err), requestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		writeJSONError(w, http.StatusServiceUnavailable, "the identity provider is not reachable; try again")
		return nil
	}
	t := session.TimingOf(s, h.now(), rt.lifecycle)
	if byCustomer {
		// A press on "Extend session" is the customer's activity; the shell's automatic
		// extension is not, or an unattended tab would never idle out (ASVS 3.3.2).
		s, t = recordActivity(r.Context(), rt, s, h.now())
	}
	writeJSON(w, http.StatusOK, h.sessionState(s, t))
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
		writeJSONError(w, http.StatusBadRequest, "the extend body is too long or unreadable; send {\"byCustomer\":true} or nothing")
		return false, false
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return false, true
	}
	var req shellstate.ExtendRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeJSONError(w, http.StatusBadRequest, "the extend body is not JSON; send {\"byCustomer\":true} or nothing")
		return false, false
	}
	return req.ByCustomer, true
}

// serveActivity records the customer's activity (the shell reports it throttled; the edge
// writes at most once per activity throttle). 204, or 401 when there is no session.
func (h *Handler) serveActivity(w http.ResponseWriter, r *http.Request) error {
	if !h.identityRoute(w, r) {
		return nil
	}
	v := visitorOf(r)
	if !v.loggedIn() {
		writeJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	recordActivity(r.Context(), h.Identity.rt, v.session, h.now())
	noStore(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
