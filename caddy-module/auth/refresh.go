package auth

import (
	"context"
	"fmt"
	"time"

	"golang.org/x/oauth2"
)

// CheckRefresh says whether a refresh may still be tried at now. It returns ErrRefreshExpired
// when the access token has already expired (exp + offset <= now: spec 4 treats that as
// refresh-token-expired, not as a reason to refresh) or when the refresh token is a JWT whose
// own exp has passed. It never contacts the provider.
func CheckRefresh(accessExpiry time.Time, serverOffset time.Duration, refreshToken string, now time.Time) error {
	if !accessExpiry.IsZero() && !accessExpiry.Add(serverOffset).After(now) {
		return fmt.Errorf("%w: the access token expired at %s", ErrRefreshExpired, accessExpiry.UTC().Format(time.RFC3339))
	}
	if exp, _, _, _ := readJWTClaims(refreshToken); !exp.IsZero() && !exp.After(now) {
		return fmt.Errorf("%w: the refresh token expired at %s", ErrRefreshExpired, exp.UTC().Format(time.RFC3339))
	}
	return nil
}

// Refresh trades a refresh token for new tokens: grant_type=refresh_token with client_id
// from the access token's azp (default "login"), bounded by the call timeout (spec 7, 9).
// Errors: ErrRefreshExpired (the refresh token's exp passed, or the provider says it expired
// or its session is not active), ErrRefreshRejected (any other refusal, e.g. invalid_grant
// for a rotated token), ErrTransient (unreachable, timeout, 5xx, 429: keep the session and
// retry later). The new Tokens.IDToken is empty when the answer carries none; it is kept
// unverified, as the token endpoint's own TLS answer (OIDC Core 3.1.3.7), and only ever
// used as an id_token_hint.
func (c *Client) Refresh(ctx context.Context, refreshToken, azp string) (Tokens, error) {
	if refreshToken == "" {
		return Tokens{}, fmt.Errorf("%w: the session has no refresh token", ErrRefreshRejected)
	}
	if exp, _, _, _ := readJWTClaims(refreshToken); !exp.IsZero() && !exp.After(c.clock()) {
		return Tokens{}, fmt.Errorf("%w: the refresh token expired at %s", ErrRefreshExpired, exp.UTC().Format(time.RFC3339))
	}
	m, err := c.metadata(ctx)
	if err != nil {
		return Tokens{}, err
	}
	if azp == "" {
		azp = c.cfg.clientID()
	}
	ctx, cancel := c.callContext(ctx)
	defer cancel()
	src := c.oauth2Config(m, azp, "").TokenSource(ctx, &oauth2.Token{RefreshToken: refreshToken})
	tok, err := src.Token()
	if err != nil {
		return Tokens{}, classifyTokenError(err, ErrRefreshRejected, "refresh")
	}
	rawID, _ := tok.Extra("id_token").(string)
	return c.tokensFrom(tok, rawID), nil
}
