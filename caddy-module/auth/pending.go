package auth

import (
	"encoding/json"
	"fmt"
	"time"
)

// Sealer encrypts and authenticates small records for a text context such as a cookie;
// *session.Sealer fits. purpose is authenticated, so a value sealed for one use is refused
// by another.
type Sealer interface {
	SealString(purpose string, plaintext []byte) string
	OpenString(purpose, sealed string) ([]byte, error)
}

// pendingPurpose binds sealed pending logins to this use: a session cookie's sealed value
// cannot pass as one.
const pendingPurpose = "shellgate pending login v1"

// maxPendingCookie bounds what OpenPending opens: a pending login seals to about 400 bytes.
const maxPendingCookie = 4096

// SealPending seals p for a cookie value.
func SealPending(s Sealer, p Pending) (string, error) {
	plain, err := json.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("auth: encoding the pending login: %w", err)
	}
	return s.SealString(pendingPurpose, plain), nil
}

// OpenPending opens a cookie value made by SealPending and checks that the login started at
// most PendingTTL before now. Every failure wraps ErrLoginFailed: a tampered, foreign or
// stale cookie means "start the login again".
func OpenPending(s Sealer, value string, now time.Time) (Pending, error) {
	if value == "" {
		return Pending{}, fmt.Errorf("%w: no pending login (the login cookie is missing)", ErrLoginFailed)
	}
	if len(value) > maxPendingCookie {
		return Pending{}, fmt.Errorf("%w: the login cookie is too long", ErrLoginFailed)
	}
	plain, err := s.OpenString(pendingPurpose, value)
	if err != nil {
		return Pending{}, fmt.Errorf("%w: the login cookie does not open: %w", ErrLoginFailed, err)
	}
	var p Pending
	if err := json.Unmarshal(plain, &p); err != nil {
		return Pending{}, fmt.Errorf("%w: the login cookie holds no pending login: %w", ErrLoginFailed, err)
	}
	if p.State == "" || p.Nonce == "" || p.Verifier == "" || p.RedirectURL == "" {
		return Pending{}, fmt.Errorf("%w: the pending login is incomplete", ErrLoginFailed)
	}
	if age := now.Sub(time.Unix(p.Created, 0)); age > PendingTTL || age < -time.Minute {
		return Pending{}, fmt.Errorf("%w: the login was started %s ago, longer than %s", ErrLoginFailed, age.Round(time.Second), PendingTTL)
	}
	return p, nil
}
