package shell

import (
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"

	"github.com/shellgate/shellgate/caddy-module/auth"
)

// A login start costs the provider a login session and the gateway a sealed pending login;
// a client starting them by the thousand floods both. Each client (its IP as Caddy sees it,
// trusted_proxies applied; an IPv6 client by its /64, which one subscriber holds) may start
// a bounded number of logins in a pending login's lifetime; past that the login page
// answers 429 with Retry-After.

const (
	// defaultPendingLoginsPerClient leaves room for the many customers a carrier-grade NAT
	// or an office puts behind one IPv4 address, and for a customer retrying a few times,
	// while a flood from one address still gets no more than six starts a minute.
	defaultPendingLoginsPerClient = 60
	// loginStartClients bounds the clients remembered (about 200 bytes each): past it the
	// least recently seen is forgotten, which can only be generous to it.
	loginStartClients = 65_536
)

// loginStarts is the per-client bound on started logins: a token bucket per client that
// holds limit starts and refills one every window/limit.
type loginStarts struct {
	every   rate.Limit
	limit   int
	clients *lru.Cache[string, *rate.Limiter]
}

// newLoginStarts bounds each client to limit login starts per window; nil when limit < 1
// (the bound is off).
func newLoginStarts(limit int, window time.Duration) *loginStarts {
	if limit < 1 {
		return nil
	}
	clients, _ := lru.New[string, *rate.Limiter](loginStartClients) // errors only for size <= 0
	return &loginStarts{every: rate.Every(window / time.Duration(limit)), limit: limit, clients: clients}
}

// allow takes one start for client at now, or says how long until the next one may start.
func (l *loginStarts) allow(client string, now time.Time) (time.Duration, bool) {
	if l == nil {
		return 0, true
	}
	lim, ok := l.clients.Get(client)
	if !ok {
		lim = rate.NewLimiter(l.every, l.limit)
		if prev, found, _ := l.clients.PeekOrAdd(client, lim); found {
			lim = prev // another request of this client added one meanwhile
		}
	}
	res := lim.ReserveN(now, 1)
	if wait := res.DelayFrom(now); wait > 0 {
		res.CancelAt(now)
		return wait, false
	}
	return 0, true
}

// clientKey is whom a request counts for: the client IP Caddy worked out (trusted proxies
// applied), else the connection's address; an IPv6 address by its /64.
func clientKey(r *http.Request) string {
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

// pendingLoginWindow is the window of the bound: as long as a started login stays usable.
const pendingLoginWindow = auth.PendingTTL
