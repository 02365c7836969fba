package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// keycloakLogoutPath is Keycloak's refresh-token logout below the realm's issuer (spec 7).
const keycloakLogoutPath = "/protocol/openid-connect/logout"

// Logout ends the customer's session at the provider, as LogoutStyle says:
//
//   - auto (the default): Keycloak's refresh-token logout, which ends the provider's login
//     session server to server, so the next login asks for the password again. A provider
//     that has no such endpoint (it answers 404 or 405) gets RFC 7009 revocation of the
//     refresh token instead when it advertises a revocation_endpoint.
//   - keycloak: only the Keycloak logout (form refresh_token and client_id to
//     {issuer}/protocol/openid-connect/logout, success 204).
//   - revocation: only RFC 7009 revocation; it kills the tokens but leaves the provider's
//     login session alive (a chosen trade-off, never the default).
//   - none: nothing.
//
// Why not RP-initiated logout (end_session_endpoint) by default: it needs the browser to
// travel to the provider, and the edge must also end provider sessions with no browser at
// hand (the countdown's background logout, timeouts found on a request, sessions swept from
// the store), and must know whether it worked. EndSessionURL offers it to a caller that has a
// browser to send. idToken is unused by these calls and kept for providers that need a hint.
// Errors: ErrLogoutFailed (the provider refused), ErrTransient (unreachable).
func (c *Client) Logout(ctx context.Context, refreshToken, idToken string) error {
	if c.cfg.LogoutStyle == LogoutNone || refreshToken == "" {
		return nil
	}
	if c.cfg.LogoutStyle == LogoutKeycloak || c.cfg.LogoutStyle == LogoutAuto {
		// The path is fixed by Keycloak, so this style works even before discovery.
		err := c.postForm(ctx, c.issuer+keycloakLogoutPath, url.Values{"refresh_token": {refreshToken}}, "logout")
		if c.cfg.LogoutStyle == LogoutKeycloak || !noSuchEndpoint(err) {
			return err
		}
	}
	m, err := c.metadata(ctx)
	if err != nil {
		return err
	}
	if m.revocation == "" {
		if c.cfg.LogoutStyle == LogoutRevocation {
			return fmt.Errorf("%w: provider %s advertises no revocation_endpoint: set logout style keycloak or none", ErrLogoutFailed, c.issuer)
		}
		return fmt.Errorf("%w: provider %s has neither Keycloak's logout endpoint nor a revocation_endpoint: its session outlives the logout; set logout none to accept that", ErrLogoutFailed, c.issuer)
	}
	form := url.Values{"token": {refreshToken}, "token_type_hint": {"refresh_token"}}
	return c.postForm(ctx, m.revocation, form, "logout")
}

// noSuchEndpoint tells whether the provider answered that the path does not exist, i.e. it
// is not a Keycloak.
func noSuchEndpoint(err error) bool {
	var pe *ProviderError
	return errors.As(err, &pe) && (pe.Status == http.StatusNotFound || pe.Status == http.StatusMethodNotAllowed)
}

// postForm sends a client-authenticated form and accepts any 2xx (Keycloak answers 204,
// revocation 200).
func (c *Client) postForm(ctx context.Context, endpoint string, form url.Values, what string) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	if c.cfg.ClientSecret == "" {
		form.Set("client_id", c.cfg.clientID())
	}
	req, err := http.NewRequestWithContext(spans.WithName(ctx, "POST "+what), http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("auth: %s request: %w", what, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if c.cfg.ClientSecret != "" {
		req.SetBasicAuth(url.QueryEscape(c.cfg.clientID()), url.QueryEscape(c.cfg.ClientSecret))
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrTransient, what, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxDocument))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	var answer struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	_ = json.Unmarshal(body, &answer)
	kind := ErrLogoutFailed
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		kind = ErrTransient
	}
	return &ProviderError{Code: answer.Error, Description: answer.Description, Status: resp.StatusCode, kind: kind}
}

// EndSessionURL is the provider's RP-initiated logout URL (OpenID Connect RP-Initiated
// Logout 1.0) with id_token_hint, client_id and post_logout_redirect_uri, for sending the
// browser there after the edge session ended. ok is false when the provider advertises no
// end_session_endpoint or discovery has not succeeded yet; it never contacts the provider.
func (c *Client) EndSessionURL(idTokenHint, postLogoutRedirect string) (string, bool) {
	c.disc.mu.Lock()
	m := c.disc.meta
	c.disc.mu.Unlock()
	if m == nil || m.endSession == "" {
		return "", false
	}
	u, err := url.Parse(m.endSession)
	if err != nil {
		return "", false
	}
	q := u.Query()
	q.Set("client_id", c.cfg.clientID())
	if idTokenHint != "" {
		q.Set("id_token_hint", idTokenHint)
	}
	if postLogoutRedirect != "" {
		q.Set("post_logout_redirect_uri", postLogoutRedirect)
	}
	u.RawQuery = q.Encode()
	return u.String(), true
}
