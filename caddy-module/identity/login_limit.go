package identity

import (
	"time"

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

// newLoginStarts bounds each client to limit login starts per window; nil when limit < 1
// (the bound is off).
func newLoginStarts(limit int, window time.Duration) *ClientLimiter {
	if limit < 1 {
		return nil
	}
	return NewClientLimiter(rate.Every(window/time.Duration(limit)), limit, loginStartClients)
}

// pendingLoginWindow is the window of the bound: as long as a started login stays usable.
const pendingLoginWindow = auth.PendingTTL
