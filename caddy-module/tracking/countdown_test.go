package tracking

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// shellEvent is one case of testdata/shell-events.json, the events the shell sends and how
// the events route answers them. The shell's Vitest test holds its event builder to the same
// bodies, and the handler's TestEventRouteTakesTheEventsTheShellSends posts them to the route.
type shellEvent struct {
	Name            string          `json:"name"`
	CountdownAction CountdownAction `json:"countdownAction"`
	Body            string          `json:"body"`
	Answer          string          `json:"answer"`
}

func readShellEvents(t *testing.T) []shellEvent {
	t.Helper()
	raw, err := os.ReadFile("testdata/shell-events.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []shellEvent
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// answerOf is how the events route judges body: malformed when it is not one valid Event,
// edge-only when it speaks for the edge, accepted otherwise.
func answerOf(body string) string {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	var e Event
	if err := dec.Decode(&e); err != nil || e.Validate() != nil {
		return "malformed"
	}
	if EdgeOnly(&e) {
		return "edge-only"
	}
	return "accepted"
}

func TestShellEventCases(t *testing.T) {
	seen := map[CountdownAction]bool{}
	for _, tc := range readShellEvents(t) {
		if got := answerOf(tc.Body); got != tc.Answer {
			t.Errorf("%s: %s is %s, the case file says %s", tc.Name, tc.Body, got, tc.Answer)
		}
		if tc.CountdownAction == "" {
			continue
		}
		seen[tc.CountdownAction] = true
		want, err := json.Marshal(CountdownEvent(tc.CountdownAction))
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != tc.Body {
			t.Errorf("%s: the case file's body %s is not CountdownEvent's %s", tc.Name, tc.Body, want)
		}
	}
	for _, a := range CountdownActions {
		if !seen[a] {
			t.Errorf("countdown action %q has no case in testdata/shell-events.json", a)
		}
	}
}

// TestShellEventCasesNameEveryReservedName: the case file lists each of the edge's own event
// names as refused, so the shell's tests see every name it may not use.
func TestShellEventCasesNameEveryReservedName(t *testing.T) {
	var refused []string
	for _, tc := range readShellEvents(t) {
		var e Event
		if tc.Answer == "edge-only" && json.Unmarshal([]byte(tc.Body), &e) == nil {
			refused = append(refused, e.EventName)
		}
	}
	reserved := []string{EventCustomerRedirect, EventAccountSwitch}
	for _, r := range SessionEndReasons {
		reserved = append(reserved, SessionEnd(r))
	}
	for _, name := range reserved {
		if !slices.Contains(refused, name) {
			t.Errorf("the edge's event %q is not among the refused cases of testdata/shell-events.json", name)
		}
	}
}
