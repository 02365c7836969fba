package tracking

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
)

// Defaults of a Client.
const (
	// DefaultQueue is how many events wait for the collector before new ones are dropped.
	DefaultQueue = 1000
	// DefaultTimeout bounds one post (spec 9: API timeout 3000 ms).
	DefaultTimeout = 3000 * time.Millisecond
)

// Options configure a Client. Only Collector is required.
type Options struct {
	// Collector is the event collector's URL; each event is POSTed to it as JSON.
	Collector string
	// Queue bounds the events waiting to be posted. Default: DefaultQueue.
	Queue int
	// Timeout bounds one post. Default: DefaultTimeout.
	Timeout time.Duration
	// HTTPClient posts the events. Default: a client without its own timeout.
	HTTPClient *http.Client
	// Logger receives failed posts, at most one line a second. Default: no logging.
	Logger *zap.Logger
}

// Stats count what became of the events given to Send.
type Stats struct {
	// Sent were accepted by the collector (2xx).
	Sent uint64
	// Failed were posted but the collector refused them or could not be reached.
	Failed uint64
	// Dropped never left: the queue was full, the event invalid or the client closed.
	Dropped uint64
	// Queued wait in the queue now.
	Queued int
}

// Client posts events to the collector from a bounded queue. Send never blocks. It is safe
// for concurrent use; Close stops it.
type Client struct {
	collector string
	timeout   time.Duration
	http      *http.Client
	log       *zap.Logger

	queue   chan Event
	mu      sync.RWMutex // guards closed against Send racing Close
	closed  bool
	done    chan struct{}
	stop    context.CancelFunc
	ctx     context.Context
	sent    atomic.Uint64
	failed  atomic.Uint64
	dropped atomic.Uint64
	lastLog atomic.Int64
}

// New starts a Client for opts.
func New(opts Options) (*Client, error) {
	u, err := url.Parse(opts.Collector)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("tracking: collector %q is not an http(s) URL; give the event collector's address, e.g. https://events.example.com/v1/events", opts.Collector)
	}
	if opts.Queue < 0 {
		return nil, fmt.Errorf("tracking: queue %d is negative; give how many events may wait, e.g. %d", opts.Queue, DefaultQueue)
	}
	c := &Client{
		collector: u.String(),
		timeout:   opts.Timeout,
		http:      opts.HTTPClient,
		log:       opts.Logger,
		done:      make(chan struct{}),
	}
	if opts.Queue == 0 {
		opts.Queue = DefaultQueue
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.log == nil {
		c.log = zap.NewNop()
	}
	c.queue = make(chan Event, opts.Queue)
	c.ctx, c.stop = context.WithCancel(context.Background())
	go c.run()
	return c, nil
}

// Send queues e for the collector and returns at once. It reports whether e was queued; an
// invalid event, a full queue or a closed client drop it (and count it in Stats.Dropped).
func (c *Client) Send(e Event) bool {
	if e.Validate() != nil {
		c.dropped.Add(1)
		return false
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.closed {
		c.dropped.Add(1)
		return false
	}
	select {
	case c.queue <- e:
		return true
	default:
		c.dropped.Add(1)
		return false
	}
}

// Stats tells what became of the events so far.
func (c *Client) Stats() Stats {
	return Stats{Sent: c.sent.Load(), Failed: c.failed.Load(), Dropped: c.dropped.Load(), Queued: len(c.queue)}
}

// Close stops taking events and posts those queued until ctx ends; what is left then is
// dropped. It is safe to call more than once.
func (c *Client) Close(ctx context.Context) error {
	c.mu.Lock()
	if !c.closed {
		c.closed = true
		close(c.queue)
	}
	c.mu.Unlock()
	select {
	case <-c.done:
		return nil
	case <-ctx.Done():
		c.stop() // abandon the post in flight; run counts the rest as dropped
		<-c.done
		return fmt.Errorf("tracking: closing with events still queued: %w", ctx.Err())
	}
}

func (c *Client) run() {
	defer close(c.done)
	for e := range c.queue {
		if c.ctx.Err() != nil {
			c.dropped.Add(1)
			continue
		}
		if err := c.post(e); err != nil {
			c.failed.Add(1)
			c.logFailure(e, err)
			continue
		}
		c.sent.Add(1)
	}
}

func (c *Client) post(e Event) error {
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.collector, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("collector answered %s", res.Status)
	}
	return nil
}

// logFailure logs a failed post at most once a second: a dead collector must not flood logs.
func (c *Client) logFailure(e Event, err error) {
	now := time.Now().Unix()
	last := c.lastLog.Load()
	if now == last || !c.lastLog.CompareAndSwap(last, now) {
		return
	}
	level := c.log.Warn
	if errors.Is(err, context.Canceled) {
		level = c.log.Debug
	}
	level("tracking event not delivered", zap.String("event", e.EventName), zap.Uint64("failed_total", c.failed.Load()), zap.Error(err))
}
