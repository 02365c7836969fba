package shell

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/redis/go-redis/v9"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/rules"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// identityRuntime is what the identity steps work with once provisioned.
type identityRuntime struct {
	store     session.Store
	sealer    *session.Sealer
	pooled    string // key in sessionStores, released at Cleanup
	providers map[string]*auth.Client
	protected rules.ProtectedPaths
	reauth    rules.ReauthRules // reauth.go
	lifecycle session.Lifecycle
	idle      time.Duration
	logger    *zap.Logger
	// autoExtend, keycloakLogout: the flags of spec 4 (see Identity).
	autoExtend     bool
	keycloakLogout bool
	// relay is the token relay's proxy to its upstream; nil when the relay is off.
	relay *relayRuntime
	// relayForbidden counts upstream 403s through the token relay.
	relayForbidden atomic.Int64
	// refreshes counts refresh calls this replica made.
	refreshes atomic.Int64
	// stopSweep stops the sweep of sessions that ran out in the store (identity_sweep.go).
	stopSweep func()
	// loginStarts bounds the logins a client may start (identity_login_limit.go); nil: off.
	loginStarts *clientLimiter
	// refreshRetry maps a session id to when its refresh may be tried again after a
	// transient failure (see pauseRefresh).
	refreshRetry sync.Map
	// besides are the refreshes running beside requests (refreshBeside).
	besides backgroundRefreshes
	// endings are the sessions this replica is ending at the provider now (session id ->
	// chan closed when done; endSession).
	endings sync.Map
}

// storeGrace is how long past the idle timeout a store keeps a session.
const storeGrace = 10 * time.Minute

// sessionStores keeps the session stores across config reloads: a reload must not log
// everyone out of the in-process store, nor reconnect to Redis.
var sessionStores = caddy.NewUsagePool()

type pooledStore struct {
	store  session.Store
	sealer *session.Sealer
	client redis.UniversalClient // nil for memory
}

func (p *pooledStore) Destruct() error {
	err := p.store.Close()
	if p.client != nil {
		if cerr := p.client.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// provisionIdentity builds the identity runtime; with no identity block it does nothing.
func (h *Handler) provisionIdentity(ctx caddy.Context) error {
	id := h.Identity
	if id == nil {
		return nil
	}
	id.setDefaults()
	h.setRelayDefaults()
	h.wireIdentity() // relay.go: from the customer block
	if err := id.validate(); err != nil {
		return err
	}
	rt := &identityRuntime{
		providers:      map[string]*auth.Client{},
		idle:           time.Duration(id.IdleTimeout),
		logger:         h.logger.Named("identity"),
		autoExtend:     boolOr(id.AutoExtend, true),
		keycloakLogout: boolOr(id.KeycloakLogout, true),
		loginStarts:    newLoginStarts(id.PendingLoginsPerClient, pendingLoginWindow),
	}
	rt.lifecycle = session.Lifecycle{
		IdleTimeout:    rt.idle,
		StopRefreshing: boolOr(id.StopRefreshing, false),
		Local:          id.Environment == session.EnvironmentLocal,
		LocalTimeout:   boolOr(id.LocalTimeout, false),
		MaxSession:     time.Duration(id.MaxSession),
	}
	rt.protected, _ = rules.NewProtectedPaths(id.Protect) // checked in validate
	rt.reauth, _ = id.reauthRules()                       // checked in validate

	keysRaw, err := resolveSecret("session_keys", id.SessionKeys)
	if err != nil {
		return err
	}
	var keys [][]byte
	if keysRaw != "" {
		if keys, err = session.ParseKeys(keysRaw); err != nil {
			return fmt.Errorf("shell: identity session_keys: %w", err)
		}
		if err := id.refuseDemoKey(keys); err != nil {
			return err
		}
	}
	// The store keeps a session a while past its idle timeout, so that the edge, not the
	// store's expiry, finds it idle: then it can also end it at the provider.
	storeTTL := rt.idle + storeGrace
	poolKey, err := storeKey(id.SessionStore, keysRaw, storeTTL)
	if err != nil {
		return err
	}
	val, _, err := sessionStores.LoadOrNew(poolKey, func() (caddy.Destructor, error) {
		return openStore(id.SessionStore, keys, storeTTL, h.now)
	})
	if err != nil {
		return err
	}
	ps := val.(*pooledStore)
	rt.store, rt.sealer, rt.pooled = ps.store, ps.sealer, poolKey

	for _, p := range id.Providers {
		cfg := p.authConfig()
		if cfg.ClientSecret, err = resolveSecret("provider "+p.Region+" client_secret", p.ClientSecret); err != nil {
			return err
		}
		if cfg.ClientKey, err = resolveClientKey("provider "+p.Region+" client_key", p.ClientKey); err != nil {
			return err
		}
		c, err := auth.New(ctx, cfg, auth.Options{Clock: h.now, Environment: id.Environment})
		if err != nil {
			return fmt.Errorf("shell: identity provider %s: %w", p.Region, err)
		}
		rt.providers[p.Region] = c
		// Warm discovery up in the background: a provider that is down must not stop Caddy.
		// The goroutine keeps the logger of the config it was started for.
		logger := rt.logger
		go func() {
			dctx, cancel := context.WithTimeout(context.Background(), auth.DefaultCallTimeout)
			defer cancel()
			if err := c.Discover(dctx); err != nil {
				logger.Warn("identity provider not reachable yet; logins retry discovery", zap.String("region", c.Region()), zap.String("issuer", c.Issuer()), zap.Error(err))
			}
		}()
	}
	if rt.relay, err = h.provisionRelay(ctx); err != nil {
		return err
	}
	if id.Environment == auth.EnvProduction && len(h.resolver.Hosts) == 0 && len(id.LoginHosts) == 0 {
		// Not an error: a config may be validated before its hosts are known.
		rt.logger.Warn("no market hosts and no login_hosts: every login is refused (403); add `login_hosts <name>` to identity, e.g. login_hosts www.example.de")
	}
	id.rt = rt
	rt.stopSweep = h.startExpirySweep()
	return nil
}

// wireIdentity hands identity the handler's customer, tracking and metrics steps: identity
// calls its hooks, never those steps themselves.
func (h *Handler) wireIdentity() {
	id := h.Identity
	id.OnLogin = h.prefetchCustomer // customer_prefetch.go
	id.OnSessionEnd = func(_ context.Context, s *session.Session, reason string) {
		countSessionEnded(reason) // metrics.go
		if reason == EndedInStore {
			return // no request saw it end: as before, the edge sends no event for it
		}
		h.forgetCustomer(s)       // nothing of the customer stays cached (customer_prefetch.go)
		h.trackSessionEnd(reason) // the edge's session event (tracking_config.go)
	}
	id.OnBackchannelLogout = h.forgetCustomersOf // customer_prefetch.go
	id.OnRefresh = countRefresh                  // metrics.go
}

// validateIdentity checks the identity block; without one there is nothing to check.
func (h *Handler) validateIdentity() error {
	if h.Identity == nil {
		return nil
	}
	h.setRelayDefaults()
	return h.Identity.validate()
}

// Cleanup gives the session store back to the pool; the last user closes it.
func (h *Handler) Cleanup() error {
	h.retireMetrics() // metrics.go
	if h.Identity != nil && h.Identity.rt != nil && h.Identity.rt.stopSweep != nil {
		h.Identity.rt.stopSweep()
	}
	if h.Identity == nil || h.Identity.rt == nil {
		return nil
	}
	err := h.Identity.rt.relay.cleanup()
	if h.Identity.rt.pooled == "" {
		return err
	}
	if _, derr := sessionStores.Delete(h.Identity.rt.pooled); err == nil {
		err = derr
	}
	return err
}

// storeKey names a store configuration; handlers with equal keys share one store.
func storeKey(s *SessionStore, keys string, idle time.Duration) (string, error) {
	password, err := resolveSecret("session_store redis password", s.Password)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(strings.Join([]string{
		s.Kind, fmt.Sprint(s.MaxSessions), strings.Join(s.Addrs, ","), s.SentinelMaster,
		s.Username, password, fmt.Sprint(s.DB), keys, idle.String(), s.TLS.poolKey(),
	}, "\x00")))
	return "shell.sessions." + hex.EncodeToString(sum[:]), nil
}

// openStore opens the configured store. The memory store without keys seals with a random
// key: its sessions die with the process anyway.
func openStore(cfg *SessionStore, keys [][]byte, idle time.Duration, now func() time.Time) (*pooledStore, error) {
	if len(keys) == 0 {
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("shell: identity: make a session key: %w", err)
		}
		keys = [][]byte{key}
	}
	sealer, err := session.NewSealer(keys)
	if err != nil {
		return nil, fmt.Errorf("shell: identity session_keys: %w", err)
	}
	switch cfg.Kind {
	case storeRedis:
		password, err := resolveSecret("session_store redis password", cfg.Password)
		if err != nil {
			return nil, err
		}
		var tlsConfig *tls.Config
		if cfg.TLS != nil {
			if tlsConfig, err = cfg.TLS.config(); err != nil { // redis_tls.go
				return nil, err
			}
		}
		client := redis.NewUniversalClient(&redis.UniversalOptions{
			Addrs:      cfg.Addrs,
			MasterName: cfg.SentinelMaster,
			Username:   cfg.Username,
			Password:   password,
			DB:         cfg.DB,
			TLSConfig:  tlsConfig,
		})
		store, err := session.NewRedisStore(client, session.RedisOptions{IdleTTL: idle, Sealer: sealer})
		if err != nil {
			client.Close()
			return nil, fmt.Errorf("shell: identity session_store redis: %w", err)
		}
		return &pooledStore{store: store, sealer: sealer, client: client}, nil
	default:
		store := session.NewMemoryStore(session.MemoryOptions{MaxSessions: cfg.MaxSessions, IdleTTL: idle, Clock: now, KeepExpired: true})
		return &pooledStore{store: store, sealer: sealer}, nil
	}
}

// Interface guard
var _ caddy.CleanerUpper = (*Handler)(nil)
