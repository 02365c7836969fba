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

// An attacker who logs in again and again (one account or many) until the store is full
// never logs out another customer: the victim's live session stays, the flood's next
// session is refused.
func TestMassLoginsNeverEvictAnotherCustomersSession(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: now}
	m := NewMemoryStore(MemoryOptions{MaxSessions: 50, IdleTTL: 15 * time.Minute, Clock: clock.now})
	victim := customerSession(1, "victim", now)
	if err := m.Save(ctx, victim); err != nil {
		t.Fatal(err)
	}
	refused := 0
	for i := range 500 {
		clock.advance(time.Second) // each attacker session newer than the victim's last use
		err := m.Save(ctx, customerSession(1000+i, "attacker", clock.now()))
		switch {
		case errors.Is(err, ErrStoreFull):
			refused++
		case err != nil:
			t.Fatal(err)
		}
	}
	if m.Len() > 50 {
		t.Errorf("%d sessions held, bound is 50", m.Len())
	}
	if refused != 500-49 {
		t.Errorf("%d attacker sessions refused, want %d (the store full)", refused, 500-49)
	}
	if _, err := m.Get(ctx, victim.ID); err != nil {
		t.Fatalf("the victim's session is gone after the flood: %v", err)
	}
	// The victim's own session still changes: a refresh or activity is no new session.
	if err := m.Save(ctx, victim); err != nil {
		t.Errorf("saving the victim's live session in a full store: %v", err)
	}
	if err := m.Touch(ctx, victim.ID, clock.now()); err != nil {
		t.Errorf("touching the victim's live session in a full store: %v", err)
	}
}

// One account logging in again and again keeps at most MaxPerSubject sessions: its own
// oldest end, nobody else's, and the store does not fill up.
func TestOneAccountCannotFillTheMemoryStore(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: now}
	m := NewMemoryStore(MemoryOptions{MaxSessions: 50, MaxPerSubject: 4, Clock: clock.now})
	victim := customerSession(1, "victim", now)
	m.Save(ctx, victim)
	var last *Session
	for range 200 {
		clock.advance(time.Second)
		last = customerSession(2, NewID(), clock.now()) // the same subject every time
		if err := m.Save(ctx, last); err != nil {
			t.Fatalf("the attacker's own login: %v", err)
		}
	}
	if m.Len() != 5 {
		t.Errorf("%d sessions held, want the victim's and the attacker's last 4", m.Len())
	}
	if _, err := m.Get(ctx, victim.ID); err != nil {
		t.Errorf("the victim's session: %v", err)
	}
	if _, err := m.Get(ctx, last.ID); err != nil {
		t.Errorf("the attacker's newest session: %v", err)
	}
}

// Expired sessions make room in a full store, also ones a read moved to the warm end.
func TestFullMemoryStoreDropsExpiredSessionsFirst(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: now}
	m := NewMemoryStore(MemoryOptions{MaxSessions: 3, IdleTTL: 10 * time.Minute, Clock: clock.now})
	s := make([]*Session, 6)
	for i := range s {
		s[i] = customerSession(i, "sid", now)
	}
	for _, x := range s[:3] {
		if err := m.Save(ctx, x); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Save(ctx, s[3]); !errors.Is(err, ErrStoreFull) {
		t.Fatalf("a fourth session in a store of 3 live ones: %v, want ErrStoreFull", err)
	}
	clock.advance(6 * time.Minute)
	m.Touch(ctx, s[1].ID, clock.now()) // 1 stays live
	m.Get(ctx, s[0].ID)                // a read: 0 moves to the warm end, not extended
	clock.advance(5 * time.Minute)     // 0 and 2 expired; 1, live, sits between them
	if err := m.Save(ctx, s[3]); err != nil {
		t.Fatalf("after two sessions expired: %v", err)
	}
	if err := m.Save(ctx, s[4]); err != nil {
		t.Fatalf("after two sessions expired, the second new one: %v", err)
	}
	if err := m.Save(ctx, s[5]); !errors.Is(err, ErrStoreFull) {
		t.Errorf("full again: %v, want ErrStoreFull", err)
	}
	for _, i := range []int{1, 3, 4} {
		if _, err := m.Get(ctx, s[i].ID); err != nil {
			t.Errorf("live session %d gone: %v", i, err)
		}
	}
	// Dropped sessions leave the indexes too: a logout counts only what is still held.
	if n, _ := m.DeleteBySID(ctx, "sid"); n != 3 {
		t.Errorf("DeleteBySID = %d, want 3", n)
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
