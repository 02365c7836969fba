package session

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// DefaultRedisPrefix starts every key the Redis store writes.
const DefaultRedisPrefix = "shellgate:session:"

// RedisOptions configure NewRedisStore; zero values take the defaults except Sealer.
type RedisOptions struct {
	// Prefix starts every key (DefaultRedisPrefix); it may not contain braces, which Redis
	// Cluster reads as hash tags.
	Prefix string
	// IdleTTL is the keys' time to live, restarted by Save and Touch (DefaultIdleTTL).
	IdleTTL time.Duration
	// LockTTL is how long a lease lives without renewal (DefaultLockTTL).
	LockTTL time.Duration
	// Sealer encrypts every record at rest and keys the sid and subject indexes. Required.
	Sealer *Sealer
	// Clock tells the time (time.Now when nil): the age of a subject index's entries (sweep.go).
	Clock Clock
}

// RedisStore keeps sessions in Redis (standalone, Sentinel or Cluster through
// redis.UniversalClient), shared by every replica. It caches nothing, so a logout on one
// replica is seen by all at once.
//
// Keys, with P the prefix, the hash tag in braces, and K the session's key name, the SHA-256
// of its id in hex (keyOf):
//
//	P{K}           the record, one string: last activity (13 decimal digits, Unix ms) |
//	               sid digest (43) | subject digest (43) | sealed packed record (see
//	               packSession); TTL = idle TTL
//	P{K}:lock      lease token; PX = lock TTL. Same slot as the record, so a lease write
//	               checks the lease and writes the record in one script.
//	Psid:{digest}  index of one OIDC session: a hash whose fields are session key names K (a
//	               hash, not a set: Redis keeps small hashes as listpacks, small sets of
//	               strings as hashtables, 280 bytes against about 100); digest = HMAC of the sid
//	Psub:{digest}  index of one subject, the same way; each field's value is the session's
//	               sealed metadata (device kind, locale, login time) for ListBySubject
//
// The session id itself, the cookie's value and so the customer's credential, is in no key,
// field or value: whoever can list or copy Redis (a SCAN, MONITOR, a backup, a replica) cannot
// present a session. It is still bound to the record as the seal's additional data.
//
// Last activity sits in front of the sealed record, fixed width, so that Touch updates it in
// place (SETRANGE) without rewriting (and possibly undoing) tokens a concurrent refresh has
// just saved. One string instead of a hash saves about 500 bytes a session in Redis.
type RedisStore struct {
	client redis.UniversalClient
	opts   RedisOptions
}

// NewRedisStore returns a store on client. The client stays owned by the caller.
func NewRedisStore(client redis.UniversalClient, opts RedisOptions) (*RedisStore, error) {
	if client == nil {
		return nil, errors.New("redis session store needs a client: configure the Redis address")
	}
	if opts.Sealer == nil {
		return nil, errors.New("redis session store needs session keys to encrypt records at rest: configure one or more base64 keys of 32 random bytes")
	}
	if opts.Prefix == "" {
		opts.Prefix = DefaultRedisPrefix
	}
	if strings.ContainsAny(opts.Prefix, "{}") {
		return nil, fmt.Errorf("redis key prefix %q contains a brace: remove it, braces are Redis Cluster hash tags", opts.Prefix)
	}
	if opts.IdleTTL <= 0 {
		opts.IdleTTL = DefaultIdleTTL
	}
	if opts.LockTTL <= 0 {
		opts.LockTTL = DefaultLockTTL
	}
	return &RedisStore{client: client, opts: opts}, nil
}

// keyOf is a session's name in Redis: the SHA-256 of its id, in hex. The id has 256 random
// bits, so the digest needs no key to stay unguessable; hex (64 characters) also tells these
// names apart from the raw 43-character ids that releases before it wrote.
func keyOf(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

func (r *RedisStore) recordKey(id string) string { return r.recordKeyOf(keyOf(id)) }
func (r *RedisStore) lockKey(id string) string   { return r.opts.Prefix + "{" + keyOf(id) + "}:lock" }

// recordKeyOf is the record's key from a key name as the indexes hold it.
func (r *RedisStore) recordKeyOf(name string) string { return r.opts.Prefix + "{" + name + "}" }
func (r *RedisStore) indexKey(kind, digest string) string {
	return r.opts.Prefix + kind + ":{" + digest + "}"
}

// Get returns the session, or ErrNotFound.
func (r *RedisStore) Get(ctx context.Context, id string) (_ *Session, err error) {
	ctx, span := redisSpan(ctx, "get")
	defer func() { endRedisSpan(span, err) }()
	if !ValidID(id) {
		return nil, errMalformedID
	}
	val, err := r.client.Get(ctx, r.recordKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read session from redis: %w", err)
	}
	if len(val) < recordHeader {
		return nil, fmt.Errorf("%w: session record too short", ErrNotFound)
	}
	plain, err := r.opts.Sealer.Open(val[recordHeader:], []byte(id))
	if err != nil {
		// A record no configured key opens is, for the customer, no session: log in again.
		return nil, fmt.Errorf("%w: %w (was a session key removed?)", ErrNotFound, err)
	}
	s, err := unpackSession(plain)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if ms, err := strconv.ParseInt(string(val[:actWidth]), 10, 64); err == nil && ms > s.LastActivity.UnixMilli() {
		s.LastActivity = time.UnixMilli(ms).UTC()
	}
	s.ID = id
	return s, nil
}

// The record's fixed-width header: last activity, then the two index digests.
const (
	actWidth     = 13 // Unix ms in decimal digits, up to the year 2286
	digestWidth  = 43 // base64url of an HMAC-SHA-256
	recordHeader = actWidth + 2*digestWidth
)

// noDigest fills a digest slot when the session has no sid or subject; '.' is not base64url.
var noDigest = strings.Repeat(".", digestWidth)

// actField writes t as the fixed-width activity field; fixed width lets the scripts compare
// two fields as strings.
func actField(t time.Time) string {
	ms := min(max(t.UnixMilli(), 0), 9_999_999_999_999)
	return fmt.Sprintf("%0*d", actWidth, ms)
}

// digestsOf reads the sid and subject digests from a record header ("" for none).
func digestsOf(header string) (sid, sub string) {
	if len(header) < 2*digestWidth {
		return "", ""
	}
	sid, sub = header[:digestWidth], header[digestWidth:2*digestWidth]
	if sid == noDigest {
		sid = ""
	}
	if sub == noDigest {
		sub = ""
	}
	return sid, sub
}

// saveScript writes a record. KEYS: record, lock. ARGV: activity field, the rest of the
// record (digests and sealed record), TTL ms, lease token ("" for a plain save). Activity
// never moves backwards. Returns 1 when written, -1 when the lease is not held, -2 when a
// lease write finds the record gone.
var saveScript = redis.NewScript(`
if ARGV[4] ~= '' then
  if redis.call('GET', KEYS[2]) ~= ARGV[4] then return -1 end
  if redis.call('EXISTS', KEYS[1]) == 0 then return -2 end
end
local act = ARGV[1]
local old = redis.call('GETRANGE', KEYS[1], 0, 12)
if string.len(old) == 13 and old > act then act = old end
redis.call('SET', KEYS[1], act .. ARGV[2], 'PX', ARGV[3])
return 1
`)

// Save creates or replaces the session.
func (r *RedisStore) Save(ctx context.Context, s *Session) (err error) {
	ctx, span := redisSpan(ctx, "save")
	defer func() { endRedisSpan(span, err) }()
	return r.save(ctx, s, "")
}

func (r *RedisStore) save(ctx context.Context, s *Session, token string) error {
	if !ValidID(s.ID) {
		return fmt.Errorf("save session: %w: make ids with NewID", errMalformedID)
	}
	plain, err := packSession(s)
	if err != nil {
		return err
	}
	sealed := r.opts.Sealer.Seal(plain, []byte(s.ID))
	sid, sub := r.digest(s.SID), r.digest(s.Subject)
	// Index first: a back-channel logout that runs between the two writes then finds the id.
	if err := r.indexAdd(ctx, s, sid, sub); err != nil {
		return err
	}
	rest := make([]byte, 0, 2*digestWidth+len(sealed))
	rest = append(append(append(rest, orNoDigest(sid)...), orNoDigest(sub)...), sealed...)
	res, err := saveScript.Run(ctx, r.client, []string{r.recordKey(s.ID), r.lockKey(s.ID)},
		actField(s.LastActivity), rest, r.opts.IdleTTL.Milliseconds(), token).Int()
	if err != nil {
		return fmt.Errorf("write session to redis: %w", err)
	}
	switch res {
	case -1:
		return ErrLeaseLost
	case -2:
		return ErrNotFound
	}
	return nil
}

func orNoDigest(d string) string {
	if d == "" {
		return noDigest
	}
	return d
}

func (r *RedisStore) digest(value string) string {
	if value == "" {
		return ""
	}
	return r.opts.Sealer.Digest(value)
}

// indexAdd adds id's key name to the sid and subject indexes and gives each the idle TTL: every member
// was saved or touched just now or earlier, so no member outlives its index.
// The subject index's entry holds the session's sealed metadata, which ListBySubject shows.
func (r *RedisStore) indexAdd(ctx context.Context, s *Session, sid, sub string) error {
	name := keyOf(s.ID)
	var subLen *redis.IntCmd
	_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, ix := range [...]struct{ kind, digest, value string }{{"sid", sid, ""}, {"sub", sub, r.sealMeta(s, name)}} {
			if ix.digest == "" {
				continue
			}
			key := r.indexKey(ix.kind, ix.digest)
			p.HSet(ctx, key, name, ix.value)
			p.PExpire(ctx, key, r.opts.IdleTTL)
			if ix.kind == "sub" {
				subLen = p.HLen(ctx, key)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("index session in redis: %w", err)
	}
	if subLen != nil && subLen.Val() > sweepAt {
		r.sweep(ctx, r.indexKey("sub", sub)) // sweep.go
	}
	return nil
}

// touchScript records activity in place. KEYS: record. ARGV: activity field, TTL ms.
// Returns the record's digests (86 bytes), or nil when the record is gone.
var touchScript = redis.NewScript(`
local head = redis.call('GETRANGE', KEYS[1], 0, 98)
if string.len(head) < 99 then return false end
if ARGV[1] > string.sub(head, 1, 13) then redis.call('SETRANGE', KEYS[1], 0, ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return string.sub(head, 14)
`)

// Touch records activity at at and restarts the idle expiry of the record and its indexes.
func (r *RedisStore) Touch(ctx context.Context, id string, at time.Time) (err error) {
	ctx, span := redisSpan(ctx, "touch")
	defer func() { endRedisSpan(span, err) }()
	if !ValidID(id) {
		return errMalformedID
	}
	head, err := touchScript.Run(ctx, r.client, []string{r.recordKey(id)}, actField(at), r.opts.IdleTTL.Milliseconds()).Text()
	if errors.Is(err, redis.Nil) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("touch session in redis: %w", err)
	}
	sid, sub := digestsOf(head)
	_, err = r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, ix := range [...]struct{ kind, digest string }{{"sid", sid}, {"sub", sub}} {
			if ix.digest != "" {
				p.PExpire(ctx, r.indexKey(ix.kind, ix.digest), r.opts.IdleTTL)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("extend session indexes in redis: %w", err)
	}
	return nil
}

// Delete removes the session and its index entries.
func (r *RedisStore) Delete(ctx context.Context, id string) (err error) {
	ctx, span := redisSpan(ctx, "delete")
	defer func() { endRedisSpan(span, err) }()
	if !ValidID(id) {
		return nil
	}
	key := r.recordKey(id)
	head, err := r.client.GetRange(ctx, key, actWidth, recordHeader-1).Result()
	if err != nil {
		return fmt.Errorf("read session indexes from redis: %w", err)
	}
	sid, sub := digestsOf(head)
	_, err = r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, key)
		for _, ix := range [...]struct{ kind, digest string }{{"sid", sid}, {"sub", sub}} {
			if ix.digest != "" {
				p.HDel(ctx, r.indexKey(ix.kind, ix.digest), keyOf(id))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete session from redis: %w", err)
	}
	return nil
}

// DeleteBySID removes every session of one OIDC session, on every replica.
func (r *RedisStore) DeleteBySID(ctx context.Context, sid string) (_ int, err error) {
	ctx, span := redisSpan(ctx, "delete by sid")
	defer func() { endRedisSpan(span, err) }()
	return r.deleteIndexed(ctx, "sid", sid)
}

// DeleteBySubject removes every session of one subject, on every replica.
func (r *RedisStore) DeleteBySubject(ctx context.Context, sub string) (_ int, err error) {
	ctx, span := redisSpan(ctx, "delete by subject")
	defer func() { endRedisSpan(span, err) }()
	return r.deleteIndexed(ctx, "sub", sub)
}

func (r *RedisStore) deleteIndexed(ctx context.Context, kind, value string) (int, error) {
	if value == "" {
		return 0, nil
	}
	n := 0
	// Every key's digest: sessions indexed before a key rotation are found too.
	for _, d := range r.opts.Sealer.Digests(value) {
		key := r.indexKey(kind, d)
		names, err := r.client.HKeys(ctx, key).Result()
		if err != nil {
			return n, fmt.Errorf("read session index from redis: %w", err)
		}
		if len(names) == 0 {
			continue
		}
		dels := make([]*redis.IntCmd, len(names))
		_, err = r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, name := range names {
				dels[i] = p.Del(ctx, r.recordKeyOf(name))
			}
			// Remove only these members: a session indexed meanwhile keeps its entry.
			p.HDel(ctx, key, names...)
			return nil
		})
		if err != nil {
			return n, fmt.Errorf("delete sessions from redis: %w", err)
		}
		for _, d := range dels {
			n += int(d.Val())
		}
	}
	return n, nil
}

// Lock takes the session's lock across all replicas (SET NX PX with a random token).
func (r *RedisStore) Lock(ctx context.Context, id string) (_ Lease, err error) {
	caller := trace.SpanFromContext(ctx)
	ctx, span := redisSpan(ctx, "lock")
	defer func() { endRedisSpan(span, err) }()
	if !ValidID(id) {
		return nil, errMalformedID
	}
	token := NewID()
	ok, err := r.client.SetNX(ctx, r.lockKey(id), token, r.opts.LockTTL).Result()
	if err != nil {
		return nil, fmt.Errorf("take session lock in redis: %w", err)
	}
	if !ok {
		return nil, ErrLocked
	}
	l := &redisLease{store: r, id: id, token: token, caller: caller, lost: make(chan struct{}), stop: make(chan struct{}), renewedAt: time.Now()}
	go renew(r.opts.LockTTL/3, l.stop, l.lost, l.renew)
	return l, nil
}

// waitPoll bounds how long WaitUnlocked sleeps between looks at the lock.
const waitPoll = 20 * time.Millisecond

// WaitUnlocked polls until the lock key is gone. Polling (rather than pub/sub) keeps working
// across Sentinel failovers and Cluster resharding, and a refresh takes tens of milliseconds.
func (r *RedisStore) WaitUnlocked(ctx context.Context, id string) (err error) {
	ctx, span := redisSpan(ctx, "wait unlocked")
	defer func() { endRedisSpan(span, err) }()
	if !ValidID(id) {
		return nil
	}
	key := r.lockKey(id)
	delay := 2 * time.Millisecond
	for {
		n, err := r.client.Exists(ctx, key).Result()
		if err != nil {
			return fmt.Errorf("read session lock in redis: %w", err)
		}
		if n == 0 {
			return nil
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		delay = min(delay*2, waitPoll)
	}
}

// Close does nothing: the client belongs to the caller.
func (r *RedisStore) Close() error { return nil }

// renewScript extends the lease if still ours. KEYS: lock. ARGV: token, TTL ms.
var renewScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`)

// releaseScript deletes the lock only if still ours (compare and delete). KEYS: lock. ARGV: token.
var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

type redisLease struct {
	store    *RedisStore
	id       string
	token    string
	caller   trace.Span // the span of the call that took the lock, parent of its release
	lost     chan struct{}
	stop     chan struct{}
	stopOnce sync.Once

	mu        sync.Mutex
	renewedAt time.Time
}

// renew extends the lease. A Redis error is retried on the next tick until a whole lock TTL
// has passed since the last success; then another holder may have the lock, so it is lost.
func (l *redisLease) renew() bool {
	r := l.store
	ctx, cancel := context.WithTimeout(context.Background(), r.opts.LockTTL/3)
	defer cancel()
	n, err := renewScript.Run(ctx, r.client, []string{r.lockKey(l.id)}, l.token, r.opts.LockTTL.Milliseconds()).Int()
	l.mu.Lock()
	defer l.mu.Unlock()
	if err != nil {
		return time.Since(l.renewedAt) < r.opts.LockTTL
	}
	if n == 0 {
		return false
	}
	l.renewedAt = time.Now()
	return true
}

func (l *redisLease) Save(ctx context.Context, s *Session) (err error) {
	ctx, span := redisSpan(ctx, "save")
	defer func() { endRedisSpan(span, err) }()
	if s.ID != l.id {
		return fmt.Errorf("a lease can only save its own session: %w", ErrLeaseLost)
	}
	return l.store.save(ctx, s, l.token)
}

func (l *redisLease) Lost() <-chan struct{} { return l.lost }

func (l *redisLease) Release() (err error) {
	l.abandon()
	r := l.store
	// Release has no context of its own: it runs on its own deadline in the trace of the
	// call that took the lock.
	ctx, span := redisSpan(trace.ContextWithSpan(context.Background(), l.caller), "release")
	defer func() { endRedisSpan(span, err) }()
	ctx, cancel := context.WithTimeout(ctx, r.opts.LockTTL)
	defer cancel()
	if err := releaseScript.Run(ctx, r.client, []string{r.lockKey(l.id)}, l.token).Err(); err != nil {
		return fmt.Errorf("release session lock in redis (it expires by itself): %w", err)
	}
	return nil
}

func (l *redisLease) abandon() { l.stopOnce.Do(func() { close(l.stop) }) }

// redisSpan starts the span of one store call, a child of the request's span (package spans).
// It names the operation only: keys hold session ids and digests of the subject.
func redisSpan(ctx context.Context, op string) (context.Context, trace.Span) {
	return spans.Start(ctx, "session store "+op, trace.SpanKindClient,
		attribute.String("db.system.name", "redis"), attribute.String("db.operation.name", op))
}

// endRedisSpan ends a store call's span; a missing session or a taken lock is an answer, not
// a failure.
func endRedisSpan(span trace.Span, err error) {
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrLocked) {
		err = nil
	}
	spans.End(span, err)
}

var _ Store = (*RedisStore)(nil)
