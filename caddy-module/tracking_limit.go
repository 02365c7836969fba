package shell

import (
	"container/list"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
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

// eventLimiter holds a token bucket per client, at most max of them, least recently seen
// first out.
type eventLimiter struct {
	every rate.Limit
	burst int
	max   int

	mu      sync.Mutex
	order   *list.List // front: most recently seen
	clients map[string]*list.Element
}

type clientBucket struct {
	client string
	bucket *rate.Limiter
}

func newEventLimiter(l EventRateLimit) *eventLimiter {
	l = l.withDefaults()
	return &eventLimiter{
		every:   rate.Limit(float64(l.Events) / time.Duration(l.Window).Seconds()),
		burst:   l.Burst,
		max:     l.Clients,
		order:   list.New(),
		clients: map[string]*list.Element{},
	}
}

// allow takes one event from client's bucket at now; when it is empty it says how long the
// client should wait.
func (el *eventLimiter) allow(client string, now time.Time) (ok bool, retryAfter time.Duration) {
	el.mu.Lock()
	defer el.mu.Unlock()
	var b *rate.Limiter
	if e, found := el.clients[client]; found {
		el.order.MoveToFront(e)
		b = e.Value.(*clientBucket).bucket
	} else {
		b = rate.NewLimiter(el.every, el.burst)
		el.clients[client] = el.order.PushFront(&clientBucket{client: client, bucket: b})
		for el.order.Len() > el.max {
			last := el.order.Back()
			el.order.Remove(last)
			delete(el.clients, last.Value.(*clientBucket).client)
		}
	}
	if b.AllowN(now, 1) {
		return true, 0
	}
	// The time until one token is back: 1/rate from an empty bucket, less the part refilled.
	need := 1 - b.TokensAt(now)
	return false, time.Duration(need / float64(el.every) * float64(time.Second))
}

// size is how many clients' buckets are held.
func (el *eventLimiter) size() int {
	el.mu.Lock()
	defer el.mu.Unlock()
	return len(el.clients)
}

// clientIP is the client's address as Caddy resolved it through the server's trusted_proxies
// (a spoofed X-Forwarded-For from an untrusted peer does not change it), or the peer's.
// An IPv6 client counts by its /64: one host commonly holds a whole /64, and would otherwise
// have a fresh bucket for every address it picks.
func clientIP(r *http.Request) string {
	ip, _ := caddyhttp.GetVar(r.Context(), caddyhttp.ClientIPVarKey).(string)
	if ip == "" {
		ip = r.RemoteAddr
		if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
			ip = host
		}
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap()
	if addr.Is6() {
		if p, err := addr.Prefix(64); err == nil {
			return p.String()
		}
	}
	return addr.String()
}

// retryAfterSeconds is a Retry-After value: whole seconds, at least 1.
func retryAfterSeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}
