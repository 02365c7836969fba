package identity

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// The customer's view of their sessions (ASVS 4.0.3 3.3.4): GET /_shell/session/list and
// POST /_shell/session/end. Sessions are named by handles (session.HandleOf), never by id.

const (
	SessionListPath = routePrefix + "session/list"
	SessionEndPath  = routePrefix + "session/end"
)

// FreshLoginWindow is how old a login may be for ending sessions: ending another device's
// session is a sensitive action, so it needs a recent authentication.
const FreshLoginWindow = 10 * time.Minute

// loginIsFresh tells whether s's login (the provider's auth_time, else the session's start)
// is recent enough to end sessions. A stale one goes through the step-up login of reauth.go,
// which makes the provider ask for the password again (max_age=0), not merely sign in anew.
func loginIsFresh(s *session.Session, now time.Time) bool {
	at := s.LoginTime()
	return !at.IsZero() && now.Sub(at) <= FreshLoginWindow && !at.After(now.Add(time.Minute))
}

// sessionLister is the store's listing, or false when the store has none.
func (c *Config) sessionLister() (session.Lister, bool) {
	l, ok := c.rt.store.(session.Lister)
	return l, ok
}

// serveSessionList answers the customer's sessions as shellstate.SessionList. Only the
// shell's own fetches get it: a cross-site read is refused like a cross-site write.
func (c *Config) serveSessionList(w http.ResponseWriter, r *http.Request, v *Visitor) error {
	if c.off() {
		WriteJSONError(w, http.StatusNotFound, "logins are off")
		return nil
	}
	if err := AllowRead(w, r); err != nil {
		return err
	}
	if why := CrossSite(r); why != "" {
		c.rt.logger.Warn("cross-site request refused", zap.String("path", r.URL.Path), zap.String("why", why), RequestID(r.Context()))
		WriteJSONError(w, http.StatusForbidden, "cross-site request refused")
		return nil
	}
	if !v.LoggedIn() {
		WriteJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	lister, ok := c.sessionLister()
	if !ok {
		WriteJSONError(w, http.StatusNotFound, "the session store cannot list sessions")
		return nil
	}
	infos, err := lister.ListBySubject(r.Context(), v.Session.Subject)
	if err != nil {
		c.rt.logger.Error("cannot list the customer's sessions", zap.Error(err), RequestID(r.Context()))
		w.Header().Set("Retry-After", "5")
		WriteJSONError(w, http.StatusServiceUnavailable, "the session store is not reachable; try again")
		return nil
	}
	WriteJSON(w, http.StatusOK, sessionListOf(infos, session.HandleOf(v.Session.ID), loginIsFresh(v.Session, c.Now())))
	return nil
}

// sessionListOf turns the store's infos into the route's body.
func sessionListOf(infos []session.Info, current string, fresh bool) shellstate.SessionList {
	out := shellstate.SessionList{Sessions: make([]shellstate.SessionEntry, 0, len(infos)), FreshLogin: fresh}
	for _, in := range infos {
		device, browser, _ := strings.Cut(in.Device, "/")
		out.Sessions = append(out.Sessions, shellstate.SessionEntry{
			Handle:       in.Handle,
			Device:       device,
			Browser:      browser,
			Market:       in.Locale,
			StartedAt:    rfc3339(in.CreatedAt),
			LastActiveAt: rfc3339(in.LastActivity),
			Current:      in.Handle == current,
		})
	}
	return out
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// serveSessionEnd ends one of the customer's sessions by handle, or all but the current one,
// in the shared store (every replica sees it at once). It needs a fresh login: otherwise 401
// with the login page to go to (shellstate.ReauthRequired). A handle that names none of the
// customer's sessions ends nothing (404), whoever's session it may name.
func (c *Config) serveSessionEnd(w http.ResponseWriter, r *http.Request, v *Visitor) error {
	if !c.SameOriginPost(w, r) {
		return nil
	}
	rt := c.rt
	if !v.LoggedIn() {
		WriteJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	lister, ok := c.sessionLister()
	if !ok {
		WriteJSONError(w, http.StatusNotFound, "the session store cannot list sessions")
		return nil
	}
	req, ok := readEndSessionRequest(w, r)
	if !ok {
		return nil
	}
	if !loginIsFresh(v.Session, c.Now()) {
		WriteJSON(w, http.StatusUnauthorized, shellstate.ReauthRequired{Error: "fresh login required", Login: c.sessionsLogin(r)})
		return nil
	}
	ctx := r.Context()
	sub, current := v.Session.Subject, session.HandleOf(v.Session.ID)
	var res shellstate.EndSessionResult
	var err error
	if req.All {
		var infos []session.Info
		if infos, err = lister.ListBySubject(ctx, sub); err == nil {
			for _, in := range infos {
				if in.Handle == current {
					continue
				}
				var ended bool
				if ended, err = lister.DeleteByHandle(ctx, sub, in.Handle); err != nil {
					break
				}
				if ended {
					res.Ended++
				}
			}
		}
	} else {
		var ended bool
		if ended, err = lister.DeleteByHandle(ctx, sub, req.Handle); err == nil && ended {
			res.Ended, res.LoggedOut = 1, req.Handle == current
		}
	}
	if err != nil {
		rt.logger.Error("cannot end the customer's sessions", zap.Int("ended", res.Ended), zap.Error(err), RequestID(ctx))
		w.Header().Set("Retry-After", "5")
		WriteJSONError(w, http.StatusServiceUnavailable, "the session store is not reachable; try again")
		return nil
	}
	rt.logger.Info("customer ended sessions", zap.Int("ended", res.Ended), zap.Bool("all_others", req.All), zap.Bool("own", res.LoggedOut), RequestID(ctx))
	if !req.All && res.Ended == 0 {
		WriteJSONError(w, http.StatusNotFound, "no such session")
		return nil
	}
	if res.LoggedOut {
		if c, ok := session.ClearCookie(r); ok {
			http.SetCookie(w, c)
		}
	}
	WriteJSON(w, http.StatusOK, res)
	return nil
}

// maxEndSessionBody bounds the end body: a handle is 22 characters.
const maxEndSessionBody = 1 << 10

// readEndSessionRequest reads a shellstate.EndSessionRequest that names exactly one thing to
// end (a handle, or all); anything else is answered 400 here and ok is false.
func readEndSessionRequest(w http.ResponseWriter, r *http.Request) (shellstate.EndSessionRequest, bool) {
	var req shellstate.EndSessionRequest
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxEndSessionBody))
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		err = dec.Decode(&req)
	}
	if err == nil && (req.Handle == "") == !req.All {
		err = errors.New("neither or both")
	}
	if err != nil {
		WriteJSONError(w, http.StatusBadRequest, `send {"handle":"..."} for one session or {"all":true} for every other`)
		return req, false
	}
	return req, true
}

// sessionsPagePath is the page that lists the customer's sessions, under a locale base path.
func sessionsPagePath(basePath string) string {
	return strings.TrimSuffix(basePath, "/") + "/account/sessions/"
}

// sessionsLogin is the login page that comes back to the sessions page of the locale the
// request came from (its same-host Referer), for a customer whose login is not fresh.
func (c *Config) sessionsLogin(r *http.Request) string {
	pagePath := "/"
	if ref, err := url.Parse(r.Header.Get("Referer")); err == nil && ref.Host == r.Host && strings.HasPrefix(ref.Path, "/") {
		pagePath = ref.Path
	}
	base := c.Resolver.Resolve(r.Host, pagePath).BasePath
	return reauthLoginPath(base, sessionsPagePath(base))
}
