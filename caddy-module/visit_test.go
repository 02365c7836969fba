package shell

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
)

// TestMarketResolvedOncePerRequest counts the market resolutions of a request: the visit
// resolves the market once and every step reads it from there. An asset needs no market.
func TestMarketResolvedOncePerRequest(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	var n atomic.Int32
	g.h.resolver.counted = func() { n.Add(1) }
	cookie := g.login("DE5000001")

	_, body := g.do(navigate("/festgeld/", nil))
	asset := assetInHead.FindString(body)
	if asset == "" {
		t.Fatal("the page's head names no shell asset")
	}
	tests := []struct {
		name string
		r    *http.Request
		want int32
	}{
		// The identity steps (the login page check, the reauth rules, the access guard, the
		// sessions page check) read the visit's market through identity.Request, as every
		// other step does. Before the visit: 6 and 8; with the visit but identity resolving
		// on its own: 5 and 5.
		{"anonymous page", navigate("/festgeld/", nil), 1},
		{"logged-in page", navigate("/festgeld/", cookie), 1},
		{"asset", request(http.MethodGet, asset, nil), 0},
	}
	for _, tt := range tests {
		n.Store(0)
		res, _ := g.do(tt.r)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", tt.name, res.StatusCode)
		}
		if got := n.Load(); got != tt.want {
			t.Errorf("%s: the market was resolved %d times, want %d", tt.name, got, tt.want)
		}
	}
}

// TestMarketResolvedOnceWithoutIdentity: without identity a page's market is resolved once,
// its assets' never, and /_shell/state resolves its page's only.
func TestMarketResolvedOnceWithoutIdentity(t *testing.T) {
	g := newTestGateway(t, nil)
	var n atomic.Int32
	g.h.resolver.counted = func() { n.Add(1) }
	for _, tt := range []struct {
		name string
		r    *http.Request
		want int32
	}{
		{"page", navigate("/en-gb/festgeld/", nil), 1},
		{"state", request(http.MethodGet, "/_shell/state?path=/en-gb/festgeld/", nil), 1},
		{"page with a query", navigate("/festgeld/?regflow=partner", nil), 1},
	} {
		n.Store(0)
		res, _ := g.do(tt.r)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", tt.name, res.StatusCode)
		}
		if got := n.Load(); got != tt.want {
			t.Errorf("%s: the market was resolved %d times, want %d", tt.name, got, tt.want)
		}
	}
}
