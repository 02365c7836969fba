package auth

import (
	"errors"
	"fmt"
)

// Errors the gateway answers differently. Every error a Client returns wraps at most one of
// them; test with errors.Is.
var (
	// ErrTransient: the provider is unreachable, timed out, or answered 5xx or 429, or its
	// discovery has not succeeded yet. Keep the session and retry later.
	ErrTransient = errors.New("auth: identity provider unavailable, try again later")

	// ErrRefreshExpired: the refresh token's own expiry passed, or the access token had
	// already expired (spec 4). Report 'refresh-token-expired' and log the customer out.
	ErrRefreshExpired = errors.New("auth: refresh token expired")

	// ErrRefreshRejected: the provider refused the refresh token (invalid_grant and the
	// like). Report the failed event and log the customer out.
	ErrRefreshRejected = errors.New("auth: refresh token rejected")

	// ErrLoginDenied: the provider answered the login with error=access_denied (the
	// customer cancelled or may not log in). Send the customer back to login with a message.
	ErrLoginDenied = errors.New("auth: login denied by the identity provider")

	// ErrLoginFailed: the callback cannot complete the login (state mismatch, a code the
	// provider refuses, a bad ID token, an expired pending login). Start the login again;
	// it is the browser's or the provider's fault, never a 5xx.
	ErrLoginFailed = errors.New("auth: login failed, start it again")

	// ErrStaleLogin: a fresh login was requested (LoginRequest.FreshLogin) and the ID token's
	// auth_time is missing or from before the login started: the provider reused its login
	// session instead of asking the customer again. Do not treat it as a fresh login, and do
	// not send the customer straight back into another login (a provider that ignores
	// max_age would loop).
	ErrStaleLogin = errors.New("auth: the identity provider did not confirm a fresh login")

	// ErrLogoutFailed: the provider refused the logout call. The edge session is cleared
	// anyway (spec 8).
	ErrLogoutFailed = errors.New("auth: identity provider logout failed")

	// ErrLogoutToken: a back-channel logout token is invalid (answer 400 per Back-Channel
	// Logout 1.0 section 2.8).
	ErrLogoutToken = errors.New("auth: invalid logout token")
)

// Messages and events of spec 4 and 8 for the refresh outcomes.
const (
	MessageRefreshExpired = "Refresh token expired!"
	MessageRefreshFailed  = "Refresh token failed!"
	EventRefreshExpired   = "refresh-token-expired"
	EventRefreshFailed    = "failed"
)

// RefreshOutcome names the session event and the spec's error message for a refresh error:
// ("refresh-token-expired", "Refresh token expired!") or ("failed", "Refresh token failed!").
// ok is false for nil and for ErrTransient, which end nothing.
func RefreshOutcome(err error) (event, message string, ok bool) {
	switch {
	case err == nil, errors.Is(err, ErrTransient):
		return "", "", false
	case errors.Is(err, ErrRefreshExpired):
		return EventRefreshExpired, MessageRefreshExpired, true
	default:
		return EventRefreshFailed, MessageRefreshFailed, true
	}
}

// ProviderError is an OAuth error answer of the provider: at the authorization endpoint
// (error= on the callback) or at the token, revocation or logout endpoint.
type ProviderError struct {
	// Code is the OAuth error code, e.g. "access_denied" or "invalid_grant".
	Code string
	// Description is the provider's error_description; it is for logs, never for pages.
	Description string
	// Status is the HTTP status of a back-channel answer; 0 for a callback error.
	Status int

	kind error // one of the sentinel errors above
}

func (e *ProviderError) Error() string {
	s := fmt.Sprintf("%v: provider answered %q", e.kind, e.Code)
	if e.Status != 0 {
		s += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.Description != "" {
		s += ": " + e.Description
	}
	return s
}

// Unwrap lets errors.Is find the sentinel this answer counts as.
func (e *ProviderError) Unwrap() error { return e.kind }
