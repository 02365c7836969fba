package session

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"
)

// signedJWT builds a token shaped like a Keycloak one: header, the claims, and a random
// signature of sigBytes (256 for RS256 with a 2048-bit key, 64 for HS512).
func signedJWT(alg string, claims map[string]any, sigBytes int) string {
	enc := base64.RawURLEncoding.EncodeToString
	h, _ := json.Marshal(map[string]string{"alg": alg, "typ": "JWT", "kid": "x7kq2Wm3p1TfZc0aLrB9s8vY4nE6uH5jD2gK1oQ0iRw"})
	p, _ := json.Marshal(claims)
	sig := make([]byte, sigBytes)
	_, _ = rand.Read(sig)
	return enc(h) + "." + enc(p) + "." + enc(sig)
}

// realisticTokens are tokens of the size a Keycloak-style realm issues (about 1.4 kB access,
// 0.7 kB refresh, 1.3 kB ID token), issued at iat and valid for 5 minutes.
func realisticTokens(sub, sid string, iat time.Time) Tokens {
	common := map[string]any{
		"exp": iat.Add(5 * time.Minute).Unix(), "iat": iat.Unix(), "auth_time": iat.Unix(),
		"iss": "https://auth.example.com/auth/realms/global",
		"sub": sub, "azp": "login", "sid": sid, "session_state": sid,
	}
	access := map[string]any{
		"aud": []string{"customer-account", "transaction-account", "deposit", "account"}, "typ": "Bearer",
		"acr": "1", "allowed-origins": []string{"https://www.example.de", "https://www.example.co.uk"},
		"realm_access":    map[string]any{"roles": []string{"offline_access", "uma_authorization", "customer"}},
		"resource_access": map[string]any{"account": map[string]any{"roles": []string{"manage-account", "view-profile"}}},
		"scope":           "openid email profile", "email_verified": true, "bac_number": "DE1234567890",
		"preferred_username": "kunde@example.de", "email": "kunde@example.de", "locale": "de",
	}
	id := map[string]any{
		"aud": "login", "typ": "ID", "at_hash": "Jq3fX9bW0sLk2mN8pR4tYw", "acr": "1",
		"email_verified": true, "name": "Erika Mustermann", "given_name": "Erika", "family_name": "Mustermann",
		"preferred_username": "kunde@example.de", "email": "kunde@example.de", "locale": "de",
	}
	refresh := map[string]any{"aud": "https://auth.example.com/auth/realms/global", "typ": "Refresh", "scope": "openid email profile"}
	for k, v := range common {
		access[k], id[k], refresh[k] = v, v, v
	}
	// Each token has its own id, as a real provider issues them.
	access["jti"], id["jti"], refresh["jti"] = NewID(), NewID(), NewID()
	refresh["exp"] = iat.Add(30 * time.Minute).Unix()
	return Tokens{
		AccessToken:  signedJWT("RS256", access, 256),
		RefreshToken: signedJWT("HS512", refresh, 64),
		IDToken:      signedJWT("RS256", id, 256),
		Expiry:       iat.Add(5 * time.Minute).UTC(),
		IssuedAt:     iat.UTC(),
		AZP:          "login",
	}
}

// customerSession is a logged-in customer's session as the login step would save it.
func customerSession(n int, sid string, at time.Time) *Session {
	sub := fmt.Sprintf("f3a9c2e1-7b4d-4e8a-9c1f-%012d", n)
	return &Session{
		ID:              NewID(),
		Tokens:          realisticTokens(sub, sid, at),
		LastActivity:    at.UTC(),
		CreatedAt:       at.UTC(),
		Subject:         sub,
		SID:             sid,
		CustomerNumber:  fmt.Sprintf("DE%010d", n),
		Region:          "DEU",
		PreferredLocale: "de-DE",
		AutoExtend:      true,
	}
}
