package auth

import (
	"fmt"
	"testing"
	"time"
)

func TestReplayCacheIsBoundedAndForgets(t *testing.T) {
	now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
	r := newReplayCache(3)
	if !r.remember("a", now) || r.remember("a", now.Add(time.Second)) {
		t.Fatal("a jti must be accepted once, then refused")
	}
	for i := range 10 {
		r.remember(fmt.Sprint("x", i), now)
	}
	if len(r.seen) > 3 || len(r.order) > 3 {
		t.Errorf("cache holds %d ids (%d in order) past its capacity of 3", len(r.seen), len(r.order))
	}
	if !r.remember("x9", now.Add(logoutMaxAge+clockSkew+time.Second)) {
		t.Error("a jti older than a logout token may live must not block a new token")
	}
	if r.remember("x9", now.Add(logoutMaxAge+clockSkew+2*time.Second)) {
		t.Error("the renewed jti must be refused again")
	}
}
