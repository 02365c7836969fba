package identity

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

// runtime is what the identity steps work with once provisioned.
type runtime struct {
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
	// stopSweep stops the sweep of sessions that ran out in the store (sweep.go).
	stopSweep func()
	// loginStarts bounds the logins a client may start (login_limit.go); nil: off.
	loginStarts *ClientLimiter
	// refreshRetry maps a session id to when its refresh may be tried again after a
	// transient failure (see pauseRefresh).
	refreshRetry sync.Map
	// besides are the refreshes running beside requests (refreshBeside).
	besides backgroundRefreshes
	// endings are the sessions this replica is ending at the provider now (session id ->
	// chan closed when done; endSession).
	endings sync.Map
}

// StoreGrace is how long past the idle timeout a store keeps a session.
const StoreGrace = 10 * time.Minute

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

// Provision builds the identity runtime: the session store (shared across reloads), the
// providers' clients, the relay's proxy and the sweep. The handler sets the hooks, the
// clock, the logger and the resolver first. A nil block (identity off) does nothing.
func (c *Config) Provision(ctx caddy.Context) error {
	id := c
	if id == nil {
		return nil
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = ctx.Logger()
	}
	id.setDefaults()
	if err := id.validate(); err != nil {
		return err
	}
	rt := &runtime{
		providers:      map[string]*auth.Client{},
		idle:           time.Duration(id.IdleTimeout),
		logger:         c.Logger.Named("identity"),
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
	storeTTL := rt.idle + StoreGrace
	poolKey, err := storeKey(id.SessionStore, keysRaw, storeTTL)
	if err != nil {
		return err
	}
	val, _, err := sessionStores.LoadOrNew(poolKey, func() (caddy.Destructor, error) {
		return openStore(id.SessionStore, keys, storeTTL, c.Now)
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
		client, err := auth.New(ctx, cfg, auth.Options{Clock: c.Now, Environment: id.Environment})
		if err != nil {
			return fmt.Errorf("shell: identity provider %s: %w", p.Region, err)
		}
		rt.providers[p.Region] = client
		// Warm discovery up in the background: a provider that is down must not stop Caddy.
		// The goroutine keeps the logger of the config it was started for.
		logger := rt.logger
		go func() {
			dctx, cancel := context.WithTimeout(context.Background(), auth.DefaultCallTimeout)
			defer cancel()
			if err := client.Discover(dctx); err != nil {
				logger.Warn("identity provider not reachable yet; logins retry discovery", zap.String("region", client.Region()), zap.String("issuer", client.Issuer()), zap.Error(err))
			}
		}()
	}
	if rt.relay, err = c.provisionRelay(ctx); err != nil {
		return err
	}
	if id.Environment == auth.EnvProduction && len(c.Resolver.Hosts) == 0 && len(id.LoginHosts) == 0 {
		// Not an error: a config may be validated before its hosts are known.
		rt.logger.Warn("no market hosts and no login_hosts: every login is refused (403); add `login_hosts <name>` to identity, e.g. login_hosts www.example.de")
	}
	id.rt = rt
	rt.stopSweep = c.startExpirySweep()
	return nil
}

// Validate checks the identity block and says what to change; a nil block (identity off) is
// valid.
func (c *Config) Validate() error {
	if c == nil {
		return nil
	}
	return c.validate()
}

// Cleanup stops the sweep, hands the relay's upstream back and gives the session store back
// to the pool; the last user closes it.
func (c *Config) Cleanup() error {
	if c != nil && c.rt != nil && c.rt.stopSweep != nil {
		c.rt.stopSweep()
	}
	if c == nil || c.rt == nil {
		return nil
	}
	err := c.rt.relay.cleanup()
	if c.rt.pooled == "" {
		return err
	}
	if _, derr := sessionStores.Delete(c.rt.pooled); err == nil {
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
	case StoreRedis:
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

// Interface guards
var (
	_ caddy.Provisioner  = (*Config)(nil)
	_ caddy.Validator    = (*Config)(nil)
	_ caddy.CleanerUpper = (*Config)(nil)
)
