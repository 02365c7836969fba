package shell

import (
	"net/http"

	"github.com/shellgate/shellgate/caddy-module/rules"
)

// decisionPath is the path the gateway's decisions on r are made on (the guard, the token
// relay, the own routes): the path as the client sent it, read the way the origin will read
// it, in lower case (rules.DecisionPath). ok is false for a path origins read in different
// ways; ServeHTTP refuses such a request, and every decision fails closed on it.
func decisionPath(r *http.Request) (path string, ok bool) {
	p, err := rules.DecisionPath(r.URL.EscapedPath())
	return p, err == nil
}
