package customer

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
)

// callsWhileCustomerHeld starts a Load with every call held at the API, waits until the calls
// of waitFor have arrived (or 10 s passed), and returns what arrived by then: calls that
// started before the customer answered. Then it lets the Load finish.
func callsWhileCustomerHeld(t *testing.T, srv *customertest.Server, c *Client, customerNumber string, waitFor []string) []string {
	t.Helper()
	srv.ResetRequests()
	release := srv.Hold()
	done := make(chan error, 1)
	go func() {
		_, err := c.Load(context.Background(), customerNumber, customerNumber, "u", Flags{Locale: "de-DE"})
		done <- err
	}()
	var arrived []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		arrived = arrived[:0]
		for _, r := range srv.Requests() {
			arrived = append(arrived, r.Call)
		}
		if !slices.ContainsFunc(waitFor, func(call string) bool { return !slices.Contains(arrived, call) }) {
			break
		}
	}
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	slices.Sort(arrived)
	return slices.Compact(arrived)
}

func TestHintStartsTheDependentCallsBesideTheCustomerCall(t *testing.T) {
	// The calls that need nothing of another's answer, and those that need the customer's.
	independent := []string{"customer", "accounts", "deposit-types", "product-instances", "unread-count"}
	dependent := []string{"pension-products", "migrated-products", "product-types"}
	tests := []struct {
		name    string
		hintTTL time.Duration
		// loads before the one looked at (answers are never cached here)
		before int
		// wantDependent: the dependent calls went out while the customer call was held
		wantDependent bool
	}{
		{name: "first load: they wait for the customer", before: 0, wantDependent: false},
		{name: "a later load: they start on the hint", before: 1, wantDependent: true},
		{name: "hints off: they always wait", hintTTL: -1, before: 1, wantDependent: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := upstream(t, func(o *Options) { o.CacheTTL, o.HintTTL = -1, tt.hintTTL })
			for range tt.before {
				if _, err := c.Load(context.Background(), "DE5000001", "DE5000001", "u", Flags{Locale: "de-DE"}); err != nil {
					t.Fatal(err)
				}
			}
			waitFor := independent
			if tt.wantDependent {
				waitFor = append(slices.Clone(independent), dependent...)
			}
			// Without a hint the dependent calls cannot go out while the customer call is
			// held: their absence once the independent calls are in is certain, not a race.
			arrived := callsWhileCustomerHeld(t, srv, c, "DE5000001", waitFor)
			for _, call := range dependent {
				if got := slices.Contains(arrived, call); got != tt.wantDependent {
					t.Errorf("%s went out before the customer answered: %v, want %v (arrived: %v)", call, got, tt.wantDependent, arrived)
				}
			}
		})
	}
}

// Every persona's view is the same whether its dependent calls waited for the customer or
// started on a hint.
func TestHintedLoadGivesTheSameView(t *testing.T) {
	_, cold := upstream(t, func(o *Options) { o.CacheTTL, o.HintTTL = -1, -1 })
	_, hinted := upstream(t, func(o *Options) { o.CacheTTL = -1 })
	for name, p := range personaLogins {
		t.Run(name, func(t *testing.T) {
			flags := Flags{Locale: p.locale}
			want, err := cold.Load(context.Background(), p.customer, p.customer, "u", flags)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2 { // the second load runs on the hint the first left
				got, err := hinted.Load(context.Background(), p.customer, p.customer, "u", flags)
				if err != nil {
					t.Fatal(err)
				}
				if a, b := mustJSON(t, want), mustJSON(t, got); a != b {
					t.Errorf("load %d differs from the unhinted view:\n%s\n%s", i+1, b, a)
				}
			}
		})
	}
}

// A hint the customer's answer contradicts (the customer moved to another distributor or
// country) is dropped: the calls go out again for the real answer and the view is as if
// there had been no hint.
func TestWrongHintIsDropped(t *testing.T) {
	_, cold := upstream(t, func(o *Options) { o.CacheTTL, o.HintTTL = -1, -1 })
	srv, c := upstream(t, func(o *Options) { o.CacheTTL = -1 })
	want, err := cold.Load(context.Background(), "DE5000001", "DE5000001", "u", Flags{Locale: "de-DE"})
	if err != nil {
		t.Fatal(err)
	}
	c.rememberHint("DE5000001", loadHint{DistributorID: "PARTNER-X", German: false})
	got, err := c.Load(context.Background(), "DE5000001", "DE5000001", "u", Flags{Locale: "de-DE"})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := mustJSON(t, want), mustJSON(t, got); a != b {
		t.Errorf("view after a wrong hint differs:\n%s\nwant\n%s", b, a)
	}
	var distributors []string
	for _, r := range srv.Requests() {
		if r.Call == "product-types" {
			distributors = append(distributors, r.Query.Get("distributor_id"))
		}
	}
	real := want.Customer.DistributorID
	if !slices.Contains(distributors, "PARTNER-X") || !slices.Contains(distributors, real) {
		t.Errorf("product types asked for %v, want the guess PARTNER-X and then the real %q", distributors, real)
	}
	if h, _ := c.hint("DE5000001"); h.DistributorID != real || !h.German {
		t.Errorf("hint after the load = %+v, want the customer's own", h)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
