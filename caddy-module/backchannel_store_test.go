package shell

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// HOSTILE (to availability): a back-channel logout that arrives while Redis is down must not
// be lost. The edge answers 503 with Retry-After (a 400 tells the provider not to retry), and
// takes the provider's retry of the same token once Redis is back (the token's jti is not
// held against it), so the session does end.
func TestBackchannelLogoutSurvivesARedisBlip(t *testing.T) {
	redisSrv := redistest.Start(t)
	// The provider's back-channel call is caught here, so the test can deliver it later.
	var mu sync.Mutex
	var tokens []string
	catcher := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		mu.Lock()
		tokens = append(tokens, r.PostForm.Get("logout_token"))
		mu.Unlock()
	}))
	t.Cleanup(catcher.Close)
	rig := newIdentityRig(t, 1, authtest.Options{BackchannelURI: catcher.URL}, func(id *identity.Config) {
		id.SessionStore = &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{redisSrv.Addr}}
		id.SessionKeys = "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ="
	})
	gw := rig.replicas[0]
	b := newBrowser()
	gw.login(t, b, "/login/")
	s, err := gw.storedSession(t, b)
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"refresh_token": {s.Tokens.RefreshToken}, "client_id": {authtest.ClientID}}
	res, err := http.PostForm(rig.idp.Issuer+"/protocol/openid-connect/logout", form)
	if err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("logout at the provider: %v %v", res, err)
	}
	res.Body.Close()
	deadline := time.Now().Add(3 * time.Second)
	var token string
	for token == "" {
		mu.Lock()
		if len(tokens) > 0 {
			token = tokens[0]
		}
		mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatal("the provider sent no back-channel logout")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Redis goes down with the session in it (saved to disk, so it comes back).
	if err := redisSrv.Client().Save(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	redisSrv.Kill()
	deliver := func() *http.Response {
		res, err := http.PostForm(gw.srv.URL+routePrefix+"auth/backchannel-logout", url.Values{"logout_token": {token}})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	if res := deliver(); res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Fatalf("with Redis down: %d, Retry-After %q; want 503 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
	}

	redisSrv.Restart() // loads the saved data: the session is there again
	if _, err := gw.h.Identity.Store().Get(context.Background(), s.ID); err != nil {
		t.Fatalf("the session did not come back with Redis: %v", err)
	}
	if res := deliver(); res.StatusCode != http.StatusOK {
		t.Fatalf("the provider's retry: %d, want 200", res.StatusCode)
	}
	if _, err := gw.h.Identity.Store().Get(context.Background(), s.ID); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("the session survived the back-channel logout: %v", err)
	}
	// Done once, the same token is a replay again.
	if res := deliver(); res.StatusCode != http.StatusBadRequest {
		t.Errorf("a replay after success: %d, want 400", res.StatusCode)
	}
}
