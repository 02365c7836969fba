package session

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// A customer's view of their own sessions (ASVS 4.0.3 3.3.4): which devices are logged in,
// and ending any of them. The customer sees each session by a handle, never by its id: the id
// is the cookie's value, the credential itself.

// Info is what a customer may see of one of their sessions. It carries no id, token, sid or
// customer number.
type Info struct {
	// Handle names the session to DeleteByHandle (HandleOf). It cannot be turned back into
	// the id, and it is not the session's Redis key name either.
	Handle string
	// Device is the coarse device kind and browser family at login ("mobile/Safari"), see
	// DeviceOf; "" for sessions from before it was recorded.
	Device string
	// Locale is the market locale the customer chose, e.g. "de-DE"; may be "".
	Locale string
	// CreatedAt is when the login completed.
	CreatedAt time.Time
	// LastActivity is the customer's last recorded activity in the session.
	LastActivity time.Time
}

// Lister lists and ends one subject's sessions. Both stores implement it; the memory store
// sees only this replica's sessions, the Redis store every replica's.
type Lister interface {
	// ListBySubject returns the live sessions of sub, most recently active first.
	ListBySubject(ctx context.Context, sub string) ([]Info, error)
	// DeleteByHandle removes the session of sub whose handle is handle, and says whether
	// there was one. A handle of another subject's session removes nothing.
	DeleteByHandle(ctx context.Context, sub, handle string) (bool, error)
}

// HandleOf is the handle of the session with id: a domain-separated SHA-256 of the session's
// key name (itself the SHA-256 of the id), 128 bits in base64url. One-way, so a handle the
// browser holds (or a log line) cannot be presented as a cookie; and unlike the key name it
// names no Redis key.
func HandleOf(id string) string { return handleOfName(keyOf(id)) }

func handleOfName(name string) string {
	sum := sha256.Sum256([]byte("shellgate session handle v1\x00" + name))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// infoMeta is the part of Info that the Redis store keeps beside the index entry (sealed),
// because the record itself opens only with the session id, which Redis does not hold.
type infoMeta struct {
	Device    string    `json:"d,omitempty"`
	Locale    string    `json:"l,omitempty"`
	CreatedAt time.Time `json:"c"`
}

func metaOf(s *Session) infoMeta {
	return infoMeta{Device: s.Device, Locale: s.PreferredLocale, CreatedAt: s.CreatedAt}
}

func sortInfos(out []Info) {
	sort.Slice(out, func(i, j int) bool { return out[i].LastActivity.After(out[j].LastActivity) })
}

// ListBySubject returns this replica's live sessions of sub.
func (m *MemoryStore) ListBySubject(ctx context.Context, sub string) ([]Info, error) {
	if sub == "" {
		return nil, nil
	}
	m.mu.Lock()
	ids := append([]string(nil), m.bySub[sub]...)
	m.mu.Unlock()
	out := make([]Info, 0, len(ids))
	for _, id := range ids {
		s, err := m.Get(ctx, id)
		if err != nil || s.Subject != sub {
			continue // expired or replaced meanwhile
		}
		out = append(out, Info{Handle: HandleOf(id), Device: s.Device, Locale: s.PreferredLocale, CreatedAt: s.CreatedAt, LastActivity: s.LastActivity})
	}
	sortInfos(out)
	return out, nil
}

// DeleteByHandle removes sub's session with that handle.
func (m *MemoryStore) DeleteByHandle(_ context.Context, sub, handle string) (bool, error) {
	if sub == "" || handle == "" {
		return false, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opts.Clock.now()
	for _, id := range m.bySub[sub] {
		if HandleOf(id) != handle {
			continue
		}
		e := m.live(id, now)
		if e == nil || e.sub != sub {
			return false, nil
		}
		m.remove(e)
		return true, nil
	}
	return false, nil
}

// ListBySubject returns every replica's live sessions of sub: the subject index's entries,
// with the metadata sealed beside each, and the last activity from each record's header.
func (r *RedisStore) ListBySubject(ctx context.Context, sub string) ([]Info, error) {
	if sub == "" {
		return nil, nil
	}
	var out []Info
	now := r.opts.Clock.now()
	for _, d := range r.opts.Sealer.Digests(sub) {
		key := r.indexKey("sub", d)
		entries, err := r.client.HGetAll(ctx, key).Result()
		if err != nil {
			return nil, fmt.Errorf("read session index from redis: %w", err)
		}
		// Every record's header in one round trip, not one a session.
		names := make([]string, 0, len(entries))
		heads := make([]*redis.StringCmd, 0, len(entries))
		if _, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for name := range entries {
				names = append(names, name)
				heads = append(heads, p.GetRange(ctx, r.recordKeyOf(name), 0, recordHeader-1))
			}
			return nil
		}); err != nil {
			return nil, fmt.Errorf("read sessions from redis: %w", err)
		}
		var gone []string
		for i, name := range names {
			sealed, head := entries[name], heads[i].Val()
			if len(head) < recordHeader {
				if r.dead(name, sealed, now) { // sweep.go
					gone = append(gone, name)
				}
				continue // expired or logged out
			}
			info := Info{Handle: handleOfName(name)}
			if ms, err := strconv.ParseInt(head[:actWidth], 10, 64); err == nil {
				info.LastActivity = time.UnixMilli(ms).UTC()
			}
			if meta, ok := r.openMeta(name, sealed); ok {
				info.Device, info.Locale, info.CreatedAt = meta.Device, meta.Locale, meta.CreatedAt
			}
			out = append(out, info)
		}
		r.removeEntries(ctx, key, gone)
	}
	sortInfos(out)
	return out, nil
}

// DeleteByHandle removes sub's session with that handle, on every replica.
func (r *RedisStore) DeleteByHandle(ctx context.Context, sub, handle string) (bool, error) {
	if sub == "" || handle == "" {
		return false, nil
	}
	for _, d := range r.opts.Sealer.Digests(sub) {
		names, err := r.client.HKeys(ctx, r.indexKey("sub", d)).Result()
		if err != nil {
			return false, fmt.Errorf("read session index from redis: %w", err)
		}
		for _, name := range names {
			if handleOfName(name) == handle {
				return r.deleteName(ctx, name)
			}
		}
	}
	return false, nil
}

// deleteName removes the record with key name name and its index entries.
func (r *RedisStore) deleteName(ctx context.Context, name string) (bool, error) {
	key := r.recordKeyOf(name)
	head, err := r.client.GetRange(ctx, key, actWidth, recordHeader-1).Result()
	if err != nil {
		return false, fmt.Errorf("read session indexes from redis: %w", err)
	}
	sid, sub := digestsOf(head)
	var del interface{ Val() int64 }
	_, err = r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		del = p.Del(ctx, key)
		for _, ix := range [...]struct{ kind, digest string }{{"sid", sid}, {"sub", sub}} {
			if ix.digest != "" {
				p.HDel(ctx, r.indexKey(ix.kind, ix.digest), name)
			}
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("delete session from redis: %w", err)
	}
	return del.Val() > 0, nil
}

// sealMeta seals s's metadata for the subject index entry of key name name.
func (r *RedisStore) sealMeta(s *Session, name string) string {
	js, _ := json.Marshal(metaOf(s))
	return string(r.opts.Sealer.Seal(js, []byte("meta:"+name)))
}

// openMeta opens what sealMeta sealed; false when no configured key opens it.
func (r *RedisStore) openMeta(name, sealed string) (infoMeta, bool) {
	var meta infoMeta
	plain, err := r.opts.Sealer.Open([]byte(sealed), []byte("meta:"+name))
	return meta, err == nil && json.Unmarshal(plain, &meta) == nil
}

var (
	_ Lister = (*MemoryStore)(nil)
	_ Lister = (*RedisStore)(nil)
)
