package identity

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// The Host header is the client's to choose. A URL the gateway builds for the browser or the
// provider (the login's redirect_uri, market links) names a configured host only: a market
// host (`host <name> <locale>`) or one of identity's login_hosts. Outside production, a
// loopback host (localhost, *.localhost, 127.0.0.1, [::1]) also passes, so the demo and the
// tests on http://localhost:8080 log in with nothing to configure.

// requestHost is a Host header read strictly: a lower-case name or IP literal and an
// optional decimal port.
type requestHost struct {
	name string // lower case; an IPv6 literal keeps its brackets
	port string // digits only, "" when the Host names none
}

// parseRequestHost reads host[:port]. It refuses what no browser sends for a site: userinfo,
// a trailing dot, several ports, a port that is not a number, characters outside a host name.
func parseRequestHost(hostport string) (requestHost, bool) {
	name, port := hostport, ""
	if strings.HasPrefix(hostport, "[") {
		end := strings.IndexByte(hostport, ']')
		if end < 0 {
			return requestHost{}, false
		}
		name, port = hostport[:end+1], hostport[end+1:]
		if port != "" {
			if port[0] != ':' {
				return requestHost{}, false
			}
			port = port[1:]
		}
		addr, err := netip.ParseAddr(name[1 : len(name)-1])
		if err != nil || !addr.Is6() || addr.Zone() != "" {
			return requestHost{}, false
		}
		name = "[" + addr.String() + "]"
	} else {
		if i := strings.IndexByte(hostport, ':'); i >= 0 {
			name, port = hostport[:i], hostport[i+1:]
		}
		name = strings.ToLower(name)
		if !isHostName(name) {
			return requestHost{}, false
		}
	}
	if hostport[len(hostport)-1] == ':' {
		return requestHost{}, false
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strings.TrimLeft(port, "0123456789") != "" || port[0] == '0' {
			return requestHost{}, false
		}
	}
	return requestHost{name: name, port: port}, true
}

// isHostName tells whether s is a DNS name (letters, digits and inner hyphens in labels of
// at most 63, no empty label, so no trailing dot) or an IPv4 address, in lower case.
func isHostName(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := range len(label) {
			c := label[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// configuredHost tells whether name (lower case, no port) is a market host or a login host.
func (c *Config) configuredHost(name string) bool {
	if _, ok := c.Resolver.Hosts[name]; ok {
		return true
	}
	if c != nil {
		for _, host := range c.LoginHosts {
			if strings.EqualFold(host, name) {
				return true
			}
		}
	}
	return false
}

// errUnknownHost: the request's Host is none the gateway builds URLs for.
var errUnknownHost = errors.New("unknown host")

// SiteOrigin is scheme://host[:port] of this request for URLs back to the site (the login
// callback), when the request's Host is a configured host, or a loopback host outside
// production; else a 403 naming the fix. The port is the request's when it is a number:
// a port cannot move the URL to another host.
func (c *Config) SiteOrigin(r *http.Request) (string, error) {
	host, ok := parseRequestHost(r.Host)
	allowed := ok && (c.configuredHost(host.name) ||
		c != nil && c.Environment != auth.EnvProduction && auth.IsLoopbackHost(host.name))
	if !allowed {
		return "", caddyhttp.Error(http.StatusForbidden, fmt.Errorf("%w: logins are served only on configured hosts, not on Host %q; add the host as `hosts <name> <locale>` in the shell block or to identity `login_hosts`", errUnknownHost, r.Host))
	}
	origin := session.Scheme(r) + "://" + host.name
	if host.port != "" {
		origin += ":" + host.port
	}
	return origin, nil
}

// RequestPort is ":port" of the request's Host when it is a plain number, else "".
func RequestPort(r *http.Request) string {
	if host, ok := parseRequestHost(r.Host); ok && host.port != "" {
		return ":" + host.port
	}
	return ""
}

// validateLoginHosts checks identity's login_hosts: bare host names, as `host` takes them.
func validateLoginHosts(hosts []string) error {
	for _, host := range hosts {
		if !isHostName(strings.ToLower(host)) {
			return fmt.Errorf("shell: identity login_hosts %q is not a host name; give the bare name without scheme, port or trailing dot, e.g. www.example.de", host)
		}
	}
	return nil
}
