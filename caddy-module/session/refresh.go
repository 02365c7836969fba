package session

import (
	"context"
	"errors"
	"fmt"
)

// RefreshFunc exchanges the session's refresh token and returns the session with the new
// tokens (and recomputed server offset). It is called with the lock held and a session read
// under that lock.
type RefreshFunc func(ctx context.Context, s *Session) (*Session, error)

// RefreshOnce makes sure the session's tokens get refreshed at most once at a time across all
// replicas, and that everyone asking meanwhile gets the result:
//
//   - it takes the session's lock; under it, it re-reads the session and calls refresh only
//     if due still says so (someone else may have refreshed just before), then saves through
//     the lease, which refuses the write if the lease was lost or the session deleted;
//   - when the lock is taken, it waits until it is released and returns the session as it
//     then is: refreshed by the holder; or, if the holder failed (or only changed the session
//     through Update), as before: tokens due for a refresh still have up to two minutes
//     left, and the next request tries again; or ErrNotFound if the session ended. Waiters
//     never retry in turn: with the provider down, that would queue every waiting request
//     behind one 3 s timeout after another.
//
// The refresh error is returned unchanged to the one caller that made the call (it logs the
// customer out or keeps the session, spec 4); the session is not deleted here.
func RefreshOnce(ctx context.Context, store Store, id string, due func(*Session) bool, refresh RefreshFunc) (*Session, error) {
	lease, err := store.Lock(ctx, id)
	if errors.Is(err, ErrLocked) {
		if err := store.WaitUnlocked(ctx, id); err != nil {
			return nil, fmt.Errorf("wait for another refresh of the session: %w", err)
		}
		return store.Get(ctx, id)
	}
	if err != nil {
		return nil, fmt.Errorf("lock the session for a refresh: %w", err)
	}
	return refreshHeld(ctx, store, lease, id, due, refresh)
}

func refreshHeld(ctx context.Context, store Store, lease Lease, id string, due func(*Session) bool, refresh RefreshFunc) (*Session, error) {
	defer lease.Release()
	s, err := store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !due(s) {
		return s, nil
	}
	ns, err := refresh(ctx, s)
	if err != nil {
		return nil, err
	}
	if err := lease.Save(ctx, ns); err != nil {
		return nil, fmt.Errorf("save the refreshed session: %w", err)
	}
	return ns, nil
}

// Update changes a live session (say, its preferred locale) under the session's lock, waiting
// for a refresh in progress, so that the change is made to the newest tokens and cannot write
// spent ones back. ErrNotFound when the session is gone.
func Update(ctx context.Context, store Store, id string, change func(*Session) error) (*Session, error) {
	for {
		lease, err := store.Lock(ctx, id)
		if errors.Is(err, ErrLocked) {
			if err := store.WaitUnlocked(ctx, id); err != nil {
				return nil, fmt.Errorf("wait for the session's lock: %w", err)
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("lock the session for a change: %w", err)
		}
		return updateHeld(ctx, store, lease, id, change)
	}
}

func updateHeld(ctx context.Context, store Store, lease Lease, id string, change func(*Session) error) (*Session, error) {
	defer lease.Release()
	s, err := store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := change(s); err != nil {
		return nil, err
	}
	s.ID = id
	if err := lease.Save(ctx, s); err != nil {
		return nil, fmt.Errorf("save the changed session: %w", err)
	}
	return s, nil
}
