package tracking

import "strings"

// The names of the events the edge itself sends. The collector trusts them as the edge's word
// (a login ended, a customer was redirected), so a browser may never send one through the
// events route: a script on any page of the site could otherwise forge a logout or a
// redirect in the platform's figures.
const (
	// EventCustomerRedirect: the customer redirect rule sent a customer elsewhere.
	EventCustomerRedirect = "customer-redirect"
	// EventAccountSwitch: the customer switched to another account or back.
	EventAccountSwitch = "session.account-switch"
	// sessionEndPrefix starts the event of a session the edge ended: SessionEnd(reason).
	sessionEndPrefix = "session."
)

// SessionEndReasons are the reasons the edge ends a session for (its session lifecycle):
// idle and token expiry, a logout, and a refresh token that expired or was refused.
var SessionEndReasons = []string{"idle", "expired", "logout", "refresh-token-expired", "failed"}

// SessionEnd is the name of the event of a session the edge ended for reason.
func SessionEnd(reason string) string { return sessionEndPrefix + reason }

// EdgeZone is the zone of the edge's own events.
const EdgeZone = "edge"

// EdgeOnly tells whether an event may come from the edge only: it carries one of the edge's
// event names (in any case: a collector may fold it) or claims the edge's zone.
func EdgeOnly(e *Event) bool {
	if strings.EqualFold(e.Zone, EdgeZone) {
		return true
	}
	name := e.EventName
	if strings.EqualFold(name, EventCustomerRedirect) || strings.EqualFold(name, EventAccountSwitch) {
		return true
	}
	for _, reason := range SessionEndReasons {
		if strings.EqualFold(name, SessionEnd(reason)) {
			return true
		}
	}
	return false
}
