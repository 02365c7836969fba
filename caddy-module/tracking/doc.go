// Package tracking posts the platform's tracking events (spec 3, tracking event; spec 7, the
// event collector) from the edge: the edge's own events (customer redirects, session events)
// and the shell's events relayed through POST /_shell/events.
//
// A page never waits for the collector: Send puts the event in a bounded queue and returns at
// once; one worker posts from the queue. When the queue is full the event is dropped and
// counted (Stats), so a slow or dead collector costs pages nothing.
//
// The package never imports Caddy.
package tracking
