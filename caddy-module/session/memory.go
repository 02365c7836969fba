package session

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Defaults of the stores.
const (
	// DefaultIdleTTL is how long a store keeps a session without Save or Touch. Set it to the
	// lifecycle's idle timeout or longer, or sessions vanish before the countdown ends them.
	DefaultIdleTTL = 30 * time.Minute
	// DefaultMaxSessions bounds the memory store.
	DefaultMaxSessions = 100_000
	// DefaultMaxPerSubject bounds one customer's sessions in the memory store: phone, tablet,
	// a few browsers, with room to spare.
	DefaultMaxPerSubject = 10
)

// ErrStoreFull: the memory store holds MaxSessions live sessions and refuses a new one. A
// flood of logins must not push other customers' live sessions out (evicting the least
// recently used would log out the quietest customer for every login an attacker makes), so
// a full store refuses instead; expired sessions make room first.
var ErrStoreFull = errors.New("session store is full")

// MemoryOptions configure NewMemoryStore; zero values take the defaults.
type MemoryOptions struct {
	// MaxSessions is the most sessions kept; when that many live sessions are held, a new
	// one is refused with ErrStoreFull (a live session is never evicted for it).
	MaxSessions int
	// MaxPerSubject is the most sessions one subject (customer) keeps; a new login past it
	// ends that subject's own least recently active session, so one account logging in
	// again and again cannot fill the store.
	MaxPerSubject int
	// IdleTTL is how long a session lives after its last Save or Touch.
	IdleTTL time.Duration
	// LockTTL is how long a lease lives without renewal (DefaultLockTTL).
	LockTTL time.Duration
	// Clock tells the time (time.Now when nil).
	Clock Clock
	// KeepExpired holds the sessions that expire or are evicted without anyone ending them
	// (at most MaxExpired), for TakeExpired: so that the gateway can end them at the identity
	// provider too.
	KeepExpired bool
}

// MaxExpired bounds the sessions a MemoryStore with KeepExpired holds for TakeExpired
// (about 1.8 kB each); past it the oldest are let go, and the provider's own idle timeout
// ends them.
const MaxExpired = 10_000

// MemoryStore keeps sessions in this process: bounded (a new session is refused when full,
// never made room for by evicting another customer's live one), expiring after IdleTTL
// without activity. Records are kept packed (see packSession), about
// 1.8 kB a session with Keycloak-sized tokens, all included. It serves a single replica; run several
// replicas with the Redis store.
type MemoryStore struct {
	opts MemoryOptions

	mu       sync.Mutex
	sessions map[string]*memoryEntry
	lru      memoryEntry // sentinel of the recency ring: lru.next is the most recently used
	bySID    map[string][]string
	bySub    map[string][]string
	locks    map[string]*memoryLock

	// hot holds the entries that keep an unpacked copy, oldest overwritten first: a customer
	// clicking through pages reads the same session again and again, and unpacking costs
	// tens of microseconds. Bounded, so the memory figure moves by hotSessions copies at most.
	hot     [hotSessions]*memoryEntry
	hotNext int

	// expired holds the records of sessions that expired or were evicted (KeepExpired).
	expired [][]byte
	// swept is when a full store last looked through every session for expired ones.
	swept time.Time
}

// hotSessions is how many sessions the memory store keeps unpacked (about 5 kB each).
const hotSessions = 1024

// memoryEntry is one held session, a link in the recency ring.
type memoryEntry struct {
	id           string
	rec          []byte // packSession of the session; lastActivity below supersedes its own
	sid, sub     string
	lastActivity time.Time
	expires      time.Time
	prev, next   *memoryEntry
	unpacked     *Session // rec unpacked, while in MemoryStore.hot; nil otherwise
	gen          uint64   // counts the saves, so an unpack of an older rec is not kept
}

type memoryLock struct {
	token    uint64
	expires  time.Time
	released chan struct{} // closed when this holder's lock ends (release or takeover)
}

// NewMemoryStore returns an in-process store.
func NewMemoryStore(opts MemoryOptions) *MemoryStore {
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.IdleTTL <= 0 {
		opts.IdleTTL = DefaultIdleTTL
	}
	if opts.MaxPerSubject <= 0 {
		opts.MaxPerSubject = DefaultMaxPerSubject
	}
	if opts.LockTTL <= 0 {
		opts.LockTTL = DefaultLockTTL
	}
	m := &MemoryStore{
		opts:     opts,
		sessions: make(map[string]*memoryEntry),
		bySID:    make(map[string][]string),
		bySub:    make(map[string][]string),
		locks:    make(map[string]*memoryLock),
	}
	m.lru.prev, m.lru.next = &m.lru, &m.lru
	return m
}

// use moves e to the front of the recency ring (inserting it if new).
func (m *MemoryStore) use(e *memoryEntry) {
	if e.next != nil {
		e.prev.next, e.next.prev = e.next, e.prev
	}
	e.prev, e.next = &m.lru, m.lru.next
	m.lru.next.prev = e
	m.lru.next = e
}

// Get returns a copy of the session, or ErrNotFound.
func (m *MemoryStore) Get(_ context.Context, id string) (*Session, error) {
	if !ValidID(id) {
		return nil, errMalformedID
	}
	m.mu.Lock()
	e := m.live(id, m.opts.Clock.now())
	if e == nil {
		m.mu.Unlock()
		return nil, ErrNotFound
	}
	m.use(e)
	if e.unpacked != nil {
		s := e.unpacked.clone()
		s.ID, s.LastActivity = id, e.lastActivity
		m.mu.Unlock()
		return s, nil
	}
	rec, gen, last := e.rec, e.gen, e.lastActivity
	m.mu.Unlock()
	// rec is never modified in place (a save replaces it), so it is unpacked outside the lock.
	s, err := unpackSession(rec)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	s.ID, s.LastActivity = id, last
	m.keepUnpacked(e, gen, s.clone())
	return s, nil
}

// keepUnpacked gives e its unpacked copy s, unless e was saved again or removed meanwhile,
// and takes the copy from the entry that had it longest.
func (m *MemoryStore) keepUnpacked(e *memoryEntry, gen uint64, s *Session) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e.gen != gen || m.sessions[e.id] != e || e.unpacked != nil {
		return
	}
	if old := m.hot[m.hotNext]; old != nil {
		old.unpacked = nil
	}
	e.unpacked = s
	m.hot[m.hotNext] = e
	m.hotNext = (m.hotNext + 1) % hotSessions
}

// Save creates or replaces the session. LastActivity never moves backwards.
func (m *MemoryStore) Save(_ context.Context, s *Session) error {
	if !ValidID(s.ID) {
		return fmt.Errorf("save session: %w: make ids with NewID", errMalformedID)
	}
	rec, err := packSession(s)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.save(s, rec, m.opts.Clock.now())
}

func (m *MemoryStore) save(s *Session, rec []byte, now time.Time) error {
	e := m.live(s.ID, now)
	if e != nil {
		m.unindex(e)
		if s.LastActivity.After(e.lastActivity) {
			e.lastActivity = s.LastActivity
		}
	} else {
		m.limitSubject(s.Subject, now)
		if !m.room(now) {
			return fmt.Errorf("%w: %d live sessions held; a new session is refused so that no live one is evicted", ErrStoreFull, len(m.sessions))
		}
		e = &memoryEntry{id: s.ID, lastActivity: s.LastActivity}
		m.sessions[s.ID] = e
	}
	e.rec, e.sid, e.sub = rec, s.SID, s.Subject
	e.unpacked, e.gen = nil, e.gen+1
	e.expires = now.Add(m.opts.IdleTTL)
	m.use(e)
	m.index(e)
	m.trim(now)
	return nil
}

// trim drops expired sessions from the cold end.
func (m *MemoryStore) trim(now time.Time) {
	for e := m.lru.prev; e != &m.lru && !now.Before(e.expires); e = m.lru.prev {
		m.drop(e)
	}
}

// limitSubject makes room for one more session of sub: past MaxPerSubject, sub's own least
// recently active sessions end (never another subject's).
func (m *MemoryStore) limitSubject(sub string, now time.Time) {
	if sub == "" {
		return
	}
	for len(m.bySub[sub]) >= m.opts.MaxPerSubject {
		var oldest *memoryEntry
		for _, id := range m.bySub[sub] {
			e := m.sessions[id]
			if e != nil && (oldest == nil || e.lastActivity.Before(oldest.lastActivity)) {
				oldest = e
			}
		}
		if oldest == nil {
			return
		}
		m.drop(oldest)
	}
}

// fullSweepEvery bounds how often a full store looks through every session for expired ones
// (a read moves a session to the warm end without extending it, so the cold end alone can
// miss some): refused logins cannot make it walk the whole store on each attempt.
const fullSweepEvery = time.Second

// room tells whether a new session fits: below MaxSessions, after dropping expired ones.
func (m *MemoryStore) room(now time.Time) bool {
	if len(m.sessions) < m.opts.MaxSessions {
		return true
	}
	m.trim(now)
	if len(m.sessions) < m.opts.MaxSessions {
		return true
	}
	if now.Sub(m.swept) < fullSweepEvery && !m.swept.IsZero() {
		return false
	}
	m.swept = now
	for e := m.lru.prev; e != &m.lru; {
		prev := e.prev
		if !now.Before(e.expires) {
			m.drop(e)
		}
		e = prev
	}
	return len(m.sessions) < m.opts.MaxSessions
}

// live returns the session's entry if it exists and has not expired; an expired one is removed.
func (m *MemoryStore) live(id string, now time.Time) *memoryEntry {
	e := m.sessions[id]
	if e == nil {
		return nil
	}
	if !now.Before(e.expires) {
		m.drop(e)
		return nil
	}
	return e
}

// drop removes a session that nobody ended (it expired or was evicted), keeping its record
// for TakeExpired.
func (m *MemoryStore) drop(e *memoryEntry) {
	if m.opts.KeepExpired {
		if len(m.expired) >= MaxExpired {
			m.expired = m.expired[1:]
		}
		m.expired = append(m.expired, e.rec)
	}
	m.remove(e)
}

// TakeExpired removes every expired session now and gives them, with those that expired or
// were evicted since the last call, once each. Empty without KeepExpired. Records that do
// not unpack are skipped.
func (m *MemoryStore) TakeExpired() []*Session {
	m.mu.Lock()
	now := m.opts.Clock.now()
	for _, e := range m.sessions {
		if !now.Before(e.expires) {
			m.drop(e)
		}
	}
	recs := m.expired
	m.expired = nil
	m.mu.Unlock()
	out := make([]*Session, 0, len(recs))
	for _, rec := range recs {
		if s, err := unpackSession(rec); err == nil {
			out = append(out, s)
		}
	}
	return out
}

func (m *MemoryStore) remove(e *memoryEntry) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
	delete(m.sessions, e.id)
	m.unindex(e)
	e.unpacked = nil
}

func (m *MemoryStore) index(e *memoryEntry) {
	addMember(m.bySID, e.sid, e.id)
	addMember(m.bySub, e.sub, e.id)
}

func (m *MemoryStore) unindex(e *memoryEntry) {
	removeMember(m.bySID, e.sid, e.id)
	removeMember(m.bySub, e.sub, e.id)
}

func addMember(idx map[string][]string, key, id string) {
	if key != "" {
		idx[key] = append(idx[key], id)
	}
}

func removeMember(idx map[string][]string, key, id string) {
	ids := idx[key]
	for i, x := range ids {
		if x == id {
			ids[i] = ids[len(ids)-1]
			ids = ids[:len(ids)-1]
			break
		}
	}
	if len(ids) == 0 {
		delete(idx, key)
	} else {
		idx[key] = ids
	}
}

// Delete removes the session.
func (m *MemoryStore) Delete(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e := m.sessions[id]; e != nil {
		m.remove(e)
	}
	return nil
}

// Touch records activity at at and restarts the idle expiry.
func (m *MemoryStore) Touch(_ context.Context, id string, at time.Time) error {
	if !ValidID(id) {
		return errMalformedID
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opts.Clock.now()
	e := m.live(id, now)
	if e == nil {
		return ErrNotFound
	}
	if at.After(e.lastActivity) {
		e.lastActivity = at
	}
	e.expires = now.Add(m.opts.IdleTTL)
	m.use(e)
	return nil
}

// DeleteBySID removes every session of one OIDC session.
func (m *MemoryStore) DeleteBySID(_ context.Context, sid string) (int, error) {
	return m.deleteIndexed(m.bySID, sid), nil
}

// DeleteBySubject removes every session of one subject.
func (m *MemoryStore) DeleteBySubject(_ context.Context, sub string) (int, error) {
	return m.deleteIndexed(m.bySub, sub), nil
}

func (m *MemoryStore) deleteIndexed(idx map[string][]string, key string) int {
	if key == "" {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opts.Clock.now()
	n := 0
	// remove edits the index slice, so walk a copy.
	for _, id := range append([]string(nil), idx[key]...) {
		if e := m.live(id, now); e != nil {
			m.remove(e)
			n++
		}
	}
	return n
}

// Lock takes the session's lock, or returns ErrLocked while another lease holds it.
func (m *MemoryStore) Lock(_ context.Context, id string) (Lease, error) {
	if !ValidID(id) {
		return nil, errMalformedID
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opts.Clock.now()
	if l := m.locks[id]; l != nil {
		if now.Before(l.expires) {
			return nil, ErrLocked
		}
		close(l.released) // taken over: the old holder's waiters and renewal stop
	}
	l := &memoryLock{token: randomToken(), expires: now.Add(m.opts.LockTTL), released: make(chan struct{})}
	m.locks[id] = l
	lease := &memoryLease{store: m, id: id, lock: l, lost: make(chan struct{}), stop: make(chan struct{})}
	go renew(m.opts.LockTTL/3, lease.stop, lease.lost, lease.renew)
	return lease, nil
}

// WaitUnlocked returns once nobody holds the session's lock.
func (m *MemoryStore) WaitUnlocked(ctx context.Context, id string) error {
	for {
		m.mu.Lock()
		l := m.locks[id]
		now := m.opts.Clock.now()
		if l == nil || !now.Before(l.expires) {
			m.mu.Unlock()
			return nil
		}
		wait := l.expires.Sub(now)
		m.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-l.released:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		t.Stop()
	}
}

// Close drops every session.
func (m *MemoryStore) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions = make(map[string]*memoryEntry)
	m.lru.prev, m.lru.next = &m.lru, &m.lru
	m.bySID = make(map[string][]string)
	m.bySub = make(map[string][]string)
	m.hot, m.hotNext = [hotSessions]*memoryEntry{}, 0
	m.expired = nil
	return nil
}

// Len is the number of sessions held, expired ones not yet swept included.
func (m *MemoryStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.sessions)
}

type memoryLease struct {
	store    *MemoryStore
	id       string
	lock     *memoryLock
	lost     chan struct{}
	stop     chan struct{}
	stopOnce sync.Once
}

// held tells whether this lease still owns the lock; call with store.mu held.
func (l *memoryLease) held(now time.Time) bool {
	return l.store.locks[l.id] == l.lock && now.Before(l.lock.expires)
}

func (l *memoryLease) renew() bool {
	m := l.store
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opts.Clock.now()
	if !l.held(now) {
		return false
	}
	l.lock.expires = now.Add(m.opts.LockTTL)
	return true
}

func (l *memoryLease) Save(_ context.Context, s *Session) error {
	if s.ID != l.id {
		return fmt.Errorf("a lease can only save its own session: %w", ErrLeaseLost)
	}
	rec, err := packSession(s)
	if err != nil {
		return err
	}
	m := l.store
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.opts.Clock.now()
	if !l.held(now) {
		return ErrLeaseLost
	}
	if m.live(s.ID, now) == nil {
		return ErrNotFound
	}
	return m.save(s, rec, now)
}

func (l *memoryLease) Lost() <-chan struct{} { return l.lost }

func (l *memoryLease) Release() error {
	l.abandon()
	m := l.store
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.locks[l.id] == l.lock {
		delete(m.locks, l.id)
		close(l.lock.released)
	}
	return nil
}

// abandon stops renewal without releasing, as if the holder had died (tests use it).
func (l *memoryLease) abandon() { l.stopOnce.Do(func() { close(l.stop) }) }

// renew calls extend every interval until stop is closed; when extend fails it closes lost.
func renew(interval time.Duration, stop <-chan struct{}, lost chan<- struct{}, extend func() bool) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if !extend() {
				close(lost)
				return
			}
		}
	}
}

func randomToken() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

var _ Store = (*MemoryStore)(nil)
