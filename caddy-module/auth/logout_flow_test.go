package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// logoutToken waits for the provider's back-channel logout post.
func (w *world) logoutToken(t *testing.T) string {
	t.Helper()
	select {
	case raw := <-w.backchannel:
		return raw
	case <-time.After(5 * time.Second):
		t.Fatal("the provider sent no back-channel logout within 5 s")
		return ""
	}
}

func TestKeycloakLogoutEndsTokensAndSendsBackchannelLogout(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{LogoutStyle: auth.LogoutKeycloak}, authtest.Options{})
	l := w.login(t, auth.LoginRequest{})
	ctx := context.Background()

	if err := w.client.Logout(ctx, l.Tokens.RefreshToken, l.Tokens.IDToken); err != nil {
		t.Fatalf("Logout: %v", err)
	}
	if s := w.idp.Stats(t); s.Logout != 1 {
		t.Errorf("provider counted %d logouts, want 1", s.Logout)
	}
	_, err := w.client.Refresh(ctx, l.Tokens.RefreshToken, l.Tokens.AZP)
	if _, _, ends := auth.RefreshOutcome(err); !ends {
		t.Errorf("refresh after logout: %v; want the session to end", err)
	}

	raw := w.logoutToken(t)
	claims, err := w.client.VerifyLogoutToken(ctx, raw)
	if err != nil {
		t.Fatalf("VerifyLogoutToken: %v", err)
	}
	if claims.SID != l.Claims.SID || claims.Subject != l.Claims.Subject {
		t.Errorf("logout names sid %q sub %q; the login had sid %q sub %q", claims.SID, claims.Subject, l.Claims.SID, l.Claims.Subject)
	}
	_, err = w.client.VerifyLogoutToken(ctx, raw)
	wantKind(t, err, auth.ErrLogoutToken) // replayed jti

	// A second logout with the spent token: the provider says invalid_grant.
	err = w.client.Logout(ctx, l.Tokens.RefreshToken, l.Tokens.IDToken)
	wantKind(t, err, auth.ErrLogoutFailed)
}

func TestRevocationLogoutWhenAdvertised(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{LogoutStyle: auth.LogoutRevocation}, authtest.Options{})
	l := w.login(t, auth.LoginRequest{})
	ctx := context.Background()
	if err := w.client.Logout(ctx, l.Tokens.RefreshToken, l.Tokens.IDToken); err != nil {
		t.Fatalf("Logout (revocation): %v", err)
	}
	_, err := w.client.Refresh(ctx, l.Tokens.RefreshToken, l.Tokens.AZP)
	wantKind(t, err, auth.ErrRefreshRejected)
}

// The default logout ends the provider's login session (Keycloak's logout), not only the
// tokens: a revoked refresh token alone leaves the customer signed in at the provider.
func TestDefaultLogoutEndsTheProviderSession(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{})
	l := w.login(t, auth.LoginRequest{})
	if err := w.client.Logout(context.Background(), l.Tokens.RefreshToken, l.Tokens.IDToken); err != nil {
		t.Fatalf("Logout: %v", err)
	}
	if n := w.idp.Stats(t).Logout; n != 1 {
		t.Errorf("the provider ended %d login sessions, want 1", n)
	}
	_, err := w.client.Refresh(context.Background(), l.Tokens.RefreshToken, l.Tokens.AZP)
	if _, _, ends := auth.RefreshOutcome(err); !ends {
		t.Errorf("refresh after logout: %v; want the session ended", err)
	}
}

// A provider without Keycloak's logout endpoint (404) gets the refresh token revoked instead.
func TestDefaultLogoutRevokesAtAProviderWithoutKeycloakLogout(t *testing.T) {
	var revoked atomic.Int32
	mux := http.NewServeMux()
	var srv *httptest.Server
	mux.HandleFunc("/.well-known/openid-configuration", func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(rw, `{"issuer":%q,"authorization_endpoint":"%[1]s/auth","token_endpoint":"%[1]s/token","jwks_uri":"%[1]s/jwks","revocation_endpoint":"%[1]s/revoke"}`, srv.URL)
	})
	mux.HandleFunc("/revoke", func(rw http.ResponseWriter, r *http.Request) {
		if r.PostFormValue("token") == "rt" {
			revoked.Add(1)
		}
	})
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	c, err := auth.New(context.Background(), auth.ProviderConfig{Region: auth.RegionDEU, Issuer: srv.URL}, auth.Options{Environment: "local"})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Logout(context.Background(), "rt", ""); err != nil {
		t.Fatalf("Logout: %v", err)
	}
	if revoked.Load() != 1 {
		t.Error("the refresh token was not revoked")
	}
}

func TestEndSessionURL(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{})
	if _, ok := w.client.EndSessionURL("hint", ""); ok {
		t.Error("EndSessionURL offered a URL before discovery")
	}
	l := w.login(t, auth.LoginRequest{})
	raw, ok := w.client.EndSessionURL(l.Tokens.IDToken, "http://localhost:8080/")
	if !ok {
		t.Fatal("the dev IdP advertises end_session_endpoint, EndSessionURL said none")
	}
	u, err := url.Parse(raw)
	if err != nil || !strings.HasPrefix(raw, w.idp.Issuer+"/") {
		t.Fatalf("end session URL %q is not below the issuer", raw)
	}
	q := u.Query()
	if q.Get("id_token_hint") != l.Tokens.IDToken || q.Get("client_id") != "login" || q.Get("post_logout_redirect_uri") != "http://localhost:8080/" {
		t.Errorf("end session query = %v", q)
	}
}

func TestVerifyLogoutTokenRefusesOtherTokens(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{LogoutStyle: auth.LogoutKeycloak}, authtest.Options{})
	l := w.login(t, auth.LoginRequest{})
	ctx := context.Background()
	tests := []struct{ name, raw string }{
		{"empty", ""},
		{"ID token (has nonce, no events)", l.Tokens.IDToken},
		{"access token", l.Tokens.AccessToken},
		{"unsigned", jwt(t, `{"iss":"`+w.idp.Issuer+`","aud":"login","iat":`+unix(time.Now())+`,"exp":`+unix(time.Now().Add(time.Minute))+`,"jti":"x","sid":"s","events":{"http://schemas.openid.net/event/backchannel-logout":{}}}`)},
		{"garbage", "not.a.token"},
		{"another provider's", jwt(t, `{"iss":"https://auth.gbr.example/auth/realms/global","aud":"login","sid":"s","jti":"j","events":{"http://schemas.openid.net/event/backchannel-logout":{}}}`)},
		{"oversized", jwt(t, `{"iss":"`+w.idp.Issuer+`","pad":"`+strings.Repeat("x", 20000)+`"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.client.VerifyLogoutToken(ctx, tt.raw)
			wantKind(t, err, auth.ErrLogoutToken)
		})
	}

	// A genuine logout token, checked by a client for another audience and by one whose
	// clock says it is old.
	if err := w.client.Logout(ctx, l.Tokens.RefreshToken, ""); err != nil {
		t.Fatal(err)
	}
	raw := w.logoutToken(t)
	other, _ := auth.New(ctx, auth.ProviderConfig{Region: auth.RegionDEU, Issuer: w.idp.Issuer, ClientID: "portal"}, auth.Options{})
	_, err := other.VerifyLogoutToken(ctx, raw)
	wantKind(t, err, auth.ErrLogoutToken)
	late, _ := auth.New(ctx, auth.ProviderConfig{Region: auth.RegionDEU, Issuer: w.idp.Issuer}, auth.Options{Clock: func() time.Time { return time.Now().Add(20 * time.Minute) }})
	_, err = late.VerifyLogoutToken(ctx, raw)
	wantKind(t, err, auth.ErrLogoutToken)
	// A provider for another region that is down says "not mine", not "try later": the
	// gateway asks every configured provider and must still answer 400.
	down, _ := auth.New(ctx, auth.ProviderConfig{Region: auth.RegionGBR, Issuer: "http://localhost:1/auth/realms/global"}, auth.Options{})
	_, err = down.VerifyLogoutToken(ctx, raw)
	wantKind(t, err, auth.ErrLogoutToken)
	if _, err := w.client.VerifyLogoutToken(ctx, raw); err != nil {
		t.Errorf("the genuine token was refused after the others: %v", err)
	}
}
