package shell

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/shellgate/shellgate/caddy-module/tracking"
)

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
