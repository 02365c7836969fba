package flags

// The feature flags of spec 6 that the edge itself reads. The shell reads the others from
// the state under the same names.
const (
	// MinorAccountSwitch loads and shows the switchable accounts (spec 2.2).
	MinorAccountSwitch = "umtMinorAccountSwitch"
	// UseNewDashboard picks the new or the old dashboard link.
	UseNewDashboard = "b2cUseNewDashboard"
	// ShowNewMyDepositsPage picks the new or the legacy deposit pages.
	ShowNewMyDepositsPage = "dbtShowNewMyDepositsPage"
	// ShowPaymentMethodScreens shows the payment-method links (de-DE, nl-NL).
	ShowPaymentMethodScreens = "customerShowPaymentMethodScreens"
	// PensionLogout sends a logout to the pension logout target.
	PensionLogout = "userManagementPensionLogout"
	// KeycloakLogoutOnSessionTimeout ends the provider's session when the session times out.
	KeycloakLogoutOnSessionTimeout = "umtFECallKeycloakLogoutOnSessionTimeout"
	// DWMLaunchNL shows the nl Beleggen menu; ippDwmLaunchNl is the same flag.
	DWMLaunchNL = "isDWMLaunchNL"
)
