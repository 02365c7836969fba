package shell

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/caddyserver/caddy/v2"
	"go.uber.org/zap"

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
	// POST /_shell/events. Default: 30 a minute with a burst of 20 (tracking_limit.go).
	RateLimit *EventRateLimit `json:"rate_limit,omitempty"`

	client  *tracking.Client
	limiter *clientLimiter
}

// closeTimeout is how long a config reload waits for queued events to be posted.
const closeTimeout = 2 * time.Second

// provisionTracking starts the collector client, closed when the config is unloaded.
func (h *Handler) provisionTracking(ctx caddy.Context) error {
	t := h.Tracking
	if t == nil {
		return nil
	}
	log := h.logger.Named("tracking")
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

// validateTracking checks the tracking block; without one there is nothing to check.
func (h *Handler) validateTracking() error {
	t := h.Tracking
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
func (h *Handler) track(r *http.Request, e tracking.Event, locale string) {
	if h.Tracking == nil || h.Tracking.client == nil {
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
	h.Tracking.client.Send(e)
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
