package shell

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// anonymousPageBudget bounds what the shell adds to an anonymous visitor's de-DE page: head
// tags, header, state and footer, raw bytes as the browser receives them before compression
// (issue 19: 18.2 KB before short class names and the other cuts of docs/ui.md, "What the shell
// adds to a page"; 13.3 KB before the edge cut the rows no flag shows; 11.1 KB before the markup
// cuts that reached the goal, 9 KB). Raise it only with a reason in docs/ui.md.
const anonymousPageBudget = 9_216

func gzipLen(t *testing.T, b []byte) int {
	t.Helper()
	var buf bytes.Buffer
	z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := z.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// TestAnonymousPageCarriesLittleShell: every page a visitor opens pays for the shell's markup
// before its own; a component that grows the header or footer past the budget fails here.
func TestAnonymousPageCarriesLittleShell(t *testing.T) {
	page := []byte("<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Festgeld</title></head><body><main><h1>Festgeld</h1></main></body></html>")
	next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, err := w.Write(page)
		return err
	})
	h := provisionedHandler(t, &Handler{})
	rec := httptest.NewRecorder()
	if err := h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/festgeld/", nil), next); err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(rec.Body)
	for _, part := range []string{`<div data-shell="header"><header`, `data-shell="state"`, `<div data-shell="footer"><footer`} {
		if !bytes.Contains(body, []byte(part)) {
			t.Fatalf("no %s in the page: not the anonymous shell page this test weighs", part)
		}
	}
	added := len(body) - len(page)
	addedGzip := gzipLen(t, body) - gzipLen(t, page)
	t.Logf("the shell adds %d bytes to an anonymous de-DE page (%d gzip)", added, addedGzip)
	if added > anonymousPageBudget {
		t.Errorf("the shell adds %d bytes to an anonymous de-DE page (%d gzip), over the budget of %d: make the markup smaller (docs/ui.md)", added, addedGzip, anonymousPageBudget)
	}
}
