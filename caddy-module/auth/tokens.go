package auth

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// jwtClaims are the registered claims the edge reads from a token it received directly from
// the provider. They are not verified: they only time the session (spec 3).
type jwtClaims struct {
	Exp json.Number `json:"exp"`
	Iat json.Number `json:"iat"`
	AZP string      `json:"azp"`
}

// jwtPayload decodes the payload of a compact JWS without verifying it. ok is false for
// anything that is not three base64url parts with a JSON object in the middle.
func jwtPayload(token string) (payload []byte, ok bool) {
	if len(token) > 16<<10 || strings.Count(token, ".") != 2 {
		return nil, false
	}
	part := token[strings.IndexByte(token, '.')+1 : strings.LastIndexByte(token, '.')]
	payload, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil || !json.Valid(payload) || !bytes.HasPrefix(bytes.TrimSpace(payload), []byte("{")) {
		return nil, false
	}
	return payload, true
}

// readJWTClaims reads exp, iat and azp; zero values for what is missing or malformed.
func readJWTClaims(token string) (exp, iat time.Time, azp string, ok bool) {
	payload, ok := jwtPayload(token)
	if !ok {
		return time.Time{}, time.Time{}, "", false
	}
	var c jwtClaims
	d := json.NewDecoder(bytes.NewReader(payload))
	d.UseNumber()
	if d.Decode(&c) != nil {
		return time.Time{}, time.Time{}, "", false
	}
	return numericDate(c.Exp), numericDate(c.Iat), c.AZP, true
}

// numericDate reads a JWT NumericDate (seconds, possibly fractional); zero when absent or
// out of range.
func numericDate(n json.Number) time.Time {
	f, err := n.Float64()
	if err != nil || f <= 0 || f > 1e11 || math.IsNaN(f) {
		return time.Time{}
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(frac*1e9))
}

// accessClaim reads one string-ish claim of an unverified JWT access token.
func accessClaim(token, name string) string {
	payload, ok := jwtPayload(token)
	if !ok {
		return ""
	}
	var m map[string]any
	d := json.NewDecoder(bytes.NewReader(payload))
	d.UseNumber()
	if d.Decode(&m) != nil {
		return ""
	}
	return claimString(m[name])
}

// claimString renders a string or number claim (customer numbers come as either).
func claimString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// tokensFrom reads the token answer into Tokens, see Tokens for the fallbacks.
func (c *Client) tokensFrom(tok *oauth2.Token, rawID string) Tokens {
	now := c.clock()
	t := Tokens{AccessToken: tok.AccessToken, RefreshToken: tok.RefreshToken, IDToken: rawID}
	exp, iat, azp, _ := readJWTClaims(tok.AccessToken)
	t.Expiry, t.IssuedAt, t.AZP = exp, iat, azp
	if t.Expiry.IsZero() {
		t.Expiry = tok.Expiry // from expires_in, by oauth2's own clock
	}
	if t.IssuedAt.IsZero() {
		t.IssuedAt = now
	} else {
		t.ServerOffset = now.Sub(t.IssuedAt).Truncate(time.Second)
	}
	if t.AZP == "" {
		t.AZP = c.cfg.clientID()
	}
	t.RefreshExpiry = refreshExpiry(tok, now)
	return t
}

// refreshExpiry prefers Keycloak's refresh_expires_in (0 there means "no expiry", as for
// offline tokens) and falls back to a JWT refresh token's exp.
func refreshExpiry(tok *oauth2.Token, now time.Time) time.Time {
	switch v := tok.Extra("refresh_expires_in").(type) {
	case float64:
		if v > 0 {
			return now.Add(time.Duration(v) * time.Second)
		}
		return time.Time{}
	case string:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
			return now.Add(time.Duration(n) * time.Second)
		}
	}
	exp, _, _, _ := readJWTClaims(tok.RefreshToken)
	return exp
}

// classifyTokenError maps a token endpoint failure to ErrTransient (network, timeout, 5xx,
// 429, a garbled answer) or to rejected, the kind the caller acts on for a refused grant.
// It never wraps oauth2's error itself: that one quotes the response body.
func classifyTokenError(err error, rejected error, what string) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return fmt.Errorf("%w: %s: %w", ErrTransient, what, err)
	}
	status := 0
	if re.Response != nil {
		status = re.Response.StatusCode
	}
	if status >= 500 || status == 429 || (status < 400 && re.ErrorCode == "") {
		return &ProviderError{Code: re.ErrorCode, Description: re.ErrorDescription, Status: status, kind: ErrTransient}
	}
	kind := rejected
	if rejected == ErrRefreshRejected && re.ErrorCode == "invalid_grant" && saysExpired(re.ErrorDescription) {
		kind = ErrRefreshExpired
	}
	return &ProviderError{Code: re.ErrorCode, Description: re.ErrorDescription, Status: status, kind: kind}
}

// saysExpired recognises the providers' wording for an expired refresh token: Keycloak's
// "Token is not active" / "Session not active", oidc-provider's "refresh token is expired".
func saysExpired(description string) bool {
	d := strings.ToLower(description)
	return strings.Contains(d, "expired") || strings.Contains(d, "not active")
}
