package identity

import (
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
)

func TestIdentityTimeoutBounds(t *testing.T) {
	base := func() *Config { return localIdentity() }
	for _, tt := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"idle 2h", func(id *Config) { id.IdleTimeout = caddy.Duration(2 * time.Hour) }, "idle_timeout 2h0m0s is too long"},
		{"idle 31m", func(id *Config) { id.IdleTimeout = caddy.Duration(31 * time.Minute) }, "at most 30m"},
		{"max_session negative", func(id *Config) { id.MaxSession = caddy.Duration(-time.Hour) }, "max_session -1h0m0s is not between 0 and 12h0m0s"},
		{"max_session 24h", func(id *Config) { id.MaxSession = caddy.Duration(24 * time.Hour) }, "give one such as 12h, at most 12h"},
		{"idle 30m, max_session 12h", func(id *Config) {
			id.IdleTimeout, id.MaxSession = caddy.Duration(30*time.Minute), caddy.Duration(12*time.Hour)
		}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			id := base()
			tt.change(id)
			id.setDefaults()
			err := id.validate()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
	id := base()
	id.setDefaults()
	if time.Duration(id.MaxSession) != 12*time.Hour {
		t.Errorf("default max_session %s, want 12h", time.Duration(id.MaxSession))
	}
}
