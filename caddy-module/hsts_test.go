package shell

import (
	"context"
	"crypto/tls"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// A customer's first visit over HTTPS must pin the bank's sites to HTTPS for later visits
// (ASVS 14.4.5): otherwise a man in the middle on a café's network can strip TLS from the
// next plain-HTTP link or typed address. Plain HTTP answers never carry the header.
func TestStrictTransportSecurityOnEveryHTTPSAnswer(t *testing.T) {
	const custom = "max-age=600"
	tests := []struct {
		name      string
		hsts      string
		scheme    string // https: TLS here; forwarded: a trusted proxy says https; spoofed: an untrusted client says so
		path      string
		want      string
		wantPlain bool
	}{
		{"HTTPS page", "", "https", "/de-de/", defaultHSTS, false},
		{"HTTPS own route", "", "https", "/_shell/state?path=/", defaultHSTS, false},
		{"HTTPS asset", "", "https", "/_shell/assets/nope.js", defaultHSTS, false},
		{"HTTPS login", "", "https", "/login/", defaultHSTS, false},
		{"TLS ended at a trusted proxy", "", "forwarded", "/de-de/", defaultHSTS, false},
		{"operator's value", custom, "https", "/de-de/", custom, false},
		{"turned off", "off", "https", "/de-de/", "", false},
		{"plain HTTP page", "", "http", "/de-de/", "", true},
		{"plain HTTP own route", "", "http", "/_shell/state?path=/", "", true},
		{"a client claiming https itself", "", "spoofed", "/de-de/", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGatewayWith(t, &Handler{Identity: localIdentity(), HSTS: tt.hsts})
			r := httptest.NewRequest(http.MethodGet, "http://bank.example"+tt.path, nil)
			r.Header.Set("Accept", "text/html")
			switch tt.scheme {
			case "https":
				r.TLS = &tls.ConnectionState{}
			case "forwarded", "spoofed":
				vars := map[string]any{caddyhttp.TrustedProxyVarKey: tt.scheme == "forwarded"}
				r = r.WithContext(context.WithValue(r.Context(), caddyhttp.VarsCtxKey, vars))
				r.Header.Set("X-Forwarded-Proto", "https")
			}
			res, _ := g.do(r)
			if got := res.Header.Get("Strict-Transport-Security"); got != tt.want {
				t.Errorf("%s %s answered %d with Strict-Transport-Security %q, want %q", tt.scheme, tt.path, res.StatusCode, got, tt.want)
			}
		})
	}
}

// TestUpstreamHSTSNeverDoubled: an origin that sends its own Strict-Transport-Security
// (another max-age, or max-age=0, which tells a browser to forget HTTPS for the host) does not
// reach the browser beside the gateway's, on a page or an asset: one header, the operator's.
// With hsts off the gateway sends none and the origin's stands.
func TestUpstreamHSTSNeverDoubled(t *testing.T) {
	for _, tt := range []struct {
		name, hsts, contentType, path string
		want                          []string
	}{
		{"page", "", "text/html; charset=utf-8", "/de-de/", []string{defaultHSTS}},
		{"asset", "", "image/png", "/logo.png", []string{defaultHSTS}},
		{"operator's value", "max-age=600", "text/html; charset=utf-8", "/de-de/", []string{"max-age=600"}},
		{"hsts off: the origin's", "off", "text/html; charset=utf-8", "/de-de/", []string{"max-age=0"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGatewayWith(t, &Handler{Identity: localIdentity(), HSTS: tt.hsts})
			g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
				w.Header().Set("Content-Type", tt.contentType)
				w.Header().Add("Strict-Transport-Security", "max-age=0") // as reverse_proxy copies it
				_, err := io.WriteString(w, "<!doctype html><html><head><title>t</title></head><body><main>x</main></body></html>")
				return err
			})
			r := httptest.NewRequest(http.MethodGet, "https://bank.example"+tt.path, nil)
			r.Header.Set("Accept", "text/html")
			r.TLS = &tls.ConnectionState{}
			res, _ := g.do(r)
			if got := res.Header.Values("Strict-Transport-Security"); !slices.Equal(got, tt.want) {
				t.Errorf("%s answered %d with Strict-Transport-Security %q, want %q", tt.path, res.StatusCode, got, tt.want)
			}
		})
	}
}

func TestHSTSOption(t *testing.T) {
	tests := []struct {
		name, block, want, err string
	}{
		{"value", "hsts max-age=63072000; includeSubDomains; preload", "max-age=63072000; includeSubDomains; preload", ""},
		{"quoted value", `hsts "max-age=600"`, "max-age=600", ""},
		{"off", "hsts off", "off", ""},
		{"bare", "hsts", "", "hsts takes the header's value"},
		{"no max-age", "hsts includeSubDomains", "", "has no max-age; write e.g. hsts max-age=31536000"},
		{"max-age not a number", "hsts max-age=year", "", "max-age that is not a number of seconds"},
		{"max-age zero", "hsts max-age=0", "", "use hsts off to send nothing"},
		{"unknown directive", "hsts max-age=600; always", "", `unknown directive "always"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Handler
			err := h.UnmarshalCaddyfile(caddyfile.NewTestDispenser("shell {\n" + tt.block + "\n}"))
			if err == nil {
				err = validateHSTS(h.HSTS)
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil || h.HSTS != tt.want {
				t.Fatalf("hsts = %q, %v; want %q", h.HSTS, err, tt.want)
			}
		})
	}
}

// A JSON value can hold what a Caddyfile line cannot: a line break to smuggle in a header.
func TestHSTSRefusesHeaderInjection(t *testing.T) {
	h := Handler{HSTS: "max-age=600\r\nSet-Cookie: x=1"}
	if err := validateHSTS(h.HSTS); err == nil {
		t.Fatal("an hsts value with a line break passed Validate")
	}
}
