// Package session holds customers' login sessions at the edge (spec 3 session data, spec 4
// session lifecycle, spec 8 token defaults): the Session record, two Stores (in-process and
// Redis), the session cookie, the Sealer that encrypts records at rest, and the lifecycle
// rules as pure functions of (session, now, configuration).
//
// The browser holds only an opaque 256-bit id in an HttpOnly cookie; the tokens stay here.
//
// # One refresh at a time, with rotating refresh tokens
//
// Providers rotate refresh tokens: each refresh call spends the refresh token it sends and
// returns a new one, and a provider with reuse detection revokes the whole token family when a
// spent one comes back. Two replicas refreshing one session at once would therefore log the
// customer out: the second call sends the already-spent token. RefreshOnce prevents that:
//
//   - Refreshing needs the session's lock (Store.Lock). In Redis it is one key set with
//     SET NX PX and a random token, so exactly one holder across all replicas gets it; the
//     memory store keeps one lock per id. The holder renews it every third of its TTL while
//     the refresh call runs (3 s timeout, TTL 10 s), and releases it with compare-and-delete,
//     so a holder never deletes a lock that has passed to someone else.
//   - Under the lock the holder re-reads the session before calling the provider. If another
//     holder refreshed just before, the re-read shows fresh tokens and no call is made, so a
//     spent refresh token is never sent twice.
//   - Everyone else waits for the lock to go (WaitUnlocked), re-reads the session and uses the
//     new tokens. If the holder failed, waiters keep the tokens they have (a refresh is due
//     with up to two minutes left) and the next request tries again: a dead provider costs
//     one call at a time, not one per waiting request in a row.
//   - Other changes to a live session go through Update, under the same lock, so a stale copy
//     can never write a spent refresh token back over a refresh.
//   - The holder writes the new tokens through its lease (Lease.Save), which writes only if
//     the lock is still its own and the session still exists, in one step (one Lua script on
//     keys in one Cluster slot). A holder that stalled past its TTL therefore cannot overwrite
//     the tokens of the holder that took over, and a logout during a refresh stays a logout.
//
// What remains: if a holder dies after the provider answered and before the write, the new
// refresh token is lost and the old one is spent; the customer logs in again when the access
// token runs out. Only the provider (a reuse grace period) can close that window.
//
// Activity (Touch) is stored apart from the sealed record and only ever moves forward, so it
// never rewrites tokens and cannot undo a refresh that is saved at the same moment.
package session
