package identity

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
	"go.uber.org/zap"
)

// Refreshing a session's tokens at the provider: when due, at most once at a time across
// replicas, beside the request unless the token is about to expire.

// refreshWaitMargin: a request waits for a due refresh only when the token has this little
// left; before that the refresh runs beside the request (refreshBeside).
const refreshWaitMargin = 5 * time.Second

// refreshDue asks, under the refresh lock, whether the session (as stored now) still needs a
// refresh: another request or replica may have refreshed it meanwhile.
func (c *Config) refreshDue(cur *session.Session) bool {
	return session.TimingOf(cur, c.Now(), c.rt.lifecycle).RefreshDue
}

// refreshBeside starts a refresh of s in the background, unless this replica already runs one
// for it; across replicas the session's lock in the store still lets only one call the
// provider. The request that found it due goes on at once with the current token.
func (c *Config) refreshBeside(ctx context.Context, s *session.Session) {
	rt := c.rt
	if _, running := rt.besides.running.LoadOrStore(s.ID, struct{}{}); running {
		return
	}
	rt.besides.wg.Add(1)
	ctx = Detach(ctx) // the request ends now; its id stays for the logs
	go func() {
		defer rt.besides.wg.Done()
		defer rt.besides.running.Delete(s.ID)
		if _, err := c.refreshSession(ctx, s, c.refreshDue); err != nil {
			c.refreshFailed(ctx, s, session.TimingOf(s, c.Now(), rt.lifecycle), err)
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
// expires and pauses this replica's attempts for RefreshRetryPause.
func (c *Config) refreshFailed(ctx context.Context, s *session.Session, t session.Timing, err error) string {
	rt := c.rt
	if errors.Is(err, session.ErrNotFound) {
		return "logout" // ended meanwhile (a logout on another tab or replica)
	}
	if event, message, ends := refreshEnds(err); ends {
		rt.logger.Info(message, zap.String("event", event), zap.Error(err), RequestID(ctx))
		c.endSession(ctx, s, event, false, false)
		return event
	}
	// Transient (provider blip, lock contention, store hiccup): keep the session as it is
	// until its token really expires; a request after the pause tries again.
	rt.pauseRefresh(s.ID, c.Now())
	rt.logger.Warn("token refresh failed for now; the session is kept and the refresh retried",
		zap.Duration("token_remaining", t.TokenRemaining), zap.Error(err), RequestID(ctx))
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
func (c *Config) refreshSession(ctx context.Context, s *session.Session, due func(*session.Session) bool) (*session.Session, error) {
	rt := c.rt
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
		now := c.Now()
		if err := auth.CheckRefresh(cur.Tokens.Expiry, cur.ServerOffset, cur.Tokens.RefreshToken, now); err != nil {
			return nil, err
		}
		rt.refreshes.Add(1)
		tok, err := provider.Refresh(ctx, cur.Tokens.RefreshToken, cur.Tokens.AZP)
		if c.OnRefresh != nil {
			c.OnRefresh(err)
		}
		if err != nil {
			return nil, err
		}
		ns := *cur
		ns.Tokens = sessionTokens(tok, cur.Tokens.IDToken)
		ns.ServerOffset = tok.ServerOffset
		rt.logger.Info("session token refreshed", zap.String("region", ns.Region), zap.Time("expires", ns.Tokens.Expiry.Add(ns.ServerOffset)), RequestID(ctx))
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

// RefreshRetryPause is how long a replica leaves a session's token alone after a transient
// refresh failure, so that pages do not each wait for an unreachable provider.
const RefreshRetryPause = 10 * time.Second

// pauseRefresh and refreshPaused keep, per replica, when a session's refresh may be tried
// again. Entries are dropped when read after their time.
func (rt *runtime) pauseRefresh(id string, now time.Time) {
	rt.refreshRetry.Store(id, now.Add(RefreshRetryPause))
}

func (rt *runtime) refreshPaused(id string, now time.Time) bool {
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
