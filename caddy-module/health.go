package shell

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// Readiness: GET /_shell/readyz (and /_shell/healthz?ready) tells a load balancer or
// Kubernetes whether this replica can serve customers. It reflects the session store (Redis)
// and the identity providers, checked in the background of the probe, never on the page path:
// the answer is cached for readyCacheFor, and each check has readyCheckTimeout.
//
// Only an unreachable session store makes the replica not ready (503): every login and every
// logged-in page needs it. An unreachable identity provider is reported ("degraded") with 200:
// all replicas share the provider, and taking them all out of the load balancer would turn
// "logins and refreshes wait" into "every page is down".
const (
	readyCacheFor     = 2 * time.Second
	readyCheckTimeout = 800 * time.Millisecond
)

// readiness is the cached outcome of the checks.
type readiness struct {
	mu      sync.Mutex
	checked time.Time
	answer  readyAnswer
	probeID string // a well-formed session id no session has: reading it proves the store answers
}

// readyAnswer is the JSON of /_shell/readyz.
type readyAnswer struct {
	Status string            `json:"status"` // ready, degraded or not-ready
	Checks map[string]string `json:"checks"` // "ok" or what failed, per check
}

// readinessOf runs the checks at most once per readyCacheFor; concurrent probes wait for
// the one run.
func (h *Handler) readinessOf(ctx context.Context) readyAnswer {
	rd := h.ready
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if now := time.Now(); now.Sub(rd.checked) < readyCacheFor && rd.answer.Status != "" {
		return rd.answer
	}
	if rd.probeID == "" {
		rd.probeID = session.NewID()
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readyCheckTimeout)
	defer cancel()
	rd.answer = h.runReadyChecks(ctx, rd.probeID)
	rd.checked = time.Now()
	return rd.answer
}

// runReadyChecks checks the session store and every identity provider in parallel.
func (h *Handler) runReadyChecks(ctx context.Context, probeID string) readyAnswer {
	a := readyAnswer{Status: "ready", Checks: map[string]string{"ui": "ok"}}
	if h.Identity == nil || h.Identity.rt == nil {
		return a
	}
	rt := h.Identity.rt
	var mu sync.Mutex
	var wg sync.WaitGroup
	set := func(name string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err == nil {
			a.Checks[name] = "ok"
			return
		}
		// The answer is public: it says what failed, the log says why (addresses, errors).
		a.Checks[name] = "unreachable"
		rt.logger.Warn("readiness check failed", zap.String("check", name), zap.Error(err))
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, err := rt.store.Get(ctx, probeID)
		if errors.Is(err, session.ErrNotFound) {
			err = nil
		}
		set("session_store", err)
	}()
	for region, p := range rt.providers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			set("identity_provider "+region, checkIssuer(ctx, p.Issuer()))
		}()
	}
	wg.Wait()
	for name, v := range a.Checks {
		switch {
		case v == "ok":
		case name == "session_store":
			a.Status = "not-ready"
		case a.Status == "ready":
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

// provisionHealth gives the handler its readiness cache.
func (h *Handler) provisionHealth() { h.ready = new(readiness) }

// serveReadiness answers /_shell/readyz: 200 when ready or degraded, 503 when not ready.
func (h *Handler) serveReadiness(w http.ResponseWriter, r *http.Request) error {
	if err := allowRead(w, r); err != nil {
		return err
	}
	a := h.readinessOf(r.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if a.Status == "not-ready" {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	return json.NewEncoder(w).Encode(a)
}
