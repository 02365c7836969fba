// Package auth is the gateway's OpenID Connect client: it starts the authorization code flow
// with PKCE, completes it at the callback, refreshes and ends tokens, verifies back-channel
// logout tokens, and validates the return paths a login carries (spec 2.3, 4, 7, 8).
//
// The gateway is the confidential party here: tokens never leave the edge. This package only
// talks to the identity provider and returns plain values; storing them (session) and
// answering the browser (the Caddy module) happen elsewhere. It never imports Caddy.
//
// Discovery is lazy and retried with backoff: a provider that is down when Caddy starts does
// not stop Caddy from starting, and no call waits on discovery longer than the call timeout
// (3000 ms, spec 9). Calls made while the provider is unreachable fail fast with ErrTransient.
//
// What each error asks of the caller:
//
//	ErrTransient        provider unreachable, slow, 5xx/429: keep the session, answer 503
//	                    or retry later; never a logout.
//	ErrRefreshExpired   report 'refresh-token-expired', log out (RefreshOutcome).
//	ErrRefreshRejected  report 'failed', log out (RefreshOutcome).
//	ErrLoginDenied      the customer cancelled: back to the login page with a message.
//	ErrLoginFailed      forged, stale or refused callback: start the login again.
//	ErrLogoutFailed     the provider refused the logout: clear the edge session anyway.
//	ErrLogoutToken      answer the back-channel logout with 400.
//
// Error texts name issuers, codes and the provider's descriptions, never a token.
//
// Keys: ID and logout tokens are verified against the provider's JWKS, cached and refetched
// when a token names an unknown key, within a budget of six fetches a minute, so that forged
// tokens posted to the back-channel endpoint cannot make the gateway hammer the provider.
package auth
