package identity

import (
	"context"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
)

// The store work of a back-channel logout (logout.go), made to survive a Redis blip:
// after a password change the provider ends every other session through it (ASVS 4.0.3
// 3.3.3), so a logout lost to a failover would leave those sessions open.

// backchannelRetryWaits are the waits before each retry of the store work: a Redis reconnect
// or Sentinel failover takes a moment. Short, because the provider waits on the answer; past
// them the answer is 503 with Retry-After, and the provider retries the same token.
var backchannelRetryWaits = []time.Duration{100 * time.Millisecond, 400 * time.Millisecond}

// backchannelRetryAfter is the Retry-After of a back-channel logout the store could not do.
const backchannelRetryAfter = "5"

// endLoggedOutSessions removes the sessions a verified logout token names, retrying a store
// error briefly, and says how many it removed.
func (rt *runtime) endLoggedOutSessions(ctx context.Context, claims auth.LogoutClaims) (int, error) {
	total := 0
	for attempt := 0; ; attempt++ {
		var n int
		var err error
		if claims.SID != "" {
			n, err = rt.store.DeleteBySID(ctx, claims.SID)
		} else {
			n, err = rt.store.DeleteBySubject(ctx, claims.Subject)
		}
		total += n
		if err == nil || attempt == len(backchannelRetryWaits) {
			return total, err
		}
		t := time.NewTimer(backchannelRetryWaits[attempt])
		select {
		case <-ctx.Done():
			t.Stop()
			return total, err
		case <-t.C:
		}
	}
}

// forgetLogoutToken lets the provider present a token again whose logout failed here: each
// provider client remembers the jti it verified, and would refuse the retry as a replay.
func (rt *runtime) forgetLogoutToken(jti string) {
	if jti == "" {
		return
	}
	for _, p := range rt.providers {
		p.ForgetLogoutToken(jti)
	}
}
