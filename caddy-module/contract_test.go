package shell

// The contract between the edge and the shell (DESIGN.md, contracts): each body the shell
// sends is defined once in Go, its TypeScript twin generated, and the cases both sides must
// agree on are JSON under testdata/, read here and by the shell's Vitest tests. These tests
// post the very bodies the shell builds to the real routes.

import (
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/tracking"
)

// shellEventCase is one case of tracking/testdata/shell-events.json, which
// shell-ui/src/session/sessionEndpoints.test.ts reads too: the body the shell's event builder
// gives for CountdownAction, byte for byte, and how the events route answers it.
type shellEventCase struct {
	Name            string `json:"name"`
	CountdownAction string `json:"countdownAction"`
	Body            string `json:"body"`
	// Answer is "accepted" (202, relayed), "edge-only" (403: the edge's own event name or
	// zone) or "malformed" (400).
	Answer string `json:"answer"`
}

func readShellEventCases(t *testing.T) []shellEventCase {
	t.Helper()
	raw, err := os.ReadFile("tracking/testdata/shell-events.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []shellEventCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestEventRouteTakesTheEventsTheShellSends posts each body the shell's event builder
// really writes (the Vitest test holds the builder to the same file) to /_shell/events: the
// countdown's events reach the collector, and what the file says is refused is refused.
func TestEventRouteTakesTheEventsTheShellSends(t *testing.T) {
	want := map[string]int{"accepted": http.StatusAccepted, "edge-only": http.StatusForbidden, "malformed": http.StatusBadRequest}
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
	for _, tc := range readShellEventCases(t) {
		t.Run(tc.Name, func(t *testing.T) {
			status, ok := want[tc.Answer]
			if !ok {
				t.Fatalf("answer %q: write accepted, edge-only or malformed", tc.Answer)
			}
			res, out := g.do(postEvent(tc.Body, "198.51.100.9"))
			if res.StatusCode != status {
				t.Fatalf("POST /_shell/events %s = %d %s, want %d (%s)", tc.Body, res.StatusCode, out, status, tc.Answer)
			}
			if tc.Answer != "accepted" {
				return
			}
			var sent tracking.Event
			if err := json.Unmarshal([]byte(tc.Body), &sent); err != nil {
				t.Fatal(err)
			}
			if got := g.collector.next(t); !reflect.DeepEqual(got, sent) {
				t.Errorf("collector got %+v, want the shell's %+v", got, sent)
			}
		})
	}
}
