package identity

import "github.com/shellgate/shellgate/caddy-module/market"

// Request is what the handler already found out about a request before identity's steps:
// its decision path and its market. The handler resolves the market once per request (its
// visit) and identity reads it from here rather than resolving it again.
type Request struct {
	// Path is the decision path (DecisionPath); "" when the path cannot be decided, which
	// every decision treats as protected.
	Path string
	// Market gives the request's market, resolved at its first ask.
	Market func() market.Resolution
}

// market is the request's market; a Request without a Market resolves it from c's resolver
// (identity's own tests and benchmarks build requests that way).
func (q Request) market(c *Config, host string) market.Resolution {
	if q.Market != nil {
		return q.Market()
	}
	return c.Resolver.Resolve(host, q.Path)
}
