package auth_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

func TestRefreshRotatesTokens(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{AccessTTL: 120 * time.Second})
	l := w.login(t, auth.LoginRequest{})
	w.idp.ResetStats(t)

	fresh, err := w.client.Refresh(context.Background(), l.Tokens.RefreshToken, l.Tokens.AZP)
	if err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	if fresh.AccessToken == l.Tokens.AccessToken || fresh.RefreshToken == l.Tokens.RefreshToken {
		t.Error("refresh returned the old access or refresh token")
	}
	if fresh.AZP != "login" || fresh.Expiry.Sub(fresh.IssuedAt) != 120*time.Second {
		t.Errorf("new token: azp %q, lifetime %s; want login, 120s", fresh.AZP, fresh.Expiry.Sub(fresh.IssuedAt))
	}
	if s := w.idp.Stats(t); s.Token.RefreshToken != 1 {
		t.Errorf("provider counted %d refresh calls, want exactly 1", s.Token.RefreshToken)
	}

	// Rotation: the refresh token just used is spent; the provider says invalid_grant.
	_, err = w.client.Refresh(context.Background(), l.Tokens.RefreshToken, l.Tokens.AZP)
	wantKind(t, err, auth.ErrRefreshRejected)
	if event, msg, _ := auth.RefreshOutcome(err); event != "failed" || msg != "Refresh token failed!" {
		t.Errorf("outcome = %q %q, want the spec's failed event and message", event, msg)
	}
	if s := w.idp.Stats(t); s.RefreshRejected != 1 {
		t.Errorf("provider counted %d rejected refreshes, want 1", s.RefreshRejected)
	}
}

func TestRefreshAfterRefreshTokenExpired(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{AccessTTL: 60 * time.Second, RefreshTTL: time.Second})
	l := w.login(t, auth.LoginRequest{})
	time.Sleep(2100 * time.Millisecond) // the provider's refresh TTL is whole seconds
	_, err := w.client.Refresh(context.Background(), l.Tokens.RefreshToken, "")
	if _, _, ends := auth.RefreshOutcome(err); !ends {
		t.Fatalf("refresh with an expired refresh token: %v; want an error that ends the session", err)
	}
	if !errors.Is(err, auth.ErrRefreshExpired) { // spec 4: 'refresh-token-expired', 'Refresh token expired!'
		t.Errorf("refresh with an expired refresh token: %v; want ErrRefreshExpired", err)
	}
}

func TestCheckRefresh(t *testing.T) {
	now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		exp     time.Time
		offset  time.Duration
		refresh string
		expired bool
	}{
		{"access token valid", now.Add(90 * time.Second), 0, "opaque", false},
		{"access token expired", now.Add(-time.Second), 0, "opaque", true},
		{"expires exactly now", now, 0, "opaque", true},
		{"offset keeps it alive", now.Add(-time.Second), 5 * time.Second, "opaque", false},
		{"offset ends it", now.Add(3 * time.Second), -5 * time.Second, "opaque", true},
		{"unknown expiry", time.Time{}, 0, "opaque", false},
		{"JWT refresh token expired", now.Add(time.Minute), 0, jwt(t, `{"exp":`+unix(now.Add(-time.Second))+`}`), true},
		{"JWT refresh token valid", now.Add(time.Minute), 0, jwt(t, `{"exp":`+unix(now.Add(time.Hour))+`}`), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := auth.CheckRefresh(tt.exp, tt.offset, tt.refresh, now)
			if tt.expired {
				wantKind(t, err, auth.ErrRefreshExpired)
				if event, msg, _ := auth.RefreshOutcome(err); event != "refresh-token-expired" || msg != "Refresh token expired!" {
					t.Errorf("outcome = %q %q", event, msg)
				}
			} else if err != nil {
				t.Errorf("CheckRefresh = %v, want nil", err)
			}
		})
	}
}
