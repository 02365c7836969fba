package auth

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// Timeouts of spec 9.
const (
	// DefaultCallTimeout bounds every call to the provider, discovery included (spec 9:
	// API and refresh call timeout 3000 ms).
	DefaultCallTimeout = 3000 * time.Millisecond

	// firstRetry and maxRetry bound the pause between failed discovery attempts; calls in
	// the pause fail at once with ErrTransient instead of waiting.
	firstRetry = 1 * time.Second
	maxRetry   = 30 * time.Second
)

// Options are the Client's injected dependencies.
type Options struct {
	// HTTPClient makes every call to the provider. Default: a client without its own
	// timeout (each call carries a context deadline instead).
	HTTPClient *http.Client

	// Clock is the time source for token expiry, ID token checks and pending logins.
	// Default: time.Now.
	Clock func() time.Time

	// RedirectURL is the callback URL registered at the provider, e.g.
	// https://www.example.de/_shell/auth/callback. StartLoginAt overrides it per request
	// (one callback per market host).
	RedirectURL string

	// Environment resolves the issuer template (see ProviderConfig.Issuer).
	// Default: production.
	Environment string

	// CallTimeout bounds each call to the provider. Default: DefaultCallTimeout.
	CallTimeout time.Duration
}

// Client talks to the identity provider of one region. It is safe for concurrent use.
type Client struct {
	cfg      ProviderConfig
	issuer   string
	http     *http.Client
	clock    func() time.Time
	redirect string
	timeout  time.Duration

	disc    discovery
	replays *replayCache
}

// New returns a Client for cfg. It does not contact the provider: discovery happens on the
// first call that needs it (or Discover), and is retried until it succeeds. ctx is unused
// beyond validation and kept for symmetry with go-oidc.
func New(ctx context.Context, cfg ProviderConfig, opts Options) (*Client, error) {
	env := opts.Environment
	if env == "" {
		env = EnvProduction
	}
	if err := cfg.Validate(env); err != nil {
		return nil, err
	}
	issuer, _ := cfg.IssuerURL(env)
	c := &Client{
		cfg:      cfg,
		issuer:   issuer,
		http:     opts.HTTPClient,
		clock:    opts.Clock,
		redirect: opts.RedirectURL,
		timeout:  opts.CallTimeout,
		replays:  newReplayCache(replayCapacity),
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.clock == nil {
		c.clock = time.Now
	}
	if cfg.ClientKey != "" {
		key, err := parseClientKey(cfg.ClientKey)
		if err != nil {
			return nil, fmt.Errorf("auth: provider %s client_key: %w", cfg.Region, err)
		}
		hc := *c.http
		base := hc.Transport
		if base == nil {
			base = http.DefaultTransport
		}
		hc.Transport = &assertingTransport{base: base, c: c, key: key}
		c.http = &hc
	}
	if c.timeout <= 0 {
		c.timeout = DefaultCallTimeout
	}
	// Each call is a child span of the request's trace and carries its traceparent.
	c.http = spans.Client(c.http, "IdP")
	return c, nil
}

// Issuer is the resolved issuer URL this client trusts.
func (c *Client) Issuer() string { return c.issuer }

// Region is the region of the provider.
func (c *Client) Region() string { return c.cfg.Region }

// ClientID is the configured client id ("login" by default).
func (c *Client) ClientID() string { return c.cfg.clientID() }

// Discover fetches the provider's metadata now, waiting at most until ctx ends or the call
// timeout. Use it to warm up in the background at start and for readiness; other methods
// discover on their own.
func (c *Client) Discover(ctx context.Context) error {
	_, err := c.metadata(ctx)
	return err
}

// Ready reports whether discovery has succeeded; it never contacts the provider.
func (c *Client) Ready() bool {
	c.disc.mu.Lock()
	defer c.disc.mu.Unlock()
	return c.disc.meta != nil
}

// discovery is the lazily fetched provider metadata with single-flight and backoff.
type discovery struct {
	mu       sync.Mutex
	meta     *metadata
	inflight chan struct{} // closed when the running attempt ends
	lastErr  error
	nextTry  time.Time
	pause    time.Duration
}

// metadata returns the discovered metadata, starting or joining an attempt when there is none
// yet. The attempt runs on its own deadline so that a caller giving up does not abort it for
// the others; during the backoff pause after a failure callers get ErrTransient at once.
func (c *Client) metadata(ctx context.Context) (*metadata, error) {
	d := &c.disc
	d.mu.Lock()
	if d.meta != nil {
		m := d.meta
		d.mu.Unlock()
		return m, nil
	}
	if d.inflight == nil {
		if now := time.Now(); now.Before(d.nextTry) {
			err := d.lastErr
			d.mu.Unlock()
			return nil, fmt.Errorf("%w: discovery of %s failed, next try in %s: %w", ErrTransient, c.issuer, d.nextTry.Sub(now).Round(time.Millisecond), err)
		}
		d.inflight = make(chan struct{})
		go c.discover(context.WithoutCancel(ctx), d.inflight) // the first caller's trace, not its deadline
	}
	done := d.inflight
	d.mu.Unlock()

	wait, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	select {
	case <-done:
	case <-wait.Done():
		return nil, fmt.Errorf("%w: discovery of %s still running: %w", ErrTransient, c.issuer, wait.Err())
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.meta != nil {
		return d.meta, nil
	}
	return nil, fmt.Errorf("%w: %w", ErrTransient, d.lastErr)
}

// discover runs one discovery attempt and records its outcome.
func (c *Client) discover(ctx context.Context, done chan struct{}) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	m, err := c.fetchMetadata(ctx)

	d := &c.disc
	d.mu.Lock()
	defer d.mu.Unlock()
	if err == nil {
		d.meta, d.lastErr, d.pause = m, nil, 0
	} else {
		d.lastErr = err
		d.pause = min(max(d.pause*2, firstRetry), maxRetry)
		// Wall time on purpose: the backoff protects the provider, not a test's clock.
		d.nextTry = time.Now().Add(d.pause)
	}
	d.inflight = nil
	close(done)
}
