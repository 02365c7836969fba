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
// it follows its plan) and passed for a page's image ("asset"). The difference to "upstream"
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
	for _, c := range []struct{ name, dest string }{{"upstream", ""}, {"page", "document"}, {"asset", "image"}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				r := httptest.NewRequest(http.MethodGet, "http://localhost/festgeld/", nil)
				r = r.WithContext(context.WithValue(r.Context(), caddy.ReplacerCtxKey, caddy.NewReplacer()))
				r.Header.Set("Sec-Fetch-Dest", c.dest)
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
