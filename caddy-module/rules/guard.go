package rules

import (
	"fmt"
	"path"
	"strings"
)

// CustomerArea is the customer area of spec section 2.3, the pages the access guard protects
// by default under every locale base path. A pattern names a path and everything below it.
var CustomerArea = []string{
	"/postbox",
	"/documents",
	"/payment-methods",
	"/account-transactions",
	"/account-withdrawal",
	"/user-account",
	"/my-details",
	"/notifications",
	"/exemption-order",
}

// ProtectedPaths tells which request paths need a login. Patterns are matched without case
// against the cleaned path, with and without its locale base path:
//
//   - "/documents" matches /documents, /documents/ and everything below, not /documentsx;
//   - "/postbox/*" matches everything below /postbox/ (and /postbox itself);
//   - "/documents*" matches every path that starts with /documents.
type ProtectedPaths struct {
	patterns []pattern
}

type pattern struct {
	prefix string
	// anyTail: a trailing "*" that is not "/*": any continuation, not only a segment boundary.
	anyTail bool
}

// NewProtectedPaths checks and compiles the patterns.
func NewProtectedPaths(patterns []string) (ProtectedPaths, error) {
	var p ProtectedPaths
	for _, raw := range patterns {
		if !strings.HasPrefix(raw, "/") {
			return ProtectedPaths{}, fmt.Errorf("protect %q is not a path; give one that starts with /, e.g. /documents or /postbox/*", raw)
		}
		body := strings.TrimSuffix(raw, "*")
		if strings.Contains(body, "*") {
			return ProtectedPaths{}, fmt.Errorf("protect %q has a * inside; only a trailing * is supported, e.g. /postbox/*", raw)
		}
		anyTail := strings.HasSuffix(raw, "*") && !strings.HasSuffix(raw, "/*")
		body = strings.TrimSuffix(body, "/")
		if !anyTail && body == "" {
			return ProtectedPaths{}, fmt.Errorf("protect %q protects the whole site; name the customer area instead, e.g. /documents", raw)
		}
		p.patterns = append(p.patterns, pattern{prefix: strings.ToLower(body), anyTail: anyTail})
	}
	return p, nil
}

// Match tells whether a request path (with the locale base path basePath, "" for none) needs
// a login.
func (p ProtectedPaths) Match(requestPath, basePath string) bool {
	if len(p.patterns) == 0 {
		return false
	}
	// Clean first: /./documents and //documents must not slip past the guard.
	clean := strings.ToLower(path.Clean("/" + requestPath))
	if p.match(clean) {
		return true
	}
	base := strings.ToLower(strings.TrimSuffix(basePath, "/"))
	if base != "" && (clean == base || strings.HasPrefix(clean, base+"/")) {
		return p.match("/" + strings.TrimPrefix(clean[len(base):], "/"))
	}
	return false
}

func (p ProtectedPaths) match(clean string) bool {
	for _, pt := range p.patterns {
		if pt.anyTail {
			if strings.HasPrefix(clean, pt.prefix) {
				return true
			}
			continue
		}
		if clean == pt.prefix || strings.HasPrefix(clean, pt.prefix+"/") {
			return true
		}
	}
	return false
}

// GuardInput is what the access guard looks at (spec section 6).
type GuardInput struct {
	// AuthRequired tells whether the page needs a login.
	AuthRequired bool
	// LoggedIn tells whether a valid session exists.
	LoggedIn bool
	// CustomerID is the customer number read from the session, "" when there is none.
	CustomerID string
	// Bypass lets every visitor through (spec: the guard's bypass option; off at the edge).
	Bypass bool
}

// GuardOutcome is what the guard decided.
type GuardOutcome string

// Guard outcomes.
const (
	// GuardAllow: the page is served.
	GuardAllow GuardOutcome = "allow"
	// GuardLogin: no session; the visitor goes to the login page with a return path.
	GuardLogin GuardOutcome = "login"
	// GuardForbidden: logged in but without a customer identifier; a login would not help.
	GuardForbidden GuardOutcome = "forbidden"
)

// GuardDecision is the guard's answer and what the shell's children receive.
type GuardDecision struct {
	Outcome        GuardOutcome
	CanAccess      bool
	IsLoggedIn     bool
	IsAuthRequired bool
	CustomerID     string
}

// Guard applies the access guard of spec section 6: access is allowed when a customer
// identifier exists, or bypass is on, or authentication is not required. A visitor without a
// session is sent to login; a session without a customer identifier is refused.
func Guard(in GuardInput) GuardDecision {
	customerID := ""
	if in.LoggedIn {
		customerID = in.CustomerID // read from the session only when the login check passes
	}
	d := GuardDecision{
		IsLoggedIn:     in.LoggedIn,
		IsAuthRequired: in.AuthRequired,
		CustomerID:     customerID,
	}
	d.CanAccess = customerID != "" || in.Bypass || !in.AuthRequired
	switch {
	case d.CanAccess:
		d.Outcome = GuardAllow
	case !in.LoggedIn:
		d.Outcome = GuardLogin
	default:
		d.Outcome = GuardForbidden
	}
	return d
}
