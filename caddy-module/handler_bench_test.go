package shell

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"
)

// BenchmarkHandler measures the handler's own work per request, without sockets: the upstream
// alone ("upstream"), the same response spliced for a page navigation ("page", served again:
// it follows its plan), the same with a browser's cookies ("browser") and passed for a page's image ("asset"). The difference to "upstream"
// is what the shell adds; bench/run measures the whole path through bin/shellgate.
//
//	go test -run '^$' -bench Handler -benchmem ./caddy-module/
func BenchmarkHandler(b *testing.B) {
	page := []byte("<!DOCTYPE html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Festgeld</title></head><body><main>" +
		strings.Repeat("<p>Zinsen für Ihr Erspartes, <a href=\"/festgeld/\">Festgeld</a> und <b>Tagesgeld</b>.</p>\n", 1400) +
		"</main></body></html>\n")
	length := strconv.Itoa(len(page))
	upstream := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", length)
		w.WriteHeader(http.StatusOK)
		for i := 0; i < len(page); i += 32 << 10 { // as reverse_proxy hands it over
			if _, err := w.Write(page[i:min(i+32<<10, len(page))]); err != nil {
				return err
			}
		}
		return nil
	})
	h := provisionedHandler(b, &Handler{})
	h.logger = zap.NewNop()
	// A browser's usual Cookie header on a bank's site: its device id, consent, analytics and
	// the cookies of the site's other apps; every step that reads a cookie reads this one.
	browserCookies := "_ga=GA1.1.1384211095.1732700000; _ga_Q1W2E3R4T5=GS1.1.1732700000.3.1.1732700100.0.0.0; " +
		"OptanonConsent=isGpcEnabled=0&datestamp=Fri+Nov+27+2026&version=202409.1.0&groups=C0001%3A1%2CC0002%3A0; " +
		"OptanonAlertBoxClosed=2026-11-27T09:12:44.112Z; savings_app_lang=de; savings_app_csrf=3f9c1e0a7b; " +
		"shell_device=device-6f1c9a52-3b7e-4d0a-9c55-0e2f8b1d7a34; _uetvid=0a1b2c3d4e5f11ef9a0b1c2d3e4f5a6b"
	for _, c := range []struct{ name, dest, cookies string }{{"upstream", "", ""}, {"page", "document", ""}, {"asset", "image", ""},
		{"browser", "document", browserCookies}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				r := httptest.NewRequest(http.MethodGet, "http://localhost/festgeld/", nil)
				r = r.WithContext(context.WithValue(r.Context(), caddy.ReplacerCtxKey, caddy.NewReplacer()))
				r.Header.Set("Sec-Fetch-Dest", c.dest)
				if c.cookies != "" {
					r.Header["Cookie"] = []string{c.cookies}
				}
				w := &discardResponse{header: http.Header{}}
				var err error
				if c.name == "upstream" {
					err = upstream.ServeHTTP(w, r)
				} else {
					err = h.ServeHTTP(w, r, upstream)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// discardResponse is a ResponseWriter that keeps nothing.
type discardResponse struct{ header http.Header }

func (d *discardResponse) Header() http.Header         { return d.header }
func (d *discardResponse) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardResponse) WriteHeader(int)             {}

// Flush is there as in net/http's writer: a page's output flushes once its bytes waited
// (output.go), which on a loaded machine happens within a benchmark's response.
func (d *discardResponse) Flush() {}
