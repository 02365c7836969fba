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
package auth
