package shell

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Behind a load balancer that terminates TLS, the edge sees plain HTTP off localhost, where no
// session cookie may be set: logins would fail. A trusted proxy's X-Forwarded-Proto fixes that,
// and nobody else's may.
func TestForwardedHTTPS(t *testing.T) {
	for _, tc := range []struct {
		name    string
		trusted bool
		proto   string
		https   bool
	}{
		{"trusted proxy terminated TLS", true, "https", true},
		{"trusted proxy, upper case", true, "HTTPS", true},
		{"trusted proxy, first of a chain", true, "https, http", true},
		{"trusted proxy forwarded plain HTTP", true, "http", false},
		{"trusted proxy, no header", true, "", false},
		{"client claims https itself", false, "https", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "http://bank.example/de-de/", nil)
			vars := map[string]any{caddyhttp.TrustedProxyVarKey: tc.trusted}
			r = r.WithContext(context.WithValue(r.Context(), caddyhttp.VarsCtxKey, vars))
			if tc.proto != "" {
				r.Header.Set("X-Forwarded-Proto", tc.proto)
			}
			r = forwardedHTTPS(r)
			if got := session.IsHTTPS(r); got != tc.https {
				t.Fatalf("IsHTTPS = %v, want %v", got, tc.https)
			}
			c, ok := session.NewCookie(r, session.NewID())
			if ok != tc.https {
				t.Fatalf("session cookie possible = %v, want %v (plain HTTP off localhost carries none)", ok, tc.https)
			}
			if ok && (c.Name != session.CookieName || !c.Secure) {
				t.Errorf("cookie %s secure=%v, want %s secure", c.Name, c.Secure, session.CookieName)
			}
			h := &Handler{Identity: &identity.Config{LoginHosts: []string{"bank.example"}}}
			if origin, err := h.Identity.SiteOrigin(r); err != nil || tc.https && origin != "https://bank.example" {
				t.Errorf("callback origin %q, want https://bank.example", origin)
			}
		})
	}
}
