package identity

import (
	"errors"
	"fmt"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

func TestOnlyTheProvidersVerdictEndsASession(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		event string
	}{
		{"refresh token expired", fmt.Errorf("refresh: %w", auth.ErrRefreshExpired), "refresh-token-expired"},
		{"refresh token rejected", fmt.Errorf("refresh: %w", auth.ErrRefreshRejected), "failed"},
		{"provider unreachable", fmt.Errorf("refresh: %w", auth.ErrTransient), ""},
		{"another replica holds the lock too long", fmt.Errorf("session refresh: %w", session.ErrLocked), ""},
		{"the lease was lost", fmt.Errorf("save: %w", session.ErrLeaseLost), ""},
		{"redis is down", errors.New("dial tcp 127.0.0.1:6379: connect: connection refused"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			event, _, ends := refreshEnds(tt.err)
			if event != tt.event || ends != (tt.event != "") {
				t.Errorf("refreshEnds = %q %v, want %q", event, ends, tt.event)
			}
		})
	}
}
