package identity

import "net/http"

// The two feature flags of spec 4 that change a logout. The handler's flag sources answer
// them per request (Config.FlagOn); where none names a flag, the Caddyfile's option is the
// default.
const (
	// PensionLogoutFlag sends a logout to the pension logout target (pension_logout_url).
	PensionLogoutFlag = "userManagementPensionLogout"
	// TimeoutLogoutFlag ends the provider's session too when a session times out
	// (keycloak_logout).
	TimeoutLogoutFlag = "umtFECallKeycloakLogoutOnSessionTimeout"
)

// flag is the flag name for r, or def when no flag source names it.
func (c *Config) flag(r *http.Request, name string, def bool) bool {
	if c.FlagOn == nil {
		return def
	}
	if on, known := c.FlagOn(r, name); known {
		return on
	}
	return def
}

// pensionLogout tells whether r's logout lands on the pension logout target: only with one
// configured, and unless the flag turns it off.
func (c *Config) pensionLogout(r *http.Request) bool {
	return c.PensionLogoutURL != "" && c.flag(r, PensionLogoutFlag, true)
}

// timeoutLogout tells whether a session r finds timed out ends at the provider too.
func (c *Config) timeoutLogout(r *http.Request) bool {
	return c.flag(r, TimeoutLogoutFlag, c.rt.keycloakLogout)
}
