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
		// The identity steps resolve the market on their own (the login page check and the
		// access guard twice in identity_serve.go and guard.go, the sessions page check in
		// sessions_page.go) until the identity package takes the visit's market; every other
		// step uses the visit's. Before the visit: 6 and 8.
		{"anonymous page", navigate("/festgeld/", nil), 1 + identityResolutions},
		{"logged-in page", navigate("/festgeld/", cookie), 1 + identityResolutions},
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

// identityResolutions are the market resolutions of the identity steps of a page.
const identityResolutions = 4

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
