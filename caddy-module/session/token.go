package session

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// epoch is the "0" of spec 8: the expiry and issuance of a token that cannot be read.
var epoch = time.Unix(0, 0).UTC()

// Times are what the edge reads from an access token.
type Times struct {
	// Expiry is exp; the epoch when unreadable.
	Expiry time.Time
	// IssuedAt is iat; the epoch when unreadable.
	IssuedAt time.Time
	// AZP is the authorised party; DefaultClientID when absent.
	AZP string
}

// TokenTimes reads exp, iat and azp from a JWT's payload without verifying its signature: the
// edge received the token from the provider directly over TLS, and only schedules with these
// times. When the token cannot be read it returns the defaults of spec 8 (expiry 0, issuance 0,
// azp "login") together with an error to log.
func TokenTimes(accessToken string) (Times, error) {
	t := Times{Expiry: epoch, IssuedAt: epoch, AZP: DefaultClientID}
	parts := strings.Split(accessToken, ".")
	if len(parts) != 3 {
		return t, fmt.Errorf("access token is not a JWT (%d parts, want 3): the provider must issue JWT access tokens for the edge to read their expiry", len(parts))
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return t, fmt.Errorf("access token payload is not base64url: %w", err)
	}
	var claims map[string]any
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	if err := dec.Decode(&claims); err != nil {
		return t, fmt.Errorf("access token payload is not a JSON object: %w", err)
	}
	if claims == nil {
		return t, errors.New("access token payload is null, not a JSON object")
	}
	var errs []error
	if v, err := numericDate(claims["exp"], "exp"); err != nil {
		errs = append(errs, err)
	} else {
		t.Expiry = v
	}
	if v, err := numericDate(claims["iat"], "iat"); err != nil {
		errs = append(errs, err)
	} else {
		t.IssuedAt = v
	}
	if azp, ok := claims["azp"].(string); ok && azp != "" {
		t.AZP = azp
	}
	return t, errors.Join(errs...)
}

// numericDate reads a JWT NumericDate (seconds since the epoch, fractions allowed).
func numericDate(claim any, name string) (time.Time, error) {
	if claim == nil {
		return epoch, fmt.Errorf("access token has no %s claim", name)
	}
	n, ok := claim.(json.Number)
	if !ok {
		return epoch, fmt.Errorf("access token %s claim is %T, not a number of seconds", name, claim)
	}
	f, err := n.Float64()
	// Beyond year 9999 (or before 1970) is not a real token time; refusing it keeps the
	// arithmetic on time.Time from overflowing.
	if err != nil || math.IsNaN(f) || f <= 0 || f > 253402300799 {
		return epoch, fmt.Errorf("access token %s claim %q is not a date in seconds", name, n.String())
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC(), nil
}

// Local environment fake token (spec 4): it expires 220 s after it is made, issued 20 s before.
const (
	LocalTokenLifetime = 220 * time.Second
	LocalTokenAge      = 20 * time.Second
)

// Environment names (spec 9).
const EnvironmentLocal = "local"

// LocalFakeToken returns the local environment's fake access token: an unsigned JWT that
// expires LocalTokenLifetime after now and was issued LocalTokenAge before now. It refuses
// any environment but "local", so it cannot be used by mistake elsewhere.
func LocalFakeToken(environment string, now time.Time) (string, error) {
	if environment != EnvironmentLocal {
		return "", fmt.Errorf("the fake token exists only on the %q environment, not %q: log in through the identity provider", EnvironmentLocal, environment)
	}
	header := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	payload, err := json.Marshal(map[string]any{
		"exp": now.Add(LocalTokenLifetime).Unix(),
		"iat": now.Add(-LocalTokenAge).Unix(),
		"azp": DefaultClientID,
		"sub": "local",
	})
	if err != nil {
		return "", fmt.Errorf("encode the local fake token: %w", err)
	}
	return header + "." + base64.RawURLEncoding.EncodeToString(payload) + ".", nil
}
