package shell

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// carelessOrigin personalises /page/ by the request's Authorization header, sets a cookie
// or marks the page private when told, and answers 304 to any If-None-Match: an origin a
// replayed page would go unnoticed behind.
type carelessOrigin struct {
	mu     sync.Mutex
	fields map[string]string // more header fields of every 200
	served int
	asked  []string // each request's If-None-Match
}

func (o *carelessOrigin) ServeHTTP(w http.ResponseWriter, r *http.Request) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.asked = append(o.asked, r.Header.Get("If-None-Match"))
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("ETag", `"same-for-everyone"`)
	if r.Header.Get("If-None-Match") != "" {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	o.served++
	who := "a visitor"
	if r.Header.Get("Authorization") != "" {
		who = "Alice Example, account 4711"
	}
	for k, v := range o.fields {
		// reverse_proxy adds the upstream's fields after the gateway's own
		hdr.Add(k, strings.ReplaceAll(v, "{n}", fmt.Sprint(o.served)))
	}
	_, err := fmt.Fprintf(w, "<!doctype html><html><head><title>Konto</title></head><body><main>Welcome, %s (response %d)</main></body></html>", who, o.served)
	return err
}

func (o *carelessOrigin) lastAsked() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.asked[len(o.asked)-1]
}

// A page fetched with credentials, or one that set a cookie or forbids shared storage, is
// never held by the gateway nor replayed to the next visitor of the same URL, and the next
// visitor's request is not made conditional on it: a careless origin that answers 304 to
// any validator would otherwise hand B the page A got.
func TestSharedPageMemoryNeverReplaysAPersonalPage(t *testing.T) {
	for _, tt := range []struct {
		name    string
		auth    string            // A's Authorization header
		fields  map[string]string // the origin's fields on A's page
		private bool              // A's page must not be held
	}{
		{"a visitor's page is held and revalidated", "", nil, false},
		{"Authorization: Basic", "Basic YWxpY2U6c2VjcmV0", nil, true},
		{"Authorization: Bearer", "Bearer eyJhbGciOiJub25lIn0.e30.", nil, true},
		{"Set-Cookie", "", map[string]string{"Set-Cookie": "visitor=v{n}; Path=/; HttpOnly"}, true},
		{"Cache-Control: private", "", map[string]string{"Cache-Control": "private, max-age=60"}, true},
		{"Cache-Control: no-store", "", map[string]string{"Cache-Control": "no-store"}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGateway(t, nil)
			up := &carelessOrigin{fields: tt.fields}
			g.upstream = caddyhttp.HandlerFunc(up.ServeHTTP)

			a := navigate("/page/", nil)
			if tt.auth != "" {
				a.Header.Set("Authorization", tt.auth)
			}
			resA, bodyA := g.do(a)
			if resA.StatusCode != http.StatusOK || !strings.Contains(bodyA, `data-shell="header"`) {
				t.Fatalf("A: %d %.200s", resA.StatusCode, bodyA)
			}
			body, held := g.h.plans.Held(g.h.plans.Key("localhost", "/page/", ""))
			if tt.private && (body != nil || held != nil) {
				t.Errorf("the gateway holds A's page (%d bytes, tag %v)", len(body), held)
			}

			resB, bodyB := g.do(navigate("/page/", nil))
			asked := up.lastAsked()
			if !tt.private {
				// The control: this harness does hold and revalidate a visitor's page.
				if asked == "" || bodyB != bodyA {
					t.Fatalf("a visitor's page was not revalidated (If-None-Match %q)", asked)
				}
				return
			}
			if asked != "" {
				t.Errorf("B's request was made conditional on A's page: If-None-Match %q", asked)
			}
			if resB.StatusCode != http.StatusOK || !strings.Contains(bodyB, "(response 2)") {
				t.Errorf("B did not get a fresh page from the origin: %d %.300s", resB.StatusCode, bodyB)
			}
			if strings.Contains(bodyB, "Alice") || strings.Contains(bodyB, "(response 1)") {
				t.Errorf("B got A's page: %.300s", bodyB)
			}
			for _, c := range resB.Header.Values("Set-Cookie") {
				if strings.Contains(c, "visitor=v1") {
					t.Errorf("B got A's cookie: %s", c)
				}
			}
		})
	}
}
