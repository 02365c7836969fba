package shell

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// The shell's placeholders answer for every request, pages and the requests that get no shell
// (a page's images, scripts, fetches), so that access logs can name the market of each.
func TestPlaceholders(t *testing.T) {
	h := provisionedHandler(t, &Handler{})
	next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html")
		_, err := io.WriteString(w, "<!doctype html><title>t</title><body><p>x</p></body>")
		return err
	})
	tests := []struct {
		name, method, path, dest           string
		wantMarket, wantLocale, wantHeader string
	}{
		{"a page", http.MethodGet, "/festgeld/", "document", "de-DE", "de-DE", "public"},
		{"a page of another market", http.MethodGet, "/en-gb/savings-accounts/", "document", "en-GB", "en-GB", "public"},
		{"the market's path in upper case", http.MethodGet, "/EN-GB/savings-accounts/", "document", "en-GB", "en-GB", "public"},
		{"the login page", http.MethodGet, "/login/", "document", "de-DE", "de-DE", "login"},
		{"an image", http.MethodGet, "/en-gb/logo.png", "image", "en-GB", "en-GB", "public"},
		{"a fetch of a partial", http.MethodGet, "/login/", "empty", "de-DE", "de-DE", "login"},
		{"a form post", http.MethodPost, "/en-gb/savings-accounts/", "document", "en-GB", "en-GB", "public"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "http://localhost"+tt.path, nil)
			r.Header.Set("Sec-Fetch-Dest", tt.dest)
			repl := caddy.NewReplacer()
			r = r.WithContext(context.WithValue(r.Context(), caddy.ReplacerCtxKey, repl))
			if err := h.ServeHTTP(httptest.NewRecorder(), r, next); err != nil {
				t.Fatal(err)
			}
			for key, want := range map[string]any{
				placeholderMarket:        tt.wantMarket,
				placeholderLocale:        tt.wantLocale,
				placeholderHeaderVariant: tt.wantHeader,
				placeholderLoggedIn:      false,
			} {
				if got, ok := repl.Get(key); !ok || got != want {
					t.Errorf("{%s} = %v (%v), want %v", key, got, ok, want)
				}
			}
			if _, ok := repl.Get("http.shell.nothing"); ok {
				t.Error("the shell answers a placeholder it does not have")
			}
		})
	}
}

// provisionedHandler provisions h as Caddy would, for tests and benchmarks that call ServeHTTP
// directly; it is cleaned up with the test.
func provisionedHandler(t testing.TB, h *Handler) *Handler {
	t.Helper()
	ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
	t.Cleanup(cancel)
	if err := h.Provision(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.Cleanup() })
	return h
}
