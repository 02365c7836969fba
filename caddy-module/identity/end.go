package identity

import (
	"context"
	"net/http"

	"github.com/shellgate/shellgate/caddy-module/session"
	"go.uber.org/zap"
)

// Ending a session: at the edge, and at the provider when the customer asked or it timed out.

// endSession removes a session (spec 4: logout). timedOut sessions also end at the provider
// when keycloak_logout is on; asked is true for a logout the customer asked for, which always
// ends the provider's session. waits is true when the browser goes to the login page next (the
// logout route, a request that found the session timed out): the provider call is then made
// before answering, and before the store forgets the session, so that the tab's other
// requests meanwhile still find it (and wait here) rather than find it gone and send the
// browser to a login the provider would answer at once. Provider failures are logged: the
// edge session ends anyway.
func (c *Config) endSession(ctx context.Context, s *session.Session, reason string, asked, waits bool) {
	c.end(ctx, s, reason, asked || (c.rt.keycloakLogout && timedOut(reason)), asked, waits)
}

// endSessionOf is endSession for a session that r found ending: the flag
// umtFECallKeycloakLogoutOnSessionTimeout for r, when a flag source names it, decides
// whether a timed-out session also ends at the provider (flags.go).
func (c *Config) endSessionOf(r *http.Request, s *session.Session, reason string, asked, waits bool) {
	c.end(r.Context(), s, reason, asked || (timedOut(reason) && c.timeoutLogout(r)), asked, waits)
}

// timedOut tells whether a session ended by running out (not by a logout or a refresh's verdict).
func timedOut(reason string) bool {
	return reason == "expired" || reason == "idle" || reason == EndedMaxSession
}

func (c *Config) end(ctx context.Context, s *session.Session, reason string, callProvider, asked, waits bool) {
	rt := c.rt
	ctx = Detach(ctx) // the provider logout may run beside the request
	p := rt.providerFor(s.Region)
	if p == nil || !callProvider || s.Tokens.RefreshToken == "" {
		c.forgetSession(ctx, s, reason)
		return
	}
	logout := func() {
		if err := p.Logout(ctx, s.Tokens.RefreshToken, s.Tokens.IDToken); err != nil {
			rt.logger.Warn("identity provider logout failed; the edge session is cleared anyway", zap.String("reason", reason), zap.Error(err), RequestID(ctx))
		}
	}
	if !asked && !waits {
		// Ended beside a request (a failed background refresh): nobody waits for it.
		c.forgetSession(ctx, s, reason)
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
	c.forgetSession(ctx, s, reason)
}

// forgetSession deletes the session from the store and everything the edge holds of it.
func (c *Config) forgetSession(ctx context.Context, s *session.Session, reason string) {
	rt := c.rt
	if err := rt.store.Delete(ctx, s.ID); err != nil {
		rt.logger.Error("cannot delete the session from the store", zap.String("reason", reason), zap.Error(err), RequestID(ctx))
	}
	rt.logger.Info("session ended", zap.String("reason", reason), RequestID(ctx))
	if c.OnSessionEnd != nil {
		c.OnSessionEnd(ctx, s, reason)
	}
}
