package identity

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/caddyserver/caddy/v2"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// Config turns on logins at the edge: OIDC with one provider per region, server-side
// sessions (in memory or Redis), the access guard and the token relay. It is the shell
// handler's `identity` (JSON and Caddyfile block); without it the gateway shows the public
// header only.
type Config struct {
	// Providers are the identity providers, one per region (DEU, GBR). A market uses its
	// region's provider, or the only one configured.
	Providers []Provider `json:"providers,omitempty"`

	// Environment is where this gateway runs: local, development, staging, onboarding,
	// production, or the name of a development namespace. It fills {env} in issuer URLs.
	// Default: production.
	Environment string `json:"environment,omitempty"`

	// SessionStore keeps the sessions: in this process (the default) or in Redis, which every
	// replica must share.
	SessionStore *SessionStore `json:"session_store,omitempty"`

	// SessionKeys seal the session records and the pending-login cookie: comma-separated
	// base64 keys of 32 bytes, the first seals, all open (rotate by putting the new key first).
	// Give Caddy's placeholder {env.SHELLGATE_SESSION_KEYS} or {file./run/secrets/session-keys},
	// never the keys.
	// Required with Redis; with the memory store a random key is made at start. The all-zero
	// demo key (compose's) is refused unless Environment is local or development.
	SessionKeys string `json:"session_keys,omitempty"`

	// IdleTimeout ends a session after this long without the customer's activity (mouse,
	// keys, touch, page loads; never the shell's automatic extension). Default: 5m (spec 9);
	// at most 30m (ASVS 4.0.3 3.3.2 at level 2, after NIST SP 800-63B AAL2).
	IdleTimeout caddy.Duration `json:"idle_timeout,omitempty"`

	// MaxSession ends a session this long after its login however active the customer is
	// (ASVS 4.0.3 3.3.2, absolute timeout), checked on every request; the customer logs in
	// again. Default: 12h, also the most allowed (NIST SP 800-63B AAL2). Caddyfile:
	// max_session 12h.
	MaxSession caddy.Duration `json:"max_session,omitempty"`

	// Protect lists the paths that need a login, under every locale base path. Default: the
	// customer area of spec section 2.3 (/postbox, /documents, ...).
	Protect []string `json:"protect,omitempty"`

	// GuardBypass lets every visitor through the protected paths (spec 6: the access guard's
	// bypass): the page is served, its shell state says canAccess and isAuthRequired. For a
	// test or preview environment whose content site checks access itself; refused in
	// environment production. Default: off (the spec's component default is on; see
	// docs/spec-deviations.md). Caddyfile: guard_bypass on|off.
	GuardBypass bool `json:"guard_bypass,omitempty"`

	// GuardFallback is the guard's fallback view (spec 6): the page, under the locale base
	// path, a visitor the guard refuses and a login would not help (a session without a
	// customer number) is sent to, with a 302. Default: none, a bare 403 (the spec's empty
	// fallback). Caddyfile: guard_fallback /access-denied/.
	GuardFallback string `json:"guard_fallback,omitempty"`

	// Reauth are the step-up rules (ASVS 4.0.3 3.7.1): a request they match whose login is
	// older than the rule's max_age goes through a fresh login first (the provider is asked
	// for max_age=0). Default: none. Caddyfile: reauth <path>... [METHOD...] <max_age>.
	Reauth []ReauthRule `json:"reauth,omitempty"`

	// APIRelay is the path prefix whose requests the relay sends to APIRelayUpstream with
	// the session's access token as a bearer token; they never reach the next handler (the
	// content site). "off" turns the relay off. Default: with a customer block, the customer
	// API's path prefix (e.g. /rest/open_api/v2) to the customer API's origin; without one,
	// off (no prefix is intercepted). Caddyfile: api_relay <prefix> <upstream> | off.
	APIRelay string `json:"api_relay,omitempty"`

	// APIRelayUpstream is where the relay sends its requests, with their path unchanged: an
	// http(s) origin such as https://api.example.com (a path, if given, must be the prefix
	// itself). Required with APIRelay. In environment production it must be https (plain
	// http only to localhost). The upstream gets its own Host, the bearer token, and none of
	// the gateway's session cookies nor the browser's Authorization header.
	APIRelayUpstream string `json:"api_relay_upstream,omitempty"`

	// PensionLogoutURL is where a logout lands when set (spec: pension logout target);
	// otherwise the locale's login page. The flag userManagementPensionLogout, when a flag
	// source names it, decides whether a logout goes there (on) or to the login page (off);
	// without the flag, a set URL is used.
	PensionLogoutURL string `json:"pension_logout_url,omitempty"`

	// KeycloakLogout calls the provider's logout also when a session times out (spec flag
	// umtFECallKeycloakLogoutOnSessionTimeout). A logout the customer asks for always ends
	// the provider's session. This is the default: the flag, when a flag source names it for
	// the request, decides instead (the sweep of sessions no request sees uses this). Default: on.
	KeycloakLogout *bool `json:"keycloak_logout,omitempty"`

	// AutoExtend refreshes the token by itself when 120 s or fewer remain. Default: on.
	AutoExtend *bool `json:"auto_extend,omitempty"`

	// StopRefreshing stops offering an extension when the session length is 120 s or less
	// (spec flag). Default: off.
	StopRefreshing *bool `json:"stop_refreshing,omitempty"`

	// LocalTimeout turns the session monitor on for environment local (spec: the local-timeout
	// flag). Without it a local session never ends for idleness and shows no countdown, so a
	// developer is not logged out while working; only the token's own expiry counts. Only
	// allowed with environment local.
	LocalTimeout *bool `json:"local_timeout,omitempty"`

	// relayFromCustomer: APIRelay and its upstream were taken from the customer block.
	relayFromCustomer bool

	// LoginHosts are host names (bare, no port) where logins may start and the provider's
	// callback lands, beside the market hosts of the shell block (`host <name> <locale>`):
	// e.g. the default market's own domain. The login's redirect_uri is built from these
	// names only, never from a Host header as sent; a login on any other host is refused
	// (403). Outside environment production, loopback hosts (localhost, *.localhost,
	// 127.0.0.1, [::1]) need no entry.
	LoginHosts []string `json:"login_hosts,omitempty"`

	// PendingLoginsPerClient bounds the logins one client (its IP as Caddy sees it, after
	// trusted_proxies; an IPv6 client by its /64) may start in 10 minutes, a started
	// login's lifetime; past it the login page answers 429 with Retry-After. Default: 60 (a
	// carrier-grade NAT puts many customers behind one IPv4 address);
	// -1 turns the bound off (e.g. behind a proxy Caddy does not trust, where every
	// client has the proxy's address).
	PendingLoginsPerClient int `json:"pending_logins_per_client,omitempty"`

	// What the handler hands in before Provision (never JSON): the identity steps call these
	// instead of reaching into the customer, tracking or metrics code themselves.

	// OnLogin is called after a login made a session, before the browser is sent on to
	// returnTo (e.g. to prefetch the customer's data).
	OnLogin func(r *http.Request, s *session.Session, returnTo string) `json:"-"`
	// OnSessionEnd is called when the edge ended a session (reason: logout, expired, idle,
	// max-session, a refresh's verdict) and, with reason EndedInStore, for each session the
	// memory store dropped unasked.
	OnSessionEnd func(ctx context.Context, s *session.Session, reason string) `json:"-"`
	// OnBackchannelLogout is called when the provider's back-channel logout removed the
	// sessions of a provider session (sid) or subject.
	OnBackchannelLogout func(sid, subject string) `json:"-"`
	// OnRefresh is called after every refresh call to the provider, with its error.
	OnRefresh func(err error) `json:"-"`

	// Now is the clock. Default: time.Now.
	Now func() time.Time `json:"-"`
	// Logger is the handler's logger; identity logs under its name "identity". Default: the
	// module's logger from the Provision context.
	Logger *zap.Logger `json:"-"`
	// Resolver gives a request's market (locale and base path) from its host and path, as
	// the handler resolves it; its Hosts are the market hosts logins may use.
	Resolver market.Resolver `json:"-"`
	// IsAppRequest tells whether a request comes from the app's embedded view (the
	// handler's app_view); nil: none does.
	IsAppRequest func(*http.Request) bool `json:"-"`
	// FlagOn answers a feature flag of spec 4 (PensionLogoutFlag, TimeoutLogoutFlag) for a
	// request, from the handler's flag sources (the flag file, the flag service); known is
	// false when none names the flag, and the option (pension_logout_url, keycloak_logout)
	// decides. nil: the options decide.
	FlagOn func(r *http.Request, name string) (on, known bool) `json:"-"`

	// runtime, made by provisionIdentity
	rt *runtime
}

// EndedInStore is OnSessionEnd's reason for a session the store dropped without a request
// finding it ended (sweep.go).
const EndedInStore = "store-expired"

// Provider is one region's OIDC provider.
type Provider struct {
	// Region is DEU or GBR.
	Region string `json:"region"`
	// Issuer is the provider's issuer URL, Keycloak realm paths welcome, e.g.
	// https://auth.{env}.{region}.example/auth/realms/global: {region} (deu, gbr), {REGION}
	// and {env} (the environment) are filled in.
	Issuer string `json:"issuer"`
	// ClientID is the OIDC client. Default: login.
	ClientID string `json:"client_id,omitempty"`
	// ClientSecret for confidential clients: Caddy's placeholder {env.X} or {file./path}.
	ClientSecret string `json:"client_secret,omitempty"`
	// ClientKey authenticates the client by private_key_jwt (RFC 7523) instead of a
	// secret: a PEM private key (RSA of 2048 bits or more, EC or Ed25519) given as a file
	// path or Caddy's placeholder ({file./path}, {env.X} with the PEM text or a path). Every token, refresh,
	// revocation and logout call carries a JWT signed with it; the provider holds the
	// public key, registered under its RFC 7638 thumbprint as kid. Not with ClientSecret.
	ClientKey string `json:"client_key,omitempty"`
	// Logout is how a logout ends the provider's session: keycloak (the form post to
	// {issuer}/protocol/openid-connect/logout, spec 7, which ends the provider's login
	// session), revocation (RFC 7009: the tokens die, the provider's login session lives on,
	// so the next login needs no password) or none. Default: keycloak, falling back to
	// revocation at a provider that has no such endpoint.
	Logout string `json:"logout,omitempty"`
}

// authConfig is the provider's configuration as the auth package takes it (secrets still
// as placeholders).
func (p Provider) authConfig() auth.ProviderConfig {
	return auth.ProviderConfig{
		Region:       p.Region,
		Issuer:       p.Issuer,
		ClientID:     p.ClientID,
		ClientSecret: p.ClientSecret,
		ClientKey:    p.ClientKey,
		LogoutStyle:  auth.LogoutStyle(p.Logout),
	}
}

// ReauthRule asks for a fresh login before a sensitive action, such as a payout or a change
// of bank details.
type ReauthRule struct {
	// Paths are the paths the rule covers, matched without case on the cleaned path, with
	// and without the locale base path, like protect: "/payout" is /payout and everything
	// below, "/en-gb/payout/*" only below /en-gb/payout/ (and itself).
	Paths []string `json:"paths"`
	// Methods are the request methods the rule covers, in upper case (GET, HEAD, POST, PUT,
	// PATCH, DELETE); a GET covers HEAD too. Default: every method. A page load (GET) is
	// redirected to the login; any other request is answered 401 with the login URL.
	Methods []string `json:"methods,omitempty"`
	// MaxAge is how long ago the customer may have logged in (the ID token's auth_time) for
	// the rule to let the request through, e.g. 5m; at least 1m and below max_session.
	MaxAge caddy.Duration `json:"max_age"`
}

// SessionStore says where sessions live.
type SessionStore struct {
	// Kind is memory or redis.
	Kind string `json:"kind"`
	// MaxSessions bounds the memory store. When it holds that many live sessions, a new
	// login is refused (503) rather than evicting a live customer's session; expired ones
	// make room first. Default: 100000.
	MaxSessions int `json:"max_sessions,omitempty"`
	// Addrs are Redis addresses host:port: one for a standalone server, several for a
	// Cluster, the Sentinels' with SentinelMaster.
	Addrs []string `json:"addrs,omitempty"`
	// SentinelMaster is the Sentinel master's name.
	SentinelMaster string `json:"sentinel_master,omitempty"`
	// Username and Password for Redis ACLs; Password may be Caddy's placeholder {env.X} or
	// {file./path}.
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
	// DB is the Redis database number (standalone and Sentinel only).
	DB int `json:"db,omitempty"`
	// TLS connects to Redis over TLS, verifying the server's certificate (redis_tls.go).
	TLS *RedisTLS `json:"tls,omitempty"`
}

// Defaults and limits of the identity configuration.
const (
	// StoreMemory and StoreRedis are the session stores (SessionStore.Kind).
	StoreMemory = "memory"
	StoreRedis  = "redis"

	DefaultIdleTimeout = 5 * time.Minute
	// maxIdleTimeout and maxMaxSession are the most ASVS 4.0.3 3.3.2 allows at level 2 (the
	// bounds of NIST SP 800-63B AAL2 it refers to): 30 minutes idle, 12 hours in all.
	maxIdleTimeout     = 30 * time.Minute
	defaultMaxSession  = 12 * time.Hour
	maxMaxSession      = 12 * time.Hour
	defaultMaxSessions = 100_000
	defaultEnvironment = auth.EnvProduction
	relayOff           = "off"
)

// setDefaults fills what the operator left out.
func (id *Config) setDefaults() {
	if id.Environment == "" {
		id.Environment = defaultEnvironment
	}
	if id.SessionStore == nil {
		id.SessionStore = &SessionStore{Kind: StoreMemory}
	}
	if id.SessionStore.Kind == StoreMemory && id.SessionStore.MaxSessions == 0 {
		id.SessionStore.MaxSessions = defaultMaxSessions
	}
	if id.IdleTimeout == 0 {
		id.IdleTimeout = caddy.Duration(DefaultIdleTimeout)
	}
	if id.MaxSession == 0 {
		id.MaxSession = caddy.Duration(defaultMaxSession)
	}
	if id.Protect == nil {
		id.Protect = rules.CustomerArea
	}
	if id.PendingLoginsPerClient == 0 {
		id.PendingLoginsPerClient = defaultPendingLoginsPerClient
	}
	for i := range id.Providers {
		id.Providers[i].Region = strings.ToUpper(id.Providers[i].Region)
		if id.Providers[i].ClientID == "" {
			id.Providers[i].ClientID = auth.DefaultClientID
		}
	}
}

// validate checks the identity block and says what to change. It runs after
// setDefaults.
func (id *Config) validate() error {
	if id.SessionStore == nil { // Validate without Provision (caddy validate adapts, then provisions; be safe)
		id.setDefaults()
	}
	if err := auth.ValidateEnvironment(id.Environment); err != nil {
		return fmt.Errorf("shell: identity environment: %w", err)
	}
	if id.LocalTimeout != nil && id.Environment != session.EnvironmentLocal {
		return fmt.Errorf("shell: identity local_timeout applies to environment local only (this is %s): the monitor always runs elsewhere; remove local_timeout or set environment local", id.Environment)
	}
	if err := id.validateSecrets(); err != nil { // secrets.go
		return err
	}
	if err := validateLoginHosts(id.LoginHosts); err != nil {
		return err
	}
	if id.PendingLoginsPerClient < -1 {
		return fmt.Errorf("shell: identity pending_logins_per_client %d is not a bound; give a number of logins such as 10, or off", id.PendingLoginsPerClient)
	}
	if len(id.Providers) == 0 {
		return fmt.Errorf("shell: identity needs a provider; add e.g. `providers DEU https://auth.example/auth/realms/global`")
	}
	seen := map[string]bool{}
	for _, p := range id.Providers {
		if p.Region != auth.RegionDEU && p.Region != auth.RegionGBR {
			return fmt.Errorf("shell: identity provider region %q is not a region; use DEU or GBR", p.Region)
		}
		if seen[p.Region] {
			return fmt.Errorf("shell: identity provider %s is given twice; one provider per region", p.Region)
		}
		seen[p.Region] = true
		if err := p.authConfig().Validate(id.Environment); err != nil {
			return fmt.Errorf("shell: identity provider %s: %w", p.Region, err)
		}
	}
	switch s := id.SessionStore; s.Kind {
	case StoreMemory:
		if s.MaxSessions < 0 {
			return fmt.Errorf("shell: identity session_store memory max_sessions %d is negative; give a positive number such as 100000", s.MaxSessions)
		}
		if len(s.Addrs) > 0 || s.SentinelMaster != "" || s.Username != "" || s.Password != "" || s.DB != 0 || s.TLS != nil {
			return fmt.Errorf("shell: identity session_store memory takes no Redis options; use session_store redis { addrs ... }")
		}
	case StoreRedis:
		if len(s.Addrs) == 0 {
			return fmt.Errorf("shell: identity session_store redis needs addrs; add e.g. `addrs localhost:6379`")
		}
		for _, a := range s.Addrs {
			if _, port, ok := strings.Cut(a, ":"); !ok || port == "" || strings.Contains(a, "/") {
				return fmt.Errorf("shell: identity session_store redis addr %q is not host:port; give e.g. localhost:6379", a)
			}
		}
		if s.DB < 0 {
			return fmt.Errorf("shell: identity session_store redis db %d is negative; use 0 to 15", s.DB)
		}
		if s.DB != 0 && len(s.Addrs) > 1 && s.SentinelMaster == "" {
			return fmt.Errorf("shell: identity session_store redis db %d with several addrs: a Cluster has only db 0; remove db", s.DB)
		}
		if s.MaxSessions != 0 {
			return fmt.Errorf("shell: identity session_store redis takes no max_sessions; Redis bounds itself (maxmemory)")
		}
		if s.TLS != nil {
			if _, err := s.TLS.config(); err != nil {
				return err
			}
		}
		if id.SessionKeys == "" {
			return fmt.Errorf("shell: identity session_keys is required with session_store redis, so that every replica seals alike; add `session_keys {env.SHELLGATE_SESSION_KEYS}` (comma-separated base64 keys of 32 bytes)")
		}
	default:
		return fmt.Errorf("shell: identity session_store %q is not a store; use memory or redis", s.Kind)
	}
	// Below the countdown's 2 minutes the countdown shows at once; tests use that. Shorter
	// than 10 s is a typo.
	if d := time.Duration(id.IdleTimeout); d < 10*time.Second {
		return fmt.Errorf("shell: identity idle_timeout %s is too short; give one such as 5m (the countdown shows in the last 2m)", d)
	}
	if d := time.Duration(id.IdleTimeout); d > maxIdleTimeout {
		return fmt.Errorf("shell: identity idle_timeout %s is too long for a bank (ASVS 3.3.2 allows at most %s); give one such as 5m, at most 30m", d, maxIdleTimeout)
	}
	if d := time.Duration(id.MaxSession); d <= 0 || d > maxMaxSession {
		return fmt.Errorf("shell: identity max_session %s is not between 0 and %s (ASVS 3.3.2's absolute timeout); give one such as 12h, at most 12h", d, maxMaxSession)
	}
	protected, err := rules.NewProtectedPaths(id.Protect)
	if err != nil {
		return fmt.Errorf("shell: identity %w", err)
	}
	if err := id.validateGuard(protected); err != nil { // guard.go
		return err
	}
	if err := id.validateReauth(); err != nil { // reauth.go
		return err
	}
	if err := id.validateRelay(); err != nil { // relay.go
		return err
	}
	if id.PensionLogoutURL != "" {
		u, err := url.Parse(id.PensionLogoutURL)
		if err != nil || !(u.Scheme == "https" && u.Host != "" || u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/") && !strings.HasPrefix(id.PensionLogoutURL, "//")) {
			return fmt.Errorf("shell: identity pension_logout_url %q is neither an https URL nor a path on this site; give e.g. https://pension.example/logout or /pension/logout", id.PensionLogoutURL)
		}
	}
	return nil
}

// refuseDemoKey fails when a session key is the all-zero demo key outside environment local
// or development: the key is in the repository, so a gateway sealing with it (or opening
// with it: every key in the list opens) holds sessions anyone could forge. Keys are known
// only once their placeholder or file is read, so this runs at provision time, which
// `caddy validate` includes.
func (id *Config) refuseDemoKey(keys [][]byte) error {
	if id.Environment == auth.EnvLocal || id.Environment == auth.EnvDevelopment {
		return nil
	}
	for i, k := range keys {
		if session.IsDemoKey(k) {
			return fmt.Errorf("shell: identity session_keys: key %d is the all-zero demo key, which anyone can read, and environment is %s; generate a key with `head -c 32 /dev/urandom | base64` and give it in session_keys (the demo key is accepted only with environment local or development)", i+1, id.Environment)
		}
	}
	return nil
}

func boolOr(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}
