package session

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// A subject's index lives as long as any of the customer's sessions is active (every save and
// touch restarts its expiry), but Redis expires an idle session's record on its own and leaves
// its entry: a customer who keeps one device logged in and logs in on others now and then
// would collect an entry (about 200 bytes) a login, for good, and each one more read for every
// listing of their sessions and every back-channel logout. So the entries of sessions that are
// gone are swept: when a listing finds them, and when a login finds the index holding more
// than sweepAt entries.
const (
	sweepAt = 16
	// sweepGrace: an entry is written before its record (save: a back-channel logout between
	// the two writes must find the session), so an entry without a record is dead only once the
	// session is older than this; a login's two writes take milliseconds, replicas' clocks
	// may differ by seconds.
	sweepGrace = 5 * time.Minute
)

// dead tells whether the index entry (key name and sealed metadata) of a session whose record
// is gone belongs to a session that ended, not to one being saved. An entry whose metadata no
// configured key opens is left to the index's expiry: its age is unknown.
func (r *RedisStore) dead(name, sealed string, now time.Time) bool {
	meta, ok := r.openMeta(name, sealed) // list.go
	return ok && !meta.CreatedAt.IsZero() && now.Sub(meta.CreatedAt) > sweepGrace
}

// sweep removes from the subject index key the entries of sessions that ended. Best effort: a
// Redis error leaves the entries for the next sweep or the index's expiry, and the caller's
// work (a login) goes on.
func (r *RedisStore) sweep(ctx context.Context, key string) {
	entries, err := r.client.HGetAll(ctx, key).Result()
	if err != nil || len(entries) == 0 {
		return
	}
	names := make([]string, 0, len(entries))
	exists := make([]*redis.IntCmd, 0, len(entries))
	if _, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for name := range entries {
			names = append(names, name)
			exists = append(exists, p.Exists(ctx, r.recordKeyOf(name)))
		}
		return nil
	}); err != nil {
		return
	}
	now := r.opts.Clock.now()
	var gone []string
	for i, name := range names {
		if exists[i].Val() == 0 && r.dead(name, entries[name], now) {
			gone = append(gone, name)
		}
	}
	r.removeEntries(ctx, key, gone)
}

// removeEntries deletes the named entries of an index; best effort, as sweep.
func (r *RedisStore) removeEntries(ctx context.Context, key string, names []string) {
	if len(names) > 0 {
		_ = r.client.HDel(ctx, key, names...).Err()
	}
}
