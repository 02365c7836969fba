package identity

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp/headers"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp/reverseproxy"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/rules"
)

// The token relay: requests under the API prefix go, with the session's access token as a
// bearer token, to the API upstream the operator names for the relay, through the relay's
// own reverse proxy. Never to the shell's next handler: that is the content site, which must
// never see a customer's token. The browser never holds a token, so this is the only way its
// calls reach the APIs authenticated.

// relayRuntime is the relay's own reverse proxy to the operator's API upstream.
type relayRuntime struct {
	proxy     *reverseproxy.Handler
	transport *reverseproxy.HTTPTransport
}

// underRelay tells whether a request's decision path (decisionPath: cleaned, lower case) is
// under the relay prefix, read the same way whatever spelling it is configured in:
// /REST/open_api/v2/x and //rest/open_api/v2/x are relay requests too, never pages for the
// content origin.
func underRelay(prefix, path string) bool {
	if prefix == "" || prefix == relayOff {
		return false
	}
	prefix, err := rules.DecisionPath(prefix)
	if err != nil {
		return false
	}
	prefix = strings.TrimSuffix(prefix, "/")
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// RelayFollows fills the relay from the customer block when the operator named no relay:
// the customer API's path prefix (defaultPrefix when its URL has none) goes to the customer
// API's origin, the one API the edge already sends the customer's token to. The handler calls
// it before Provision and Validate; without a customer block the relay stays off.
func (c *Config) RelayFollows(customerAPI, defaultPrefix string) {
	id := c
	if id == nil || id.APIRelay != "" || id.APIRelayUpstream != "" {
		return
	}
	u, err := url.Parse(customerAPI)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return // the customer block's own validation says what is wrong
	}
	prefix := strings.TrimSuffix(u.Path, "/")
	if prefix == "" {
		prefix = defaultPrefix
	}
	id.APIRelay = prefix
	id.APIRelayUpstream = u.Scheme + "://" + u.Host
	id.relayFromCustomer = true
}

// validateRelay checks the relay's prefix and upstream; it runs after setRelayDefaults.
func (id *Config) validateRelay() error {
	prefix, upstream := id.APIRelay, id.APIRelayUpstream
	switch {
	case prefix == relayOff && upstream != "":
		return fmt.Errorf("shell: identity api_relay is off but api_relay_upstream is %q; remove the upstream, or give the prefix to relay, e.g. api_relay /rest/open_api/v2 %s", upstream, upstream)
	case prefix == relayOff || prefix == "" && upstream == "":
		return nil
	case prefix == "":
		return fmt.Errorf("shell: identity api_relay_upstream %q needs the path prefix to relay; add api_relay, e.g. /rest/open_api/v2", upstream)
	}
	if !strings.HasPrefix(prefix, "/") || prefix == "/" || strings.HasPrefix(prefix, routePrefix) || strings.ContainsAny(prefix, "*? ") {
		return fmt.Errorf("shell: identity api_relay %q is not a path prefix; give one such as /rest/open_api/v2, or off", prefix)
	}
	if upstream == "" {
		return fmt.Errorf("shell: identity api_relay %s has no upstream: the relay sends the customer's bearer token to the API origin you name, never to the content site; write `api_relay %s https://api.example.com` (JSON: api_relay_upstream), or api_relay off", prefix, prefix)
	}
	if _, err := relayUpstream(upstream, prefix, id.Environment); err != nil {
		if id.relayFromCustomer {
			return fmt.Errorf("%w (the relay follows customer api unless you write api_relay <prefix> <upstream> or api_relay off)", err)
		}
		return err
	}
	return nil
}

// relayUpstream parses the relay's upstream: an http(s) origin, plain http only outside
// production or on this machine. A path is allowed only when it is the prefix itself (the
// customer API's base URL), because the relay passes the request path on unchanged.
func relayUpstream(raw, prefix, environment string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		if err == nil {
			raw = u.Redacted() // no password in an error message
		}
		return nil, fmt.Errorf("shell: identity api_relay upstream %q is not an http(s) origin; give one such as https://api.example.com", raw)
	}
	if p := strings.TrimSuffix(u.Path, "/"); p != "" && p != strings.TrimSuffix(prefix, "/") {
		return nil, fmt.Errorf("shell: identity api_relay upstream %q has the path %s, but the relay passes the request path (%s/...) on unchanged; give the origin only, e.g. %s://%s", raw, u.Path, strings.TrimSuffix(prefix, "/"), u.Scheme, u.Host)
	}
	if u.Scheme == "http" && environment == auth.EnvProduction && !auth.IsLoopbackHost(u.Hostname()) {
		return nil, fmt.Errorf("shell: identity api_relay upstream %q uses plain http: in environment production the bearer token goes over https only; give https://%s, or set the identity environment (e.g. development) of a test setup", raw, u.Host)
	}
	return u, nil
}

// provisionRelay builds the relay's reverse proxy to its upstream, or nothing when the
// relay is off. The proxy sets the upstream's Host and makes every relayed answer private.
func (c *Config) provisionRelay(ctx caddy.Context) (*relayRuntime, error) {
	id := c
	if id.APIRelay == "" || id.APIRelay == relayOff {
		return nil, nil
	}
	u, err := relayUpstream(id.APIRelayUpstream, id.APIRelay, id.Environment)
	if err != nil {
		return nil, err
	}
	dial := u.Host
	if u.Port() == "" {
		port := "80"
		if u.Scheme == "https" {
			port = "443"
		}
		dial = net.JoinHostPort(u.Hostname(), port)
	}
	transport := &reverseproxy.HTTPTransport{}
	if u.Scheme == "https" {
		transport.TLS = &reverseproxy.TLSConfig{ServerName: u.Hostname()}
	}
	if err := transport.Provision(ctx); err != nil { // the proxy provisions only a default transport
		return nil, fmt.Errorf("shell: identity api_relay upstream %s: %w", u.Redacted(), err)
	}
	proxy := &reverseproxy.Handler{
		Transport: transport,
		Upstreams: reverseproxy.UpstreamPool{{Dial: dial}},
		Headers: &headers.Handler{
			Request: &headers.HeaderOps{
				// The API is named by its own host, not the market's.
				Set: http.Header{"Host": []string{u.Host}},
			},
			Response: &headers.RespHeaderOps{
				HeaderOps: &headers.HeaderOps{
					// Set, not added: an API's "public, max-age=600" must not let a
					// shared cache keep one customer's answer for the next.
					Set: http.Header{
						"Cache-Control":          []string{"private, no-store"},
						"X-Content-Type-Options": []string{"nosniff"},
					},
					Delete: []string{"Expires"},
				},
			},
		},
	}
	if err := proxy.Provision(ctx); err != nil {
		return nil, fmt.Errorf("shell: identity api_relay upstream %s: %w", u.Redacted(), err)
	}
	return &relayRuntime{proxy: proxy, transport: transport}, nil
}

// cleanup gives the relay's upstream back to Caddy's pool of hosts and closes its idle
// connections.
func (rr *relayRuntime) cleanup() error {
	if rr == nil {
		return nil
	}
	err := rr.proxy.Cleanup()
	if terr := rr.transport.Cleanup(); err == nil {
		err = terr
	}
	return err
}

// relayEnd stands after the relay's proxy, which answers every request itself: reaching it
// is a bug, and it answers 502 rather than hand the request to anything else.
var relayEnd = caddyhttp.HandlerFunc(func(http.ResponseWriter, *http.Request) error {
	return caddyhttp.Error(http.StatusBadGateway, errors.New("api relay: the proxy handed the request on"))
})

// relayAPI forwards r to the relay's upstream with the session's bearer token, or answers
// 401 when there is no session and 403 to a cross-site state-changing request. Whatever
// Authorization header the browser sent is dropped first: only the edge decides which token
// an API sees.
func (c *Config) relayAPI(w http.ResponseWriter, r *http.Request, v *Visitor) error {
	r.Header.Del("Authorization")
	rt := c.rt
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		// A form or fetch from another site carries the customer's cookie, so the edge
		// would add the token to it: refuse it as the other state-changing routes do.
		if why := CrossSite(r); why != "" {
			rt.logger.Warn("api relay: cross-site request refused",
				zap.String("method", r.Method), zap.String("prefix", c.APIRelay),
				zap.String("why", why), RequestID(r.Context()))
			WriteJSONError(w, http.StatusForbidden, "cross-site request refused")
			return nil
		}
	}
	if v == nil || v.Session == nil {
		w.Header().Set("Cache-Control", "no-store")
		WriteJSONError(w, http.StatusUnauthorized, "login required")
		return nil
	}
	if rt.relay == nil { // provisioned with the prefix; a handler never provisioned relays nothing
		return caddyhttp.Error(http.StatusBadGateway, errors.New("api relay has no upstream"))
	}
	r.Header.Set("Authorization", "Bearer "+v.Session.Tokens.AccessToken)
	DropSessionCookies(r)
	rw := &relayWriter{ResponseWriter: w}
	err := rt.relay.proxy.ServeHTTP(rw, r, relayEnd)
	if rw.status == http.StatusForbidden {
		// Spec 8, "403: handler called, auth header removed": at the edge the 403 goes to the
		// browser unchanged, the token stays at the edge (the browser never had it), and the
		// session is kept: a 403 says the customer may not do this, not that the login ended.
		// The path is not logged: it can hold a customer number; the prefix says enough.
		rt.relayForbidden.Add(1)
		c.Logger.Warn("api relay: upstream refused the request (403)",
			zap.String("method", r.Method),
			zap.String("prefix", c.APIRelay),
			zap.Int64("forbidden_total", rt.relayForbidden.Load()), RequestID(r.Context()))
	}
	return err
}

// relayWriter notes the status the upstream answered with.
type relayWriter struct {
	http.ResponseWriter
	status int
}

func (w *relayWriter) WriteHeader(code int) {
	if w.status == 0 && code >= 200 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *relayWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the real writer (flushing streamed answers).
func (w *relayWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
