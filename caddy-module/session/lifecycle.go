package session

import "time"

// Business constants of the session lifecycle (spec 9), named once.
const (
	// CountdownThreshold: the countdown appears when this much idle time or less remains.
	CountdownThreshold = 120 * time.Second
	// RefreshThreshold: the token is refreshed automatically this long before it expires.
	RefreshThreshold = 120 * time.Second
	// ShortSessionLength: a session this long or shorter is no longer extended when the
	// stop-refreshing flag is on.
	ShortSessionLength = 120 * time.Second
	// DefaultSessionLength is the session length when the token cannot be read (spec 8).
	DefaultSessionLength = 5 * time.Minute
	// MonitorTick is how often the shell checks the session.
	MonitorTick = time.Second
	// ActivityThrottle: activity is reported at most this often.
	ActivityThrottle = time.Second
	// ExtendedConfirmation is how long the "session extended" confirmation shows.
	ExtendedConfirmation = 5 * time.Second
	// RefreshTimeout bounds the refresh call to the provider.
	RefreshTimeout = 3 * time.Second
	// DefaultClientID is the client_id of refresh and logout calls when the token has no azp.
	DefaultClientID = "login"
)

// Lifecycle is the configuration the lifecycle rules depend on.
type Lifecycle struct {
	// IdleTimeout is how long a session lives without activity; 0 means the session length
	// (exp - iat of the access token), which is how the shell measured it.
	IdleTimeout time.Duration
	// StopRefreshing is the stop-refreshing flag: no extension once the session length is
	// ShortSessionLength or less.
	StopRefreshing bool
	// Local is true on the local environment, where the monitor is off unless LocalTimeout.
	Local bool
	// LocalTimeout is the local session-timeout enable flag.
	LocalTimeout bool
	// MaxSession is the absolute lifetime of a session from login (CreatedAt), whatever its
	// activity and refreshes (ASVS 3.3.2); 0 means none. It counts everywhere, in the webview
	// and on the local environment too.
	MaxSession time.Duration
}

// Timing is the lifecycle state of a session at one instant (spec 4, session lifecycle).
type Timing struct {
	// TokenExpiresAt is the access token's expiry on the edge's clock (exp + server offset).
	TokenExpiresAt time.Time
	// IdleExpiresAt is when the session ends for lack of activity.
	IdleExpiresAt time.Time
	// AbsoluteExpiresAt is when the session ends whatever its activity: login + MaxSession;
	// zero when there is no maximum.
	AbsoluteExpiresAt time.Time
	// TokenRemaining is exp + offset - now.
	TokenRemaining time.Duration
	// IdleRemaining is last activity + idle timeout - now.
	IdleRemaining time.Duration
	// Remaining is the lower of the two; in the webview only token expiry counts. The absolute
	// expiry, when there is one, bounds it always.
	Remaining time.Duration
	// AbsoluteEnded: the session has reached its maximum lifetime (MaxSession after login).
	AbsoluteEnded bool
	// LengthSeconds is the session length, exp - iat; DefaultSessionLength when unreadable.
	LengthSeconds int
	// Valid: the login session is valid, its token expiry plus offset is in the future.
	Valid bool
	// Monitored: the session monitor runs (valid token, and not local unless LocalTimeout).
	Monitored bool
	// IdleCounts: idle time can end the session. Not in the webview (only token expiry
	// counts there), and not on the local environment while the monitor is off there.
	IdleCounts bool
	// ShowCountdown: CountdownThreshold or less remains on idle (never in the webview, where
	// idle time does not count) and the session has not yet expired.
	ShowCountdown bool
	// RefreshDue: the token has RefreshThreshold or less left (or half its lifetime, when that
	// is less: see RefreshWindow), auto-extension is allowed, the session may be extended and
	// has not expired: the edge refreshes now.
	RefreshDue bool
	// CanExtend: extension is offered; false once expired, and false when the session length
	// is ShortSessionLength or less and the stop-refreshing flag is on.
	CanExtend bool
	// Expired: the remaining time is 0 or less; the customer is logged out and sent to login.
	Expired bool
}

// TimingOf applies the lifecycle rules to s at now. It is a pure function: the same session,
// instant and configuration always give the same Timing.
func TimingOf(s *Session, now time.Time, rules Lifecycle) Timing {
	var t Timing
	length := SessionLength(s.Tokens.Expiry, s.Tokens.IssuedAt)
	t.LengthSeconds = int(length / time.Second)

	t.TokenExpiresAt = s.Tokens.Expiry.Add(s.ServerOffset)
	t.TokenRemaining = t.TokenExpiresAt.Sub(now)

	idle := rules.IdleTimeout
	if idle <= 0 {
		idle = length
	}
	t.IdleExpiresAt = s.LastActivity.Add(idle)
	t.IdleRemaining = t.IdleExpiresAt.Sub(now)

	watched := !rules.Local || rules.LocalTimeout
	t.IdleCounts = watched && !s.Webview
	t.Remaining = t.TokenRemaining
	if t.IdleCounts {
		t.Remaining = min(t.TokenRemaining, t.IdleRemaining)
	}
	if rules.MaxSession > 0 {
		t.AbsoluteExpiresAt = s.CreatedAt.Add(rules.MaxSession)
		if s.CreatedAt.IsZero() {
			// A record without a login time (none is written so) ends now: log in again.
			t.AbsoluteExpiresAt = now
		}
		absolute := t.AbsoluteExpiresAt.Sub(now)
		t.AbsoluteEnded = absolute <= 0
		t.Remaining = min(t.Remaining, absolute)
	}

	t.Valid = t.TokenRemaining > 0
	t.Monitored = t.Valid && watched
	t.Expired = t.Remaining <= 0
	t.CanExtend = !t.Expired && !(length <= ShortSessionLength && rules.StopRefreshing)
	t.ShowCountdown = !t.Expired && t.IdleCounts && t.IdleRemaining <= CountdownThreshold
	// No refresh when the maximum lifetime ends the session before the token anyway.
	outlived := !t.AbsoluteExpiresAt.IsZero() && !t.AbsoluteExpiresAt.After(t.TokenExpiresAt)
	t.RefreshDue = s.AutoExtend && t.CanExtend && t.TokenRemaining <= RefreshWindow(length) && !outlived
	return t
}

// RefreshWindow is how long before expiry a token of this lifetime is refreshed:
// RefreshThreshold, or half the lifetime when that is less. Tokens shorter than the threshold
// (60 s tokens are common) would otherwise be due from the moment they are issued, and every
// request would refresh; this way a session refreshes at most once per half token lifetime.
func RefreshWindow(lifetime time.Duration) time.Duration {
	return min(RefreshThreshold, lifetime/2)
}

// SessionLength is exp - iat, or DefaultSessionLength when either time is unreadable (the
// epoch) or the difference is not positive.
func SessionLength(expiry, issuedAt time.Time) time.Duration {
	if !expiry.After(epoch) || !issuedAt.After(epoch) || !expiry.After(issuedAt) {
		return DefaultSessionLength
	}
	return expiry.Sub(issuedAt)
}
