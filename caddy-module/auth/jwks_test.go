package auth

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// signingKey is an RSA key with its id, able to sign compact JWS.
type signingKey struct {
	kid  string
	priv *rsa.PrivateKey
}

func newSigningKey(t *testing.T, kid string) signingKey {
	t.Helper()
	priv, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return signingKey{kid, priv}
}

func (k signingKey) sign(t *testing.T, payload string) string {
	t.Helper()
	s, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: k.priv, KeyID: k.kid}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := s.Sign([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := jws.CompactSerialize()
	return raw
}

func (k signingKey) public() jose.JSONWebKey {
	return jose.JSONWebKey{Key: &k.priv.PublicKey, KeyID: k.kid, Use: "sig", Algorithm: "RS256"}
}

// The key fetches a flood of tokens signed with unknown keys can cause are bounded; the
// dev IdP cannot count JWKS fetches, so this JWKS comes from a test server.
func TestUnknownKeysCannotMakeTheGatewayHammerTheProvider(t *testing.T) {
	a, b, forged := newSigningKey(t, "a"), newSigningKey(t, "b"), newSigningKey(t, "x")
	var mu sync.Mutex
	served := []jose.JSONWebKey{a.public()}
	var fetches atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		mu.Lock()
		defer mu.Unlock()
		_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: served})
	}))
	defer srv.Close()
	k := &keyCache{url: srv.URL, http: srv.Client(), timeout: time.Second}
	ctx := context.Background()

	if _, err := k.VerifySignature(ctx, a.sign(t, `{"n":1}`)); err != nil {
		t.Fatalf("token of the served key: %v", err)
	}
	if _, err := k.VerifySignature(ctx, a.sign(t, `{"n":2}`)); err != nil || fetches.Load() != 1 {
		t.Fatalf("second token of a known key: %v after %d fetches, want one fetch in all", err, fetches.Load())
	}

	// The provider rotates to key b: the first b token fetches again and verifies.
	mu.Lock()
	served = append(served, b.public())
	mu.Unlock()
	if _, err := k.VerifySignature(ctx, b.sign(t, `{"n":3}`)); err != nil {
		t.Fatalf("token of the rotated key: %v", err)
	}

	bad := forged.sign(t, `{"n":4}`)
	for range 100 {
		if _, err := k.VerifySignature(ctx, bad); err == nil {
			t.Fatal("a forged token verified")
		}
	}
	// The operator-visible promise: a flood costs the provider a handful of fetches a
	// minute, not one per forged token.
	if n := fetches.Load(); n > 6 {
		t.Errorf("100 forged tokens made %d JWKS fetches in all; want at most 6 a minute", n)
	}
	if _, err := k.VerifySignature(ctx, b.sign(t, `{"n":5}`)); err != nil {
		t.Errorf("a good token after the flood: %v", err)
	}
}
