package auth

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
)

// Regions the platform's identity provider serves (spec 9).
const (
	RegionDEU = "DEU"
	RegionGBR = "GBR"
)

// Named environments of spec 7 and 9. Any other lower-case DNS label is a named development
// namespace (e.g. "dev-payments" or "amplifyapp").
const (
	EnvLocal       = "local"
	EnvDevelopment = "development"
	EnvStaging     = "staging"
	EnvOnboarding  = "onboarding"
	EnvProduction  = "production"
)

// DefaultClientID is the client id the spec's calls use when the token names none (spec 7).
const DefaultClientID = "login"

// LogoutStyle says how Logout ends the tokens at the identity provider.
type LogoutStyle string

const (
	// LogoutAuto ends the provider's login session with Keycloak's refresh-token logout,
	// and revokes the refresh token (RFC 7009) at a provider without that endpoint.
	LogoutAuto LogoutStyle = ""
	// LogoutKeycloak posts refresh_token and client_id to
	// {issuer}/protocol/openid-connect/logout and expects 204 (spec 7).
	LogoutKeycloak LogoutStyle = "keycloak"
	// LogoutRevocation always uses RFC 7009 revocation; Logout fails if none is advertised.
	// It kills the tokens but leaves the provider's login session alive.
	LogoutRevocation LogoutStyle = "revocation"
	// LogoutNone never calls the provider; only the edge session ends.
	LogoutNone LogoutStyle = "none"
)

// ProviderConfig describes the identity provider of one region.
type ProviderConfig struct {
	// Region is the region this provider serves: DEU or GBR.
	Region string `json:"region,omitempty"`

	// Issuer is the issuer URL, or a template resolved per environment with the placeholders
	// {region} (lower case, e.g. "deu"), {REGION} (upper case) and {env}, for example
	// "https://auth.{env}.{region}.example/auth/realms/global". Keycloak-style realm paths
	// work: discovery is at {issuer}/.well-known/openid-configuration.
	Issuer string `json:"issuer,omitempty"`

	// Issuers overrides Issuer for single environments, e.g. {"production":
	// "https://auth.{region}.example/auth/realms/global", "local":
	// "http://localhost:9000/auth/realms/global"}. Values may use the same placeholders.
	Issuers Environments `json:"issuers,omitempty"`

	// ClientID is the OAuth client id. Default: "login".
	ClientID string `json:"client_id,omitempty"`

	// ClientSecret is set for a confidential client (client_secret_basic); empty for a
	// public client, which sends client_id in the form.
	ClientSecret string `json:"client_secret,omitempty"`

	// ClientKey is the client's PEM private key (RSA of 2048 bits or more, EC or Ed25519)
	// for private_key_jwt client authentication (RFC 7523, OIDC Core 9): each token,
	// refresh, revocation and logout call carries a short JWT signed with it instead of a
	// shared secret. The provider holds the public key. Not together with ClientSecret.
	ClientKey string `json:"client_key,omitempty"`

	// Scopes requested at login. Default: openid. "openid" is always added.
	Scopes []string `json:"scopes,omitempty"`

	// LogoutStyle picks how Logout ends the tokens: "" (auto), "keycloak", "revocation" or
	// "none".
	LogoutStyle LogoutStyle `json:"logout_style,omitempty"`
}

// Environments maps an environment name to the issuer template used in it.
type Environments map[string]string

var (
	envName    = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)
	placeholde = regexp.MustCompile(`\{[^}]*\}`)
)

// ValidateEnvironment checks an environment name: one of the named environments or a
// development namespace that can stand in a host name.
func ValidateEnvironment(env string) error {
	if env == "" {
		return errors.New("auth: environment is empty: set it to local, development, staging, onboarding, production or a namespace name")
	}
	if !envName.MatchString(env) {
		return fmt.Errorf("auth: environment %q is not usable in a host name: use lower-case letters, digits and inner hyphens, at most 63 characters", env)
	}
	return nil
}

// IssuerURL resolves the issuer for the environment env: the Issuers entry for env when
// there is one, otherwise Issuer, with {region}, {REGION} and {env} replaced.
func (c ProviderConfig) IssuerURL(env string) (string, error) {
	tmpl := c.Issuer
	if t, ok := c.Issuers[env]; ok && t != "" {
		tmpl = t
	}
	if tmpl == "" {
		return "", fmt.Errorf("auth: provider %s has no issuer for environment %q: set issuer (a URL or a template with {region} and {env})", c.Region, env)
	}
	if strings.Contains(tmpl, "{env}") {
		if err := ValidateEnvironment(env); err != nil {
			return "", err
		}
	}
	r := strings.NewReplacer("{region}", strings.ToLower(c.Region), "{REGION}", strings.ToUpper(c.Region), "{env}", env)
	issuer := r.Replace(tmpl)
	if p := placeholde.FindString(issuer); p != "" {
		return "", fmt.Errorf("auth: issuer template %q has the unknown placeholder %s: use only {region}, {REGION} and {env}", tmpl, p)
	}
	if err := checkIssuer(issuer); err != nil {
		return "", err
	}
	return issuer, nil
}

// checkIssuer applies OIDC Discovery's rules for an issuer identifier, plus plain HTTP only
// for loopback hosts (the development provider).
func checkIssuer(issuer string) error {
	u, err := url.Parse(issuer)
	if err != nil {
		return fmt.Errorf("auth: issuer %q is not a URL: %w", issuer, err)
	}
	switch {
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("auth: issuer %q must start with https://", issuer)
	case u.Host == "":
		return fmt.Errorf("auth: issuer %q has no host: write it as https://host/path", issuer)
	case u.Scheme == "http" && !IsLoopbackHost(u.Hostname()):
		return fmt.Errorf("auth: issuer %q uses plain http: use https (plain http is allowed for localhost only)", issuer)
	case u.User != nil:
		return fmt.Errorf("auth: issuer %q carries user info: remove it", issuer)
	case u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(issuer, "?") || strings.HasSuffix(issuer, "#"):
		return fmt.Errorf("auth: issuer %q has a query or fragment: an issuer is scheme, host and path only", issuer)
	case strings.HasSuffix(u.Path, "/"):
		return fmt.Errorf("auth: issuer %q ends in a slash: remove it (the issuer must equal the provider's iss claim exactly)", issuer)
	case strings.HasSuffix(u.Path, "/.well-known/openid-configuration"):
		return fmt.Errorf("auth: issuer %q is the discovery URL: drop /.well-known/openid-configuration", issuer)
	}
	return nil
}

// IsLoopbackHost tells whether a host name (no port; an IPv6 literal with or without its
// brackets) names this machine: localhost, *.localhost or a loopback address. Plain http to
// such a host never leaves the machine, so it is the one exception to https in production.
func IsLoopbackHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	addr, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && addr.IsLoopback()
}

// Validate checks the configuration for the environment env, with messages that say what to
// change.
func (c ProviderConfig) Validate(env string) error {
	switch c.Region {
	case RegionDEU, RegionGBR:
	case "":
		return errors.New("auth: provider has no region: set it to DEU or GBR")
	default:
		return fmt.Errorf("auth: provider region %q is unknown: use DEU or GBR", c.Region)
	}
	for name := range c.Issuers {
		if err := ValidateEnvironment(name); err != nil {
			return fmt.Errorf("auth: provider %s issuers: %w", c.Region, err)
		}
	}
	if _, err := c.IssuerURL(env); err != nil {
		return err
	}
	switch c.LogoutStyle {
	case LogoutAuto, LogoutKeycloak, LogoutRevocation, LogoutNone:
	default:
		return fmt.Errorf("auth: provider %s logout style %q is unknown: use keycloak, revocation, none or leave it empty", c.Region, c.LogoutStyle)
	}
	for _, s := range c.Scopes {
		if s == "" || strings.ContainsAny(s, " \t\r\n\"\\") {
			return fmt.Errorf("auth: provider %s scope %q is not a scope token: list scopes one per entry, without spaces", c.Region, s)
		}
	}
	if c.ClientKey != "" && c.ClientSecret != "" {
		return fmt.Errorf("auth: provider %s has both client_secret and client_key: keep client_key (private_key_jwt) and remove client_secret", c.Region)
	}
	if strings.ContainsAny(c.ClientID, " \t\r\n") {
		return fmt.Errorf("auth: provider %s client_id %q has white space: remove it", c.Region, c.ClientID)
	}
	return nil
}

// clientID is the configured client id or the spec's default.
func (c ProviderConfig) clientID() string {
	if c.ClientID == "" {
		return DefaultClientID
	}
	return c.ClientID
}

// scopes always starts with openid and keeps the configured order.
func (c ProviderConfig) scopes() []string {
	out := []string{"openid"}
	for _, s := range c.Scopes {
		if s != "openid" {
			out = append(out, s)
		}
	}
	return out
}
