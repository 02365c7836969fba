package session

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

func newKey(t testing.TB) []byte {
	t.Helper()
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		t.Fatal(err)
	}
	return k
}

func mustSealer(t testing.TB, keys ...[]byte) *Sealer {
	t.Helper()
	s, err := NewSealer(keys)
	if err != nil {
		t.Fatalf("NewSealer: %v", err)
	}
	return s
}

func TestSealerRotation(t *testing.T) {
	oldKey, newKey_, otherKey := newKey(t), newKey(t), newKey(t)
	secret := []byte(`{"accessToken":"eyJ..."}`)
	ad := []byte("session-id")

	before := mustSealer(t, oldKey)
	sealedOld := before.Seal(secret, ad)
	if bytes.Contains(sealedOld, secret[2:20]) {
		t.Fatal("sealed value contains the plaintext")
	}

	rotated := mustSealer(t, newKey_, oldKey)
	sealedNew := rotated.Seal(secret, ad)
	retired := mustSealer(t, newKey_)

	tests := []struct {
		name   string
		sealer *Sealer
		sealed []byte
		ad     []byte
		want   error
	}{
		{"same key opens", before, sealedOld, ad, nil},
		{"after rotation the old key still opens old records", rotated, sealedOld, ad, nil},
		{"after rotation new records open", rotated, sealedNew, ad, nil},
		{"old replicas (not yet rotated) cannot open new records", before, sealedNew, ad, ErrCannotOpen},
		{"the old key retired: old records unreadable", retired, sealedOld, ad, ErrCannotOpen},
		{"the retired list still opens new records", retired, sealedNew, ad, nil},
		{"wrong key", mustSealer(t, otherKey), sealedOld, ad, ErrCannotOpen},
		{"record moved to another session id", rotated, sealedNew, []byte("other-id"), ErrCannotOpen},
		{"truncated", rotated, sealedNew[:10], ad, ErrCannotOpen},
		{"empty", rotated, nil, ad, ErrCannotOpen},
		{"one bit flipped", rotated, flip(sealedNew, len(sealedNew)-1), ad, ErrCannotOpen},
		{"key id byte altered", rotated, flip(sealedNew, 0), ad, ErrCannotOpen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.sealer.Open(tt.sealed, tt.ad)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Open error = %v, want %v", err, tt.want)
			}
			if err == nil && !bytes.Equal(got, secret) {
				t.Fatalf("Open = %q, want %q", got, secret)
			}
		})
	}
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 1
	return c
}

func TestSealIsRandomised(t *testing.T) {
	s := mustSealer(t, newKey(t))
	a, b := s.Seal([]byte("same"), nil), s.Seal([]byte("same"), nil)
	if bytes.Equal(a, b) {
		t.Fatal("two seals of the same value are equal: nonces repeat")
	}
}

func TestSealStringPurpose(t *testing.T) {
	s := mustSealer(t, newKey(t))
	v := s.SealString("pending-login", []byte("state=abc"))
	if strings.ContainsAny(v, "+/=;, ") {
		t.Fatalf("SealString = %q is not cookie-safe base64url", v)
	}
	if got, err := s.OpenString("pending-login", v); err != nil || string(got) != "state=abc" {
		t.Fatalf("OpenString = %q, %v", got, err)
	}
	if _, err := s.OpenString("other-cookie", v); !errors.Is(err, ErrCannotOpen) {
		t.Fatalf("a value sealed for one purpose opened for another: %v", err)
	}
	if _, err := s.OpenString("pending-login", v+"%"); !errors.Is(err, ErrCannotOpen) {
		t.Fatalf("a mangled value: %v, want ErrCannotOpen", err)
	}
}

func TestDigestsFollowRotation(t *testing.T) {
	k1, k2 := newKey(t), newKey(t)
	before, after := mustSealer(t, k1), mustSealer(t, k2, k1)
	if before.Digest("sid-1") == before.Digest("sid-2") {
		t.Fatal("different values, same digest")
	}
	if strings.Contains(before.Digest("sid-1"), "sid-1") {
		t.Fatal("digest shows the value")
	}
	d := after.Digests("sid-1")
	if len(d) != 2 || d[0] != after.Digest("sid-1") || d[1] != before.Digest("sid-1") {
		t.Fatalf("Digests after rotation = %v; want the new key's digest first, then the old key's %q", d, before.Digest("sid-1"))
	}
}

func TestNewSealerRefuses(t *testing.T) {
	k := newKey(t)
	tests := []struct {
		name string
		keys [][]byte
		want string
	}{
		{"no keys", nil, "at least one key"},
		{"short key", [][]byte{k[:16]}, "key 1 is 16 bytes"},
		{"duplicate", [][]byte{k, newKey(t), k}, "keys 1 and 3 are the same"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewSealer(tt.keys)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("NewSealer error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestParseKeys(t *testing.T) {
	k1, k2 := newKey(t), newKey(t)
	std := base64.StdEncoding.EncodeToString
	url := base64.RawURLEncoding.EncodeToString
	tests := []struct {
		name    string
		value   string
		want    [][]byte
		wantErr string
	}{
		{"one standard key", std(k1), [][]byte{k1}, ""},
		{"two keys, spaces around", " " + std(k1) + " , " + url(k2) + " ", [][]byte{k1, k2}, ""},
		{"unpadded standard", strings.TrimRight(std(k1), "="), [][]byte{k1}, ""},
		{"empty", "  ", nil, "no session keys given"},
		{"trailing comma", std(k1) + ",", nil, "key 2 is empty"},
		{"not base64", "not*base64", nil, "key 1 is not base64"},
		{"16 bytes", std(k1[:16]), nil, "key 1 is 16 bytes: it must be 32"},
		{"64 bytes", std(append(bytes.Clone(k1), k2...)), nil, "key 1 is 64 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseKeys(tt.value)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseKeys error = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseKeys: %v", err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("ParseKeys gave %d keys, want %d", len(got), len(tt.want))
			}
			for i := range got {
				if !bytes.Equal(got[i], tt.want[i]) {
					t.Errorf("key %d differs", i+1)
				}
			}
		})
	}
}

func TestIsDemoKey(t *testing.T) {
	zero := make([]byte, KeySize)
	lastSet := make([]byte, KeySize)
	lastSet[KeySize-1] = 1
	tests := []struct {
		name string
		key  []byte
		want bool
	}{
		{"compose's key: 32 zero bytes", zero, true},
		{"one bit set", lastSet, false},
		{"a random key", newKey(t), false},
		{"16 zero bytes (not a key at all)", zero[:16], false},
	}
	for _, tt := range tests {
		if got := IsDemoKey(tt.key); got != tt.want {
			t.Errorf("%s: IsDemoKey = %v, want %v", tt.name, got, tt.want)
		}
	}
}
