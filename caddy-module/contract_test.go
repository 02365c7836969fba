package shell

// The contract between the edge and the shell (DESIGN.md, contracts): each body the shell
// sends is defined once in Go, its TypeScript twin generated, and the cases both sides must
// agree on are JSON under testdata/, read here and by the shell's Vitest tests. These tests
// post the very bodies the shell builds to the real routes.

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
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

// shellPost is a POST the shell makes: same-origin, from the page's own origin, with the
// session cookie when there is one.
func shellPost(path, contentType, body string, cookie *http.Cookie) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "http://localhost"+path, strings.NewReader(body))
	r.Header.Set("Content-Type", contentType)
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("Origin", "http://localhost")
	if cookie != nil {
		r.AddCookie(cookie)
	}
	return r
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
			res, out := g.do(shellPost("/_shell/events", "application/json", tc.Body, nil))
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

// privateContract is shell-ui/prerender/testdata/private-contract.json, which the prerender's
// Vitest test (prerender/private.test.tsx) writes from the shell's customerFacts and
// customerSlotValues: per persona the state's access and customer, the facts the private
// header's gates test, and the text of each slot.
type privateContract struct {
	Slots []string `json:"slots"`
	Cases []struct {
		Name  string `json:"name"`
		Input struct {
			Access   []string        `json:"access"`
			Customer json.RawMessage `json:"customer"`
		} `json:"input"`
		Facts []string          `json:"facts"`
		Slots map[string]string `json:"slots"`
	} `json:"cases"`
}

// TestPrivateHeaderContract: the edge derives the same facts and slot texts from each
// persona's state as the shell does, so the gates the edge unhides and the slots it fills are
// the ones React renders on hydration. The personas decode strictly into the Go state: a
// field the shell's type has and the edge's has not fails here.
func TestPrivateHeaderContract(t *testing.T) {
	raw, err := os.ReadFile("../shell-ui/prerender/testdata/private-contract.json")
	if err != nil {
		t.Fatal(err)
	}
	var contract privateContract
	if err := json.Unmarshal(raw, &contract); err != nil {
		t.Fatal(err)
	}
	if len(contract.Cases) == 0 || len(contract.Slots) == 0 {
		t.Fatal("the contract file has no cases or no slots")
	}
	// The slots are shellstate.CustomerSlot's, in order, and markers the edge fills.
	var names []string
	for _, marker := range contract.Slots {
		name, _ := strings.CutPrefix(marker, shellstate.CustomerSlotPrefix)
		name, ok := strings.CutSuffix(name, shellstate.CustomerSlotSuffix)
		if !ok || name == "" || !strings.HasPrefix(marker, customerSlotPrefix) {
			t.Fatalf("slot %q is not %sNAME]]: the edge would not fill it", marker, customerSlotPrefix)
		}
		names = append(names, name)
	}
	if want := slotNames(); !slices.Equal(names, want) {
		t.Errorf("the contract's slots %q are not shellstate's %q", names, want)
	}
	for _, tc := range contract.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			var c shellstate.Customer
			dec := json.NewDecoder(bytes.NewReader(tc.Input.Customer))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&c); err != nil {
				t.Fatalf("the shell's customer does not decode as the edge's: %v", err)
			}
			facts := slices.Sorted(maps.Keys(customerFacts(&shellstate.State{Access: tc.Input.Access, Customer: &c})))
			if !slices.Equal(facts, tc.Facts) {
				t.Errorf("facts:\nedge  %q\nshell %q", facts, tc.Facts)
			}
			for _, f := range facts {
				if !knownFact(f) {
					t.Errorf("the edge derives fact %q, which shellstate does not define", f)
				}
			}
			values := customerSlotValues(&c)
			for name := range values {
				if !slices.Contains(names, name) {
					t.Errorf("the edge fills slot %q, which shellstate does not define", name)
				}
			}
			for _, name := range names {
				if values[name] != tc.Slots[name] {
					t.Errorf("slot %s: edge %q, shell %q", name, values[name], tc.Slots[name])
				}
			}
			if len(tc.Slots) != len(names) {
				t.Errorf("the case has %d slots, the contract names %d", len(tc.Slots), len(names))
			}
		})
	}
}

// slotNames are the values of shellstate.CustomerSlot, in the order the header lists them.
func slotNames() []string {
	return []string{
		string(shellstate.SlotInitials), string(shellstate.SlotDisplayName),
		string(shellstate.SlotTotalLabel), string(shellstate.SlotTotalAmount),
		string(shellstate.SlotAvailableLabel), string(shellstate.SlotAvailableAmount),
		string(shellstate.SlotNoticeTitle), string(shellstate.SlotNoticeTooltip),
		string(shellstate.SlotIBANLabel), string(shellstate.SlotIBANDisplay),
		string(shellstate.SlotAccountNumberLabel), string(shellstate.SlotAccountNumberDisplay),
		string(shellstate.SlotSortCodeLabel), string(shellstate.SlotSortCodeDisplay),
	}
}

// knownFact tells whether f is a fact shellstate defines: a CustomerFact, or a prefix and a
// value (an identifier fact's value being an IdentifierKind).
func knownFact(f string) bool {
	switch shellstate.CustomerFact(f) {
	case shellstate.FactBalance, shellstate.FactBalanceAvailable, shellstate.FactTotalNegative,
		shellstate.FactAvailableNegative, shellstate.FactRestricted, shellstate.FactCompany, shellstate.FactUnread:
		return true
	}
	if kind, ok := strings.CutPrefix(f, shellstate.IdentifierFactPrefix); ok {
		switch shellstate.IdentifierKind(kind) {
		case shellstate.IdentifierIBAN, shellstate.IdentifierAccountNumber, shellstate.IdentifierSortCode:
			return true
		}
		return false
	}
	return strings.HasPrefix(f, shellstate.AccessFactPrefix) || strings.HasPrefix(f, shellstate.DistributorFactPrefix)
}

// logoutRequest is one case of shellstate/testdata/logout-requests.json: the form body the
// shell's logout and goToLogin post for Reason (sessionEndpoints.test.ts holds them to it), and
// the reason the edge ends the session for.
type logoutRequest struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
	Body   string `json:"body"`
	EndsAs string `json:"endsAs"`
}

// TestLogoutEndsTheSessionAsTheShellSays posts the shell's logout bodies to
// /_shell/auth/logout: the countdown's logout ends the session as expired, the customer's as a
// logout, as the collector's session event shows.
func TestLogoutEndsTheSessionAsTheShellSays(t *testing.T) {
	raw, err := os.ReadFile("shellstate/testdata/logout-requests.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []logoutRequest
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			if tc.Reason != "" {
				if want := shellstate.LogoutReasonField + "=" + tc.Reason; tc.Body != want {
					t.Fatalf("body %q for reason %q; shellstate says %q", tc.Body, tc.Reason, want)
				}
			}
			g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(time.Second)})
			cookie := g.login("DE5000001")
			res, out := g.do(shellPost("/_shell/auth/logout", "application/x-www-form-urlencoded", tc.Body, cookie))
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("POST /_shell/auth/logout %q = %d %s, want 303", tc.Body, res.StatusCode, out)
			}
			if e := g.collector.next(t); e.EventName != tracking.SessionEnd(tc.EndsAs) {
				t.Errorf("the session ended as %q, want %q", e.EventName, tracking.SessionEnd(tc.EndsAs))
			}
		})
	}
}
