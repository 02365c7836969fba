package auth

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
)

// backchannelEvent is the member a logout token's events claim must hold.
const backchannelEvent = "http://schemas.openid.net/event/backchannel-logout"

// Limits of logout token acceptance.
const (
	// logoutMaxAge rejects logout tokens issued longer ago than this (section 2.6 step 6
	// lets the receiver bound iat); it is also how long a jti is remembered.
	logoutMaxAge = 10 * time.Minute
	// clockSkew tolerates a provider clock slightly ahead of ours.
	clockSkew = time.Minute
	// replayCapacity bounds the jti memory; past it the oldest entries go first.
	replayCapacity = 10000
	// maxLogoutToken bounds what is parsed: real logout tokens are well under 2 KiB.
	maxLogoutToken = 16 << 10
)

// LogoutClaims name the sessions a back-channel logout ends: those with this OIDC session id,
// or, when SID is empty, every session of the subject.
type LogoutClaims struct {
	SID     string
	Subject string
	// TokenID is the token's jti: ForgetLogoutToken takes it when the logout could not be
	// carried out, so that the provider's retry of the same token is not refused as a replay.
	TokenID string
}

// VerifyLogoutToken validates a back-channel logout token (OpenID Connect Back-Channel
// Logout 1.0, section 2.6): a typ header, when present, of a logout token or a plain JWT
// (section 2.4, see logoutTokenTyped), signature against the provider's JWKS, iss, aud (this
// client), exp and iat, an events claim whose backchannel-logout member is a JSON object, sid
// or sub present, no nonce (go-oidc refuses one: an ID token replayed as a logout token), and
// a jti not seen before by this client (a bounded cache; replays on another replica are
// harmless since removing sessions is idempotent). Errors wrap ErrLogoutToken (answer 400)
// or ErrTransient (discovery or JWKS unreachable).
func (c *Client) VerifyLogoutToken(ctx context.Context, raw string) (LogoutClaims, error) {
	if raw == "" {
		return LogoutClaims{}, fmt.Errorf("%w: the request has no logout_token", ErrLogoutToken)
	}
	if len(raw) > maxLogoutToken {
		return LogoutClaims{}, fmt.Errorf("%w: %d bytes, more than a logout token needs", ErrLogoutToken, len(raw))
	}
	if typ, ok := logoutTokenTyped(raw); !ok {
		return LogoutClaims{}, fmt.Errorf("%w: typ %.40q is not a logout token's (logout+jwt)", ErrLogoutToken, typ)
	}
	// Whose token is it? Checked before any key work, so that a token of another provider
	// (the gateway may ask each configured one) or junk costs no JWKS fetch.
	if iss := unverifiedIssuer(raw); iss != c.issuer {
		return LogoutClaims{}, fmt.Errorf("%w: issued by %q, not by %q", ErrLogoutToken, iss, c.issuer)
	}
	m, err := c.metadata(ctx)
	if err != nil {
		return LogoutClaims{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	verifier := m.logoutVerifier(c)
	tok, err := verifier.VerifyLogout(ctx, raw)
	if err != nil {
		return LogoutClaims{}, fmt.Errorf("%w: %w", ErrLogoutToken, err)
	}
	var extra struct {
		Events map[string]json.RawMessage `json:"events"`
	}
	if err := tok.Claims(&extra); err != nil {
		return LogoutClaims{}, fmt.Errorf("%w: events claim: %w", ErrLogoutToken, err)
	}
	if ev := bytes.TrimSpace(extra.Events[backchannelEvent]); len(ev) == 0 || ev[0] != '{' {
		return LogoutClaims{}, fmt.Errorf("%w: the events claim's %s member is not a JSON object", ErrLogoutToken, backchannelEvent)
	}
	now := c.clock()
	switch {
	case tok.IssuedAt.IsZero():
		return LogoutClaims{}, fmt.Errorf("%w: no iat claim", ErrLogoutToken)
	case tok.IssuedAt.After(now.Add(clockSkew)):
		return LogoutClaims{}, fmt.Errorf("%w: issued in the future (iat %s)", ErrLogoutToken, tok.IssuedAt.UTC().Format(time.RFC3339))
	case now.Sub(tok.IssuedAt) > logoutMaxAge:
		return LogoutClaims{}, fmt.Errorf("%w: issued %s ago, older than %s", ErrLogoutToken, now.Sub(tok.IssuedAt).Round(time.Second), logoutMaxAge)
	}
	if !c.replays.remember(tok.TokenID, now) {
		return LogoutClaims{}, fmt.Errorf("%w: jti already used", ErrLogoutToken)
	}
	return LogoutClaims{SID: tok.SessionID, Subject: tok.Subject, TokenID: tok.TokenID}, nil
}

// ForgetLogoutToken lets a verified logout token be presented again: for a logout the
// receiver could not carry out (its session store was unreachable), which the provider
// retries with the same token.
func (c *Client) ForgetLogoutToken(jti string) { c.replays.forget(jti) }

// logoutTokenTyped reads the JOSE header's typ and tells whether a logout token may carry it:
// logout+jwt, the type section 2.4 recommends (with or without "application/", any case, as
// RFC 7515 compares media types); JWT, which Keycloak sends; or none, as older providers do.
// Any other type, such as at+jwt, is a token of another kind replayed here (section 4.1,
// cross-JWT confusion). A header that cannot be read passes: the signature check refuses it.
func logoutTokenTyped(raw string) (typ string, ok bool) {
	head, _, found := strings.Cut(raw, ".")
	if !found {
		return "", true
	}
	decoded, err := base64.RawURLEncoding.DecodeString(head)
	if err != nil {
		return "", true
	}
	var header map[string]json.RawMessage
	if json.Unmarshal(decoded, &header) != nil {
		return "", true
	}
	member, present := header["typ"]
	if !present {
		return "", true
	}
	if json.Unmarshal(member, &typ) != nil {
		return string(member), false // a typ that is not even a string
	}
	t := strings.TrimPrefix(strings.ToLower(typ), "application/")
	return typ, t == "logout+jwt" || t == "jwt"
}

// unverifiedIssuer reads the iss claim of a JWT without verifying it; "" when there is none.
func unverifiedIssuer(raw string) string {
	payload, ok := jwtPayload(raw)
	if !ok {
		return ""
	}
	var claims struct {
		Issuer string `json:"iss"`
	}
	if json.Unmarshal(payload, &claims) != nil {
		return ""
	}
	return claims.Issuer
}

// replayCache remembers logout token ids for logoutMaxAge, at most capacity of them.
type replayCache struct {
	mu       sync.Mutex
	capacity int
	seen     map[string]time.Time
	order    []seenID // insertion order, for eviction
}

type seenID struct {
	jti string
	at  time.Time
}

func newReplayCache(capacity int) *replayCache {
	return &replayCache{capacity: capacity, seen: make(map[string]time.Time)}
}

// forget drops jti, so that remember takes it as new again.
func (r *replayCache) forget(jti string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.seen, jti)
}

// remember records jti and reports whether it was new.
func (r *replayCache) remember(jti string, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	const keep = logoutMaxAge + clockSkew
	if at, ok := r.seen[jti]; ok && now.Sub(at) <= keep {
		return false
	}
	// Drop entries that aged out or exceed the capacity, oldest first.
	for len(r.order) > 0 {
		oldest := r.order[0]
		if now.Sub(oldest.at) <= keep && len(r.seen) < r.capacity {
			break
		}
		if r.seen[oldest.jti] == oldest.at {
			delete(r.seen, oldest.jti)
		}
		r.order = r.order[1:]
	}
	r.seen[jti] = now
	r.order = append(r.order, seenID{jti, now})
	return true
}
