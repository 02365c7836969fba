package session

import (
	"crypto/rand"
	"encoding/base64"
)

// idBytes is the session id's entropy: 256 bits, so ids cannot be guessed or enumerated.
const idBytes = 32

// idLen is the length of an id as text: 32 bytes in base64url without padding.
var idLen = base64.RawURLEncoding.EncodedLen(idBytes)

// NewID returns a new random session id, 256 bits in base64url without padding.
func NewID() string {
	var b [idBytes]byte
	// crypto/rand.Read never fails on supported platforms (it panics rather than return short).
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// ValidID tells whether id has the exact form NewID produces. Anything else (a tampered,
// truncated or padded cookie) is treated as no session at all, without a store lookup.
func ValidID(id string) bool {
	if len(id) != idLen {
		return false
	}
	var b [idBytes]byte
	// Strict rejects non-zero trailing bits, so each id has exactly one accepted spelling.
	n, err := base64.RawURLEncoding.Strict().Decode(b[:], []byte(id))
	return err == nil && n == idBytes
}
