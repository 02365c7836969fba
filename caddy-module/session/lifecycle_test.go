package session

import (
	"testing"
	"time"
)

// now is the injected clock of the lifecycle tests.
var now = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func sec(n int) time.Duration { return time.Duration(n) * time.Second }

// timed builds a session whose token was issued iat seconds from now and expires exp seconds
// from now (provider clock), with the last activity act seconds from now.
func timed(iat, exp, act int) *Session {
	return &Session{
		Tokens:       Tokens{IssuedAt: now.Add(sec(iat)), Expiry: now.Add(sec(exp))},
		LastActivity: now.Add(sec(act)),
	}
}

func with(s *Session, f func(*Session)) *Session { f(s); return s }

// verdict is the part of Timing a customer notices.
type verdict struct {
	TokenRemaining, IdleRemaining, Remaining time.Duration
	LengthSeconds                            int
	Valid, Monitored                         bool
	ShowCountdown, RefreshDue, CanExtend     bool
	Expired                                  bool
}

func verdictOf(t Timing) verdict {
	return verdict{t.TokenRemaining, t.IdleRemaining, t.Remaining, t.LengthSeconds,
		t.Valid, t.Monitored, t.ShowCountdown, t.RefreshDue, t.CanExtend, t.Expired}
}

func TestTimingOf(t *testing.T) {
	auto := func(s *Session) { s.AutoExtend = true }
	webview := func(s *Session) { s.Webview = true }
	tests := []struct {
		name  string
		s     *Session
		rules Lifecycle
		want  verdict
	}{
		{
			name: "fresh session: nothing to do",
			s:    with(timed(-60, 240, -10), auto),
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(290), Remaining: sec(240), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name: "token has exactly 120 s left and auto-extension is allowed: refresh now",
			s:    with(timed(-180, 120, -10), auto),
			want: verdict{TokenRemaining: sec(120), IdleRemaining: sec(290), Remaining: sec(120), LengthSeconds: 300,
				Valid: true, Monitored: true, RefreshDue: true, CanExtend: true},
		},
		{
			name: "token has 121 s left: not yet",
			s:    with(timed(-179, 121, -10), auto),
			want: verdict{TokenRemaining: sec(121), IdleRemaining: sec(290), Remaining: sec(121), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name: "token has 120 s left but auto-extension is off: no refresh, no countdown (idle is fine)",
			s:    timed(-180, 120, -10),
			want: verdict{TokenRemaining: sec(120), IdleRemaining: sec(290), Remaining: sec(120), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name: "120 s left on idle: countdown",
			s:    timed(-60, 240, -180),
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(120), Remaining: sec(120), LengthSeconds: 300,
				Valid: true, Monitored: true, ShowCountdown: true, CanExtend: true},
		},
		{
			name: "121 s left on idle: no countdown yet",
			s:    timed(-60, 240, -179),
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(121), Remaining: sec(121), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name: "idle time is up: expired, logout, nothing offered",
			s:    with(timed(-60, 240, -300), auto),
			want: verdict{TokenRemaining: sec(240), IdleRemaining: 0, Remaining: 0, LengthSeconds: 300,
				Valid: true, Monitored: true, Expired: true},
		},
		{
			name: "webview: only token expiry counts, idle long past",
			s:    with(timed(-60, 240, -3600), webview),
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(-3300), Remaining: sec(240), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name: "webview at token expiry: expired",
			s:    with(timed(-300, 0, -1), webview),
			want: verdict{TokenRemaining: 0, IdleRemaining: sec(299), Remaining: 0, LengthSeconds: 300,
				Expired: true},
		},
		{
			name: "token expired: no valid login, monitor off, expired",
			s:    with(timed(-301, -1, -1), auto),
			want: verdict{TokenRemaining: sec(-1), IdleRemaining: sec(299), Remaining: sec(-1), LengthSeconds: 300,
				Expired: true},
		},
		{
			name: "provider clock 60 s behind: expiry plus offset is still ahead",
			s:    with(timed(-330, -30, -10), func(s *Session) { s.ServerOffset = sec(60) }),
			want: verdict{TokenRemaining: sec(30), IdleRemaining: sec(290), Remaining: sec(30), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name:  "session of 120 s with stop-refreshing on: no extension, no automatic refresh",
			s:     with(timed(-60, 60, -10), auto),
			rules: Lifecycle{StopRefreshing: true},
			want: verdict{TokenRemaining: sec(60), IdleRemaining: sec(110), Remaining: sec(60), LengthSeconds: 120,
				Valid: true, Monitored: true, ShowCountdown: true},
		},
		{
			name: "session of 120 s with stop-refreshing off: extended",
			s:    with(timed(-60, 60, -10), auto),
			want: verdict{TokenRemaining: sec(60), IdleRemaining: sec(110), Remaining: sec(60), LengthSeconds: 120,
				Valid: true, Monitored: true, ShowCountdown: true, RefreshDue: true, CanExtend: true},
		},
		{
			name:  "session of 121 s with stop-refreshing on: still extended",
			s:     with(timed(-61, 60, -10), auto),
			rules: Lifecycle{StopRefreshing: true},
			want: verdict{TokenRemaining: sec(60), IdleRemaining: sec(111), Remaining: sec(60), LengthSeconds: 121,
				Valid: true, Monitored: true, ShowCountdown: true, RefreshDue: true, CanExtend: true},
		},
		{
			name: "60 s token with 31 s left: not yet, at most one refresh per half its lifetime",
			s:    with(timed(-29, 31, -10), auto),
			want: verdict{TokenRemaining: sec(31), IdleRemaining: sec(50), Remaining: sec(31), LengthSeconds: 60,
				Valid: true, Monitored: true, ShowCountdown: true, CanExtend: true},
		},
		{
			name: "60 s token with 30 s left: half its lifetime is up, refresh now",
			s:    with(timed(-30, 30, -10), auto),
			want: verdict{TokenRemaining: sec(30), IdleRemaining: sec(50), Remaining: sec(30), LengthSeconds: 60,
				Valid: true, Monitored: true, ShowCountdown: true, RefreshDue: true, CanExtend: true},
		},
		{
			name:  "configured idle timeout replaces the session length",
			s:     timed(-60, 240, -10),
			rules: Lifecycle{IdleTimeout: 30 * time.Minute},
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(1790), Remaining: sec(240), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
		{
			name: "unreadable token (spec 8 defaults): length 5 minutes, expired",
			s:    &Session{Tokens: Tokens{Expiry: epoch, IssuedAt: epoch}, LastActivity: now},
			want: verdict{TokenRemaining: epoch.Sub(now), IdleRemaining: sec(300), Remaining: epoch.Sub(now), LengthSeconds: 300,
				Expired: true},
		},
		{
			name:  "local environment: monitor off",
			s:     timed(-60, 240, -10),
			rules: Lifecycle{Local: true},
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(290), Remaining: sec(240), LengthSeconds: 300,
				Valid: true, CanExtend: true},
		},
		{
			name:  "local environment with the local-timeout flag: monitor on",
			s:     timed(-60, 240, -10),
			rules: Lifecycle{Local: true, LocalTimeout: true},
			want: verdict{TokenRemaining: sec(240), IdleRemaining: sec(290), Remaining: sec(240), LengthSeconds: 300,
				Valid: true, Monitored: true, CanExtend: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TimingOf(tt.s, now, tt.rules)
			if v := verdictOf(got); v != tt.want {
				t.Errorf("TimingOf:\n got %+v\nwant %+v", v, tt.want)
			}
			if want := now.Add(got.TokenRemaining); !got.TokenExpiresAt.Equal(want) {
				t.Errorf("TokenExpiresAt = %v, want now + token remaining = %v", got.TokenExpiresAt, want)
			}
			if want := now.Add(got.IdleRemaining); !got.IdleExpiresAt.Equal(want) {
				t.Errorf("IdleExpiresAt = %v, want now + idle remaining = %v", got.IdleExpiresAt, want)
			}
		})
	}
}

func TestSessionLength(t *testing.T) {
	tests := []struct {
		name     string
		exp, iat time.Time
		want     time.Duration
	}{
		{"exp - iat", now.Add(sec(250)), now.Add(sec(-50)), sec(300)},
		{"an hour", now.Add(time.Hour), now, time.Hour},
		{"unreadable expiry", epoch, now, DefaultSessionLength},
		{"unreadable issuance", now, epoch, DefaultSessionLength},
		{"zero time", time.Time{}, time.Time{}, DefaultSessionLength},
		{"expiry before issuance", now, now.Add(sec(1)), DefaultSessionLength},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SessionLength(tt.exp, tt.iat); got != tt.want {
				t.Errorf("SessionLength = %v, want %v", got, tt.want)
			}
		})
	}
}

// A session made from a token whose provider clock is off still expires when the token's
// lifetime has passed on the edge's clock.
func TestOffsetMakesExpiryFollowEdgeClock(t *testing.T) {
	providerNow := now.Add(sec(-90)) // provider clock 90 s behind
	s := &Session{
		Tokens:       Tokens{IssuedAt: providerNow, Expiry: providerNow.Add(sec(300))},
		ServerOffset: now.Sub(providerNow), // the edge clock minus iat at receipt (auth.Tokens)
		LastActivity: now,
	}
	if got := TimingOf(s, now, Lifecycle{}).TokenRemaining; got != sec(300) {
		t.Errorf("token remaining right after login = %v, want the full 5 minutes", got)
	}
}

// Idle time ends a session only where the monitor watches it: not in the webview, and on
// the local environment only with the local-timeout flag.
func TestIdleCounts(t *testing.T) {
	idle := timed(-60, 240, -400) // token valid for 4 more minutes, idle for 400 s
	webview := with(timed(-60, 240, -400), func(s *Session) { s.Webview = true })
	tests := []struct {
		name        string
		s           *Session
		rules       Lifecycle
		counts      bool
		expired     bool
		countdown   bool
		remainingIs time.Duration
	}{
		{"production: idle past the session length ends it", idle, Lifecycle{}, true, true, false, sec(-100)},
		{"webview: only the token counts", webview, Lifecycle{}, false, false, false, sec(240)},
		{"local environment, monitor off: idle does not end the session", idle, Lifecycle{Local: true}, false, false, false, sec(240)},
		{"local environment with the local-timeout flag: idle ends it", idle, Lifecycle{Local: true, LocalTimeout: true}, true, true, false, sec(-100)},
		{"local environment, monitor off: no countdown near idle expiry", timed(-60, 240, -250), Lifecycle{Local: true}, false, false, false, sec(240)},
		{"production near idle expiry: the countdown shows", timed(-60, 240, -250), Lifecycle{}, true, false, true, sec(50)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TimingOf(tt.s, now, tt.rules)
			if got.IdleCounts != tt.counts || got.Expired != tt.expired || got.ShowCountdown != tt.countdown || got.Remaining != tt.remainingIs {
				t.Errorf("IdleCounts %v Expired %v ShowCountdown %v Remaining %v, want %v %v %v %v",
					got.IdleCounts, got.Expired, got.ShowCountdown, got.Remaining, tt.counts, tt.expired, tt.countdown, tt.remainingIs)
			}
		})
	}
}

// MaxSession ends a session at login + MaxSession however fresh its token and activity, in
// the webview and on the local environment too; without it nothing changes.
func TestMaxSession(t *testing.T) {
	loggedIn := func(ago time.Duration, webview bool) *Session {
		s := timed(-60, 240, -10) // fresh token, active 10 s ago
		s.CreatedAt = now.Add(-ago)
		s.Webview = webview
		return s
	}
	tests := []struct {
		name      string
		s         *Session
		rules     Lifecycle
		ended     bool
		remaining time.Duration
		refresh   bool
	}{
		{"no maximum", loggedIn(48*time.Hour, false), Lifecycle{}, false, sec(240), false},
		{"well before it", loggedIn(time.Hour, false), Lifecycle{MaxSession: 12 * time.Hour}, false, sec(240), false},
		{"30 s before it: it binds", loggedIn(12*time.Hour-sec(30), false), Lifecycle{MaxSession: 12 * time.Hour}, false, sec(30), false},
		{"at it", loggedIn(12*time.Hour, false), Lifecycle{MaxSession: 12 * time.Hour}, true, 0, false},
		{"webview past it", loggedIn(13*time.Hour, true), Lifecycle{MaxSession: 12 * time.Hour}, true, -time.Hour, false},
		{"local environment, monitor off, past it", loggedIn(13*time.Hour, false), Lifecycle{Local: true, MaxSession: 12 * time.Hour}, true, -time.Hour, false},
		{"no login time", loggedIn(0, false), Lifecycle{MaxSession: 12 * time.Hour}, false, sec(240), false},
	}
	tests[len(tests)-1].s.CreatedAt = time.Time{}
	tests[len(tests)-1].ended, tests[len(tests)-1].remaining = true, 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TimingOf(tt.s, now, tt.rules)
			if got.AbsoluteEnded != tt.ended || got.Expired != tt.ended || got.Remaining != tt.remaining {
				t.Errorf("AbsoluteEnded %v Expired %v Remaining %v, want %v %v %v", got.AbsoluteEnded, got.Expired, got.Remaining, tt.ended, tt.ended, tt.remaining)
			}
		})
	}
	// A token that would be refreshed is not when the maximum comes first.
	s := timed(-180, 100, -10)
	s.AutoExtend = true
	s.CreatedAt = now.Add(-12*time.Hour + sec(60))
	if TimingOf(s, now, Lifecycle{MaxSession: 12 * time.Hour}).RefreshDue {
		t.Error("a refresh is due although max_session ends the session before the token")
	}
	if !TimingOf(s, now, Lifecycle{MaxSession: 13 * time.Hour}).RefreshDue {
		t.Error("no refresh due although the token ends before max_session")
	}
}
