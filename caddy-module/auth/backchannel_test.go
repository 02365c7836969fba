package auth

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
)

func TestReplayCacheIsBoundedAndForgets(t *testing.T) {
	now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
	r := newReplayCache(3)
	if !r.remember("a", now) || r.remember("a", now.Add(time.Second)) {
		t.Fatal("a jti must be accepted once, then refused")
	}
	for i := range 10 {
		r.remember(fmt.Sprint("x", i), now)
	}
	if len(r.seen) > 3 || len(r.order) > 3 {
		t.Errorf("cache holds %d ids (%d in order) past its capacity of 3", len(r.seen), len(r.order))
	}
	if !r.remember("x9", now.Add(logoutMaxAge+clockSkew+time.Second)) {
		t.Error("a jti older than a logout token may live must not block a new token")
	}
	if r.remember("x9", now.Add(logoutMaxAge+clockSkew+2*time.Second)) {
		t.Error("the renewed jti must be refused again")
	}
}

func (k signingKey) signTyped(t *testing.T, typ, payload string) string {
	t.Helper()
	var opts jose.SignerOptions
	if typ != "" {
		opts.WithType(jose.ContentType(typ))
	}
	s, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: k.priv, KeyID: k.kid}}, &opts)
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

// Tokens the provider signed for other purposes, posted to the back-channel route, must not
// log anyone out: explicit typing (section 2.4) and the nonce rule (section 2.6) tell them
// apart from logout tokens even when their claims look like one.
func TestTokensOfAnotherKindAreNotLogoutTokens(t *testing.T) {
	key := newSigningKey(t, "a")
	p := newKeyRotationProvider(t, key)
	c, err := New(context.Background(), ProviderConfig{Region: RegionDEU, Issuer: p.issuer}, Options{RedirectURL: "http://gateway.localhost/_shell/auth/callback"})
	if err != nil {
		t.Fatal(err)
	}
	claims := func(jti, extra string) string {
		now := time.Now().Unix()
		return fmt.Sprintf(`{"iss":%q,"aud":"login","sub":"anna","sid":"s1","iat":%d,"exp":%d,"jti":%q,"events":{%q:{}}%s}`, p.issuer, now, now+60, jti, backchannelEvent, extra)
	}
	tests := []struct {
		name, typ, extra string
		accepted         bool
	}{
		{"logout token typed logout+jwt", "logout+jwt", "", true},
		{"logout token typed application/logout+jwt", "application/logout+jwt", "", true},
		{"logout token typed JWT, as Keycloak sends it", "JWT", "", true},
		{"logout token without typ", "", "", true},
		{"access token (at+jwt) replayed as a logout token", "at+jwt", "", false},
		{"access token (application/at+jwt) replayed", "application/at+jwt", "", false},
		{"ID token replayed as a logout token: it has a nonce", "JWT", `,"nonce":"n-0S6_WzA2Mj"`, false},
		{"a token of some other kind", "secevent+jwt", "", false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := key.signTyped(t, tt.typ, claims(fmt.Sprint("jti-", i), tt.extra))
			got, err := c.VerifyLogoutToken(context.Background(), raw)
			switch {
			case tt.accepted && err != nil:
				t.Fatalf("a genuine logout token was refused: %v", err)
			case tt.accepted && got.SID != "s1":
				t.Fatalf("logout claims = %+v, want sid s1", got)
			case !tt.accepted && err == nil:
				t.Fatalf("accepted as a logout token, would end sessions %+v", got)
			case !tt.accepted && !errors.Is(err, ErrLogoutToken):
				t.Fatalf("error %v does not answer 400 (ErrLogoutToken)", err)
			}
		})
	}
}
