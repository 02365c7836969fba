package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/coreos/go-oidc/v3/oidc"

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// maxDocument caps what the client reads of any provider answer.
const maxDocument = 1 << 20

// metadata is what discovery yields: the endpoints, the signing keys and algorithms.
type metadata struct {
	keys       *keyCache
	algs       []string
	token      string
	auth       string
	revocation string
	endSession string
	// issParameter: the provider sends iss with every authorization answer (RFC 9207), so
	// an answer without it is not from this provider.
	issParameter bool
}

// discoveryDocument is the part of OpenID Connect Discovery 1.0 metadata the client uses.
type discoveryDocument struct {
	oidc.ProviderConfig
	RevocationEndpoint string `json:"revocation_endpoint"`
	EndSessionEndpoint string `json:"end_session_endpoint"`
	ISSParameter       bool   `json:"authorization_response_iss_parameter_supported"`
}

// fetchMetadata reads {issuer}/.well-known/openid-configuration. It does not use
// oidc.NewProvider: that ties the JWKS fetches to the context of the first call and refetches
// keys for every token with an unknown key id (see keyCache).
func (c *Client) fetchMetadata(ctx context.Context) (*metadata, error) {
	wellKnown := c.issuer + "/.well-known/openid-configuration"
	req, err := http.NewRequestWithContext(spans.WithName(ctx, "GET discovery"), http.MethodGet, wellKnown, nil)
	if err != nil {
		return nil, fmt.Errorf("auth: discovery request for %s: %w", wellKnown, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("auth: discovery at %s: %w", wellKnown, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxDocument))
	if err != nil {
		return nil, fmt.Errorf("auth: reading discovery from %s: %w", wellKnown, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("auth: discovery at %s answered HTTP %d: check the issuer URL and that the provider is up", wellKnown, resp.StatusCode)
	}
	doc, err := parseDiscovery(body, c.issuer)
	if err != nil {
		return nil, fmt.Errorf("auth: discovery at %s: %w", wellKnown, err)
	}
	var algs []string
	for _, a := range doc.Algorithms {
		for _, known := range signingAlgs {
			if a == string(known) {
				algs = append(algs, a)
			}
		}
	}
	return &metadata{
		keys:       &keyCache{url: doc.JWKSURL, http: c.http, timeout: c.timeout},
		algs:       algs,
		token:      doc.TokenURL,
		auth:       doc.AuthURL,
		revocation: doc.RevocationEndpoint,
		endSession: doc.EndSessionEndpoint,

		issParameter: doc.ISSParameter,
	}, nil
}

// parseDiscovery decodes a discovery document and checks what the client relies on: the
// issuer equals the configured one exactly, and the endpoints are absolute http(s) URLs.
func parseDiscovery(body []byte, issuer string) (discoveryDocument, error) {
	var doc discoveryDocument
	if err := json.Unmarshal(body, &doc); err != nil {
		return doc, fmt.Errorf("the document is not JSON metadata: %w", err)
	}
	if doc.IssuerURL != issuer {
		return doc, fmt.Errorf("the provider calls itself %q, not %q: set the issuer to exactly what the provider advertises", doc.IssuerURL, issuer)
	}
	required := []struct{ name, value string }{
		{"authorization_endpoint", doc.AuthURL},
		{"token_endpoint", doc.TokenURL},
		{"jwks_uri", doc.JWKSURL},
	}
	for _, r := range required {
		if err := checkEndpoint(r.value); err != nil {
			return doc, fmt.Errorf("%s: %w", r.name, err)
		}
	}
	for _, opt := range []*string{&doc.RevocationEndpoint, &doc.EndSessionEndpoint} {
		if *opt != "" && checkEndpoint(*opt) != nil {
			*opt = "" // an unusable optional endpoint is treated as not advertised
		}
	}
	return doc, nil
}

// verifier checks ID tokens of this provider for this client: signature (RS256 when
// discovery names no algorithm), issuer, audience and expiry by the client's clock.
func (m *metadata) verifier(c *Client) *oidc.IDTokenVerifier {
	return oidc.NewVerifier(c.issuer, m.keys.forLogins(), &oidc.Config{ClientID: c.cfg.clientID(), Now: c.clock, SupportedSigningAlgs: m.algs})
}

// logoutVerifier checks back-channel logout tokens as verifier does ID tokens, but fetches
// unknown keys from the logout tokens' own budget: anyone can post one.
func (m *metadata) logoutVerifier(c *Client) *oidc.IDTokenVerifier {
	return oidc.NewVerifier(c.issuer, m.keys.forLogoutTokens(), &oidc.Config{ClientID: c.cfg.clientID(), Now: c.clock, SupportedSigningAlgs: m.algs})
}

func checkEndpoint(raw string) error {
	if raw == "" {
		return fmt.Errorf("missing")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || strings.ContainsAny(raw, " \t\r\n") {
		return fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	return nil
}
