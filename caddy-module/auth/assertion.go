package auth

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// Client authentication by private_key_jwt (RFC 7523 section 2.2, OpenID Connect Core 9):
// every client-authenticated call (token, refresh, revocation, Keycloak logout) carries a
// short-lived JWT signed with the client's private key instead of a shared secret, so the
// provider holds only the public key and a stolen provider database yields nothing to log in
// with. It is added by the HTTP transport, below golang.org/x/oauth2, which knows only
// secrets: so the code exchange and oauth2's refresh token source get it unchanged.

// ClientAssertionType is the client_assertion_type of a JWT client assertion.
const ClientAssertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// assertionLifetime is how long a client assertion is valid: long enough for clock skew
// and one call, short enough that a captured one is useless soon after.
const assertionLifetime = 60 * time.Second

// clientKey is the parsed private key and its signature algorithm.
type clientKey struct {
	signer jose.Signer
}

// parseClientKey reads a PEM private key (PKCS #8, PKCS #1 RSA or SEC 1 EC) and picks its
// algorithm: RS256 for RSA (2048 bits or more), ES256/ES384/ES512 for the NIST curves,
// EdDSA for Ed25519. The key id is the key's RFC 7638 thumbprint, which a provider with
// several keys of the client (a rotation) uses to pick the right one.
func parseClientKey(pemText string) (*clientKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil || !strings.Contains(block.Type, "PRIVATE KEY") {
		return nil, errors.New("not a PEM private key (-----BEGIN PRIVATE KEY-----)")
	}
	var key crypto.Signer
	if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		s, ok := k.(crypto.Signer)
		if !ok {
			return nil, fmt.Errorf("a %T cannot sign", k)
		}
		key = s
	} else if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		key = k
	} else if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
		key = k
	} else {
		return nil, errors.New("the PEM block is not a PKCS #8, PKCS #1 or EC private key")
	}
	var alg jose.SignatureAlgorithm
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return nil, fmt.Errorf("the RSA key has %d bits; use 2048 or more", k.N.BitLen())
		}
		alg = jose.RS256
	case *ecdsa.PrivateKey:
		switch k.Curve {
		case elliptic.P256():
			alg = jose.ES256
		case elliptic.P384():
			alg = jose.ES384
		case elliptic.P521():
			alg = jose.ES512
		default:
			return nil, errors.New("the EC key is not on P-256, P-384 or P-521")
		}
	case ed25519.PrivateKey:
		alg = jose.EdDSA
	default:
		return nil, fmt.Errorf("a %T key is not supported; use RSA, EC or Ed25519", key)
	}
	pub := jose.JSONWebKey{Key: key.Public()}
	thumb, err := pub.Thumbprint(crypto.SHA256)
	if err != nil {
		return nil, err
	}
	jwk := jose.JSONWebKey{Key: key, KeyID: base64.RawURLEncoding.EncodeToString(thumb), Algorithm: string(alg)}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: jwk}, (&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		return nil, err
	}
	return &clientKey{signer: signer}, nil
}

// assertion is a signed client assertion: iss = sub = the client, aud = the token endpoint
// (OIDC Core 9 says so for every endpoint; Keycloak accepts it at revocation and logout too),
// a random jti against replay, and a short exp.
func (k *clientKey) assertion(clientID, audience string, now time.Time) (string, error) {
	claims := jwt.Claims{
		Issuer:    clientID,
		Subject:   clientID,
		Audience:  jwt.Audience{audience},
		ID:        randomToken(),
		IssuedAt:  jwt.NewNumericDate(now),
		NotBefore: jwt.NewNumericDate(now.Add(-5 * time.Second)),
		Expiry:    jwt.NewNumericDate(now.Add(assertionLifetime)),
	}
	return jwt.Signed(k.signer).Claims(claims).Serialize()
}

// assertingTransport adds the client assertion to the configured client's form posts to the
// provider's client-authenticated endpoints; everything else (discovery, keys, posts for
// another client id) passes as it is.
type assertingTransport struct {
	base http.RoundTripper
	c    *Client
	key  *clientKey
}

func (t *assertingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodPost || req.Body == nil || !isForm(req.Header.Get("Content-Type")) {
		return t.base.RoundTrip(req)
	}
	token, authenticated := t.c.authenticatedEndpoint(req.Context(), req.URL)
	if !authenticated {
		return t.base.RoundTrip(req)
	}
	raw, err := io.ReadAll(io.LimitReader(req.Body, maxDocument))
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	form, err := url.ParseQuery(string(raw))
	if err != nil {
		return nil, fmt.Errorf("auth: client assertion: the form does not parse: %w", err)
	}
	id := t.c.cfg.clientID()
	if cid := form.Get("client_id"); cid != "" && cid != id {
		// A token of another client (azp) refreshed as a public client: not ours to sign.
		return t.base.RoundTrip(withBody(req, raw))
	}
	a, err := t.key.assertion(id, token, t.c.clock())
	if err != nil {
		return nil, fmt.Errorf("auth: signing the client assertion: %w", err)
	}
	form.Del("client_secret")
	form.Set("client_id", id)
	form.Set("client_assertion_type", ClientAssertionType)
	form.Set("client_assertion", a)
	out := withBody(req, []byte(form.Encode()))
	out.Header.Del("Authorization") // one way of authenticating, never two
	return t.base.RoundTrip(out)
}

// authenticatedEndpoint tells whether u is the token, revocation or Keycloak logout
// endpoint, and gives the token endpoint (the assertion's audience).
func (c *Client) authenticatedEndpoint(ctx context.Context, u *url.URL) (token string, ok bool) {
	m, err := c.metadata(ctx)
	if err != nil || m.token == "" {
		return "", false
	}
	at := *u
	at.RawQuery, at.Fragment = "", ""
	switch at.String() {
	case m.token, m.revocation, c.issuer + keycloakLogoutPath:
		return m.token, true
	}
	return "", false
}

func isForm(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/x-www-form-urlencoded"
}

// withBody is a copy of req with body, as RoundTrippers must not change the request given.
func withBody(req *http.Request, body []byte) *http.Request {
	out := req.Clone(req.Context())
	out.Body = io.NopCloser(bytes.NewReader(body))
	out.ContentLength = int64(len(body))
	out.Header.Set("Content-Length", strconv.Itoa(len(body)))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	return out
}
