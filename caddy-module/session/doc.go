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
//
// # The lifecycle rules
//
// TimingOf(session, now, Lifecycle) applies the session lifecycle as a pure function; its
// constants are named once, in lifecycle.go. The package has no Caddy imports.
//
// # How the stores keep records
//
// Both stores keep records packed: JWT segments decoded, JSON deflated with a preset
// dictionary (1.2 kB for the 3.5 kB of tokens of a Keycloak-style login).
//
// The Redis store names a session by K, the SHA-256 of its id in hex, never the id itself:
// the id is the cookie's value, the customer's credential, and a SCAN, MONITOR or backup of
// Redis must not yield one. It keeps P{K} (one string: last activity, fixed width, updated in
// place so that activity never rewrites tokens; two index digests; the sealed record) and
// P{K}:lock in one Cluster slot, and small hashes indexing the names K by an HMAC of sid and
// of subject (never the values) for back-channel logout; the subject index's values are each
// session's sealed device kind, locale and login time, for the customer's list of sessions.
// Every key expires with the idle TTL (the idle timeout plus 10 minutes, so that the edge, not
// the store's expiry, finds a session idle and can end it at the provider), and nothing is
// cached per replica.
//
// Upgrading from a release that keyed by the raw id (P{<43 characters>}) logs Redis-held
// customers out once: there is no read-through of the old keys, which would keep ids readable
// for another release; the old keys expire by themselves within the idle timeout plus 10
// minutes.
//
// Save is for new sessions only; a live session changes through Update, under the lock, or a
// stale copy could write spent refresh tokens back. RefreshOnce refreshes under the lock;
// waiters take the holder's result and never retry in turn.
//
// Tests: one store table runs against the memory store and real redis-servers, standalone,
// behind a Sentinel and as a 3-node Cluster (where keys of two slots in one script fail with
// CROSSSLOT), all started by session/redistest; 100 callers on two replicas make one refresh.
// Fuzz targets: FuzzReadCookie, FuzzTokenTimes, FuzzPackSession. Figures: -bench GetTiming
// (p50/p99 of Get plus the rules), -bench '100k|RedisMemory' -benchtime 1x (memory per 100,000
// sessions); dated results in bench/HISTORY.md.
package session
