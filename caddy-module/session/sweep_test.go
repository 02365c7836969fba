package session

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// sweepFixture is a Redis store whose clock the test sets, and one customer's sessions.
type sweepFixture struct {
	c   redis.UniversalClient
	st  *RedisStore
	now time.Time
	sub string
}

func newSweepFixture(t *testing.T) *sweepFixture {
	t.Helper()
	srv := redistest.Start(t)
	f := &sweepFixture{c: srv.Client(), now: time.Now().UTC().Truncate(time.Millisecond)}
	st, err := NewRedisStore(f.c, RedisOptions{Sealer: mustSealer(t, newKey(t)), Clock: func() time.Time { return f.now }})
	if err != nil {
		t.Fatal(err)
	}
	f.st, f.sub = st, customerSession(70, "", f.now).Subject
	return f
}

// login saves a new session of the customer, created at at.
func (f *sweepFixture) login(t *testing.T, at time.Time) *Session {
	t.Helper()
	s := customerSession(70, "sid-"+NewID()[:8], at)
	if err := f.st.Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// expire removes a session's record as Redis does at its idle expiry: the index keeps its entry.
func (f *sweepFixture) expire(t *testing.T, s *Session) {
	t.Helper()
	if err := f.c.Del(context.Background(), f.st.recordKey(s.ID)).Err(); err != nil {
		t.Fatal(err)
	}
}

// entries is how many entries the customer's subject index holds.
func (f *sweepFixture) entries(t *testing.T) int {
	t.Helper()
	n, err := f.c.HLen(context.Background(), f.st.indexKey("sub", f.st.digest(f.sub))).Result()
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// A customer who keeps one device logged in and logs in elsewhere day after day does not
// collect the entries of the sessions Redis expired: a login past sweepAt entries sweeps them,
// and listing the sessions removes those it finds, so the index holds about the live ones.
func TestSubjectIndexDropsExpiredSessions(t *testing.T) {
	ctx := context.Background()
	f := newSweepFixture(t)
	phone := f.login(t, f.now.Add(-30*24*time.Hour)) // kept alive all month
	for day := 29; day >= 0; day-- {
		s := f.login(t, f.now.Add(-time.Duration(day)*24*time.Hour))
		if day > 0 {
			f.expire(t, s) // idle overnight
		}
	}
	if n := f.entries(t); n > sweepAt {
		t.Errorf("after 31 logins, 2 sessions alive, the index holds %d entries; want at most %d", n, sweepAt)
	}
	infos, err := f.st.ListBySubject(ctx, f.sub)
	if err != nil || len(infos) != 2 {
		t.Fatalf("ListBySubject = %d sessions, %v; want the phone's and today's", len(infos), err)
	}
	if n := f.entries(t); n != 2 {
		t.Errorf("after listing, the index holds %d entries; want the 2 live sessions'", n)
	}
	if n, err := f.st.DeleteBySubject(ctx, f.sub); err != nil || n != 2 {
		t.Errorf("DeleteBySubject = %d, %v; want both live sessions ended", n, err)
	}
	if _, err := f.st.Get(ctx, phone.ID); err == nil {
		t.Error("the phone's session outlived the logout")
	}
}

// A session being saved has its index entry before its record (so that a back-channel logout
// between the two writes finds it): no sweep may take that entry, or the logout would miss a
// session that then lives. Nor an entry whose age no key can tell.
func TestSweepKeepsSessionsBeingSaved(t *testing.T) {
	ctx := context.Background()
	f := newSweepFixture(t)
	for range sweepAt + 2 { // old sessions, all gone: the next login sweeps
		f.expire(t, f.login(t, f.now.Add(-48*time.Hour)))
	}
	// Halfway through a login: indexed, the record not written yet.
	saving := customerSession(70, "sid-saving", f.now.Add(-time.Minute))
	if err := f.st.indexAdd(ctx, saving, f.st.digest(saving.SID), f.st.digest(saving.Subject)); err != nil {
		t.Fatal(err)
	}
	key := f.st.indexKey("sub", f.st.digest(f.sub))
	unreadable := keyOf(NewID())
	if err := f.c.HSet(ctx, key, unreadable, "sealed under a key this replica lacks").Err(); err != nil {
		t.Fatal(err)
	}
	f.login(t, f.now) // past sweepAt: sweeps
	if _, err := f.st.ListBySubject(ctx, f.sub); err != nil {
		t.Fatal(err)
	}
	names, err := f.c.HKeys(ctx, key).Result()
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, n := range names {
		kept[n] = true
	}
	if !kept[keyOf(saving.ID)] || !kept[unreadable] || len(names) != 3 {
		t.Fatalf("the index holds %d entries, the one being saved: %v, the unreadable one: %v; want those two and the new login's",
			len(names), kept[keyOf(saving.ID)], kept[unreadable])
	}
	// The login completes; a back-channel logout now ends it.
	if err := f.st.Save(ctx, saving); err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.DeleteBySubject(ctx, f.sub); err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.Get(ctx, saving.ID); err == nil {
		t.Error("the session saved during the sweep outlived the back-channel logout")
	}
}
