package identity

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/market"
)

// SiteOrigin in production: configured hosts only, in any case and with a numeric port;
// loopback only outside production.
func TestSiteOriginNamesConfiguredHostsOnly(t *testing.T) {
	h := &Config{Environment: auth.EnvProduction, LoginHosts: []string{"www.Example.de"}}
	h.Resolver = market.Resolver{Hosts: map[string]string{"example.co.uk": "en-GB"}}
	dev := &Config{Environment: "development"}
	tests := []struct {
		h      *Config
		host   string
		origin string // "" for refused
	}{
		{h, "example.co.uk", "http://example.co.uk"},
		{h, "EXAMPLE.CO.UK:8443", "http://example.co.uk:8443"},
		{h, "www.example.de", "http://www.example.de"},
		{h, "localhost:8080", ""}, // production: loopback needs an entry
		{h, "example.co.uk.evil.example", ""},
		{h, "evil.example.co.uk", ""},
		{h, "example.co.uk.", ""},
		{h, "example.co.uk:1,evil.example", ""},
		{h, "example.co.uk:0", ""},
		{h, "example.co.uk:65536", ""},
		{h, "example.co.uk:", ""},
		{h, "a@example.co.uk", ""},
		{h, "example.co.uk/evil", ""},
		{h, "", ""},
		{dev, "localhost:8080", "http://localhost:8080"},
		{dev, "at.localhost:8080", "http://at.localhost:8080"},
		{dev, "127.0.0.1:8080", "http://127.0.0.1:8080"},
		{dev, "[::1]:8080", "http://[::1]:8080"},
		{dev, "[0:0::1]", "http://[::1]"},
		{dev, "localhost.evil.example", ""},
		{dev, "evil.example", ""},
		{dev, "127.0.0.1.evil.example", ""},
		{dev, "[::1%evil.example]", ""},
		{dev, "[::1%25evil.example]", ""},
		{dev, "[::1", ""},
		{dev, "[::1]x", ""},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/login/", nil)
		r.Host = tt.host
		got, err := tt.h.SiteOrigin(r)
		if got != tt.origin || (err == nil) != (tt.origin != "") {
			t.Errorf("%s Host %q: origin %q, err %v; want %q", tt.h.Environment, tt.host, got, err, tt.origin)
		}
	}
}
