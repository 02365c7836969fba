package shell

import (
	"fmt"
	"time"

	"github.com/caddyserver/caddy/v2"
	"golang.org/x/time/rate"
)

// Defaults of the per-client limit on POST /_shell/events: a shell sends a handful of events
// a page (countdown shown, extended, a menu opened), so 30 a minute with a burst of 20 leaves
// a real visitor room and stops a script from flooding the collector.
const (
	DefaultEventRate    = 30
	DefaultEventWindow  = time.Minute
	DefaultEventBurst   = 20
	DefaultEventClients = 10000
)

// EventRateLimit bounds the shell events one client may send through POST /_shell/events,
// as a token bucket per client IP (the IP Caddy sees through its trusted_proxies). Past it
// the edge answers 429 with Retry-After and drops the event.
type EventRateLimit struct {
	// Events is how many events a client may send per Window, on average. Default: 30.
	Events int `json:"events,omitempty"`
	// Window is the interval Events are counted over. Default: 1m.
	Window caddy.Duration `json:"window,omitempty"`
	// Burst is how many events a client may send at once before the rate applies. Default: 20.
	Burst int `json:"burst,omitempty"`
	// Clients bounds how many clients' buckets the edge keeps; past it the least recently
	// seen client's bucket is dropped, so a flood of addresses cannot grow memory without
	// bound. Default: 10000.
	Clients int `json:"clients,omitempty"`
}

// withDefaults fills the zero fields.
func (l EventRateLimit) withDefaults() EventRateLimit {
	if l.Events == 0 {
		l.Events = DefaultEventRate
	}
	if l.Window == 0 {
		l.Window = caddy.Duration(DefaultEventWindow)
	}
	if l.Burst == 0 {
		l.Burst = DefaultEventBurst
	}
	if l.Clients == 0 {
		l.Clients = DefaultEventClients
	}
	return l
}

// validate says what to write instead of a limit out of range.
func (l EventRateLimit) validate() error {
	switch {
	case l.Events < 0 || l.Events > 1_000_000:
		return fmt.Errorf("shell: tracking rate_limit events %d is out of range; give 1 to 1000000 events per window (default %d)", l.Events, DefaultEventRate)
	case l.Window < 0 || (l.Window > 0 && time.Duration(l.Window) < time.Second) || time.Duration(l.Window) > 24*time.Hour:
		return fmt.Errorf("shell: tracking rate_limit window %s is out of range; give 1s to 24h (default %s)", time.Duration(l.Window), DefaultEventWindow)
	case l.Burst < 0 || l.Burst > 10_000:
		return fmt.Errorf("shell: tracking rate_limit burst %d is out of range; give 1 to 10000 events (default %d)", l.Burst, DefaultEventBurst)
	case l.Clients < 0 || l.Clients > 10_000_000:
		return fmt.Errorf("shell: tracking rate_limit clients %d is out of range; give 1 to 10000000 (default %d)", l.Clients, DefaultEventClients)
	}
	return nil
}

// newEventLimiter is the per-client bucket of l (its zero fields at their defaults).
func newEventLimiter(l EventRateLimit) *clientLimiter {
	l = l.withDefaults()
	return newClientLimiter(rate.Limit(float64(l.Events)/time.Duration(l.Window).Seconds()), l.Burst, l.Clients)
}
