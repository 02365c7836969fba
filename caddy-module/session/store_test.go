package session

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// storeOpts are the options every store kind understands.
type storeOpts struct {
	IdleTTL time.Duration
	LockTTL time.Duration
	Sealer  *Sealer
}

// storeKind opens replicas of one store kind that share state: the memory store has one
// replica seen through several handles; the Redis stores have one RedisStore per replica,
// each with its own client, as separate processes would: on a standalone server, through a
// Sentinel, and on a 3-node Cluster (where keys of two slots in one script fail with
// CROSSSLOT). The three are the topologies redis.UniversalClient covers.
type storeKind struct {
	name string
	open func(t *testing.T, o storeOpts, replicas int) []Store
}

var storeKinds = []storeKind{
	{"memory", func(t *testing.T, o storeOpts, replicas int) []Store {
		m := NewMemoryStore(MemoryOptions{IdleTTL: o.IdleTTL, LockTTL: o.LockTTL})
		t.Cleanup(func() { m.Close() })
		out := make([]Store, replicas)
		for i := range out {
			out[i] = m
		}
		return out
	}},
	{"redis", func(t *testing.T, o storeOpts, replicas int) []Store {
		srv := redistest.Start(t)
		if o.Sealer == nil {
			o.Sealer = mustSealer(t, newKey(t))
		}
		out := make([]Store, replicas)
		for i := range out {
			r, err := NewRedisStore(srv.Client(), RedisOptions{IdleTTL: o.IdleTTL, LockTTL: o.LockTTL, Sealer: o.Sealer})
			if err != nil {
				t.Fatalf("NewRedisStore: %v", err)
			}
			out[i] = r
		}
		return out
	}},
	{"redis-sentinel", func(t *testing.T, o storeOpts, replicas int) []Store {
		sen := redistest.StartSentinel(t)
		if o.Sealer == nil {
			o.Sealer = mustSealer(t, newKey(t))
		}
		out := make([]Store, replicas)
		for i := range out {
			r, err := NewRedisStore(sen.Client(), RedisOptions{IdleTTL: o.IdleTTL, LockTTL: o.LockTTL, Sealer: o.Sealer})
			if err != nil {
				t.Fatalf("NewRedisStore: %v", err)
			}
			out[i] = r
		}
		return out
	}},
	{"redis-cluster", func(t *testing.T, o storeOpts, replicas int) []Store {
		c := cluster(t)
		if o.Sealer == nil {
			o.Sealer = mustSealer(t, newKey(t))
		}
		prefix := "t" + NewID()[:10] + ":" // this test's own keys in the shared cluster
		out := make([]Store, replicas)
		for i := range out {
			r, err := NewRedisStore(c.Client(), RedisOptions{Prefix: prefix, IdleTTL: o.IdleTTL, LockTTL: o.LockTTL, Sealer: o.Sealer})
			if err != nil {
				t.Fatalf("NewRedisStore: %v", err)
			}
			out[i] = r
		}
		return out
	}},
}

// forEachStore runs test against every store kind.
func forEachStore(t *testing.T, o storeOpts, replicas int, test func(t *testing.T, stores []Store)) {
	for _, k := range storeKinds {
		t.Run(k.name, func(t *testing.T) {
			t.Parallel()
			test(t, k.open(t, o, replicas))
		})
	}
}

func sameSession(t *testing.T, got, want *Session) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Fatalf("session differs:\n got %s\nwant %s", g, w)
	}
}

func TestStoreSaveGetDelete(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(1, "sid-1", time.Now())
		s.Webview = true
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatalf("Save: %v", err)
		}
		got, err := st[1].Get(ctx, s.ID)
		if err != nil {
			t.Fatalf("Get on the other replica: %v", err)
		}
		sameSession(t, got, s)

		got.Tokens.AccessToken = "changed by the caller"
		again, _ := st[0].Get(ctx, s.ID)
		if again.Tokens.AccessToken == "changed by the caller" {
			t.Fatal("changing a session returned by Get changed the stored one")
		}

		if _, err := st[0].Get(ctx, NewID()); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get of an unknown id: %v, want ErrNotFound", err)
		}
		if err := st[1].Delete(ctx, s.ID); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		if _, err := st[0].Get(ctx, s.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get after Delete on another replica: %v, want ErrNotFound", err)
		}
		if err := st[0].Delete(ctx, s.ID); err != nil {
			t.Fatalf("Delete of a missing session: %v, want nil", err)
		}
	})
}

func TestStoreTouch(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		t0 := time.Now().UTC().Truncate(time.Millisecond)
		s := customerSession(2, "sid-2", t0)
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			name string
			at   time.Time
			want time.Time
		}{
			{"activity moves last activity forward", t0.Add(5 * time.Second), t0.Add(5 * time.Second)},
			{"older activity (a late request) does not move it back", t0.Add(2 * time.Second), t0.Add(5 * time.Second)},
			{"newer activity again", t0.Add(9 * time.Second), t0.Add(9 * time.Second)},
		}
		for i, step := range steps {
			if err := st[i%2].Touch(ctx, s.ID, step.at); err != nil {
				t.Fatalf("%s: Touch: %v", step.name, err)
			}
			got, err := st[(i+1)%2].Get(ctx, s.ID)
			if err != nil {
				t.Fatalf("%s: Get: %v", step.name, err)
			}
			if !got.LastActivity.Equal(step.want) {
				t.Errorf("%s: last activity %v, want %v", step.name, got.LastActivity, step.want)
			}
		}
		// A save carrying an older last activity (a refresh that read the session before the
		// latest Touch) keeps the newer activity.
		stale := s.clone()
		stale.Tokens.AccessToken = "new access"
		if err := st[1].Save(ctx, stale); err != nil {
			t.Fatal(err)
		}
		got, _ := st[0].Get(ctx, s.ID)
		if got.Tokens.AccessToken != "new access" || !got.LastActivity.Equal(t0.Add(9*time.Second)) {
			t.Errorf("after a save with older activity: token %q, activity %v; want the new token and activity %v",
				got.Tokens.AccessToken, got.LastActivity, t0.Add(9*time.Second))
		}
		if err := st[0].Touch(ctx, NewID(), t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("Touch of an unknown session: %v, want ErrNotFound", err)
		}
	})
}

func TestStoreIdleExpiry(t *testing.T) {
	// Real time, as Redis expires keys on its own clock; margins of 400 ms or more, as the
	// machine may be busy.
	const ttl = time.Second
	forEachStore(t, storeOpts{IdleTTL: ttl}, 1, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(3, "sid-3", time.Now())
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatal(err)
		}
		time.Sleep(600 * time.Millisecond)
		if err := st[0].Touch(ctx, s.ID, time.Now()); err != nil {
			t.Fatalf("Touch within the idle TTL: %v", err)
		}
		time.Sleep(600 * time.Millisecond) // 1.2 s after Save, 0.6 s after Touch
		if _, err := st[0].Get(ctx, s.ID); err != nil {
			t.Fatalf("Get 600 ms after a Touch with a 1 s TTL: %v; activity must restart the expiry", err)
		}
		time.Sleep(ttl + 400*time.Millisecond)
		if _, err := st[0].Get(ctx, s.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get after the idle TTL: %v, want ErrNotFound", err)
		}
		if n, err := st[0].DeleteBySID(ctx, "sid-3"); err != nil || n != 0 {
			t.Fatalf("DeleteBySID of an expired session = %d, %v; want 0", n, err)
		}
	})
}

func TestStoreDeleteByIndex(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		at := time.Now()
		// One subject with two OIDC sessions (two browsers) and two tabs' worth of edge
		// sessions in the first; another subject alone.
		a1, a2 := customerSession(10, "sid-A", at), customerSession(10, "sid-A", at)
		b := customerSession(10, "sid-B", at)
		other := customerSession(11, "sid-C", at)
		for i, s := range []*Session{a1, a2, b, other} {
			if err := st[i%2].Save(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		steps := []struct {
			name  string
			del   func() (int, error)
			want  int
			gone  []*Session
			alive []*Session
		}{
			{"unknown sid", func() (int, error) { return st[0].DeleteBySID(ctx, "sid-none") }, 0, nil, []*Session{a1, a2, b, other}},
			{"empty sid", func() (int, error) { return st[0].DeleteBySID(ctx, "") }, 0, nil, []*Session{a1, a2, b, other}},
			{"back-channel logout of sid-A", func() (int, error) { return st[1].DeleteBySID(ctx, "sid-A") }, 2, []*Session{a1, a2}, []*Session{b, other}},
			{"again: nothing left", func() (int, error) { return st[0].DeleteBySID(ctx, "sid-A") }, 0, nil, []*Session{b, other}},
			{"logout of the subject everywhere", func() (int, error) { return st[0].DeleteBySubject(ctx, b.Subject) }, 1, []*Session{b}, []*Session{other}},
		}
		for _, step := range steps {
			n, err := step.del()
			if err != nil || n != step.want {
				t.Fatalf("%s: deleted %d, %v; want %d", step.name, n, err, step.want)
			}
			for _, s := range step.gone {
				if _, err := st[0].Get(ctx, s.ID); !errors.Is(err, ErrNotFound) {
					t.Errorf("%s: session of %s still there (%v)", step.name, s.SID, err)
				}
			}
			for _, s := range step.alive {
				if _, err := st[1].Get(ctx, s.ID); err != nil {
					t.Errorf("%s: session of %s gone: %v", step.name, s.SID, err)
				}
			}
		}
		// A deleted session no longer counts once deleted directly either.
		if err := st[0].Delete(ctx, other.ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := st[1].DeleteBySubject(ctx, other.Subject); n != 0 {
			t.Errorf("DeleteBySubject after Delete = %d, want 0", n)
		}
	})
}

func TestStoreLock(t *testing.T) {
	// Renewal runs every 200 ms; only a stall of 600 ms could lose the lease.
	forEachStore(t, storeOpts{LockTTL: 600 * time.Millisecond}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(20, "sid-20", time.Now())
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatal(err)
		}
		lease, err := st[0].Lock(ctx, s.ID)
		if err != nil {
			t.Fatalf("Lock: %v", err)
		}
		if _, err := st[1].Lock(ctx, s.ID); !errors.Is(err, ErrLocked) {
			t.Fatalf("second Lock from another replica: %v, want ErrLocked", err)
		}
		other := customerSession(21, "sid-21", time.Now())
		if l, err := st[1].Lock(ctx, other.ID); err != nil {
			t.Fatalf("Lock of another session: %v; locks are per session", err)
		} else {
			l.Release()
		}

		// Held three TTLs long: renewal keeps it.
		time.Sleep(1800 * time.Millisecond)
		if _, err := st[1].Lock(ctx, s.ID); !errors.Is(err, ErrLocked) {
			t.Fatalf("Lock after 3 TTLs of a renewed lease: %v, want ErrLocked", err)
		}
		select {
		case <-lease.Lost():
			t.Fatal("a renewed lease reports itself lost")
		default:
		}
		next := s.clone()
		next.Tokens.AccessToken = "refreshed"
		if err := lease.Save(ctx, next); err != nil {
			t.Fatalf("Save through a held lease: %v", err)
		}
		if err := lease.Release(); err != nil {
			t.Fatalf("Release: %v", err)
		}
		if err := lease.Release(); err != nil {
			t.Fatalf("second Release: %v", err)
		}
		if err := lease.Save(ctx, next); !errors.Is(err, ErrLeaseLost) {
			t.Fatalf("Save through a released lease: %v, want ErrLeaseLost", err)
		}
		l2, err := st[1].Lock(ctx, s.ID)
		if err != nil {
			t.Fatalf("Lock after Release: %v", err)
		}
		l2.Release()
	})
}

// abandoner is a lease that can stop renewing as if its holder had died.
type abandoner interface{ abandon() }

func TestStoreExpiredLeaseIsTakenOver(t *testing.T) {
	const lockTTL = 300 * time.Millisecond
	forEachStore(t, storeOpts{LockTTL: lockTTL}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(30, "sid-30", time.Now())
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatal(err)
		}
		dead, err := st[0].Lock(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		dead.(abandoner).abandon()

		time.Sleep(lockTTL + 150*time.Millisecond)
		taker, err := st[1].Lock(ctx, s.ID)
		if err != nil {
			t.Fatalf("Lock after the dead holder's TTL: %v, want it taken over", err)
		}
		defer taker.Release()

		// The dead holder wakes up: its writes and its release must not touch the new holder's.
		stale := s.clone()
		stale.Tokens.RefreshToken = "spent"
		if err := dead.Save(ctx, stale); !errors.Is(err, ErrLeaseLost) {
			t.Fatalf("Save by the expired holder: %v, want ErrLeaseLost", err)
		}
		if err := dead.Release(); err != nil {
			t.Fatalf("Release by the expired holder: %v", err)
		}
		if _, err := st[0].Lock(ctx, s.ID); !errors.Is(err, ErrLocked) {
			t.Fatalf("after the expired holder released: %v, want the new holder still locked", err)
		}
		got, _ := st[1].Get(ctx, s.ID)
		if got.Tokens.RefreshToken == "spent" {
			t.Fatal("the expired holder's stale tokens were saved")
		}
	})
}

func TestStoreLeaseSaveAfterLogout(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		s := customerSession(40, "sid-40", time.Now())
		if err := st[0].Save(ctx, s); err != nil {
			t.Fatal(err)
		}
		lease, err := st[0].Lock(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer lease.Release()
		if n, _ := st[1].DeleteBySID(ctx, "sid-40"); n != 1 {
			t.Fatalf("back-channel logout deleted %d sessions, want 1", n)
		}
		if err := lease.Save(ctx, s); !errors.Is(err, ErrNotFound) {
			t.Fatalf("refresh saving after a logout: %v, want ErrNotFound", err)
		}
		if _, err := st[1].Get(ctx, s.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the logged-out session came back: %v", err)
		}
		if err := lease.Save(ctx, customerSession(41, "x", time.Now())); !errors.Is(err, ErrLeaseLost) {
			t.Fatalf("a lease saving another session: %v, want ErrLeaseLost", err)
		}
	})
}

func TestStoreWaitUnlocked(t *testing.T) {
	forEachStore(t, storeOpts{}, 2, func(t *testing.T, st []Store) {
		ctx := context.Background()
		id := NewID()
		if err := st[1].WaitUnlocked(ctx, id); err != nil {
			t.Fatalf("WaitUnlocked on a free session: %v", err)
		}
		lease, err := st[0].Lock(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		released := make(chan time.Time, 1)
		go func() {
			time.Sleep(150 * time.Millisecond)
			released <- time.Now()
			lease.Release()
		}()
		if err := st[1].WaitUnlocked(ctx, id); err != nil {
			t.Fatalf("WaitUnlocked: %v", err)
		}
		select {
		case <-released:
		default:
			t.Fatal("WaitUnlocked returned while the lock was held")
		}

		lease2, _ := st[0].Lock(ctx, id)
		defer lease2.Release()
		cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		if err := st[1].WaitUnlocked(cctx, id); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("WaitUnlocked past its deadline: %v, want DeadlineExceeded", err)
		}
	})
}

// Ids that NewID cannot have made (from a forged cookie or a bug) are no session anywhere, and
// never become a key: a brace in one would move it to another Cluster slot.
func TestStoreMalformedIDs(t *testing.T) {
	forEachStore(t, storeOpts{}, 1, func(t *testing.T, st []Store) {
		ctx := context.Background()
		for _, id := range []string{"", "x", "abc}{def", NewID() + "}", NewID()[:42] + "*"} {
			if _, err := st[0].Get(ctx, id); !errors.Is(err, ErrNotFound) {
				t.Errorf("Get(%q): %v, want ErrNotFound", id, err)
			}
			if err := st[0].Touch(ctx, id, time.Now()); !errors.Is(err, ErrNotFound) {
				t.Errorf("Touch(%q): %v, want ErrNotFound", id, err)
			}
			if _, err := st[0].Lock(ctx, id); err == nil {
				t.Errorf("Lock(%q) succeeded", id)
			}
			if err := st[0].Delete(ctx, id); err != nil {
				t.Errorf("Delete(%q): %v", id, err)
			}
			s := customerSession(90, "sid-90", time.Now())
			s.ID = id
			if err := st[0].Save(ctx, s); err == nil {
				t.Errorf("Save with id %q succeeded", id)
			}
		}
	})
}
