package auth_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// clientKeyPair is a fresh P-256 key as PEM (the client_key) and its public JWKS (what the
// provider registers).
func clientKeyPair(t *testing.T) (pemKey string, pub *ecdsa.PublicKey, jwks string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	// The key is registered under its RFC 7638 thumbprint, the kid the assertions name.
	thumb, err := (&jose.JSONWebKey{Key: &k.PublicKey}).Thumbprint(crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	set, _ := json.Marshal(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &k.PublicKey, KeyID: base64.RawURLEncoding.EncodeToString(thumb), Algorithm: "ES256", Use: "sig"}}})
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), &k.PublicKey, string(set)
}

// The dev IdP with the client registered for private_key_jwt: the provider itself checks
// every assertion (signature, audience, expiry, replay), on the code exchange, the refresh,
// and revocation.
func TestPrivateKeyJWTAgainstTheDevIdP(t *testing.T) {
	key, _, jwks := clientKeyPair(t)
	w := newWorld(t, auth.ProviderConfig{ClientKey: key, LogoutStyle: auth.LogoutRevocation}, authtest.Options{ClientJWKS: jwks})
	ctx := context.Background()
	l := w.login(t, auth.LoginRequest{})
	tok, err := w.client.Refresh(ctx, l.Tokens.RefreshToken, l.Tokens.AZP)
	if err != nil {
		t.Fatalf("refresh with a client assertion: %v", err)
	}
	if err := w.client.Logout(ctx, tok.RefreshToken, ""); err != nil {
		t.Fatalf("revocation with a client assertion: %v", err)
	}
	if _, err := w.client.Refresh(ctx, tok.RefreshToken, tok.AZP); err == nil {
		t.Error("the refresh token still works after its revocation")
	}

	// Another key than the registered one gets no tokens: the provider really checks.
	other, _, _ := clientKeyPair(t)
	stranger, err := auth.New(ctx, auth.ProviderConfig{Region: auth.RegionDEU, Issuer: w.idp.Issuer, ClientKey: other}, auth.Options{RedirectURL: callback, Environment: "local"})
	if err != nil {
		t.Fatal(err)
	}
	p, query := w.authorizeWith(t, stranger)
	if _, err := stranger.Callback(ctx, p, query); err == nil {
		t.Error("a client assertion signed with an unregistered key was accepted")
	}
}

// authorizeWith is world.authorize for another client of the same provider.
func (w *world) authorizeWith(t *testing.T, c *auth.Client) (auth.Pending, map[string][]string) {
	t.Helper()
	authURL, p, err := c.StartLogin(context.Background(), auth.LoginRequest{})
	if err != nil {
		t.Fatalf("StartLogin: %v", err)
	}
	return p, authtest.NewBrowser().Login(t, authURL, authtest.DemoUser, authtest.DemoPassword).Query()
}

// A provider that registered the client's public key must get, on every client-authenticated
// call, an assertion it can verify with that key, for its token endpoint, expiring soon, with
// a fresh jti; and never a secret or a second way of authenticating. A client assertion with
// a long life or the wrong audience could be replayed at the provider by whoever captured it.
func TestClientAssertionIsShortLivedSignedAndForTheTokenEndpoint(t *testing.T) {
	key, pub, _ := clientKeyPair(t)
	var (
		mu    sync.Mutex
		seen  = map[string]string{} // path -> problem ("" when fine)
		jtis  = map[string]bool{}
		srv   *httptest.Server
		calls int
	)
	check := func(r *http.Request) string {
		if r.Header.Get("Authorization") != "" || r.PostFormValue("client_secret") != "" {
			return "a second client authentication (header or secret)"
		}
		if r.PostFormValue("client_assertion_type") != auth.ClientAssertionType {
			return "client_assertion_type " + r.PostFormValue("client_assertion_type")
		}
		tok, err := josejwt.ParseSigned(r.PostFormValue("client_assertion"), []jose.SignatureAlgorithm{jose.ES256})
		if err != nil {
			return "unparsable assertion: " + err.Error()
		}
		var c josejwt.Claims
		if err := tok.Claims(pub, &c); err != nil {
			return "signature: " + err.Error()
		}
		if err := c.ValidateWithLeeway(josejwt.Expected{Issuer: "login", Subject: "login", AnyAudience: josejwt.Audience{srv.URL + "/token"}, Time: time.Now()}, 0); err != nil {
			return "claims: " + err.Error()
		}
		if c.Expiry == nil || c.IssuedAt == nil || c.Expiry.Time().Sub(c.IssuedAt.Time()) > 2*time.Minute {
			return "no short expiry"
		}
		if c.ID == "" || jtis[c.ID] {
			return "jti missing or reused"
		}
		jtis[c.ID] = true
		if r.PostFormValue("client_id") != "login" {
			return "client_id " + r.PostFormValue("client_id")
		}
		return ""
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/openid-configuration", func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(rw, `{"issuer":%q,"authorization_endpoint":"%[1]s/auth","token_endpoint":"%[1]s/token","jwks_uri":"%[1]s/jwks","revocation_endpoint":"%[1]s/revoke"}`, srv.URL)
	})
	endpoint := func(rw http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		problem := check(r)
		seen[r.URL.Path+" "+r.PostFormValue("grant_type")] = problem
		if problem != "" {
			rw.Header().Set("Content-Type", "application/json")
			rw.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(rw, `{"error":"invalid_client","error_description":%q}`, problem)
			return
		}
		switch r.URL.Path {
		case "/token":
			rw.Header().Set("Content-Type", "application/json")
			fmt.Fprint(rw, `{"access_token":"at","token_type":"Bearer","expires_in":300,"refresh_token":"rt2"}`)
		case "/protocol/openid-connect/logout":
			rw.WriteHeader(http.StatusNoContent)
		}
	}
	mux.HandleFunc("/token", endpoint)
	mux.HandleFunc("/revoke", endpoint)
	mux.HandleFunc("/protocol/openid-connect/logout", endpoint)
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	ctx := context.Background()
	for _, style := range []auth.LogoutStyle{auth.LogoutKeycloak, auth.LogoutRevocation} {
		c, err := auth.New(ctx, auth.ProviderConfig{Region: auth.RegionDEU, Issuer: srv.URL, ClientKey: key, LogoutStyle: style}, auth.Options{Environment: "local"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Refresh(ctx, "rt", ""); err != nil {
			t.Errorf("refresh: %v", err)
		}
		if err := c.Logout(ctx, "rt2", ""); err != nil {
			t.Errorf("logout %s: %v", style, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if calls != 4 {
		t.Errorf("%d client-authenticated calls, want 4 (2 refreshes, a Keycloak logout, a revocation)", calls)
	}
	for call, problem := range seen {
		if problem != "" {
			t.Errorf("%s: %s", call, problem)
		}
	}
}

func TestClientKeyRefusals(t *testing.T) {
	key, _, _ := clientKeyPair(t)
	tests := []struct{ name, key, secret, want string }{
		{"both a key and a secret", key, "s3cret", "keep client_key (private_key_jwt) and remove client_secret"},
		{"not PEM", "abc", "", "not a PEM private key"},
		{"a public key", strings.ReplaceAll(key, "PRIVATE", "PUBLIC"), "", "not a PEM private key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := auth.New(context.Background(), auth.ProviderConfig{Region: auth.RegionDEU, Issuer: "https://auth.example/auth/realms/global", ClientKey: tt.key, ClientSecret: tt.secret}, auth.Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
