package customer

import (
	"container/list"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
)

// answerCache keeps answers for the de-duplication interval of spec 9 and lets concurrent
// requests for one key share a single upstream call. It keeps successful answers and "not
// found" (404, 410: an answer, not a fault, and never retried); other failures are not kept,
// so the next page asks again (concurrent pages still share the failing call). It holds at
// most max entries, dropping the least recently used.
type answerCache struct {
	ttl   time.Duration
	max   int
	clock func() time.Time

	mu    sync.Mutex
	order *list.List // front: most recently used
	items map[string]*list.Element

	flight singleflight.Group
	stats  cacheCounters
}

type cacheEntry struct {
	key     string
	value   any
	err     error // ErrNotFound kept as an answer
	expires time.Time
}

type cacheCounters struct {
	hits, misses, shared, calls atomic.Int64
}

// CacheStats counts what the cache did since the Client was made.
type CacheStats struct {
	// Hits are answers served from the cache.
	Hits int64
	// Misses are lookups that found no fresh answer.
	Misses int64
	// Shared are misses that joined a call already in flight instead of making their own.
	Shared int64
	// Calls are the upstream calls made (each with at most one retry inside).
	Calls int64
	// Entries is the number of answers held now.
	Entries int
}

func newAnswerCache(ttl time.Duration, max int, clock func() time.Time) *answerCache {
	return &answerCache{ttl: ttl, max: max, clock: clock, order: list.New(), items: map[string]*list.Element{}}
}

// do returns the fresh cached answer for key, or the answer of fetch, made once for all
// concurrent callers. fetch runs detached from the first caller's cancellation, so a page
// that gives up does not fail the others waiting on the same call; every caller still stops
// waiting when its own ctx ends.
func (c *answerCache) do(ctx context.Context, key string, fetch func(context.Context) (any, error)) (any, error) {
	if v, err, ok := c.lookup(key); ok {
		c.stats.hits.Add(1)
		return v, err
	}
	c.stats.misses.Add(1)
	leader := false
	ch := c.flight.DoChan(key, func() (any, error) {
		leader = true
		// A call that finished between lookup and DoChan has stored its answer.
		if v, err, ok := c.lookup(key); ok {
			return v, err
		}
		c.stats.calls.Add(1)
		v, err := fetch(context.WithoutCancel(ctx))
		if err == nil || errors.Is(err, ErrNotFound) {
			c.store(key, v, err)
		}
		return v, err
	})
	select {
	case r := <-ch:
		if r.Shared && !leader {
			c.stats.shared.Add(1)
		}
		return r.Val, r.Err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *answerCache) lookup(key string) (any, error, bool) {
	if c.ttl < 0 {
		return nil, nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, nil, false
	}
	e := el.Value.(*cacheEntry)
	if !c.clock().Before(e.expires) {
		c.order.Remove(el)
		delete(c.items, key)
		return nil, nil, false
	}
	c.order.MoveToFront(el)
	return e.value, e.err, true
}

func (c *answerCache) store(key string, v any, err error) {
	if c.ttl < 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	exp := c.clock().Add(c.ttl)
	if el, ok := c.items[key]; ok {
		e := el.Value.(*cacheEntry)
		e.value, e.err, e.expires = v, err, exp
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, value: v, err: err, expires: exp})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cacheEntry).key)
	}
}

// forget drops every entry whose key starts with prefix.
func (c *answerCache) forget(prefix string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, el := range c.items {
		if strings.HasPrefix(k, prefix) {
			c.order.Remove(el)
			delete(c.items, k)
		}
	}
}

// remove drops the entry of key.
func (c *answerCache) remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.Remove(el)
		delete(c.items, key)
	}
}

func (c *answerCache) snapshot() CacheStats {
	c.mu.Lock()
	n := len(c.items)
	c.mu.Unlock()
	return CacheStats{Hits: c.stats.hits.Load(), Misses: c.stats.misses.Load(),
		Shared: c.stats.shared.Load(), Calls: c.stats.calls.Load(), Entries: n}
}

// Stats reports the cache's counters.
func (c *Client) Stats() CacheStats { return c.cache.snapshot() }
