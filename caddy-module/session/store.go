package session

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Errors a Store returns; test them with errors.Is.
var (
	// ErrNotFound: no session with this id (never created, expired, evicted or logged out).
	ErrNotFound = errors.New("session not found")
	// ErrLocked: another holder, on this replica or another, has the session's lock.
	ErrLocked = errors.New("session is locked by another holder")
	// ErrLeaseLost: the lease expired or was taken over before a write under it; the write
	// was not made, so a stale refresh cannot overwrite a newer one.
	ErrLeaseLost = errors.New("session lease lost")
)

// errMalformedID: an id NewID cannot have made reaches no store, so a key built from it can
// never contain a brace or separator of the store's own. Lookups treat it as no session.
var errMalformedID = fmt.Errorf("%w: malformed session id", ErrNotFound)

// DefaultLockTTL is how long a lease lives without renewal. A holder renews it every third
// of that while it runs; a holder that dies leaves it to expire. It is well above the
// refresh call's 3 s timeout, so a slow refresh keeps its lease.
const DefaultLockTTL = 10 * time.Second

// Store holds sessions. Implementations are safe for concurrent use; the memory store serves
// one replica, the Redis store any number of them.
type Store interface {
	// Get returns a copy of the session, or ErrNotFound.
	Get(ctx context.Context, id string) (*Session, error)
	// Save creates or replaces the session and restarts its idle expiry. It is for a new
	// session (login): a live one changes through Update, under its lock, or a refresh saved
	// meanwhile would be overwritten with spent tokens.
	Save(ctx context.Context, s *Session) error
	// Delete removes the session; deleting a missing session is not an error.
	Delete(ctx context.Context, id string) error
	// Touch records activity at at (it never moves LastActivity backwards) and restarts the
	// idle expiry; ErrNotFound when the session is gone. It does not rewrite the tokens, so it
	// cannot undo a concurrent refresh.
	Touch(ctx context.Context, id string, at time.Time) error
	// DeleteBySID removes every session of one OIDC session (back-channel logout) and says
	// how many it removed.
	DeleteBySID(ctx context.Context, sid string) (int, error)
	// DeleteBySubject removes every session of one subject and says how many it removed.
	DeleteBySubject(ctx context.Context, sub string) (int, error)
	// Lock takes the session's lock for one holder across all replicas, or returns ErrLocked.
	// The lease renews itself until Release.
	Lock(ctx context.Context, id string) (Lease, error)
	// WaitUnlocked returns once nobody holds the session's lock (or ctx ends).
	WaitUnlocked(ctx context.Context, id string) error
	// Close releases the store's resources; the Redis client passed in stays open.
	Close() error
}

// Lease is a held session lock.
type Lease interface {
	// Save writes the session only while this lease is still held and the session still
	// exists: ErrLeaseLost when the lock was lost, ErrNotFound when the session was deleted
	// meanwhile (a logout during a refresh stays a logout).
	Save(ctx context.Context, s *Session) error
	// Lost is closed when renewal failed and another holder may have the lock.
	Lost() <-chan struct{}
	// Release gives the lock up (only if still ours) and stops renewal. Safe to call twice.
	Release() error
}

// Clock tells the time; nil means time.Now. Tests inject a fake.
type Clock func() time.Time

func (c Clock) now() time.Time {
	if c == nil {
		return time.Now()
	}
	return c()
}
