package shell

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	dto "github.com/prometheus/client_model/go"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/tracking"
)

func TestEventRelay(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
	valid := `{"eventName":"session.shown","object":"session","action":"shown","customAttributes":{"remaining":"120"}}`
	tests := []struct {
		name        string
		method      string
		contentType string
		headers     map[string]string
		body        string
		want        int
		relayed     bool
	}{
		{"same-origin event", http.MethodPost, "application/json", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}, valid, http.StatusAccepted, true},
		{"charset in the type", http.MethodPost, "application/json; charset=utf-8", nil, valid, http.StatusAccepted, true},
		{"cross-site", http.MethodPost, "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, valid, http.StatusForbidden, false},
		{"other origin", http.MethodPost, "application/json", map[string]string{"Origin": "https://evil.example"}, valid, http.StatusForbidden, false},
		{"GET", http.MethodGet, "", nil, "", http.StatusMethodNotAllowed, false},
		{"form post", http.MethodPost, "application/x-www-form-urlencoded", nil, "eventName=x", http.StatusUnsupportedMediaType, false},
		{"no name", http.MethodPost, "application/json", nil, `{"object":"x"}`, http.StatusBadRequest, false},
		{"unknown field", http.MethodPost, "application/json", nil, `{"eventName":"x","token":"abc"}`, http.StatusBadRequest, false},
		{"two events", http.MethodPost, "application/json", nil, valid + valid, http.StatusBadRequest, false},
		{"eleven attributes", http.MethodPost, "application/json", nil, `{"eventName":"x","customAttributes":{"a":"1","b":"1","c":"1","d":"1","e":"1","f":"1","g":"1","h":"1","i":"1","j":"1","k":"1"}}`, http.StatusBadRequest, false},
		{"too big", http.MethodPost, "application/json", nil, `{"eventName":"x","description":"` + strings.Repeat("x", 20<<10) + `"}`, http.StatusRequestEntityTooLarge, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "http://localhost/_shell/events", strings.NewReader(tt.body))
			if tt.contentType != "" {
				r.Header.Set("Content-Type", tt.contentType)
			}
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
			res, body := g.do(r)
			if res.StatusCode != tt.want {
				t.Fatalf("POST /_shell/events = %d %s, want %d", res.StatusCode, body, tt.want)
			}
			if tt.relayed {
				if e := g.collector.next(t); e.EventName != "session.shown" || e.CustomAttributes["remaining"] != "120" {
					t.Errorf("collector got %+v, want the shell's event", e)
				}
			}
		})
	}
	select {
	case <-g.collector.got:
		t.Error("a refused event reached the collector")
	case <-time.After(100 * time.Millisecond):
	}
}

func TestEventRelayWithoutCollector(t *testing.T) {
	g := newTestGateway(t, nil)
	r := httptest.NewRequest(http.MethodPost, "http://localhost/_shell/events", strings.NewReader(`{"eventName":"x"}`))
	r.Header.Set("Content-Type", "application/json")
	if res, body := g.do(r); res.StatusCode != http.StatusNoContent {
		t.Fatalf("without a collector: %d %s, want 204 (the event is dropped quietly)", res.StatusCode, body)
	}
}

func TestSessionEndIsTracked(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
	cookie := g.login("DE5000001")
	g.clock.Advance(6 * time.Minute) // past the idle timeout (5m), within the store's grace
	if res, _ := g.do(navigate("/festgeld/", cookie)); res.StatusCode != http.StatusOK {
		t.Fatalf("page after the session ended: %d", res.StatusCode)
	}
	if e := g.collector.next(t); e.EventName != "session.idle" || e.Object != "session" {
		t.Errorf("tracking event %+v, want session.idle", e)
	}
}

// postEvent is a same-origin POST /_shell/events of body from the client at ip.
func postEvent(body, ip string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "http://localhost/_shell/events", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.RemoteAddr = net.JoinHostPort(ip, "40000")
	return r
}

// TestEventRouteRefusesTheEdgesOwnEvents: a page's script posting the events the edge itself
// sends (a session ended, a customer redirected) would forge the edge's word in the
// platform's figures; it gets 403 and the collector never sees the event.
func TestEventRouteRefusesTheEdgesOwnEvents(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
	for _, body := range []string{
		`{"eventName":"session.logout","object":"session","action":"logout"}`,
		`{"eventName":"Session.Logout"}`,
		`{"eventName":"session.idle"}`,
		`{"eventName":"session.expired"}`,
		`{"eventName":"session.refresh-token-expired"}`,
		`{"eventName":"session.failed"}`,
		`{"eventName":"session.account-switch","customAttributes":{"direction":"back-to-login"}}`,
		`{"eventName":"customer-redirect","customAttributes":{"target":"cdvc"}}`,
		`{"eventName":"login.succeeded","zone":"edge","component":"shellgate"}`,
	} {
		res, out := g.do(postEvent(body, "198.51.100.7"))
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("browser posts %s: %d %s, want 403", body, res.StatusCode, out)
		}
	}
	select {
	case <-g.collector.got:
		t.Fatalf("an edge-only event from a browser reached the collector: %+v", g.collector.events)
	case <-time.After(100 * time.Millisecond):
	}
	// The shell's own events still go through.
	if res, out := g.do(postEvent(`{"eventName":"session.shown","object":"session","action":"shown"}`, "198.51.100.7")); res.StatusCode != http.StatusAccepted {
		t.Fatalf("the shell's session.shown: %d %s, want 202", res.StatusCode, out)
	}
}

// TestEdgeEventNamesAreReserved: every session end reason the identity steps give makes an
// event name the route refuses from browsers.
func TestEdgeEventNamesAreReserved(t *testing.T) {
	expired, _, _ := auth.RefreshOutcome(auth.ErrRefreshExpired)
	failed, _, _ := auth.RefreshOutcome(auth.ErrRefreshRejected)
	for _, reason := range []string{"idle", "expired", "logout", expired, failed} {
		if e := (tracking.Event{EventName: tracking.SessionEnd(reason)}); !tracking.EdgeOnly(&e) {
			t.Errorf("the edge's session end event %q is not reserved", e.EventName)
		}
	}
}

// TestEventRouteRateLimitsEachClient: one client's burst of 100 events reaches the collector
// only up to the burst; the rest get 429 with Retry-After. Another client is not affected.
func TestEventRouteRateLimitsEachClient(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
	const event = `{"eventName":"menu.open","object":"menu","action":"open"}`
	refusedBefore := eventsRefused(t, "rate-limit")
	accepted, limited := 0, 0
	for range 100 {
		res, out := g.do(postEvent(event, "203.0.113.9"))
		switch res.StatusCode {
		case http.StatusAccepted:
			accepted++
		case http.StatusTooManyRequests:
			limited++
			if ra, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
				t.Fatalf("429 with Retry-After %q, want whole seconds 1 to 60", res.Header.Get("Retry-After"))
			}
		default:
			t.Fatalf("event: %d %s", res.StatusCode, out)
		}
	}
	if accepted > DefaultEventBurst || accepted+limited != 100 {
		t.Fatalf("one client's 100 events: %d accepted, %d limited; want at most the burst (%d) accepted, the rest 429", accepted, limited, DefaultEventBurst)
	}
	if n := eventsRefused(t, "rate-limit") - refusedBefore; n != float64(limited) {
		t.Errorf("shellgate_events_refused_total{reason=rate-limit} rose by %v, want %d", n, limited)
	}
	for range accepted {
		g.collector.next(t)
	}
	select {
	case <-g.collector.got:
		t.Fatalf("the collector saw more than the %d accepted events", accepted)
	case <-time.After(100 * time.Millisecond):
	}

	// Another client, and the same client behind another port, as Caddy sees them.
	if res, out := g.do(postEvent(event, "203.0.113.10")); res.StatusCode != http.StatusAccepted {
		t.Fatalf("another client's event: %d %s, want 202", res.StatusCode, out)
	}
	g.collector.next(t)
	// A spoofed X-Forwarded-For does not give a new bucket: the edge counts the address Caddy
	// resolved through trusted_proxies (here: none, so the peer).
	r := postEvent(event, "203.0.113.9")
	r.Header.Set("X-Forwarded-For", "192.0.2.200")
	if res, _ := g.do(r); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a spoofed X-Forwarded-For escaped the limit: %d", res.StatusCode)
	}
	// Another address of the same IPv6 /64 shares the bucket.
	for i := range DefaultEventBurst + 1 {
		g.do(postEvent(event, "2001:db8::"+strconv.Itoa(i+1)))
	}
	if res, _ := g.do(postEvent(event, "2001:db8::ffff")); res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("another address of the same /64: %d, want 429", res.StatusCode)
	}
	// The bucket refills with time: a minute later the client may send again.
	g.clock.Advance(time.Minute)
	if res, _ := g.do(postEvent(event, "203.0.113.9")); res.StatusCode != http.StatusAccepted {
		t.Fatalf("a minute later: %d, want 202", res.StatusCode)
	}
}

// TestEventRouteCountsTheAddressCaddyResolved: behind a trusted proxy, Caddy puts the real
// client's address in its client_ip variable; the limit counts that, not the proxy's.
func TestEventRouteCountsTheAddressCaddyResolved(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
	const event = `{"eventName":"menu.open"}`
	for i := range DefaultEventBurst + 5 {
		r := postEvent(event, "10.0.0.1") // the load balancer
		ctx := context.WithValue(r.Context(), caddyhttp.VarsCtxKey, map[string]any{caddyhttp.ClientIPVarKey: "198.51.100." + strconv.Itoa(i+1)})
		if res, out := g.do(r.WithContext(ctx)); res.StatusCode != http.StatusAccepted {
			t.Fatalf("client %d behind the proxy: %d %s, want 202 (each client has its own bucket)", i+1, res.StatusCode, out)
		}
	}
}

func TestEventLimiterHoldsAtMostClients(t *testing.T) {
	l := newEventLimiter(EventRateLimit{Clients: 100})
	now := time.Unix(1_700_000_000, 0)
	for i := range 10_000 {
		l.Allow("client-"+strconv.Itoa(i), now)
	}
	if n := l.Size(); n != 100 {
		t.Fatalf("after 10000 clients the limiter holds %d buckets, want at most 100", n)
	}
}

// eventsRefused reads shellgate_events_refused_total{reason}.
func eventsRefused(t *testing.T, reason string) float64 {
	t.Helper()
	var m dto.Metric
	if err := shellMetrics.eventsRefused.WithLabelValues(reason).Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}
