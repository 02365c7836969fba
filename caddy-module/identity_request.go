package shell

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// The identity steps of a request (DESIGN.md, steps 3 and 4): cookie → store → refresh when
// due → idle check → activity. Each is a plain function; identify only strings them together.

// visitor is what the identity steps found out about one request.
type visitor struct {
	// session is the visitor's live session; nil when logged out.
	session *session.Session
	// timing is the session's lifecycle at the time of the request.
	timing session.Timing
	// ended names why a session the browser presented ended on this request ("idle",
	// "expired", "max-session", "refresh-token-expired", "failed"), "" otherwise.
	ended string
}

type visitorKey struct{}

// visitorOf returns the identity steps' result stored in the request's context, nil when
// identity is off.
func visitorOf(r *http.Request) *visitor {
	v, _ := r.Context().Value(visitorKey{}).(*visitor)
	return v
}

// loggedIn tells whether the request has a live session; safe on nil.
func (v *visitor) loggedIn() bool { return v != nil && v.session != nil }

// identify runs the identity steps and returns the request carrying the visitor. path is the
// decision path: the extension route refreshes the token itself (serveExtend), so its identity
// step leaves a due token alone; refreshing it here too would cost the provider two refresh
// calls per extension.
func (h *Handler) identify(r *http.Request, path string) (*http.Request, *visitor) {
	rt := h.Identity.rt
	now := h.now()
	v := &visitor{}
	s := readSession(r.Context(), rt, r)
	if s != nil {
		v.session, v.timing, v.ended = h.keepAlive(r.Context(), s, now, path != extendPath)
		if v.session != nil && isNavigation(r) {
			v.session, v.timing = recordActivity(r.Context(), rt, v.session, now)
		}
	}
	return r.WithContext(context.WithValue(r.Context(), visitorKey{}, v)), v
}

// readSession looks the cookie's session up. A missing, malformed, tampered or unknown
// cookie is "no session", never an error; a store that cannot answer is logged and counts as
// no session too, so that pages still go out (with the public header).
func readSession(ctx context.Context, rt *identityRuntime, r *http.Request) *session.Session {
	id, ok := session.ReadCookie(r)
	if !ok {
		return nil
	}
	s, err := rt.store.Get(ctx, id)
	if err != nil {
		if !errors.Is(err, session.ErrNotFound) {
			rt.logger.Error("session store unavailable; serving the request as logged out", zap.Error(err), requestID(ctx))
		}
		return nil
	}
	return s
}

// keepAlive applies the lifecycle to a stored session: it ends the session when it expired
// (idle or token), refreshes the token when due, and gives the session that is live after
// that (nil when it ended) with its timing and the reason it ended. A due refresh holds the
// request only when the token is about to expire (refreshWaitMargin): otherwise the request
// goes on with the current, still valid token and the refresh runs beside it. A session it
// ends is ended at the provider before the request is answered (endSession waits): the login
// page the browser goes to next must not find the provider's session alive and sign the
// customer straight back in. With refresh
// false a due token is left for the caller to refresh (the extension route).
func (h *Handler) keepAlive(ctx context.Context, s *session.Session, now time.Time, refresh bool) (*session.Session, session.Timing, string) {
	rt := h.Identity.rt
	t := session.TimingOf(s, now, rt.lifecycle)
	if t.AbsoluteEnded { // max_session after login, however active (ASVS 3.3.2)
		h.endSession(ctx, s, endedMaxSession, false, true)
		return nil, session.Timing{}, endedMaxSession
	}
	if t.IdleCounts && t.IdleRemaining <= 0 {
		h.endSession(ctx, s, "idle", false, true)
		return nil, session.Timing{}, "idle"
	}
	if t.Expired {
		h.endSession(ctx, s, "expired", false, true)
		return nil, session.Timing{}, "expired"
	}
	if !t.RefreshDue || !refresh {
		return s, t, ""
	}
	if t.TokenRemaining > refreshWaitMargin {
		if !rt.refreshPaused(s.ID, now) {
			h.refreshBeside(ctx, s)
		}
		return s, t, ""
	}
	// About to expire: without a new token the session ends in a moment, so this request
	// waits for the refresh, even within the pause after a failed attempt.
	ns, err := h.refreshSession(ctx, s, h.refreshDue)
	if err == nil {
		return ns, session.TimingOf(ns, h.now(), rt.lifecycle), ""
	}
	if ended := h.refreshFailed(ctx, s, t, err); ended != "" {
		return nil, session.Timing{}, ended
	}
	return s, t, ""
}

// refreshWaitMargin: a request waits for a due refresh only when the token has this little
// left; before that the refresh runs beside the request (refreshBeside).
const refreshWaitMargin = 5 * time.Second

// refreshDue asks, under the refresh lock, whether the session (as stored now) still needs a
// refresh: another request or replica may have refreshed it meanwhile.
func (h *Handler) refreshDue(cur *session.Session) bool {
	return session.TimingOf(cur, h.now(), h.Identity.rt.lifecycle).RefreshDue
}

// refreshBeside starts a refresh of s in the background, unless this replica already runs one
// for it; across replicas the session's lock in the store still lets only one call the
// provider. The request that found it due goes on at once with the current token.
func (h *Handler) refreshBeside(ctx context.Context, s *session.Session) {
	rt := h.Identity.rt
	if _, running := rt.besides.running.LoadOrStore(s.ID, struct{}{}); running {
		return
	}
	rt.besides.wg.Add(1)
	ctx = detach(ctx) // the request ends now; its id stays for the logs
	go func() {
		defer rt.besides.wg.Done()
		defer rt.besides.running.Delete(s.ID)
		if _, err := h.refreshSession(ctx, s, h.refreshDue); err != nil {
			h.refreshFailed(ctx, s, session.TimingOf(s, h.now(), rt.lifecycle), err)
		}
	}()
}

// backgroundRefreshes are the refreshes running beside requests on this replica.
type backgroundRefreshes struct {
	running sync.Map       // session id -> struct{}: one background refresh per session
	wg      sync.WaitGroup // tests wait on it
}

// refreshFailed acts on a failed refresh and names why the session ended ("" when it is
// kept): the provider's verdict ends it; anything transient keeps it until its token really
// expires and pauses this replica's attempts for refreshRetryPause.
func (h *Handler) refreshFailed(ctx context.Context, s *session.Session, t session.Timing, err error) string {
	rt := h.Identity.rt
	if errors.Is(err, session.ErrNotFound) {
		return "logout" // ended meanwhile (a logout on another tab or replica)
	}
	if event, message, ends := refreshEnds(err); ends {
		rt.logger.Info(message, zap.String("event", event), zap.Error(err), requestID(ctx))
		h.endSession(ctx, s, event, false, false)
		return event
	}
	// Transient (provider blip, lock contention, store hiccup): keep the session as it is
	// until its token really expires; a request after the pause tries again.
	rt.pauseRefresh(s.ID, h.now())
	rt.logger.Warn("token refresh failed for now; the session is kept and the refresh retried",
		zap.Duration("token_remaining", t.TokenRemaining), zap.Error(err), requestID(ctx))
	return ""
}

// refreshEnds tells whether a refresh error ends the session, with the spec's event and
// message: only the provider's verdict on the refresh token does (expired, rejected).
// Everything else (provider unreachable, lock contention, a store hiccup) is transient: the
// session stays until its token really expires.
func refreshEnds(err error) (event, message string, ends bool) {
	if !errors.Is(err, auth.ErrRefreshExpired) && !errors.Is(err, auth.ErrRefreshRejected) {
		return "", "", false
	}
	return auth.RefreshOutcome(err)
}

// refreshSession refreshes the session's tokens at the provider, at most once at a time
// across all replicas: under the store's lock, re-reading the session and asking due again
// (another request or replica may have just refreshed it).
func (h *Handler) refreshSession(ctx context.Context, s *session.Session, due func(*session.Session) bool) (*session.Session, error) {
	rt := h.Identity.rt
	provider := rt.providerFor(s.Region)
	if provider == nil {
		return nil, errors.New("no identity provider configured for the session's region " + s.Region)
	}
	// The refresh must finish even if the browser goes away: its answer rotates the
	// refresh token, and a lost answer would log the customer out. It is bounded all the
	// same: discovery and the token call each have the provider call timeout.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshBound)
	defer cancel()
	return session.RefreshOnce(ctx, rt.store, s.ID, due, func(ctx context.Context, cur *session.Session) (*session.Session, error) {
		now := h.now()
		if err := auth.CheckRefresh(cur.Tokens.Expiry, cur.ServerOffset, cur.Tokens.RefreshToken, now); err != nil {
			return nil, err
		}
		rt.refreshes.Add(1)
		tok, err := provider.Refresh(ctx, cur.Tokens.RefreshToken, cur.Tokens.AZP)
		if h.Identity.OnRefresh != nil {
			h.Identity.OnRefresh(err)
		}
		if err != nil {
			return nil, err
		}
		ns := *cur
		ns.Tokens = sessionTokens(tok, cur.Tokens.IDToken)
		ns.ServerOffset = tok.ServerOffset
		rt.logger.Info("session token refreshed", zap.String("region", ns.Region), zap.Time("expires", ns.Tokens.Expiry.Add(ns.ServerOffset)), requestID(ctx))
		return &ns, nil
	})
}

// refreshBound bounds a whole refresh: the store's lock, discovery, the token call and the
// save.
const refreshBound = 3 * session.RefreshTimeout

// sessionTokens turns the provider's tokens into the session's, keeping the previous ID
// token when a refresh answer carries none.
func sessionTokens(t auth.Tokens, previousIDToken string) session.Tokens {
	id := t.IDToken
	if id == "" {
		id = previousIDToken
	}
	return session.Tokens{
		AccessToken:  t.AccessToken,
		RefreshToken: t.RefreshToken,
		IDToken:      id,
		Expiry:       t.Expiry,
		IssuedAt:     t.IssuedAt,
		AZP:          t.AZP,
	}
}

// endSession removes a session (spec 4: logout). timedOut sessions also end at the provider
// when keycloak_logout is on; asked is true for a logout the customer asked for, which always
// ends the provider's session. waits is true when the browser goes to the login page next (the
// logout route, a request that found the session timed out): the provider call is then made
// before answering, and before the store forgets the session, so that the tab's other
// requests meanwhile still find it (and wait here) rather than find it gone and send the
// browser to a login the provider would answer at once. Provider failures are logged: the
// edge session ends anyway.
func (h *Handler) endSession(ctx context.Context, s *session.Session, reason string, asked, waits bool) {
	rt := h.Identity.rt
	ctx = detach(ctx) // the provider logout may run beside the request
	callProvider := asked || (rt.keycloakLogout && (reason == "expired" || reason == "idle" || reason == endedMaxSession))
	p := rt.providerFor(s.Region)
	if p == nil || !callProvider || s.Tokens.RefreshToken == "" {
		h.forgetSession(ctx, s, reason)
		return
	}
	logout := func() {
		if err := p.Logout(ctx, s.Tokens.RefreshToken, s.Tokens.IDToken); err != nil {
			rt.logger.Warn("identity provider logout failed; the edge session is cleared anyway", zap.String("reason", reason), zap.Error(err), requestID(ctx))
		}
	}
	if !asked && !waits {
		// Ended beside a request (a failed background refresh): nobody waits for it.
		h.forgetSession(ctx, s, reason)
		go logout()
		return
	}
	// The browser waits for it: the login page it goes to next must ask for the password,
	// not find the provider's session still alive and sign the customer straight back in.
	// One request of this replica ends it; the others that found it timed out meanwhile wait
	// for that one.
	done := make(chan struct{})
	if running, ending := rt.endings.LoadOrStore(s.ID, done); ending {
		<-running.(chan struct{})
		return
	}
	defer func() {
		rt.endings.Delete(s.ID)
		close(done)
	}()
	logout()
	h.forgetSession(ctx, s, reason)
}

// forgetSession deletes the session from the store and everything the edge holds of it.
func (h *Handler) forgetSession(ctx context.Context, s *session.Session, reason string) {
	rt := h.Identity.rt
	if err := rt.store.Delete(ctx, s.ID); err != nil {
		rt.logger.Error("cannot delete the session from the store", zap.String("reason", reason), zap.Error(err), requestID(ctx))
	}
	rt.logger.Info("session ended", zap.String("reason", reason), requestID(ctx))
	if h.Identity.OnSessionEnd != nil {
		h.Identity.OnSessionEnd(ctx, s, reason)
	}
}

// recordActivity counts a navigation as the customer's activity (throttled: at most one
// store write per activity throttle).
func recordActivity(ctx context.Context, rt *identityRuntime, s *session.Session, now time.Time) (*session.Session, session.Timing) {
	if now.Sub(s.LastActivity) >= session.ActivityThrottle {
		if err := rt.store.Touch(ctx, s.ID, now); err != nil {
			rt.logger.Warn("cannot record activity", zap.Error(err), requestID(ctx))
		} else {
			ns := *s
			ns.LastActivity = now
			s = &ns
		}
	}
	return s, session.TimingOf(s, now, rt.lifecycle)
}

// isNavigation tells whether the request is a page the customer navigated to (which counts
// as activity), not a script's fetch.
func isNavigation(r *http.Request) bool {
	if path, _ := decisionPath(r); r.Method != http.MethodGet || strings.HasPrefix(path, routePrefix) {
		return false
	}
	// A page the browser loads ahead on its own (speculation rules, link prefetch) is not the
	// customer's doing.
	if r.Header.Get("Sec-Purpose") != "" || r.Header.Get("Purpose") == "prefetch" {
		return false
	}
	if mode := r.Header.Get("Sec-Fetch-Mode"); mode != "" {
		return mode == "navigate"
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
}

// providerFor gives the provider of a region, or the only one configured.
func (rt *identityRuntime) providerFor(region string) *auth.Client {
	if p, ok := rt.providers[region]; ok {
		return p
	}
	if len(rt.providers) == 1 {
		for _, p := range rt.providers {
			return p
		}
	}
	return nil
}

// regionOf is the auth region of a market (spec 7: DEU or GBR): the United Kingdom's market
// logs in at GBR, every other market at DEU.
func regionOf(locale string) string {
	if strings.EqualFold(locale, "en-GB") {
		return auth.RegionGBR
	}
	return auth.RegionDEU
}

// sessionState is the session timing the shell shows (shellstate.Session); never a token.
func (h *Handler) sessionState(s *session.Session, t session.Timing) *shellstate.Session {
	return &shellstate.Session{
		ServerTime:    h.now().UnixMilli(),
		ExpiresAt:     t.TokenExpiresAt.UnixMilli(),
		IdleExpiresAt: t.IdleExpiresAt.UnixMilli(),
		// 0 when there is no maximum, as the field's omitempty leaves it out.
		AbsoluteExpiresAt: unixMilliOrZero(t.AbsoluteExpiresAt),
		LengthSeconds:     t.LengthSeconds,
		CanExtend:         t.CanExtend,
		AutoExtend:        s.AutoExtend,
		Webview:           s.Webview,
		Monitored:         t.Monitored,
	}
}

// endedMaxSession is the reason a session ends at max_session (logs, metrics, tracking).
const endedMaxSession = "max-session"

func unixMilliOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// refreshRetryPause is how long a replica leaves a session's token alone after a transient
// refresh failure, so that pages do not each wait for an unreachable provider.
const refreshRetryPause = 10 * time.Second

// pauseRefresh and refreshPaused keep, per replica, when a session's refresh may be tried
// again. Entries are dropped when read after their time.
func (rt *identityRuntime) pauseRefresh(id string, now time.Time) {
	rt.refreshRetry.Store(id, now.Add(refreshRetryPause))
}

func (rt *identityRuntime) refreshPaused(id string, now time.Time) bool {
	v, ok := rt.refreshRetry.Load(id)
	if !ok {
		return false
	}
	if now.Before(v.(time.Time)) {
		return true
	}
	rt.refreshRetry.Delete(id)
	return false
}
