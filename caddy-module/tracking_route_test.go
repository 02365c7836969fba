package shell

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
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
