package identity

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// The identity steps of a request (DESIGN.md, steps 3 and 4): cookie → store → refresh when
// due → idle check → activity. Each is a plain function; identify only strings them together.

// Visitor is what the identity steps found out about one request: Serve returns it, and the
// steps after identity (customer data, the page's state) read it. nil when identity is off.
type Visitor struct {
	// Session is the visitor's live session; nil when logged out.
	Session *session.Session
	// Timing is the session's lifecycle at the time of the request.
	Timing session.Timing
	// Ended names why a session the browser presented ended on this request ("idle",
	// "expired", "max-session", "refresh-token-expired", "failed"), "" otherwise.
	Ended string

	// access is the guard's decision Serve made for the page at accessPath, which the
	// page's shell state reuses (FillState).
	access     rules.GuardDecision
	accessPath string
	accessSet  bool
}

// LoggedIn tells whether the request has a live session; safe on nil.
func (v *Visitor) LoggedIn() bool { return v != nil && v.Session != nil }

// identify runs the identity steps and returns the visitor. path is the decision path: the
// extension route refreshes the token itself (serveExtend), so its identity step leaves a due
// token alone; refreshing it here too would cost the provider two refresh calls per
// extension.
func (c *Config) identify(r *http.Request, path string) *Visitor {
	rt := c.rt
	now := c.Now()
	v := &Visitor{}
	s := readSession(r.Context(), rt, r)
	if s != nil {
		v.Session, v.Timing, v.Ended = c.keepAlive(r, s, now, path != extendPath)
		if v.Session != nil && isNavigation(r) {
			v.Session, v.Timing = recordActivity(r.Context(), rt, v.Session, now)
		}
	}
	return v
}

// readSession looks the cookie's session up. A missing, malformed, tampered or unknown
// cookie is "no session", never an error; a store that cannot answer is logged and counts as
// no session too, so that pages still go out (with the public header).
func readSession(ctx context.Context, rt *runtime, r *http.Request) *session.Session {
	id, ok := session.ReadCookie(r)
	if !ok {
		return nil
	}
	s, err := rt.store.Get(ctx, id)
	if err != nil {
		if !errors.Is(err, session.ErrNotFound) {
			rt.logger.Error("session store unavailable; serving the request as logged out", zap.Error(err), RequestID(ctx))
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
func (c *Config) keepAlive(r *http.Request, s *session.Session, now time.Time, refresh bool) (*session.Session, session.Timing, string) {
	rt, ctx := c.rt, r.Context()
	t := session.TimingOf(s, now, rt.lifecycle)
	if t.AbsoluteEnded { // max_session after login, however active (ASVS 3.3.2)
		c.endSessionOf(r, s, EndedMaxSession, false, true)
		return nil, session.Timing{}, EndedMaxSession
	}
	if t.IdleCounts && t.IdleRemaining <= 0 {
		c.endSessionOf(r, s, "idle", false, true)
		return nil, session.Timing{}, "idle"
	}
	if t.Expired {
		c.endSessionOf(r, s, "expired", false, true)
		return nil, session.Timing{}, "expired"
	}
	if !t.RefreshDue || !refresh {
		return s, t, ""
	}
	if t.TokenRemaining > refreshWaitMargin {
		if !rt.refreshPaused(s.ID, now) {
			c.refreshBeside(ctx, s)
		}
		return s, t, ""
	}
	// About to expire: without a new token the session ends in a moment, so this request
	// waits for the refresh, even within the pause after a failed attempt.
	ns, err := c.refreshSession(ctx, s, c.refreshDue)
	if err == nil {
		return ns, session.TimingOf(ns, c.Now(), rt.lifecycle), ""
	}
	if ended := c.refreshFailed(ctx, s, t, err); ended != "" {
		return nil, session.Timing{}, ended
	}
	return s, t, ""
}

// recordActivity counts a navigation as the customer's activity (throttled: at most one
// store write per activity throttle).
func recordActivity(ctx context.Context, rt *runtime, s *session.Session, now time.Time) (*session.Session, session.Timing) {
	if now.Sub(s.LastActivity) >= session.ActivityThrottle {
		if err := rt.store.Touch(ctx, s.ID, now); err != nil {
			rt.logger.Warn("cannot record activity", zap.Error(err), RequestID(ctx))
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
	if path, _ := DecisionPath(r); r.Method != http.MethodGet || strings.HasPrefix(path, routePrefix) {
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
func (rt *runtime) providerFor(region string) *auth.Client {
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
func (c *Config) sessionState(s *session.Session, t session.Timing) *shellstate.Session {
	return &shellstate.Session{
		ServerTime:    c.Now().UnixMilli(),
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

// EndedMaxSession is the reason a session ends at max_session (logs, metrics, tracking).
const EndedMaxSession = "max-session"

func unixMilliOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
