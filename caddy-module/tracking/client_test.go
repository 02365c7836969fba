package tracking

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// collector is a fake event collector that records what it was posted.
type collector struct {
	mu       sync.Mutex
	events   []Event
	status   int
	hold     chan struct{} // when set, each post waits for it to close
	received chan struct{}
}

func newCollector(t *testing.T, status int) (*collector, *httptest.Server) {
	c := &collector{status: status, received: make(chan struct{}, 100)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "want a JSON POST", http.StatusBadRequest)
			return
		}
		var e Event
		if err := json.NewDecoder(r.Body).Decode(&e); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		c.received <- struct{}{}
		if c.hold != nil {
			<-c.hold
		}
		c.mu.Lock()
		c.events = append(c.events, e)
		c.mu.Unlock()
		w.WriteHeader(c.status)
	}))
	t.Cleanup(srv.Close)
	return c, srv
}

func (c *collector) got() []Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Event(nil), c.events...)
}

func closeClient(t *testing.T, c *Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Close(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestClientDeliversEventsInOrder(t *testing.T) {
	col, srv := newCollector(t, http.StatusAccepted)
	c, err := New(Options{Collector: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"customer-redirect", "session.extended-automatically", "session.expired"}
	for _, name := range want {
		if !c.Send(Event{EventName: name, CustomAttributes: map[string]string{"target": "cdvc"}}) {
			t.Fatalf("Send(%s) dropped an event into an empty queue", name)
		}
	}
	closeClient(t, c)
	got := col.got()
	if len(got) != len(want) {
		t.Fatalf("collector got %d events, want %d", len(got), len(want))
	}
	for i, e := range got {
		if e.EventName != want[i] || e.CustomAttributes["target"] != "cdvc" {
			t.Errorf("event %d = %+v, want %s with its attribute", i, e, want[i])
		}
	}
	if s := c.Stats(); s.Sent != 3 || s.Dropped != 0 || s.Failed != 0 {
		t.Errorf("Stats() = %+v, want 3 sent", s)
	}
}

func TestClientDropsWhenTheQueueIsFullWithoutBlocking(t *testing.T) {
	col, srv := newCollector(t, http.StatusOK)
	col.hold = make(chan struct{})
	c, err := New(Options{Collector: srv.URL, Queue: 2})
	if err != nil {
		t.Fatal(err)
	}
	c.Send(Event{EventName: "first"})
	<-col.received // the worker holds "first" in flight; the queue is empty again
	queued := 0
	done := make(chan struct{})
	go func() {
		for range 10 {
			if c.Send(Event{EventName: "more"}) {
				queued++
			}
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Send blocked on a stuck collector")
	}
	if queued != 2 {
		t.Errorf("%d events queued behind a stuck collector, want the queue's 2", queued)
	}
	if s := c.Stats(); s.Dropped != 8 || s.Queued != 2 {
		t.Errorf("Stats() = %+v, want 8 dropped and 2 queued", s)
	}
	close(col.hold)
	closeClient(t, c)
	if s := c.Stats(); s.Sent != 3 {
		t.Errorf("after the collector came back: Stats() = %+v, want 3 sent", s)
	}
}

func TestClientCountsRefusedAndInvalidEvents(t *testing.T) {
	_, srv := newCollector(t, http.StatusInternalServerError)
	c, err := New(Options{Collector: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	c.Send(Event{EventName: "refused"})
	if c.Send(Event{}) {
		t.Error("Send queued an event without a name")
	}
	closeClient(t, c)
	if c.Send(Event{EventName: "late"}) {
		t.Error("Send queued an event on a closed client")
	}
	if s := c.Stats(); s.Failed != 1 || s.Dropped != 2 || s.Sent != 0 {
		t.Errorf("Stats() = %+v, want 1 failed and 2 dropped", s)
	}
}

func TestCloseGivesUpOnAStuckCollector(t *testing.T) {
	col, srv := newCollector(t, http.StatusOK)
	col.hold = make(chan struct{})
	defer close(col.hold)
	c, err := New(Options{Collector: srv.URL, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	c.Send(Event{EventName: "stuck"})
	c.Send(Event{EventName: "behind"})
	<-col.received
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := c.Close(ctx); err == nil {
		t.Fatal("Close returned nil with an event stuck at the collector")
	}
	if s := c.Stats(); s.Sent != 0 || s.Failed+s.Dropped != 2 {
		t.Errorf("Stats() = %+v, want both events failed or dropped", s)
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	for _, opts := range []Options{{}, {Collector: "events.example.com"}, {Collector: "ftp://x/y"}, {Collector: "http://x/", Queue: -1}} {
		if _, err := New(opts); err == nil {
			t.Errorf("New(%+v) = nil error, want one saying what to change", opts)
		}
	}
}

func BenchmarkSend(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	c, _ := New(Options{Collector: srv.URL, Queue: 1 << 16})
	e := Event{EventName: "customer-redirect", CustomAttributes: map[string]string{"target": "cdvc"}}
	b.ReportAllocs()
	for b.Loop() {
		c.Send(e)
	}
	b.StopTimer()
	_ = c.Close(context.Background())
}
