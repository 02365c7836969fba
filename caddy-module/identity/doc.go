// Package identity is login at the edge for the shell handler (http.handlers.shell): OIDC
// with one provider per region, server-side sessions (in memory or Redis, sealed), the
// countdown's routes, logout and back-channel logout, the customer's list of sessions, the
// access guard and the token relay. It is Caddy glue, embedded in the handler as
// reverseproxy embeds headers: the handler's `identity` JSON field (and Caddyfile block) is a
// *Config, which the handler provisions, validates, cleans up and calls once per request:
//
//	r, v, answered, err := h.Identity.Serve(w, r, next, path)
//
// Serve returns the request's Visitor (its session, the session's timing, why a session
// ended on this request) for the steps after it. Identity never imports the handler, the
// customer or the tracking code: the handler hands it a clock (Now), a logger, the market
// Resolver and hooks (OnLogin, OnSessionEnd, OnBackchannelLogout, OnRefresh) before
// Provision, and wires those to its own steps.
//
// Secrets are Caddy's placeholders ({env.NAME}, {file./path}), filled in at Provision. Logs
// never carry a token, a cookie value, a session id or a personal field. With a live session,
// Serve sets Caddy's {http.auth.user.id} (the access log's user_id, as basic_auth does) to the
// provider's subject: a pseudonymous id of the login (a UUID at Keycloak), not the customer
// number, name or e-mail.
package identity
