package identity

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"time"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"
)

// ClientLimiter holds a token bucket per client (clientKey), for the per-client bounds of the
// shell's events and of started logins. It remembers at most max clients, the least recently
// seen dropped first, so a flood of addresses cannot grow memory without bound; a dropped
// client starts again with a full bucket, which can only be generous to it.
type ClientLimiter struct {
	every   rate.Limit
	burst   int
	clients *lru.Cache[string, *rate.Limiter]
}

// NewClientLimiter lets each client take burst at once and one more every 1/every.
func NewClientLimiter(every rate.Limit, burst, max int) *ClientLimiter {
	clients, _ := lru.New[string, *rate.Limiter](max) // errors only for max <= 0
	return &ClientLimiter{every: every, burst: burst, clients: clients}
}

// Allow takes one token from client's bucket at now, or says how long until one is back. A
// nil limiter allows everything (the bound is off).
func (l *ClientLimiter) Allow(client string, now time.Time) (wait time.Duration, ok bool) {
	if l == nil {
		return 0, true
	}
	b, found := l.clients.Get(client)
	if !found {
		b = rate.NewLimiter(l.every, l.burst)
		if prev, had, _ := l.clients.PeekOrAdd(client, b); had {
			b = prev // another request of this client added one meanwhile
		}
	}
	res := b.ReserveN(now, 1)
	if wait := res.DelayFrom(now); wait > 0 {
		res.CancelAt(now)
		return wait, false
	}
	return 0, true
}

// Size is how many clients' buckets are held.
func (l *ClientLimiter) Size() int { return l.clients.Len() }

// ClientKey is whom a request counts for: the client's address as Caddy resolved it through
// the server's trusted_proxies (a spoofed X-Forwarded-For from an untrusted peer does not
// change it), else the connection's. An IPv6 client counts by its /64: one subscriber
// commonly holds a whole /64, and would otherwise have a fresh bucket for every address.
func ClientKey(r *http.Request) string {
	ip, _ := caddyhttp.GetVar(r.Context(), caddyhttp.ClientIPVarKey).(string)
	if ip == "" {
		ip = r.RemoteAddr
		if host, _, err := net.SplitHostPort(ip); err == nil {
			ip = host
		}
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// RetryAfterSeconds is a Retry-After value: whole seconds, at least 1.
func RetryAfterSeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}
