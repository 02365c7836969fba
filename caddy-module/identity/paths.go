package identity

import (
	"net/http"

	"github.com/shellgate/shellgate/caddy-module/rules"
)

// DecisionPath is the path the gateway's decisions on r are made on (the guard, the token
// relay, the own routes): the path as the client sent it, read the way the origin will read
// it, in lower case (rules.DecisionPath). ok is false for a path origins read in different
// ways; the handler refuses such a request, and every decision fails closed on it.
func DecisionPath(r *http.Request) (path string, ok bool) {
	p, err := rules.DecisionPath(r.URL.EscapedPath())
	return p, err == nil
}
