package session

import (
	"context"
	"errors"
	"fmt"
)

// maxRefreshRounds bounds how often RefreshOnce waits for another holder that then gave up
// without refreshing, before it reports ErrLocked to the caller.
const maxRefreshRounds = 3

// RefreshFunc exchanges the session's refresh token and returns the session with the new
// tokens (and recomputed server offset). It is called with the lock held and a session read
// under that lock.
type RefreshFunc func(ctx context.Context, s *Session) (*Session, error)

// RefreshOnce makes sure the session's tokens get refreshed at most once at a time across all
// replicas, and that everyone asking meanwhile gets the new tokens:
//
//   - it takes the session's lock; under it, it re-reads the session and calls refresh only
//     if due still says so (someone else may have refreshed just before), then saves through
//     the lease, which refuses the write if the lease was lost or the session deleted;
//   - when the lock is taken, it waits until it is released, re-reads the session, and
//     returns it if due no longer holds; if the other holder failed, it tries itself.
//
// The refresh error is returned unchanged (the caller logs the customer out, spec 4); the
// session is not deleted here.
func RefreshOnce(ctx context.Context, store Store, id string, due func(*Session) bool, refresh RefreshFunc) (*Session, error) {
	for range maxRefreshRounds {
		lease, err := store.Lock(ctx, id)
		if errors.Is(err, ErrLocked) {
			if err := store.WaitUnlocked(ctx, id); err != nil {
				return nil, fmt.Errorf("wait for another refresh of the session: %w", err)
			}
			s, err := store.Get(ctx, id)
			if err != nil {
				return nil, err
			}
			if !due(s) {
				return s, nil
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("lock the session for a refresh: %w", err)
		}
		return refreshHeld(ctx, store, lease, id, due, refresh)
	}
	return nil, fmt.Errorf("session refresh: %w (gave up after %d rounds)", ErrLocked, maxRefreshRounds)
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
