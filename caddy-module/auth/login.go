package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// PendingTTL is how long a started login may take until its callback.
const PendingTTL = 10 * time.Minute

// LoginRequest is what a login starts with (spec 2.3: /{locale}/login/?product=…&regflow=…).
type LoginRequest struct {
	// ReturnTo is where the customer goes after the login. It is kept only if SafeReturnPath
	// accepts it; otherwise Login.ReturnTo is empty and the caller picks its default.
	ReturnTo string
	// Product and RegFlow are the login page's query parameters; they survive the round
	// trip unchanged in Login.
	Product string
	RegFlow string
	// RedirectURL overrides Options.RedirectURL, e.g. the callback on the market host the
	// customer is on.
	RedirectURL string
	// Locale is sent as ui_locales (e.g. "de-DE") so the provider's page speaks the
	// customer's language; empty sends nothing.
	Locale string
	// FreshLogin asks the provider to authenticate the customer again even when it holds a
	// login session (step-up before a sensitive action, ASVS 4.0.3 3.7.1): max_age=0 (OIDC
	// Core 3.1.2.1) and prompt=login for providers that ignore max_age. The callback then
	// requires an auth_time from after the start (ErrStaleLogin otherwise).
	FreshLogin bool
}

// Pending is a started login: what the callback needs to finish it. It is small and
// serialisable (short JSON keys) so it fits a sealed, short-lived cookie: SealPending.
type Pending struct {
	State       string `json:"s"`
	Nonce       string `json:"n"`
	Verifier    string `json:"v"` // PKCE code verifier (S256)
	RedirectURL string `json:"u"`
	ReturnTo    string `json:"r,omitempty"`
	Product     string `json:"p,omitempty"`
	RegFlow     string `json:"f,omitempty"`
	Region      string `json:"g,omitempty"`
	Created     int64  `json:"t"` // unix seconds, by the client's clock
	// FreshLogin: the login asked for max_age=0 (LoginRequest.FreshLogin).
	FreshLogin bool `json:"m,omitempty"`
}

// FreshLoginSkew is how much earlier than the login's start a fresh login's auth_time may
// be: the provider's and the gateway's clocks differ a little. An older auth_time is a
// provider that reused its login session instead of asking again.
const FreshLoginSkew = time.Minute

// Tokens is what the provider issued. Expiry, IssuedAt and AZP come from the access token's
// exp, iat and azp (spec 3), read without verification: the edge received the token from the
// provider directly over TLS. An opaque access token falls back to expires_in, the receipt
// time and the client id.
type Tokens struct {
	AccessToken  string
	RefreshToken string
	// IDToken is empty after a refresh whose answer carried none: keep the previous one.
	IDToken string

	Expiry   time.Time
	IssuedAt time.Time
	AZP      string

	// RefreshExpiry is when the refresh token itself expires, from Keycloak's
	// refresh_expires_in or a JWT refresh token's exp; zero when the provider does not say.
	RefreshExpiry time.Time

	// ServerOffset is the spec's auth time difference: the local clock minus the
	// provider's iat at receipt. Token expiry counts as exp + ServerOffset.
	ServerOffset time.Duration
}

// Claims are the identity claims of a verified ID token.
type Claims struct {
	Subject        string
	SID            string // OIDC session id: what back-channel logout names
	CustomerNumber string // bacNumber (spec 3)
	Name           string
	Locale         string
	// AuthTime is when the customer last authenticated at the provider (auth_time); zero
	// when the ID token does not say.
	AuthTime time.Time
}

// Login is a completed login.
type Login struct {
	Tokens Tokens
	Claims Claims
	// ReturnTo, Product and RegFlow are those of the LoginRequest; ReturnTo was validated.
	ReturnTo string
	Product  string
	RegFlow  string
}

// StartLogin begins the authorization code flow with PKCE (S256), a fresh state and nonce.
// It returns the provider's authorization URL to redirect the browser to, and the Pending
// login to keep until the callback. It needs the provider's metadata: when discovery has
// not succeeded it fails with ErrTransient within the call timeout.
func (c *Client) StartLogin(ctx context.Context, r LoginRequest) (authURL string, p Pending, err error) {
	m, err := c.metadata(ctx)
	if err != nil {
		return "", Pending{}, err
	}
	redirect := r.RedirectURL
	if redirect == "" {
		redirect = c.redirect
	}
	if redirect == "" {
		return "", Pending{}, errors.New("auth: no redirect URL: set Options.RedirectURL or LoginRequest.RedirectURL to the gateway's /_shell/auth/callback")
	}
	returnTo, _ := SafeReturnPath(r.ReturnTo)
	p = Pending{
		State:       randomToken(),
		Nonce:       randomToken(),
		Verifier:    oauth2.GenerateVerifier(),
		RedirectURL: redirect,
		ReturnTo:    returnTo,
		Product:     r.Product,
		RegFlow:     r.RegFlow,
		Region:      c.cfg.Region,
		Created:     c.clock().Unix(),
		FreshLogin:  r.FreshLogin,
	}
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(p.Verifier), oidc.Nonce(p.Nonce)}
	if r.Locale != "" {
		opts = append(opts, oauth2.SetAuthURLParam("ui_locales", r.Locale))
	}
	if r.FreshLogin {
		opts = append(opts, oauth2.SetAuthURLParam("max_age", "0"), oauth2.SetAuthURLParam("prompt", "login"))
	}
	return c.oauth2Config(m, c.cfg.clientID(), redirect).AuthCodeURL(p.State, opts...), p, nil
}

// Callback completes a login from the callback's query: it checks state, issuer (RFC 9207)
// and the pending login's age, exchanges the code with the PKCE verifier, and verifies the
// ID token (signature, issuer, audience, expiry, nonce). Errors: ErrLoginDenied (the provider
// said access_denied), ErrLoginFailed (start again), ErrTransient (provider unreachable).
func (c *Client) Callback(ctx context.Context, p Pending, query url.Values) (*Login, error) {
	if p.State == "" || subtle.ConstantTimeCompare([]byte(query.Get("state")), []byte(p.State)) != 1 {
		return nil, fmt.Errorf("%w: the callback's state does not match the login this browser started", ErrLoginFailed)
	}
	if iss := query.Get("iss"); iss != "" && iss != c.issuer {
		return nil, fmt.Errorf("%w: the callback comes from issuer %q, not %q", ErrLoginFailed, iss, c.issuer)
	}
	if code := query.Get("error"); code != "" {
		return nil, callbackError(code, query.Get("error_description"))
	}
	if age := c.clock().Sub(time.Unix(p.Created, 0)); age > PendingTTL || age < -time.Minute {
		return nil, fmt.Errorf("%w: the login was started %s ago, longer than %s", ErrLoginFailed, age.Round(time.Second), PendingTTL)
	}
	code := query.Get("code")
	if code == "" {
		return nil, fmt.Errorf("%w: the callback carries no code", ErrLoginFailed)
	}
	m, err := c.metadata(ctx)
	if err != nil {
		return nil, err
	}
	if m.issParameter && !query.Has("iss") {
		return nil, fmt.Errorf("%w: the callback has no iss although the provider always sends it (RFC 9207)", ErrLoginFailed)
	}
	ctx, cancel := c.callContext(ctx)
	defer cancel()
	tok, err := c.oauth2Config(m, c.cfg.clientID(), p.RedirectURL).Exchange(ctx, code, oauth2.VerifierOption(p.Verifier))
	if err != nil {
		return nil, classifyTokenError(err, ErrLoginFailed, "code exchange")
	}
	rawID, _ := tok.Extra("id_token").(string)
	if rawID == "" {
		return nil, fmt.Errorf("%w: the token answer has no id_token: request the openid scope", ErrLoginFailed)
	}
	verifier := m.verifier(c)
	idToken, err := verifier.Verify(ctx, rawID)
	if err != nil {
		return nil, fmt.Errorf("%w: ID token: %w", ErrLoginFailed, err)
	}
	if subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(p.Nonce)) != 1 {
		return nil, fmt.Errorf("%w: the ID token's nonce is not the one this login sent", ErrLoginFailed)
	}
	if idToken.AccessTokenHash != "" {
		if err := idToken.VerifyAccessToken(tok.AccessToken); err != nil {
			return nil, fmt.Errorf("%w: at_hash: %w", ErrLoginFailed, err)
		}
	}
	var claims struct {
		SID            string  `json:"sid"`
		CustomerNumber any     `json:"customer_number"`
		Name           string  `json:"name"`
		Locale         string  `json:"locale"`
		AuthTime       float64 `json:"auth_time"`
	}
	if err := idToken.Claims(&claims); err != nil {
		return nil, fmt.Errorf("%w: ID token claims: %w", ErrLoginFailed, err)
	}
	var authTime time.Time
	if claims.AuthTime > 0 {
		authTime = time.Unix(int64(claims.AuthTime), 0)
	}
	if p.FreshLogin {
		// OIDC Core 2 and 3.1.2.1: with max_age requested, auth_time is required.
		if authTime.IsZero() {
			return nil, fmt.Errorf("%w: a fresh login was requested (max_age=0) and the ID token has no auth_time", ErrStaleLogin)
		}
		if started := time.Unix(p.Created, 0); authTime.Before(started.Add(-FreshLoginSkew)) {
			return nil, fmt.Errorf("%w: a fresh login was requested (max_age=0) and the provider answered with a login from %s before it started", ErrStaleLogin, started.Sub(authTime).Round(time.Second))
		}
	}
	tokens := c.tokensFrom(tok, rawID)
	customer := claimString(claims.CustomerNumber)
	if customer == "" {
		customer = accessClaim(tok.AccessToken, "customer_number")
	}
	return &Login{
		Tokens: tokens,
		Claims: Claims{
			Subject:        idToken.Subject,
			SID:            claims.SID,
			CustomerNumber: customer,
			Name:           claims.Name,
			Locale:         claims.Locale,
			AuthTime:       authTime,
		},
		ReturnTo: p.ReturnTo,
		Product:  p.Product,
		RegFlow:  p.RegFlow,
	}, nil
}

// callbackError turns an authorization error answer into the error kind the gateway acts on.
func callbackError(code, description string) error {
	kind := ErrLoginFailed
	switch code {
	case "access_denied":
		kind = ErrLoginDenied
	case "temporarily_unavailable", "server_error":
		kind = ErrTransient
	}
	return &ProviderError{Code: code, Description: description, kind: kind}
}

// oauth2Config is the oauth2 view of the provider for one client id. The secret goes only
// with the configured client; a public client sends client_id in the form, never both ways,
// so that one refresh is one token call (auto-detection would retry).
func (c *Client) oauth2Config(m *metadata, clientID, redirect string) *oauth2.Config {
	cfg := &oauth2.Config{
		ClientID:    clientID,
		RedirectURL: redirect,
		Scopes:      c.cfg.scopes(),
		Endpoint:    oauth2.Endpoint{AuthURL: m.auth, TokenURL: m.token, AuthStyle: oauth2.AuthStyleInParams},
	}
	if clientID == c.cfg.clientID() && c.cfg.ClientSecret != "" {
		cfg.ClientSecret = c.cfg.ClientSecret
		cfg.Endpoint.AuthStyle = oauth2.AuthStyleInHeader
	}
	return cfg
}

// callContext bounds a provider call by the call timeout and carries the HTTP client to
// oauth2.
// Both such calls (code exchange, refresh) go to the token endpoint, which names their span.
func (c *Client) callContext(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(spans.WithName(ctx, "POST token"), c.timeout)
	return context.WithValue(ctx, oauth2.HTTPClient, c.http), cancel
}

// randomToken is 256 random bits, base64url without padding.
func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}
