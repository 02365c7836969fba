package auth

import (
	"encoding/base64"
	"errors"
	"net/http"
	"testing"
	"time"

	"golang.org/x/oauth2"
)

func TestClassifyTokenErrorByProviderWording(t *testing.T) {
	resp := func(status int) *http.Response { return &http.Response{StatusCode: status} }
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"keycloak expired refresh token", &oauth2.RetrieveError{Response: resp(400), ErrorCode: "invalid_grant", ErrorDescription: "Token is not active"}, ErrRefreshExpired},
		{"keycloak session gone", &oauth2.RetrieveError{Response: resp(400), ErrorCode: "invalid_grant", ErrorDescription: "Session not active"}, ErrRefreshExpired},
		{"oidc-provider detail", &oauth2.RetrieveError{Response: resp(400), ErrorCode: "invalid_grant", ErrorDescription: "refresh token is expired"}, ErrRefreshExpired},
		{"rotated token", &oauth2.RetrieveError{Response: resp(400), ErrorCode: "invalid_grant", ErrorDescription: "grant request is invalid"}, ErrRefreshRejected},
		{"wrong client", &oauth2.RetrieveError{Response: resp(401), ErrorCode: "invalid_client"}, ErrRefreshRejected},
		{"server error", &oauth2.RetrieveError{Response: resp(500), ErrorCode: "server_error"}, ErrTransient},
		{"network", errors.New("dial tcp: connection refused"), ErrTransient},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := classifyTokenError(tt.err, ErrRefreshRejected, "refresh")
			if !errors.Is(got, tt.want) {
				t.Errorf("classified %v as %v; want %v", tt.err, got, tt.want)
			}
		})
	}
	// At the callback an expired-sounding code is still a failed login, not a refresh event.
	code := &oauth2.RetrieveError{Response: resp(400), ErrorCode: "invalid_grant", ErrorDescription: "authorization code is expired"}
	if got := classifyTokenError(code, ErrLoginFailed, "code exchange"); !errors.Is(got, ErrLoginFailed) {
		t.Errorf("code exchange classified as %v", got)
	}
}

func TestTokensFromReadsTimesAndFallbacks(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	c := &Client{cfg: ProviderConfig{}, clock: func() time.Time { return now }}
	enc := base64.RawURLEncoding.EncodeToString
	access := enc([]byte(`{"alg":"RS256"}`)) + "." + enc([]byte(`{"exp":1800000290,"iat":1799999990,"azp":"portal"}`)) + ".sig"

	jwtTok := (&oauth2.Token{AccessToken: access, RefreshToken: "r"}).WithExtra(map[string]any{"refresh_expires_in": float64(1800)})
	got := c.tokensFrom(jwtTok, "id")
	if !got.Expiry.Equal(time.Unix(1800000290, 0)) || !got.IssuedAt.Equal(time.Unix(1799999990, 0)) || got.AZP != "portal" {
		t.Errorf("JWT access token read as exp %s iat %s azp %q", got.Expiry, got.IssuedAt, got.AZP)
	}
	if got.ServerOffset != 10*time.Second {
		t.Errorf("server offset = %s; the provider's iat is 10 s behind our clock", got.ServerOffset)
	}
	if !got.RefreshExpiry.Equal(now.Add(1800 * time.Second)) {
		t.Errorf("refresh expiry = %s, want now + refresh_expires_in", got.RefreshExpiry)
	}

	opaque := &oauth2.Token{AccessToken: "opaque", Expiry: now.Add(5 * time.Minute)}
	got = c.tokensFrom(opaque, "")
	if !got.Expiry.Equal(now.Add(5*time.Minute)) || !got.IssuedAt.Equal(now) || got.AZP != "login" || got.ServerOffset != 0 {
		t.Errorf("opaque access token read as %+v", got)
	}
}

func FuzzReadJWTClaims(f *testing.F) {
	enc := base64.RawURLEncoding.EncodeToString
	f.Add(enc([]byte(`{}`)) + "." + enc([]byte(`{"exp":1.5e9,"iat":1,"azp":"login"}`)) + ".x")
	f.Add("a.b.c")
	f.Add(".." + enc([]byte(`{"exp":"x"}`)))
	f.Fuzz(func(t *testing.T, token string) {
		exp, iat, _, ok := readJWTClaims(token)
		if !ok && (!exp.IsZero() || !iat.IsZero()) {
			t.Fatalf("not a JWT but times read: %s %s", exp, iat)
		}
		for _, at := range []time.Time{exp, iat} {
			if !at.IsZero() && (at.Unix() <= 0 || at.Year() > 5200) {
				t.Fatalf("implausible time %s from %q", at, token)
			}
		}
	})
}

func FuzzParseDiscovery(f *testing.F) {
	const issuer = "https://auth.example/realms/global"
	f.Add([]byte(`{"issuer":"` + issuer + `","authorization_endpoint":"https://auth.example/a","token_endpoint":"https://auth.example/t","jwks_uri":"https://auth.example/k","revocation_endpoint":"javascript:x"}`))
	f.Add([]byte(`{"issuer":"https://evil.example"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		doc, err := parseDiscovery(body, issuer)
		if err != nil {
			return
		}
		if doc.IssuerURL != issuer {
			t.Fatalf("accepted issuer %q", doc.IssuerURL)
		}
		for _, e := range []string{doc.AuthURL, doc.TokenURL, doc.JWKSURL} {
			if checkEndpoint(e) != nil {
				t.Fatalf("accepted endpoint %q", e)
			}
		}
		for _, e := range []string{doc.RevocationEndpoint, doc.EndSessionEndpoint} {
			if e != "" && checkEndpoint(e) != nil {
				t.Fatalf("kept unusable optional endpoint %q", e)
			}
		}
	})
}
