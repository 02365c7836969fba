package session

import "time"

// Session is one customer's login session as the edge holds it (spec 3, session data). The
// browser only ever sees ID, in an HttpOnly cookie; everything else stays at the edge.
type Session struct {
	// ID is the opaque session id from NewID, the value of the session cookie.
	ID string `json:"id"`
	// Tokens are the identity provider's tokens for this session.
	Tokens Tokens `json:"tokens"`
	// ServerOffset is the auth time difference: the edge's clock minus the provider's clock,
	// measured when the tokens arrived (see ServerOffset). Token expiry plus this offset is the
	// expiry on the edge's clock.
	ServerOffset time.Duration `json:"serverOffset"`
	// LastActivity is the customer's last mouse, key or touch activity the shell reported.
	LastActivity time.Time `json:"lastActivity"`
	// CreatedAt is when the login completed.
	CreatedAt time.Time `json:"createdAt"`
	// AuthTime is when the customer last authenticated at the provider (the ID token's
	// auth_time), what step-up rules measure a login's age by. New in the record: older
	// records lack it and count from CreatedAt (LoginTime).
	AuthTime time.Time `json:"authTime,omitzero"`
	// Subject is the provider's sub claim. Stores index it (as an HMAC) for logout by subject.
	Subject string `json:"subject"`
	// SID is the OIDC session id (sid claim). Stores index it (as an HMAC) for back-channel logout.
	SID string `json:"sid,omitempty"`
	// CustomerNumber is the customer's bacNumber.
	CustomerNumber string `json:"customerNumber,omitempty"`
	// ActingCustomerNumber is the customer the login acts for after an account switch (spec
	// 2.2: one of the login's switchable accounts); empty while it shows its own. It is new in
	// the record: older records lack it and open as "own", and the pack dictionary is left
	// alone so that their bytes still inflate.
	ActingCustomerNumber string `json:"actingCustomerNumber,omitempty"`
	// Region is the auth region the tokens came from, "DEU" or "GBR" (spec 7, auth host).
	Region string `json:"region,omitempty"`
	// PreferredLocale is the locale the customer chose, e.g. "en-GB" (spec 4, country banner).
	PreferredLocale string `json:"preferredLocale,omitempty"`
	// Device is the coarse device kind and browser family at login, e.g. "mobile/Safari"
	// (DeviceOf), never the User-Agent itself; the customer's list of sessions shows it.
	Device string `json:"device,omitempty"`
	// Webview is true in the embedded app view, where only token expiry counts.
	Webview bool `json:"webview,omitempty"`
	// AutoExtend allows the edge to refresh the token by itself when it is about to expire.
	AutoExtend bool `json:"autoExtend,omitempty"`
}

// LoginTime is when the customer last authenticated: AuthTime, or CreatedAt for a record
// without it.
func (s *Session) LoginTime() time.Time {
	if s.AuthTime.IsZero() {
		return s.CreatedAt
	}
	return s.AuthTime
}

// ShownCustomerNumber is the customer whose data the session shows: the one switched to,
// else the login's own.
func (s *Session) ShownCustomerNumber() string {
	if s.ActingCustomerNumber != "" {
		return s.ActingCustomerNumber
	}
	return s.CustomerNumber
}

// Tokens are the provider's tokens and the times read from the access token.
type Tokens struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken,omitempty"`
	IDToken      string `json:"idToken,omitempty"`
	// Expiry is the access token's exp on the provider's clock; the Unix epoch when unreadable.
	Expiry time.Time `json:"expiry"`
	// IssuedAt is the access token's iat on the provider's clock; the Unix epoch when unreadable.
	IssuedAt time.Time `json:"issuedAt"`
	// AZP is the client the token was issued to, the client_id of the refresh call.
	AZP string `json:"azp"`
}

// clone returns a copy that shares nothing mutable with s (all fields are values).
func (s *Session) clone() *Session {
	c := *s
	return &c
}
