package session

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// KeySize is the size of a sealing key: AES-256.
const KeySize = 32

// ErrCannotOpen: the sealed value was made with none of the configured keys, or was altered.
var ErrCannotOpen = errors.New("sealed value cannot be opened with any configured session key")

// Sealer encrypts and authenticates values with AES-256-GCM under a list of keys: the first
// key seals, every key opens. Rotate by putting a new key first and keeping the old ones until
// everything sealed with them has expired; nobody is logged out by a rotation.
//
// A sealed value is: key id (1 byte) | nonce (12 bytes) | ciphertext and tag. The key id is
// the first byte of SHA-256 of the key, so it survives reordering of the list; keys sharing an
// id byte are all tried.
type Sealer struct {
	keys []sealerKey
}

type sealerKey struct {
	id    byte
	aead  cipher.AEAD
	index []byte // HMAC key for Digest, derived from the sealing key
}

// NewSealer returns a Sealer over keys (each KeySize bytes); the first one seals.
func NewSealer(keys [][]byte) (*Sealer, error) {
	if len(keys) == 0 {
		return nil, errors.New("session sealer needs at least one key: set session keys to one or more base64 values of 32 random bytes")
	}
	s := &Sealer{}
	for i, k := range keys {
		if len(k) != KeySize {
			return nil, fmt.Errorf("session key %d is %d bytes: each key must be exactly %d random bytes", i+1, len(k), KeySize)
		}
		for j := range i {
			if bytes.Equal(k, keys[j]) {
				return nil, fmt.Errorf("session keys %d and %d are the same: remove one", j+1, i+1)
			}
		}
		block, err := aes.NewCipher(k)
		if err != nil {
			return nil, fmt.Errorf("session key %d: %w", i+1, err)
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, fmt.Errorf("session key %d: %w", i+1, err)
		}
		sum := sha256.Sum256(k)
		mac := hmac.New(sha256.New, k)
		mac.Write([]byte("shellgate session index v1"))
		s.keys = append(s.keys, sealerKey{id: sum[0], aead: aead, index: mac.Sum(nil)})
	}
	return s, nil
}

// Seal encrypts plaintext with the first key. associated is authenticated but not stored: Open
// must be given the same bytes (e.g. the session id, so a record cannot be moved to another id).
func (s *Sealer) Seal(plaintext, associated []byte) []byte {
	k := s.keys[0]
	out := make([]byte, 1+k.aead.NonceSize(), 1+k.aead.NonceSize()+len(plaintext)+k.aead.Overhead())
	out[0] = k.id
	// Random 96-bit nonces are safe well beyond this use (2^32 seals per key).
	_, _ = rand.Read(out[1:])
	return k.aead.Seal(out, out[1:], plaintext, associated)
}

// Open decrypts a value from Seal with whichever configured key sealed it, or ErrCannotOpen.
func (s *Sealer) Open(sealed, associated []byte) ([]byte, error) {
	for _, k := range s.keys {
		n := k.aead.NonceSize()
		if len(sealed) < 1+n+k.aead.Overhead() || sealed[0] != k.id {
			continue
		}
		if plain, err := k.aead.Open(nil, sealed[1:1+n], sealed[1+n:], associated); err == nil {
			return plain, nil
		}
	}
	return nil, ErrCannotOpen
}

// SealString seals plaintext for a text context such as a cookie: base64url without padding.
// purpose is authenticated, so a value sealed for one cookie is refused by another.
func (s *Sealer) SealString(purpose string, plaintext []byte) string {
	return base64.RawURLEncoding.EncodeToString(s.Seal(plaintext, []byte(purpose)))
}

// OpenString opens a value from SealString with the same purpose, or returns ErrCannotOpen.
func (s *Sealer) OpenString(purpose, sealed string) ([]byte, error) {
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil {
		return nil, ErrCannotOpen
	}
	return s.Open(raw, []byte(purpose))
}

// Digest returns a keyed hash of value under the sealing key, for index keys that must find a
// value without storing it (OIDC sid, subject).
func (s *Sealer) Digest(value string) string { return digest(s.keys[0].index, value) }

// Digests returns value's keyed hash under every key, sealing key first, so lookups still find
// entries written before a rotation.
func (s *Sealer) Digests(value string) []string {
	out := make([]string, len(s.keys))
	for i, k := range s.keys {
		out[i] = digest(k.index, value)
	}
	return out
}

func digest(key []byte, value string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(value))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// ParseKeys reads a configuration value of comma-separated base64 keys (standard or URL
// alphabet, padding optional), each 32 bytes, newest first.
func ParseKeys(value string) ([][]byte, error) {
	if strings.TrimSpace(value) == "" {
		return nil, errors.New("no session keys given: set one or more comma-separated base64 values of 32 random bytes (e.g. from `openssl rand -base64 32`)")
	}
	var keys [][]byte
	for i, part := range strings.Split(value, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("session key %d is empty: remove the extra comma", i+1)
		}
		k, err := decodeKey(part)
		if err != nil {
			return nil, fmt.Errorf("session key %d is not base64: %w; generate one with `openssl rand -base64 32`", i+1, err)
		}
		if len(k) != KeySize {
			return nil, fmt.Errorf("session key %d is %d bytes: it must be %d random bytes in base64 (44 characters with padding); generate one with `openssl rand -base64 32`", i+1, len(k), KeySize)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// IsDemoKey reports whether k is the demo key: 32 zero bytes, the key compose ships in the
// repository (deploy/compose-session-keys.txt). Anyone can read it, so whoever holds it can
// seal a session record or a login cookie the gateway would open.
func IsDemoKey(k []byte) bool {
	return len(k) == KeySize && bytes.Count(k, []byte{0}) == KeySize
}

func decodeKey(s string) ([]byte, error) {
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}
