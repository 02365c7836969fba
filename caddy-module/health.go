package shell

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// Readiness: GET /_shell/readyz (and /_shell/healthz?ready) tells a load balancer or
// Kubernetes whether this replica can serve: its UI bundle is loaded and its config
// provisioned. 503 only then; a load balancer takes out a replica that is broken, not one
// whose shared dependency is.
//
// The shared dependencies (the session store when it is Redis, the identity providers) are
// checked and reported (the answer's dependencies, GET /_shell/healthz, the gauge
// shellgate_dependency_up) but never make the replica not ready: every replica shares them,
// and taking them all out of the load balancer turns "logins wait" into "every page is
// down" (with Redis down the gateway still serves every page, logged out). Such an answer
// says "degraded" with 200.
//
// The checks run in the probe, never on the page path: the answer is cached for
// readyCacheFor, and each check has readyCheckTimeout.
const (
	readyCacheFor     = 2 * time.Second
	readyCheckTimeout = 800 * time.Millisecond
)

// readiness is the cached outcome of the checks: run runs them (the handler's
// runReadyChecks), now is the handler's clock.
type readiness struct {
	run func(ctx context.Context, probeID string) readyAnswer
	now func() time.Time

	mu      sync.Mutex
	checked time.Time
	answer  readyAnswer
	probeID string // a well-formed session id no session has: reading it proves the store answers

	last     atomic.Pointer[readySnapshot] // the latest answer, for readers that do not wait
	checking atomic.Bool                   // a background check is running
}

type readySnapshot struct {
	answer readyAnswer
	at     time.Time
}

// readyAnswer is the JSON of /_shell/readyz.
type readyAnswer struct {
	Status string `json:"status"` // ready, degraded or not-ready
	// Checks are this replica's own: "ok" or what is wrong. Any but ok: not ready.
	Checks map[string]string `json:"checks"`
	// Dependencies are the shared ones: "ok" or "unreachable". Any but ok: degraded.
	Dependencies map[string]string `json:"dependencies,omitempty"`
}

// check runs the checks at most once per readyCacheFor; concurrent probes wait for
// the one run.
func (rd *readiness) check(ctx context.Context) readyAnswer {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if now := rd.now(); now.Sub(rd.checked) < readyCacheFor && rd.answer.Status != "" {
		return rd.answer
	}
	if rd.probeID == "" {
		rd.probeID = session.NewID()
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readyCheckTimeout)
	defer cancel()
	rd.answer = rd.run(ctx, rd.probeID)
	rd.checked = rd.now()
	rd.last.Store(&readySnapshot{answer: rd.answer, at: rd.checked})
	return rd.answer
}

// latest gives the latest answer without waiting for a check (nil before the first),
// and starts one in the background when it is stale: liveness probes read it, and must not
// wait on a dead dependency's timeout.
func (rd *readiness) latest() *readyAnswer {
	last := rd.last.Load()
	if (last == nil || rd.now().Sub(last.at) >= readyCacheFor) && rd.checking.CompareAndSwap(false, true) {
		go func() {
			defer rd.checking.Store(false)
			rd.check(context.Background())
		}()
	}
	if last == nil {
		return nil
	}
	return &last.answer
}

// runReadyChecks checks this replica (UI bundle, config) and, in parallel, its shared
// dependencies: the Redis session store and every identity provider.
func (h *Handler) runReadyChecks(ctx context.Context, probeID string) readyAnswer {
	a := readyAnswer{Status: "ready", Checks: map[string]string{"ui": "ok", "config": "ok"}, Dependencies: map[string]string{}}
	if h.bundle == nil || h.bundle.Version() == "" {
		a.Checks["ui"] = "not loaded"
	}
	if (h.Identity != nil && h.Identity.Store() == nil) || (h.Customer != nil && h.Customer.rt == nil) {
		a.Checks["config"] = "not provisioned"
	}
	for _, v := range a.Checks {
		if v != "ok" {
			a.Status = "not-ready"
		}
	}
	store := h.Identity.Store()
	if store == nil {
		return a
	}
	logger := h.logger.Named("identity")
	var mu sync.Mutex
	var wg sync.WaitGroup
	set := func(name string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err == nil {
			a.Dependencies[name] = "ok"
			return
		}
		// The answer is public: it says what failed, the log says why (addresses, errors).
		a.Dependencies[name] = "unreachable"
		logger.Warn("dependency check failed", zap.String("dependency", name), zap.Error(err))
	}
	if _, inProcess := store.(*session.MemoryStore); !inProcess {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := store.Get(ctx, probeID)
			if errors.Is(err, session.ErrNotFound) {
				err = nil
			}
			set("session_store", err)
			setDependencyUp("redis", "", err == nil) // metrics.go
		}()
	}
	for region, p := range h.Identity.Clients() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := checkIssuer(ctx, p.Issuer())
			set("identity_provider "+region, err)
			setDependencyUp("identity_provider", region, err == nil)
		}()
	}
	wg.Wait()
	for _, v := range a.Dependencies {
		if v != "ok" && a.Status == "ready" {
			a.Status = "degraded"
		}
	}
	return a
}

// readyClient makes the providers' checks; no keep-alive pool of its own worth keeping.
var readyClient = &http.Client{Timeout: readyCheckTimeout}

// checkIssuer asks the provider's discovery document: a provider that answers it can log in.
func checkIssuer(ctx context.Context, issuer string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(issuer, "/")+"/.well-known/openid-configuration", nil)
	if err != nil {
		return err
	}
	res, err := readyClient.Do(req)
	if err != nil {
		return fmt.Errorf("identity provider %s: %w", issuer, err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("discovery answered %d", res.StatusCode)
	}
	return nil
}

// serveReadiness answers /_shell/readyz: 200 when ready or degraded (a shared dependency is
// down), 503 when this replica cannot serve.
func (h *Handler) serveReadiness(w http.ResponseWriter, r *http.Request) error {
	if err := allowRead(w, r); err != nil {
		return err
	}
	a := h.ready.check(r.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if a.Status == "not-ready" {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	return json.NewEncoder(w).Encode(a)
}
