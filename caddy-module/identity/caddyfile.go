package identity

import (
	"strconv"
	"strings"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
)

// ParseCaddyfile reads the identity block inside the shell block; the dispenser is at the
// `identity` token. Syntax:
//
//	identity {
//		providers DEU|GBR <issuer-url> {   (one per region; repeat for the other)
//			client_id     <id>
//			client_secret <{env.NAME} or {file./path}>
//			client_key    <PEM private key: path, {file./path} or {env.NAME}>  (private_key_jwt)
//			logout        keycloak|revocation|none  (default: keycloak, else revocation)
//		}
//		environment        local|development|staging|onboarding|production|<namespace>
//		session_store      memory [max_sessions <n>]
//		session_store      redis {
//			addrs           <host:port>...
//			sentinel_master <name>
//			username        <name>
//			password        <{env.NAME} or {file./path}>
//			db              <n>
//			tls [{ ca <pem> cert <pem> key <pem> server_name <name> }]
//		}
//		session_keys       <{env.NAME} or {file./path}>
//		idle_timeout       <duration>
//		max_session        <duration>
//		protect            <path>...
//		guard_bypass       on|off
//		guard_fallback     <path>
//		reauth             <path>... [GET|HEAD|POST|PUT|PATCH|DELETE...] <max_age>
//		api_relay          <path prefix> <upstream>|off
//		pension_logout_url <url>
//		keycloak_logout    on|off
//		auto_extend        on|off
//		stop_refreshing    on|off
//		local_timeout      on|off
//		login_hosts        <host>...
//		pending_logins_per_client <n>|off
//	}
func ParseCaddyfile(d *caddyfile.Dispenser) (*Config, error) {
	if d.NextArg() {
		return nil, d.Errf("identity takes no arguments, only a block: identity { providers DEU <issuer-url> }")
	}
	id := new(Config)
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch opt := d.Val(); opt {
		case "provider":
			// Named as its JSON field since issue 17: say what to write instead.
			return nil, d.Errf("identity option provider is now providers, as its JSON field; write providers %s", strings.Join(d.RemainingArgs(), " "))
		case "providers":
			p, err := parseProvider(d)
			if err != nil {
				return nil, err
			}
			id.Providers = append(id.Providers, p)
		case "environment":
			if !d.AllArgs(&id.Environment) {
				return nil, d.Errf("environment takes one value: local, development, staging, onboarding, production or a namespace name")
			}
		case "session_store":
			s, err := parseSessionStore(d)
			if err != nil {
				return nil, err
			}
			id.SessionStore = s
		case "session_keys":
			if !d.AllArgs(&id.SessionKeys) {
				return nil, d.Errf("session_keys takes one value, e.g. {env.SHELLGATE_SESSION_KEYS} or {file./run/secrets/session-keys}")
			}
		case "idle_timeout":
			var v string
			if !d.AllArgs(&v) {
				return nil, d.Errf("idle_timeout takes one duration, e.g. 5m")
			}
			dur, err := caddy.ParseDuration(v)
			if err != nil {
				return nil, d.Errf("idle_timeout %q is not a duration; give one such as 5m", v)
			}
			id.IdleTimeout = caddy.Duration(dur)
		case "max_session":
			var v string
			if !d.AllArgs(&v) {
				return nil, d.Errf("max_session takes one duration, e.g. 12h")
			}
			dur, err := caddy.ParseDuration(v)
			if err != nil {
				return nil, d.Errf("max_session %q is not a duration; give one such as 12h", v)
			}
			if dur <= 0 {
				// 0 would read as "not given" (the default) in JSON: say so rather than guess.
				return nil, d.Errf("max_session %s is not positive; give one such as 12h, at most 12h (there is no session without an absolute timeout)", v)
			}
			id.MaxSession = caddy.Duration(dur)
		case "protect":
			paths := d.RemainingArgs()
			if len(paths) == 0 {
				return nil, d.Errf("protect takes one or more paths, e.g. protect /postbox/* /documents")
			}
			id.Protect = append(id.Protect, paths...)
		case "guard_bypass":
			b, err := parseOnOff(d)
			if err != nil {
				return nil, err
			}
			id.GuardBypass = *b
		case "guard_fallback":
			if !d.AllArgs(&id.GuardFallback) {
				return nil, d.Errf("guard_fallback takes one site path, e.g. guard_fallback /access-denied/")
			}
		case "reauth":
			rule, err := parseReauthRule(d)
			if err != nil {
				return nil, err
			}
			id.Reauth = append(id.Reauth, rule)
		case "api_relay":
			// The upstream is required: without it the relay would have nowhere safe to
			// send the token (the content site behind the shell must never get it).
			switch args := d.RemainingArgs(); {
			case len(args) == 1 && args[0] == relayOff:
				id.APIRelay = relayOff
			case len(args) == 2:
				id.APIRelay, id.APIRelayUpstream = args[0], args[1]
			case len(args) == 1:
				return nil, d.Errf("api_relay %s needs the API upstream it relays to; add it, e.g. api_relay %s https://api.example.com (never the content site), or write api_relay off", args[0], args[0])
			default:
				return nil, d.Errf("api_relay takes a path prefix and the API upstream, e.g. api_relay /rest/open_api/v2 https://api.example.com, or off")
			}
		case "pension_logout_url":
			if !d.AllArgs(&id.PensionLogoutURL) {
				return nil, d.Errf("pension_logout_url takes one URL, e.g. https://pension.example/logout")
			}
		case "login_hosts":
			hosts := d.RemainingArgs()
			if len(hosts) == 0 {
				return nil, d.Errf("login_hosts takes one or more host names, e.g. login_hosts www.example.de")
			}
			id.LoginHosts = append(id.LoginHosts, hosts...)
		case "pending_logins_per_client":
			var v string
			if !d.AllArgs(&v) {
				return nil, d.Errf("pending_logins_per_client takes one number, e.g. 10, or off")
			}
			if v == "off" {
				id.PendingLoginsPerClient = -1
			} else if n, err := strconv.Atoi(v); err != nil || n < 1 {
				return nil, d.Errf("pending_logins_per_client %q is not a number of logins; give one such as 10, or off", v)
			} else {
				id.PendingLoginsPerClient = n
			}
		case "keycloak_logout", "auto_extend", "stop_refreshing", "local_timeout":
			b, err := parseOnOff(d)
			if err != nil {
				return nil, err
			}
			switch opt {
			case "keycloak_logout":
				id.KeycloakLogout = b
			case "auto_extend":
				id.AutoExtend = b
			case "local_timeout":
				id.LocalTimeout = b
			default:
				id.StopRefreshing = b
			}
		default:
			return nil, d.Errf("unknown identity option %q; the options are providers, environment, session_store, session_keys, idle_timeout, max_session, protect, guard_bypass, guard_fallback, reauth, api_relay, pension_logout_url, keycloak_logout, auto_extend, stop_refreshing, local_timeout, login_hosts and pending_logins_per_client", opt)
		}
	}
	return id, nil
}

// parseReauthRule reads `reauth <path>... [METHOD...] <max_age>`, e.g.
// `reauth /payout/* /bank-details 5m` or `reauth /rest/open_api/v2/payouts POST 5m`; the
// option may repeat, one rule each.
func parseReauthRule(d *caddyfile.Dispenser) (ReauthRule, error) {
	var r ReauthRule
	args := d.RemainingArgs()
	if len(args) < 2 {
		return r, d.Errf("reauth takes paths, optional methods and the most a login may be old, e.g. reauth /payout/* /bank-details 5m or reauth /payout/* POST 5m")
	}
	last := args[len(args)-1]
	dur, err := caddy.ParseDuration(last)
	if err != nil {
		return r, d.Errf("reauth ends with the most a login may be old; %q is not a duration, give one such as 5m: reauth %s 5m", last, strings.Join(args, " "))
	}
	r.MaxAge = caddy.Duration(dur)
	for _, a := range args[:len(args)-1] {
		switch {
		case strings.HasPrefix(a, "/"):
			if len(r.Methods) > 0 {
				return r, d.Errf("reauth path %q after a method: give the paths first, then the methods, then the max age, e.g. reauth /payout/* POST 5m", a)
			}
			r.Paths = append(r.Paths, a)
		case strings.ToUpper(a) == a && a != "":
			r.Methods = append(r.Methods, a)
		default:
			return r, d.Errf("reauth %q is neither a path (starting with /) nor a method in upper case (GET, POST, ...)", a)
		}
	}
	if len(r.Paths) == 0 {
		return r, d.Errf("reauth needs one or more paths before the max age, e.g. reauth /payout/* 5m")
	}
	if d.NextBlock(d.Nesting()) {
		return r, d.Errf("reauth takes no block; write reauth <path>... [METHOD...] <max_age>, e.g. reauth /payout/* 5m")
	}
	return r, nil
}

func parseProvider(d *caddyfile.Dispenser) (Provider, error) {
	var p Provider
	if !d.Args(&p.Region, &p.Issuer) || d.NextArg() {
		return p, d.Errf("providers takes a region and an issuer URL, e.g. providers DEU https://auth.example/auth/realms/global")
	}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch d.Val() {
		case "client_id":
			if !d.AllArgs(&p.ClientID) {
				return p, d.Errf("client_id takes one value, e.g. login")
			}
		case "client_secret":
			if !d.AllArgs(&p.ClientSecret) {
				return p, d.Errf("client_secret takes one value, e.g. {env.SHELLGATE_CLIENT_SECRET}")
			}
		case "client_key":
			if !d.AllArgs(&p.ClientKey) {
				return p, d.Errf("client_key takes one value, the PEM private key's file, e.g. /run/secrets/client-key.pem or {file./run/secrets/client-key.pem}")
			}
		case "logout":
			if !d.AllArgs(&p.Logout) {
				return p, d.Errf("logout takes one value: keycloak, revocation or none")
			}
		default:
			return p, d.Errf("unknown provider option %q; the options are client_id, client_secret, client_key and logout", d.Val())
		}
	}
	return p, nil
}

func parseSessionStore(d *caddyfile.Dispenser) (*SessionStore, error) {
	s := new(SessionStore)
	if !d.NextArg() {
		return nil, d.Errf("session_store takes memory or redis")
	}
	s.Kind = d.Val()
	switch s.Kind {
	case StoreMemory:
		args := d.RemainingArgs()
		switch {
		case len(args) == 0:
		case len(args) == 2 && args[0] == "max_sessions":
			n, err := strconv.Atoi(args[1])
			if err != nil || n <= 0 {
				return nil, d.Errf("max_sessions %q is not a positive number; give one such as 100000", args[1])
			}
			s.MaxSessions = n
		default:
			return nil, d.Errf("session_store memory takes only max_sessions <n>, e.g. session_store memory max_sessions 100000")
		}
	case StoreRedis:
		if d.NextArg() {
			return nil, d.Errf("session_store redis takes a block: session_store redis { addrs localhost:6379 }")
		}
		for nesting := d.Nesting(); d.NextBlock(nesting); {
			switch d.Val() {
			case "addrs":
				addrs := d.RemainingArgs()
				if len(addrs) == 0 {
					return nil, d.Errf("addrs takes one or more host:port, e.g. addrs localhost:6379")
				}
				s.Addrs = append(s.Addrs, addrs...)
			case "sentinel_master":
				if !d.AllArgs(&s.SentinelMaster) {
					return nil, d.Errf("sentinel_master takes the master's name, e.g. mymaster")
				}
			case "username":
				if !d.AllArgs(&s.Username) {
					return nil, d.Errf("username takes one value")
				}
			case "password":
				if !d.AllArgs(&s.Password) {
					return nil, d.Errf("password takes one value, e.g. {env.REDIS_PASSWORD}")
				}
			case "db":
				var v string
				if !d.AllArgs(&v) {
					return nil, d.Errf("db takes one number, e.g. db 0")
				}
				n, err := strconv.Atoi(v)
				if err != nil {
					return nil, d.Errf("db %q is not a number; give one such as 0", v)
				}
				s.DB = n
			case "tls":
				t, err := parseRedisTLS(d) // redis_tls.go
				if err != nil {
					return nil, err
				}
				s.TLS = t
			default:
				return nil, d.Errf("unknown session_store redis option %q; the options are addrs, sentinel_master, username, password, db and tls", d.Val())
			}
		}
	default:
		return nil, d.Errf("session_store %q is not a store; use memory or redis", s.Kind)
	}
	return s, nil
}

func parseOnOff(d *caddyfile.Dispenser) (*bool, error) {
	opt := d.Val()
	var v string
	if !d.AllArgs(&v) {
		return nil, d.Errf("%s takes on or off", opt)
	}
	switch strings.ToLower(v) {
	case "on":
		b := true
		return &b, nil
	case "off":
		b := false
		return &b, nil
	}
	return nil, d.Errf("%s %q is neither on nor off", opt, v)
}
