package session

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A session that simply runs out in the store must not vanish silently: the gateway ends it
// at the identity provider too, so TakeExpired hands over, once each, every session that
// expired (swept, or found expired on a read) or was ended to make room (a customer's oldest
// session past MaxPerSubject), with its refresh token; and never one that was deleted (its
// logout already ended it) or is still alive. A full store refuses a new session rather than
// evict another customer's.
func TestMemoryStoreHandsOverSessionsThatRanOut(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: now}
	m := NewMemoryStore(MemoryOptions{MaxSessions: 3, MaxPerSubject: 1, IdleTTL: 10 * time.Minute, Clock: clock.now, KeepExpired: true})
	s := make([]*Session, 6)
	for i := range s {
		s[i] = customerSession(i, "sid", now)
	}
	for _, x := range s[:3] {
		m.Save(ctx, x)
	}
	m.Delete(ctx, s[2].ID) // a logout: ended already
	clock.advance(6 * time.Minute)
	m.Touch(ctx, s[1].ID, clock.now())
	clock.advance(5 * time.Minute) // s[0] expired; s[1] has 1 minute left
	if _, err := m.Get(ctx, s[0].ID); err == nil {
		t.Fatal("s[0] is still alive past its idle TTL")
	}
	s[4].Subject = s[1].Subject // s[1]'s customer logs in again: past MaxPerSubject, s[1] ends
	for _, x := range s[3:] {   // then the store holds s[3], s[4], s[5]: full
		if err := m.Save(ctx, x); err != nil {
			t.Fatalf("save: %v", err)
		}
	}
	if err := m.Save(ctx, customerSession(7, "sid", clock.now())); !errors.Is(err, ErrStoreFull) {
		t.Fatalf("a full store took a new session (%v) instead of refusing it", err)
	}
	got := m.TakeExpired()
	want := map[string]bool{s[0].Tokens.RefreshToken: true, s[1].Tokens.RefreshToken: true}
	if len(got) != len(want) {
		t.Fatalf("%d sessions handed over, want 2 (the expired and the ended one)", len(got))
	}
	for _, x := range got {
		if !want[x.Tokens.RefreshToken] || x.Region != "DEU" {
			t.Errorf("handed over a session that did not run out, or without its refresh token and region")
		}
	}
	if again := m.TakeExpired(); len(again) != 0 {
		t.Errorf("%d sessions handed over twice", len(again))
	}

	clock.advance(11 * time.Minute) // the sweep finds the rest without any read
	if got := m.TakeExpired(); len(got) != 3 {
		t.Errorf("%d sessions swept after their TTL, want 3", len(got))
	}
	if m.Len() != 0 {
		t.Errorf("%d sessions still held", m.Len())
	}

	off := NewMemoryStore(MemoryOptions{IdleTTL: time.Minute, Clock: clock.now})
	off.Save(ctx, customerSession(9, "sid", clock.now()))
	clock.advance(2 * time.Minute)
	if got := off.TakeExpired(); len(got) != 0 {
		t.Errorf("a store without KeepExpired handed over %d sessions", len(got))
	}
}
