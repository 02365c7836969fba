package shell

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/caddyserver/caddy/v2"
	"go.uber.org/zap"
	"golang.org/x/time/rate"

	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/tracking"
)

// Tracking posts the platform's tracking events to an event collector (spec 3, 7): the
// edge's own (customer redirects, session ends) and the shell's, relayed through
// POST /_shell/events. Without it those events are dropped at the edge.
type Tracking struct {
	// Collector is the event collector's URL; each event is POSTed there as JSON.
	Collector string `json:"collector"`

	// Queue bounds the events waiting for the collector; past it new events are dropped and
	// counted, so that pages never wait. Default: 1000.
	Queue int `json:"queue,omitempty"`

	// RateLimit bounds the shell events one client (by IP) may send through
	// POST /_shell/events. Default: 30 a minute with a burst of 20.
	RateLimit *EventRateLimit `json:"rate_limit,omitempty"`

	client  *tracking.Client
	limiter *clientLimiter
}

// closeTimeout is how long a config reload waits for queued events to be posted.
const closeTimeout = 2 * time.Second

// provision starts the collector client, closed when the config is unloaded; t may be nil.
func (t *Tracking) provision(ctx caddy.Context, logger *zap.Logger) error {
	if t == nil {
		return nil
	}
	log := logger.Named("tracking")
	c, err := tracking.New(tracking.Options{Collector: t.Collector, Queue: t.Queue, Logger: log})
	if err != nil {
		return fmt.Errorf("shell: %w", err)
	}
	t.client = c
	var limit EventRateLimit
	if t.RateLimit != nil {
		limit = *t.RateLimit
	}
	t.limiter = newEventLimiter(limit)
	ctx.OnCancel(func() {
		cctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
		defer cancel()
		if err := c.Close(cctx); err != nil {
			log.Warn("tracking events dropped at shutdown", zap.Error(err))
		}
		s := c.Stats()
		log.Info("tracking stopped", zap.Uint64("sent", s.Sent), zap.Uint64("failed", s.Failed), zap.Uint64("dropped", s.Dropped))
	})
	return nil
}

// validate checks the tracking block; without one there is nothing to check.
func (t *Tracking) validate() error {
	if t == nil {
		return nil
	}
	if t.Collector == "" {
		return fmt.Errorf("shell: tracking collector is empty; give the event collector's URL, e.g. collector https://events.example.com/v1/events")
	}
	if t.Queue < 0 || t.Queue > 1_000_000 {
		return fmt.Errorf("shell: tracking queue %d is out of range; give how many events may wait, 1 to 1000000 (default %d)", t.Queue, tracking.DefaultQueue)
	}
	if t.RateLimit != nil {
		return t.RateLimit.validate()
	}
	return nil
}

// track queues an event of the edge's own for the collector, with what the edge knows of the
// request: the browsing platform (device kind) and the country platform (the page's locale).
// t may be nil (no tracking block).
func (t *Tracking) track(r *http.Request, e tracking.Event, locale string) {
	if t == nil || t.client == nil {
		return
	}
	if e.BrowsingPlatform == "" {
		e.BrowsingPlatform = string(flags.KindOf(r.Header.Get("User-Agent")))
	}
	if e.CountryPlatform == "" {
		e.CountryPlatform = locale
	}
	if e.Portal == "" {
		e.Portal = "shell"
	}
	t.client.Send(e)
}

// trackSessionEnd sends the session event of a session the edge ended (spec 4, session
// lifecycle): "session.expired", "session.idle", "session.refresh-token-expired",
// "session.failed", "session.logout" and so on, after the reason the identity steps give.
func (h *Handler) trackSessionEnd(reason string) {
	if h.Tracking == nil || h.Tracking.client == nil {
		return
	}
	h.Tracking.client.Send(tracking.Event{
		EventName: tracking.SessionEnd(reason), Object: "session", Action: reason,
		Portal: "shell", Zone: tracking.EdgeZone, Component: "shellgate",
	})
}

// Defaults of the per-client limit on POST /_shell/events: a shell sends a handful of events
// a page (countdown shown, extended, a menu opened), so 30 a minute with a burst of 20 leaves
// a real visitor room and stops a script from flooding the collector.
const (
	DefaultEventRate    = 30
	DefaultEventWindow  = time.Minute
	DefaultEventBurst   = 20
	DefaultEventClients = 10000
)

// EventRateLimit bounds the shell events one client may send through POST /_shell/events,
// as a token bucket per client IP (the IP Caddy sees through its trusted_proxies). Past it
// the edge answers 429 with Retry-After and drops the event.
type EventRateLimit struct {
	// Events is how many events a client may send per Window, on average. Default: 30.
	Events int `json:"events,omitempty"`
	// Window is the interval Events are counted over. Default: 1m.
	Window caddy.Duration `json:"window,omitempty"`
	// Burst is how many events a client may send at once before the rate applies. Default: 20.
	Burst int `json:"burst,omitempty"`
	// Clients bounds how many clients' buckets the edge keeps; past it the least recently
	// seen client's bucket is dropped, so a flood of addresses cannot grow memory without
	// bound. Default: 10000.
	Clients int `json:"clients,omitempty"`
}

// withDefaults fills the zero fields.
func (l EventRateLimit) withDefaults() EventRateLimit {
	if l.Events == 0 {
		l.Events = DefaultEventRate
	}
	if l.Window == 0 {
		l.Window = caddy.Duration(DefaultEventWindow)
	}
	if l.Burst == 0 {
		l.Burst = DefaultEventBurst
	}
	if l.Clients == 0 {
		l.Clients = DefaultEventClients
	}
	return l
}

// validate says what to write instead of a limit out of range.
func (l EventRateLimit) validate() error {
	switch {
	case l.Events < 0 || l.Events > 1_000_000:
		return fmt.Errorf("shell: tracking rate_limit events %d is out of range; give 1 to 1000000 events per window (default %d)", l.Events, DefaultEventRate)
	case l.Window < 0 || (l.Window > 0 && time.Duration(l.Window) < time.Second) || time.Duration(l.Window) > 24*time.Hour:
		return fmt.Errorf("shell: tracking rate_limit window %s is out of range; give 1s to 24h (default %s)", time.Duration(l.Window), DefaultEventWindow)
	case l.Burst < 0 || l.Burst > 10_000:
		return fmt.Errorf("shell: tracking rate_limit burst %d is out of range; give 1 to 10000 events (default %d)", l.Burst, DefaultEventBurst)
	case l.Clients < 0 || l.Clients > 10_000_000:
		return fmt.Errorf("shell: tracking rate_limit clients %d is out of range; give 1 to 10000000 (default %d)", l.Clients, DefaultEventClients)
	}
	return nil
}

// newEventLimiter is the per-client bucket of l (its zero fields at their defaults).
func newEventLimiter(l EventRateLimit) *clientLimiter {
	l = l.withDefaults()
	return newClientLimiter(rate.Limit(float64(l.Events)/time.Duration(l.Window).Seconds()), l.Burst, l.Clients)
}

// maxEventBytes caps a relayed event's body: ten attributes and thirteen fields of at most
// 256 characters fit well below it.
const maxEventBytes = 16 << 10

// serveEvents relays one tracking event of the shell to the collector: POST, same-origin,
// JSON, size-capped and validated. It answers 202 once the event is queued, 204 when the edge
// has no collector (the event is dropped), and never waits for the collector.
func (h *Handler) serveEvents(w http.ResponseWriter, r *http.Request) error {
	if !requirePost(w, r) {
		return nil
	}
	if why := crossSite(r); why != "" {
		writeJSONError(w, http.StatusForbidden, "cross-site event refused ("+why+")")
		return nil
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeJSONError(w, http.StatusUnsupportedMediaType, "send the event as application/json")
		return nil
	}
	// The bucket is taken before the body is read: a flood costs the edge no decoding.
	if t := h.Tracking; t != nil && t.limiter != nil {
		if wait, ok := t.limiter.Allow(clientKey(r), h.now()); !ok {
			countEventRefused("rate-limit") // metrics.go
			w.Header().Set("Retry-After", retryAfterSeconds(wait))
			writeJSONError(w, http.StatusTooManyRequests, "too many events; this one was dropped")
			return nil
		}
	}
	e, err := decodeEvent(http.MaxBytesReader(w, r.Body, maxEventBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSONError(w, http.StatusRequestEntityTooLarge, "an event is at most 16 KiB")
			return nil
		}
		writeJSONError(w, http.StatusBadRequest, err.Error())
		return nil
	}
	if tracking.EdgeOnly(&e) {
		// The edge's own events (a session ended, a customer redirected) are its word to the
		// collector; a page's script may not speak for it.
		countEventRefused("edge-only")
		writeJSONError(w, http.StatusForbidden, "event "+e.EventName+" is the edge's own; the shell may not send it")
		return nil
	}
	if h.Tracking == nil || h.Tracking.client == nil {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	if !h.Tracking.client.Send(e) {
		// The queue is full: the event is dropped and counted; the shell need not retry.
		writeJSONError(w, http.StatusServiceUnavailable, "tracking queue full; event dropped")
		return nil
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// decodeEvent reads one event, refusing unknown fields and trailing data.
func decodeEvent(body io.Reader) (tracking.Event, error) {
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	var e tracking.Event
	if err := dec.Decode(&e); err != nil {
		return e, err
	}
	if dec.More() {
		return e, errors.New("one event per request")
	}
	return e, e.Validate()
}
