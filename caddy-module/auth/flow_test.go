package auth_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// Anna of deploy/dev-idp/customers.json.
const (
	annaSub      = "6f1c2a9e-5d3b-4c1e-9a4f-0b2d7e8c1a01"
	annaCustomer = "DE1000001"
	callback     = "http://gateway.localhost/_shell/auth/callback"
)

// world is one running dev IdP with a back-channel receiver and a client for it.
type world struct {
	idp         *authtest.IdP
	client      *auth.Client
	backchannel chan string // logout_token values the provider posted
}

func newWorld(t *testing.T, cfg auth.ProviderConfig, opts authtest.Options) *world {
	t.Helper()
	w := &world{backchannel: make(chan string, 8)}
	receiver := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.backchannel <- r.PostFormValue("logout_token")
	}))
	t.Cleanup(receiver.Close)
	opts.RedirectURIs = []string{callback}
	opts.BackchannelURI = receiver.URL + "/_shell/auth/backchannel-logout"
	w.idp = authtest.Start(t, opts)
	cfg.Region = auth.RegionDEU
	cfg.Issuer = w.idp.Issuer
	c, err := auth.New(context.Background(), cfg, auth.Options{RedirectURL: callback})
	if err != nil {
		t.Fatal(err)
	}
	w.client = c
	return w
}

// login runs the whole code flow as anna and returns what Callback made of it.
func (w *world) login(t *testing.T, req auth.LoginRequest) *auth.Login {
	t.Helper()
	p, query := w.authorize(t, req)
	l, err := w.client.Callback(context.Background(), p, query)
	if err != nil {
		t.Fatalf("Callback: %v", err)
	}
	return l
}

// authorize starts a login and drives the provider's form; it returns the pending login and
// the callback's query.
func (w *world) authorize(t *testing.T, req auth.LoginRequest) (auth.Pending, url.Values) {
	t.Helper()
	authURL, p, err := w.client.StartLogin(context.Background(), req)
	if err != nil {
		t.Fatalf("StartLogin: %v", err)
	}
	back := authtest.NewBrowser().Login(t, authURL, authtest.DemoUser, authtest.DemoPassword)
	if got := back.Scheme + "://" + back.Host + back.Path; got != callback {
		t.Fatalf("the provider sent the browser to %s, want the callback %s", back, callback)
	}
	return p, back.Query()
}

func TestLoginCodeFlowAgainstDevIdP(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{AccessTTL: 300 * time.Second})
	before := time.Now()
	l := w.login(t, auth.LoginRequest{ReturnTo: "/de-de/postbox/messages?tab=unread", Product: "term", RegFlow: "dkb_retail", Locale: "de-DE"})

	if l.Claims.Subject != annaSub || l.Claims.CustomerNumber != annaCustomer || l.Claims.Name != "Anna Schmidt" {
		t.Errorf("claims = %+v, want anna's sub, customer number and name", l.Claims)
	}
	if l.Claims.SID == "" {
		t.Error("no sid: back-channel logout could not find this session")
	}
	if l.ReturnTo != "/de-de/postbox/messages?tab=unread" || l.Product != "term" || l.RegFlow != "dkb_retail" {
		t.Errorf("round trip lost the request: return %q product %q regflow %q", l.ReturnTo, l.Product, l.RegFlow)
	}
	tok := l.Tokens
	if tok.AccessToken == "" || tok.RefreshToken == "" || tok.IDToken == "" {
		t.Fatalf("missing tokens: access %t refresh %t id %t", tok.AccessToken != "", tok.RefreshToken != "", tok.IDToken != "")
	}
	if tok.AZP != "login" {
		t.Errorf("azp = %q, want login", tok.AZP)
	}
	if life := tok.Expiry.Sub(tok.IssuedAt); life != 300*time.Second {
		t.Errorf("access token lives %s (exp - iat), want the provider's 300s", life)
	}
	if tok.IssuedAt.Before(before.Add(-2*time.Second)) || tok.IssuedAt.After(time.Now().Add(2*time.Second)) {
		t.Errorf("iat %s is not around the login at %s", tok.IssuedAt, before)
	}
	if tok.ServerOffset < -2*time.Second || tok.ServerOffset > 2*time.Second {
		t.Errorf("server offset %s between two processes on one machine", tok.ServerOffset)
	}
	if got := w.idp.Stats(t).Token.AuthorizationCode; got != 1 {
		t.Errorf("provider counted %d code exchanges, want 1", got)
	}
}

func TestLoginDropsUnsafeReturnPath(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{})
	l := w.login(t, auth.LoginRequest{ReturnTo: "//evil.example/"})
	if l.ReturnTo != "" {
		t.Errorf("ReturnTo = %q, want empty so the gateway picks its default", l.ReturnTo)
	}
}

func TestCallbackRefusesForgedAnswers(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{})
	ctx := context.Background()

	t.Run("state of another login", func(t *testing.T) {
		p, q := w.authorize(t, auth.LoginRequest{})
		q.Set("state", "forged")
		_, err := w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginFailed)
	})
	t.Run("code used twice", func(t *testing.T) {
		p, q := w.authorize(t, auth.LoginRequest{})
		if _, err := w.client.Callback(ctx, p, q); err != nil {
			t.Fatal(err)
		}
		_, err := w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginFailed)
	})
	t.Run("verifier of another login", func(t *testing.T) {
		p, q := w.authorize(t, auth.LoginRequest{})
		_, other, err := w.client.StartLogin(ctx, auth.LoginRequest{})
		if err != nil {
			t.Fatal(err)
		}
		p.Verifier = other.Verifier
		_, err = w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginFailed)
	})
	t.Run("nonce of another login", func(t *testing.T) {
		p, q := w.authorize(t, auth.LoginRequest{})
		p.Nonce = "another-nonce"
		_, err := w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginFailed)
	})
	t.Run("issuer of another provider", func(t *testing.T) {
		p, q := w.authorize(t, auth.LoginRequest{})
		q.Set("iss", "https://evil.example/auth/realms/global")
		_, err := w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginFailed)
	})
	t.Run("answer without the issuer the provider always sends", func(t *testing.T) {
		p, q := w.authorize(t, auth.LoginRequest{})
		q.Del("iss")
		_, err := w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginFailed)
	})
	t.Run("provider says access_denied", func(t *testing.T) {
		_, p, err := w.client.StartLogin(ctx, auth.LoginRequest{})
		if err != nil {
			t.Fatal(err)
		}
		q := url.Values{"state": {p.State}, "error": {"access_denied"}, "error_description": {"cancelled"}}
		_, err = w.client.Callback(ctx, p, q)
		wantKind(t, err, auth.ErrLoginDenied)
	})
}

func TestCallbackRefusesExpiredIDTokenAndStaleLogin(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{AccessTTL: 60 * time.Second})
	// A second client on the same provider whose clock runs an hour ahead: the ID token the
	// provider issues now has expired by that clock, and so has the pending login.
	late, err := auth.New(context.Background(), auth.ProviderConfig{Region: auth.RegionDEU, Issuer: w.idp.Issuer},
		auth.Options{RedirectURL: callback, Clock: func() time.Time { return time.Now().Add(time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	p, q := w.authorize(t, auth.LoginRequest{})
	_, err = late.Callback(context.Background(), p, q)
	wantKind(t, err, auth.ErrLoginFailed)

	p, q = w.authorize(t, auth.LoginRequest{})
	p.Created = time.Now().Add(-auth.PendingTTL - time.Second).Unix()
	_, err = w.client.Callback(context.Background(), p, q)
	wantKind(t, err, auth.ErrLoginFailed)
}

func wantKind(t *testing.T, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("error = %v, want one wrapping %q", err, kind)
	}
	for _, other := range []error{auth.ErrTransient, auth.ErrLoginDenied, auth.ErrLoginFailed, auth.ErrRefreshExpired, auth.ErrRefreshRejected, auth.ErrLogoutFailed, auth.ErrLogoutToken} {
		if other != kind && errors.Is(err, other) {
			t.Fatalf("error = %v wraps %q as well as %q", err, other, kind)
		}
	}
	if strings.Contains(err.Error(), "eyJ") {
		t.Fatalf("error text carries a token: %v", err)
	}
}

// A fresh login (step-up, ASVS 3.7.1) sends max_age=0 and prompt=login, and its callback
// refuses an auth_time from before the login started: a provider that reused its session.
func TestFreshLoginRefusesAnAuthTimeFromBeforeItsStart(t *testing.T) {
	w := newWorld(t, auth.ProviderConfig{}, authtest.Options{})
	authURL, _, err := w.client.StartLogin(context.Background(), auth.LoginRequest{FreshLogin: true})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(authURL)
	if q := u.Query(); q.Get("max_age") != "0" || q.Get("prompt") != "login" {
		t.Fatalf("authorization URL %s: want max_age=0 and prompt=login", authURL)
	}
	if u, _, _ := w.client.StartLogin(context.Background(), auth.LoginRequest{}); strings.Contains(u, "max_age") || strings.Contains(u, "prompt") {
		t.Errorf("an ordinary login asks for a fresh one: %s", u)
	}

	l := w.login(t, auth.LoginRequest{FreshLogin: true})
	if d := time.Since(l.Claims.AuthTime); l.Claims.AuthTime.IsZero() || d < -5*time.Second || d > 5*time.Second {
		t.Errorf("auth_time %s: want the login just now", l.Claims.AuthTime)
	}

	// A gateway whose clock runs ahead by more than the skew starts a fresh login; the
	// provider answers with the auth_time of its own clock, from before that start, as a
	// provider that reuses its session answers with an old one.
	ahead, err := auth.New(context.Background(), auth.ProviderConfig{Region: auth.RegionDEU, Issuer: w.idp.Issuer},
		auth.Options{RedirectURL: callback, Clock: func() time.Time { return time.Now().Add(auth.FreshLoginSkew + time.Minute) }})
	if err != nil {
		t.Fatal(err)
	}
	authURL, p, err := ahead.StartLogin(context.Background(), auth.LoginRequest{FreshLogin: true})
	if err != nil {
		t.Fatal(err)
	}
	back := authtest.NewBrowser().Login(t, authURL, authtest.DemoUser, authtest.DemoPassword)
	_, err = ahead.Callback(context.Background(), p, back.Query())
	wantKind(t, err, auth.ErrStaleLogin)
}
