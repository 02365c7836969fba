package shell

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/identity"

	"github.com/go-jose/go-jose/v4"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// A gateway whose provider knows the client only by its public key (private_key_jwt, no
// secret anywhere) logs a customer in and out through the real dev IdP: the provider checks
// the client assertion of the code exchange and refuses the login without it.
func TestLoginWithPrivateKeyJWTClientAuthentication(t *testing.T) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKCS8PrivateKey(k)
	keyFile := filepath.Join(t.TempDir(), "client-key.pem")
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	thumb, _ := (&jose.JSONWebKey{Key: &k.PublicKey}).Thumbprint(crypto.SHA256)
	jwks, _ := json.Marshal(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &k.PublicKey, KeyID: base64.RawURLEncoding.EncodeToString(thumb), Algorithm: "ES256", Use: "sig"}}})

	rig := newIdentityRig(t, 1, authtest.Options{ClientJWKS: string(jwks)}, func(id *identity.Config) {
		id.Providers[0].ClientKey = "{file." + keyFile + "}"
	})
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	if s, err := gw.storedSession(t, b); err != nil || s == nil {
		t.Fatalf("no session after a login with a client assertion: %v", err)
	}
	res, _ := gw.post(t, b, "/_shell/auth/logout", nil)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	if n := rig.idp.Stats(t).Logout; n != 1 {
		t.Errorf("%d provider logouts, want 1", n)
	}

	// Without the key the same provider refuses the client: the login fails at the callback.
	plain := newIdentityRig(t, 1, authtest.Options{ClientJWKS: string(jwks)}, nil).replicas[0]
	b = newBrowser()
	res, _ = browse(t, b, plain.srv.URL+"/login/")
	callback := b.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
	browse(t, b, callback.String())
	if s, err := plain.storedSession(t, b); err == nil && s != nil {
		t.Error("a client without its key still logged the customer in: the provider checks nothing")
	}
}
