package auth

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
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
	// The flood comes where anyone can post tokens: the back-channel logout route.
	k := (&keyCache{url: srv.URL, http: srv.Client(), timeout: time.Second}).forLogoutTokens()
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

// keyRotationProvider is a provider whose signing keys the test rotates: discovery, a JWKS
// that counts its fetches, and a token endpoint that answers with an ID token for the nonce
// the test sets, signed with the current key.
type keyRotationProvider struct {
	issuer  string
	fetches atomic.Int32

	mu      sync.Mutex
	served  []jose.JSONWebKey
	current signingKey
	nonce   string
}

func newKeyRotationProvider(t *testing.T, first signingKey) *keyRotationProvider {
	t.Helper()
	p := &keyRotationProvider{served: []jose.JSONWebKey{first.public()}, current: first}
	mux := http.NewServeMux()
	mux.HandleFunc("/realms/global/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		base := "http://" + r.Host
		_ = json.NewEncoder(w).Encode(map[string]string{
			"issuer": p.issuer, "authorization_endpoint": base + "/auth",
			"token_endpoint": base + "/token", "jwks_uri": base + "/certs",
		})
	})
	mux.HandleFunc("/certs", func(w http.ResponseWriter, r *http.Request) {
		p.fetches.Add(1)
		p.mu.Lock()
		defer p.mu.Unlock()
		_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: p.served})
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		key, nonce := p.current, p.nonce
		p.mu.Unlock()
		now := time.Now().Unix()
		id := key.sign(t, fmt.Sprintf(`{"iss":%q,"aud":"login","sub":"anna","iat":%d,"exp":%d,"nonce":%q}`, p.issuer, now, now+300, nonce))
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "a", "refresh_token": "r", "token_type": "Bearer", "expires_in": 300, "id_token": id})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	p.issuer = srv.URL + "/realms/global"
	return p
}

// rotate makes next the signing key, serving it beside the old one.
func (p *keyRotationProvider) rotate(next signingKey) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.served = append(p.served, next.public())
	p.current = next
}

// login runs StartLogin and Callback, the provider answering with an ID token for this login.
func (p *keyRotationProvider) login(t *testing.T, c *Client) error {
	t.Helper()
	_, pending, err := c.StartLogin(context.Background(), LoginRequest{})
	if err != nil {
		t.Fatalf("StartLogin: %v", err)
	}
	p.mu.Lock()
	p.nonce = pending.Nonce
	p.mu.Unlock()
	_, err = c.Callback(context.Background(), pending, url.Values{"state": {pending.State}, "code": {"code"}})
	return err
}

// Junk back-channel logout tokens naming unknown keys may cost the provider a few JWKS
// fetches, but never the fetch a login needs after a real key rotation.
func TestJunkLogoutTokensCannotStarveLoginsOfKeyFetches(t *testing.T) {
	a, b := newSigningKey(t, "a"), newSigningKey(t, "b")
	p := newKeyRotationProvider(t, a)
	c, err := New(context.Background(), ProviderConfig{Region: RegionDEU, Issuer: p.issuer}, Options{RedirectURL: "http://gateway.localhost/_shell/auth/callback"})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.login(t, c); err != nil {
		t.Fatalf("login before the flood: %v", err)
	}

	// Anyone can post logout tokens; these carry the right issuer and key ids nobody has.
	forged := newSigningKey(t, "")
	for i := range 3 * keyRefreshBudget {
		junk := signingKey{fmt.Sprint("junk-", i), forged.priv}
		now := time.Now().Unix()
		raw := junk.sign(t, fmt.Sprintf(`{"iss":%q,"aud":"login","sub":"anna","iat":%d,"exp":%d,"jti":"j%d","events":{%q:{}}}`, p.issuer, now, now+60, i, backchannelEvent))
		if _, err := c.VerifyLogoutToken(context.Background(), raw); err == nil {
			t.Fatal("a junk logout token was accepted")
		}
	}
	if n := p.fetches.Load(); n > 1+keyRefreshBudget {
		t.Errorf("%d junk logout tokens made %d JWKS fetches; want at most %d a minute", 3*keyRefreshBudget, n-1, keyRefreshBudget)
	}

	// The provider rotates its signing key; the next customer's ID token is signed with it.
	p.rotate(b)
	if err := p.login(t, c); err != nil {
		t.Fatalf("a login after a key rotation failed once junk logout tokens had come in: %v", err)
	}
}
