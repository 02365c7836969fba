package session

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// fakeClock is a settable clock for the memory store.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestMemoryStoreEvictsLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: now}
	m := NewMemoryStore(MemoryOptions{MaxSessions: 3, Clock: clock.now})
	s := make([]*Session, 5)
	for i := range s {
		s[i] = customerSession(i, "sid", now)
	}
	steps := []struct {
		name  string
		do    func()
		alive []int
		gone  []int
	}{
		{"fill to the bound", func() {
			for _, x := range s[:3] {
				m.Save(ctx, x)
			}
		}, []int{0, 1, 2}, nil},
		{"use the oldest, then add one: the least recently used (1) goes", func() {
			m.Get(ctx, s[0].ID)
			m.Save(ctx, s[3])
		}, []int{0, 2, 3}, []int{1}},
		{"activity counts as use: touch 2, add one, 0 goes", func() {
			m.Touch(ctx, s[2].ID, now)
			m.Save(ctx, s[4])
		}, []int{2, 3, 4}, []int{0, 1}},
	}
	for _, step := range steps {
		step.do()
		if m.Len() > 3 {
			t.Fatalf("%s: %d sessions held, bound is 3", step.name, m.Len())
		}
		for _, i := range step.gone {
			if _, err := m.Get(ctx, s[i].ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("%s: session %d still there", step.name, i)
			}
		}
		for _, i := range step.alive {
			if _, err := m.Get(ctx, s[i].ID); err != nil {
				t.Errorf("%s: session %d gone: %v", step.name, i, err)
			}
		}
	}
	// Evicted sessions leave the indexes too: a logout counts only what is still held.
	if n, _ := m.DeleteBySID(ctx, "sid"); n != 3 {
		t.Errorf("DeleteBySID after evictions = %d, want 3", n)
	}
}

func TestMemoryStoreExpiry(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: now}
	m := NewMemoryStore(MemoryOptions{IdleTTL: 10 * time.Minute, Clock: clock.now})
	a, b := customerSession(1, "a", now), customerSession(2, "b", now)
	m.Save(ctx, a)
	m.Save(ctx, b)

	clock.advance(9 * time.Minute)
	if err := m.Touch(ctx, a.ID, clock.now()); err != nil {
		t.Fatal(err)
	}
	clock.advance(time.Minute) // b: exactly 10 minutes without activity
	if _, err := m.Get(ctx, b.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("session idle for the whole TTL: %v, want ErrNotFound", err)
	}
	if _, err := m.Get(ctx, a.ID); err != nil {
		t.Errorf("session touched a minute ago: %v", err)
	}
	clock.advance(8*time.Minute + 59*time.Second) // touched at 9 min, now 18:59
	if _, err := m.Get(ctx, a.ID); err != nil {
		t.Errorf("1 s before the end of its TTL: %v", err)
	}
	clock.advance(time.Second)
	if err := m.Touch(ctx, a.ID, clock.now()); !errors.Is(err, ErrNotFound) {
		t.Errorf("Touch after the TTL: %v, want ErrNotFound (activity cannot revive a session)", err)
	}

	// Expired sessions are swept as new ones arrive, so they do not hold memory.
	for i := range 100 {
		m.Save(ctx, customerSession(i, "old", clock.now()))
	}
	clock.advance(11 * time.Minute)
	m.Save(ctx, customerSession(1000, "new", clock.now()))
	if m.Len() != 1 {
		t.Errorf("after every old session expired and one new one was saved, %d held; want 1", m.Len())
	}
}
