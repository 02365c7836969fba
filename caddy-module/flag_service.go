package shell

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/caddyserver/caddy/v2"
	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/flags"
)

// FlagService is the platform's feature-flag service (spec 3, 6, 7), asked per request over
// OFREP (the OpenFeature Remote Evaluation Protocol; flags/remote.go) with the anonymous
// device and, for a logged-in investor, the country: its flags go on top of the flag file's.
// It never slows or breaks a page: answers are cached for CacheTTL, a call gives up after
// Timeout, and when it fails the flag file's flags stand (spec 7: logged only).
type FlagService struct {
	// URL is the service's base URL (http or https); the gateway posts to
	// {url}/ofrep/v1/evaluate/flags. Caddyfile: flag_service <url>.
	URL string `json:"url"`

	// Timeout bounds one call; a page waits at most this long for the flags it has no
	// cached answer for. Default: 150ms. At most 2s.
	Timeout caddy.Duration `json:"timeout,omitempty"`

	// CacheTTL is how long an answer stands for the same context (device, locale, country).
	// Default: 30s. At most 10m.
	CacheTTL caddy.Duration `json:"cache_ttl,omitempty"`

	// Backoff is how long the service is left alone after a failed call (pages take the flag
	// file's flags, or the context's last answer, meanwhile). Default: 10s. At most 10m.
	Backoff caddy.Duration `json:"backoff,omitempty"`
}

const (
	defaultFlagServiceTimeout = 150 * time.Millisecond
	defaultFlagServiceTTL     = 30 * time.Second
	defaultFlagServiceBackoff = 10 * time.Second
	maxFlagServiceTimeout     = 2 * time.Second
	maxFlagServiceWait        = 10 * time.Minute
)

// flagService is the provisioned FlagService.
type flagService struct {
	remote *flags.Remote
	logger *zap.Logger
}

// validate says what to write instead of a bad flag_service block.
func (f *FlagService) validate() error {
	if f == nil {
		return nil
	}
	u, err := url.Parse(f.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("shell: flag_service %q is not the flag service's base URL; give e.g. flag_service https://flags.example.com (the gateway posts to /ofrep/v1/evaluate/flags under it)", f.URL)
	}
	for _, d := range []struct {
		name     string
		v        caddy.Duration
		min, max time.Duration
	}{
		{"timeout", f.Timeout, time.Millisecond, maxFlagServiceTimeout},
		{"cache_ttl", f.CacheTTL, time.Second, maxFlagServiceWait},
		{"backoff", f.Backoff, time.Second, maxFlagServiceWait},
	} {
		if d.v != 0 && (time.Duration(d.v) < d.min || time.Duration(d.v) > d.max) {
			return fmt.Errorf("shell: flag_service %s %s is out of range; give a duration from %s to %s, e.g. %s 150ms", d.name, time.Duration(d.v), d.min, d.max, d.name)
		}
	}
	return nil
}

// provision makes the service's provider; nil without a flag_service block.
func (f *FlagService) provision(logger *zap.Logger) *flagService {
	if f == nil {
		return nil
	}
	or := func(d caddy.Duration, def time.Duration) time.Duration {
		if d == 0 {
			return def
		}
		return time.Duration(d)
	}
	timeout := or(f.Timeout, defaultFlagServiceTimeout)
	client := &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			DialContext:         (&net.Dialer{Timeout: timeout}).DialContext,
			MaxIdleConnsPerHost: 32,
			IdleConnTimeout:     90 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return &flagService{
		remote: &flags.Remote{URL: f.URL, Client: client, Timeout: timeout, TTL: or(f.CacheTTL, defaultFlagServiceTTL), Backoff: or(f.Backoff, defaultFlagServiceBackoff)},
		logger: logger.Named("flag_service"),
	}
}

// withService puts the flag service's flags for r on top of the file's (base); base alone
// when there is no service or it does not answer. A failure is logged without the context
// (it names a device and a country).
func (f *edgeFlags) withService(ctx context.Context, r flags.Request, base map[string]bool) map[string]bool {
	if f.service == nil {
		return base
	}
	got, err := f.service.remote.Evaluate(ctx, r)
	if err != nil && !errors.Is(err, flags.ErrServiceDown) {
		f.service.logger.Warn("feature-flag context send failed; the flag file's flags apply", zap.Error(err))
	}
	if got == nil {
		return base
	}
	return flags.Overlay(base, got)
}
