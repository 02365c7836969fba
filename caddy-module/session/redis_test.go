package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

func redisStore(t *testing.T, c redis.UniversalClient, s *Sealer) *RedisStore {
	t.Helper()
	r, err := NewRedisStore(c, RedisOptions{Sealer: s})
	if err != nil {
		t.Fatalf("NewRedisStore: %v", err)
	}
	return r
}

// Nothing a customer would mind leaking is readable in Redis: not the tokens, not the
// customer number, not the sid or subject the indexes are keyed by.
func TestRedisHoldsNothingReadable(t *testing.T) {
	ctx := context.Background()
	srv := redistest.Start(t)
	c := srv.Client()
	st := redisStore(t, c, mustSealer(t, newKey(t)))
	s := customerSession(50, "sid-secret-50", time.Now())
	if err := st.Save(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := st.Touch(ctx, s.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	secrets := []string{
		s.Tokens.AccessToken[:40], s.Tokens.RefreshToken[:40], s.Tokens.IDToken[:40],
		s.Tokens.AccessToken[len(s.Tokens.AccessToken)-40:],
		s.SID, s.Subject, s.CustomerNumber, `"region"`,
	}
	keys, err := c.Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 3 {
		t.Errorf("keys %v; want the record and two indexes", keys)
	}
	var dump strings.Builder
	for _, k := range keys {
		dump.WriteString(k + "\n")
		switch c.Type(ctx, k).Val() {
		case "hash":
			for f, v := range c.HGetAll(ctx, k).Val() {
				dump.WriteString(f + "=" + v + "\n")
			}
		case "set":
			dump.WriteString(strings.Join(c.SMembers(ctx, k).Val(), "\n"))
		default:
			dump.WriteString(c.Get(ctx, k).Val())
		}
		if ttl := c.PTTL(ctx, k).Val(); ttl <= 0 || ttl > DefaultIdleTTL {
			t.Errorf("key %s has TTL %v; every key must expire within the idle TTL", k, ttl)
		}
	}
	for _, secret := range secrets {
		if strings.Contains(dump.String(), secret) {
			t.Errorf("Redis holds %q in readable form", secret)
		}
	}
}

// The session id is the customer's credential (the cookie's value): whoever can list or copy
// Redis (SCAN, MONITOR, a backup, a replica) must not find it, neither in a key (record,
// lock, index) nor in an index's fields or a value, while the session lives, is refreshed
// under its lock, is touched and after a back-channel logout.
func TestRedisKeysNeverHoldTheSessionID(t *testing.T) {
	ctx := context.Background()
	srv := redistest.Start(t)
	c := srv.Client()
	st := redisStore(t, c, mustSealer(t, newKey(t)))
	a := customerSession(60, "sid-60", time.Now())
	b := customerSession(61, "sid-61", time.Now())
	for _, s := range []*Session{a, b} {
		if err := st.Save(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Touch(ctx, a.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	lease, err := st.Lock(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer lease.Release()

	dump := func() string {
		var out strings.Builder
		iter := c.Scan(ctx, 0, "*", 100).Iterator()
		for iter.Next(ctx) {
			k := iter.Val()
			out.WriteString(k + "\n")
			switch c.Type(ctx, k).Val() {
			case "hash":
				for f, v := range c.HGetAll(ctx, k).Val() {
					out.WriteString(f + "=" + v + "\n")
				}
			default:
				out.WriteString(c.Get(ctx, k).Val() + "\n")
			}
		}
		if err := iter.Err(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	all := dump()
	if !strings.Contains(all, ":lock") || !strings.Contains(all, "sid:") {
		t.Fatalf("the dump lacks the lock or an index:\n%s", all)
	}
	for _, s := range []*Session{a, b} {
		if strings.Contains(all, s.ID) {
			t.Errorf("Redis holds session id %s in the clear:\n%s", s.ID, all)
		}
	}
	// The keys still work: the session reads back, and its lease saves it.
	got, err := st.Get(ctx, a.ID)
	if err != nil || got.ID != a.ID {
		t.Fatalf("Get after Save: %v", err)
	}
	if err := lease.Save(ctx, got); err != nil {
		t.Fatalf("lease save: %v", err)
	}
	// And the index finds the session to end it.
	if n, err := st.DeleteBySID(ctx, a.SID); err != nil || n != 1 {
		t.Fatalf("DeleteBySID: %d, %v; want 1", n, err)
	}
	if _, err := st.Get(ctx, a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("session still readable after its back-channel logout: %v", err)
	}
	if strings.Contains(dump(), b.ID) {
		t.Error("Redis holds a session id after a logout")
	}
}

// Replicas rotate keys one after another: while some still seal with the old key and others
// with the new one, and after the old key is retired, who stays logged in is predictable.
func TestRedisKeyRotation(t *testing.T) {
	ctx := context.Background()
	srv := redistest.Start(t)
	oldKey, nextKey := newKey(t), newKey(t)
	before := redisStore(t, srv.Client(), mustSealer(t, oldKey))
	during := redisStore(t, srv.Client(), mustSealer(t, nextKey, oldKey))
	after := redisStore(t, srv.Client(), mustSealer(t, nextKey))
	stranger := redisStore(t, srv.Client(), mustSealer(t, newKey(t)))

	old := customerSession(60, "sid-60", time.Now())
	if err := before.Save(ctx, old); err != nil {
		t.Fatal(err)
	}
	if _, err := stranger.Get(ctx, old.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a replica with the wrong key read a session: %v", err)
	}
	got, err := during.Get(ctx, old.ID)
	if err != nil {
		t.Fatalf("after rotation a session sealed with the old key: %v; nobody may be logged out by a rotation", err)
	}
	sameSession(t, got, old)

	// The session is refreshed on a rotated replica: now sealed with the new key.
	got.Tokens.AccessToken = "after refresh"
	if err := during.Save(ctx, got); err != nil {
		t.Fatal(err)
	}
	if s, err := after.Get(ctx, old.ID); err != nil || s.Tokens.AccessToken != "after refresh" {
		t.Fatalf("with the old key retired, a session saved since the rotation: %v", err)
	}

	untouched := customerSession(61, "sid-61", time.Now())
	if err := before.Save(ctx, untouched); err != nil {
		t.Fatal(err)
	}
	if _, err := after.Get(ctx, untouched.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("with the old key retired, a session only the old key sealed: %v, want ErrNotFound", err)
	}

	// Back-channel logout finds sessions indexed under the old key's digest.
	indexedOld := customerSession(62, "sid-62", time.Now())
	if err := before.Save(ctx, indexedOld); err != nil {
		t.Fatal(err)
	}
	if n, err := during.DeleteBySID(ctx, "sid-62"); err != nil || n != 1 {
		t.Fatalf("DeleteBySID after rotation = %d, %v; want the session indexed before the rotation", n, err)
	}
}

// hashTag is the part of a key Redis Cluster hashes: the first {...} when non-empty.
func hashTag(key string) string {
	if i := strings.IndexByte(key, '{'); i >= 0 {
		if j := strings.IndexByte(key[i+1:], '}'); j > 0 {
			return key[i+1 : i+1+j]
		}
	}
	return key
}

// The record and its lock must share a Cluster slot: the lease write checks one and writes
// the other in one script.
func TestRedisKeysClusterSafe(t *testing.T) {
	st := &RedisStore{opts: RedisOptions{Prefix: DefaultRedisPrefix}}
	id := NewID()
	if tag := hashTag(st.recordKey(id)); tag == "" || tag != hashTag(st.lockKey(id)) {
		t.Errorf("record %q and lock %q do not hash on one tag", st.recordKey(id), st.lockKey(id))
	}
	if d := "abc"; hashTag(st.indexKey("sid", d)) != d {
		t.Errorf("index key %q does not hash on its digest", st.indexKey("sid", d))
	}
	for _, prefix := range []string{"a{b", "x}"} {
		if _, err := NewRedisStore(redis.NewClient(&redis.Options{}), RedisOptions{Prefix: prefix, Sealer: mustSealer(t, newKey(t))}); err == nil {
			t.Errorf("prefix %q accepted; braces would change the hash slot", prefix)
		}
	}
	if _, err := NewRedisStore(redis.NewClient(&redis.Options{}), RedisOptions{}); err == nil || !strings.Contains(err.Error(), "session keys") {
		t.Errorf("a Redis store without a sealer: %v; want an error saying to configure session keys", err)
	}
}

// Redis going away is an error the caller can act on, never a panic; after Redis comes back
// empty, sessions are simply gone.
func TestRedisOutage(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv := redistest.Start(t)
	st := redisStore(t, srv.Client(), mustSealer(t, newKey(t)))
	s := customerSession(70, "sid-70", time.Now())
	if err := st.Save(ctx, s); err != nil {
		t.Fatal(err)
	}
	srv.Kill()
	if _, err := st.Get(ctx, s.ID); err == nil || errors.Is(err, ErrNotFound) {
		t.Fatalf("Get with Redis down: %v; want an outage error, not 'no session'", err)
	}
	if _, err := st.Lock(ctx, s.ID); err == nil || errors.Is(err, ErrLocked) {
		t.Fatalf("Lock with Redis down: %v; want an outage error", err)
	}
	srv.Restart()
	if _, err := st.Get(ctx, s.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after Redis restarted empty: %v, want ErrNotFound", err)
	}
	if err := st.Save(ctx, s); err != nil {
		t.Fatalf("Save after the restart: %v", err)
	}
}
