package tracking

// The events the shell's session countdown sends to the events route (spec 4, session
// lifecycle). They are Event bodies like any other; the shell builds them from the TypeScript
// twin of this file and of event.go (shell-ui/src/model/tracking.gen.ts), and the cases both
// sides test live in testdata/shell-events.json.

// EventSessionCountdown names every event of the countdown; the action says what happened. It
// is not one of the edge's own names (session.<reason>): the route refuses those from browsers,
// and the countdown's "expired" is the shell's view of a session the edge ends itself.
const EventSessionCountdown = "session-countdown"

// CountdownObject is the object of the countdown's events.
const CountdownObject = "session_countdown"

// CountdownAction is what happened in the countdown.
type CountdownAction string

const (
	// CountdownShown: the countdown appeared (120 s or less left on idle).
	CountdownShown CountdownAction = "shown"
	// CountdownExtendedAutomatically: the token was refreshed automatically.
	CountdownExtendedAutomatically CountdownAction = "extended-automatically"
	// CountdownExtended: the customer pressed "Extend session".
	CountdownExtended CountdownAction = "extended"
	// CountdownExpired: the time ran out; logout follows.
	CountdownExpired CountdownAction = "expired"
	// CountdownLogoutSucceeded: the logout after expiry was answered by the edge.
	CountdownLogoutSucceeded CountdownAction = "logout-succeeded"
)

// CountdownActions are all the countdown's actions.
var CountdownActions = []CountdownAction{CountdownShown, CountdownExtendedAutomatically, CountdownExtended, CountdownExpired, CountdownLogoutSucceeded}

// CountdownEvent is the event of action, as the shell sends it.
func CountdownEvent(action CountdownAction) Event {
	return Event{EventName: EventSessionCountdown, Object: CountdownObject, Action: string(action)}
}
