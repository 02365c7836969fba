package shellstate

// The bodies of the session routes the shell posts to (DESIGN.md, contracts). Their
// TypeScript twins are generated into shell-ui/src/model/shellState.gen.ts with the state's.

// ExtendRequest is the JSON body of POST /_shell/session/extend. No body at all reads as the
// zero value: an automatic extension.
type ExtendRequest struct {
	// ByCustomer is true when the customer pressed "Extend session" in the countdown, which
	// is the customer's activity and restarts the idle clock. The shell's automatic extension
	// (the token has 120 s left) sends false: it refreshes the token only and never the idle
	// clock, so that an unattended tab still idles out (ASVS 4.0.3 3.3.2).
	ByCustomer bool `json:"byCustomer"`
}

// SessionList is the JSON answer of GET /_shell/session/list: the customer's own sessions
// (ASVS 4.0.3 3.3.4), most recently active first. It never carries a session id or token.
type SessionList struct {
	Sessions []SessionEntry `json:"sessions"`
	// FreshLogin is true while the current login is recent enough to end sessions; when
	// false, ending one sends the customer to log in again first.
	FreshLogin bool `json:"freshLogin"`
}

// SessionEntry is one session in the customer's list.
type SessionEntry struct {
	// Handle names the session to POST /_shell/session/end. It is a one-way digest: it
	// cannot be presented as a cookie.
	Handle string `json:"handle"`
	// Device is the coarse device kind at login: "desktop", "mobile", "tablet" or "" (unknown).
	Device string `json:"device"`
	// Browser is the browser family at login, e.g. "Firefox", "Other", or "" (unknown).
	Browser string `json:"browser"`
	// Market is the market locale of the session, e.g. "de-DE"; "" when unknown.
	Market string `json:"market"`
	// StartedAt is when the login completed, RFC 3339 in UTC.
	StartedAt string `json:"startedAt"`
	// LastActiveAt is the customer's last recorded activity, RFC 3339 in UTC.
	LastActiveAt string `json:"lastActiveAt"`
	// Current is true for the session of the request that asked.
	Current bool `json:"current"`
}

// EndSessionRequest is the JSON body of POST /_shell/session/end: one session by its handle,
// or with all true every session but the current one.
type EndSessionRequest struct {
	Handle string `json:"handle,omitempty"`
	All    bool   `json:"all,omitempty"`
}

// EndSessionResult is the JSON answer of POST /_shell/session/end.
type EndSessionResult struct {
	// Ended is how many sessions were ended.
	Ended int `json:"ended"`
	// LoggedOut is true when the current session was among them: the browser is logged out.
	LoggedOut bool `json:"loggedOut"`
}

// ReauthRequired is the 401 answer of POST /_shell/session/end when the login is not recent
// enough: the customer logs in again at Login (a same-site path), then retries.
type ReauthRequired struct {
	Error string `json:"error"`
	Login string `json:"login"`
}

// LogoutReasonField is the form field of POST /_shell/auth/logout (a form post, so that it
// works as a navigation) that says why the shell logs out; without it the customer logged out.
const LogoutReasonField = "reason"

// LogoutReason is a value of LogoutReasonField.
type LogoutReason string

const (
	// LogoutExpired: the countdown ran out. The edge ends the session as expired (its
	// session.expired event), not as the customer's logout.
	LogoutExpired LogoutReason = "expired"
)
