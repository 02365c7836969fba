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
func callsWhileCustomerHeld(t *testing.T, srv *customertest.Server, c *Client, customerNumber, locale string, waitFor []string) []string {
	t.Helper()
	srv.ResetRequests()
	release := srv.Hold()
	done := make(chan error, 1)
	go func() {
		_, err := c.Load(context.Background(), customerNumber, customerNumber, "u", Flags{Locale: locale})
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
		name   string
		opts   func(*Options)
		locale string
		// loads of the same customer before the one looked at (answers are never cached here)
		before int
		// early: the dependent calls that went out while the customer call was held
		early []string
	}{
		{name: "first load of a de-DE page: all start on the page's guess", locale: "de-DE",
			early: dependent},
		{name: "first load of an en-GB page: product types on the guess, the German calls wait", locale: "en-GB",
			early: []string{"product-types"}},
		{name: "a later load: all start on the customer's hint", locale: "en-GB", before: 1,
			opts: func(o *Options) { o.NoGuess = true }, early: dependent},
		{name: "hints off: the guess still starts them", locale: "de-DE", before: 1,
			opts: func(o *Options) { o.HintTTL = -1 }, early: dependent},
		{name: "no hint and no guess: they wait for the customer", locale: "de-DE",
			opts: func(o *Options) { o.NoGuess = true }},
		{name: "hints off and no guess: they always wait", locale: "de-DE", before: 1,
			opts: func(o *Options) { o.HintTTL, o.NoGuess = -1, true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := upstream(t, func(o *Options) {
				o.CacheTTL = -1
				if tt.opts != nil {
					tt.opts(o)
				}
			})
			for range tt.before {
				if _, err := c.Load(context.Background(), "DE5000001", "DE5000001", "u", Flags{Locale: tt.locale}); err != nil {
					t.Fatal(err)
				}
			}
			waitFor := append(slices.Clone(independent), tt.early...)
			// A dependent call not started early cannot go out while the customer call is
			// held: its absence once the others are in is certain, not a race.
			arrived := callsWhileCustomerHeld(t, srv, c, "DE5000001", tt.locale, waitFor)
			for _, call := range dependent {
				if got, want := slices.Contains(arrived, call), slices.Contains(tt.early, call); got != want {
					t.Errorf("%s went out before the customer answered: %v, want %v (arrived: %v)", call, got, want, arrived)
				}
			}
		})
	}
}

// Every persona's view is the same whether its dependent calls waited for the customer or
// started on a hint.
func TestHintedLoadGivesTheSameView(t *testing.T) {
	_, cold := upstream(t, func(o *Options) { o.CacheTTL, o.HintTTL, o.NoGuess = -1, -1, true })
	_, hinted := upstream(t, func(o *Options) { o.CacheTTL = -1 })
	for name, p := range personaLogins {
		if personaDataFails[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			flags := Flags{Locale: p.locale}
			want, err := cold.Load(context.Background(), p.customer, p.customer, "u", flags)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2 { // the first runs on a guess, the second on the hint the first left
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
	_, cold := upstream(t, func(o *Options) { o.CacheTTL, o.HintTTL, o.NoGuess = -1, -1, true })
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

// A guess right about the country and wrong about the distributor (a partner's German
// customer on a de-DE page) keeps the German calls it started and makes the distributor's
// calls again: each call the view needs once, product types twice.
func TestGuessKeepsWhatTheCustomerConfirms(t *testing.T) {
	_, cold := upstream(t, func(o *Options) { o.CacheTTL, o.HintTTL, o.NoGuess = -1, -1, true })
	srv, c := upstream(t, func(o *Options) { o.CacheTTL = -1 })
	flags := Flags{Locale: "de-DE"}
	want, err := cold.Load(context.Background(), "DE5000009", "DE5000009", "u", flags)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Load(context.Background(), "DE5000009", "DE5000009", "u", flags)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := mustJSON(t, want), mustJSON(t, got); a != b {
		t.Errorf("view after a partly wrong guess differs:\n%s\nwant\n%s", b, a)
	}
	asked := map[string][]string{}
	for _, r := range srv.Requests() {
		asked[r.Call] = append(asked[r.Call], r.Query.Get("distributor_id"))
	}
	d := asked["product-types"]
	slices.Sort(d)
	if !slices.Equal(d, []string{"", "partner-bank-nord"}) {
		t.Errorf("product types asked for distributors %q, want the guess and the customer's own", d)
	}
	for _, call := range []string{"pension-products", "migrated-products", "cobranding"} {
		if n := len(asked[call]); n != 1 {
			t.Errorf("%s asked %d times, want once", call, n)
		}
	}
}

// The guess for a locale is what the last customer loaded there had, except a partner's
// distributor, which is never guessed for someone else.
func TestGuessLearnsThePlatformsOwnDistributorOnly(t *testing.T) {
	tests := []struct {
		name     string
		defaults []string // the platform's own distributors (Options.DefaultDistributors)
		// the distributors of the next unknown customer's (DE5000001's) product types calls,
		// sorted: the guess and, if it was wrong, the customer's own ""
		want []string
	}{
		{name: "a partner's distributor is not learned", want: []string{""}},
		{name: "the platform's own is", defaults: []string{"partner-bank-nord"}, want: []string{"", "partner-bank-nord"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := upstream(t, func(o *Options) { o.CacheTTL, o.DefaultDistributors = -1, tt.defaults })
			flags := Flags{Locale: "de-DE"}
			if _, err := c.Load(context.Background(), "DE5000009", "DE5000009", "u", flags); err != nil {
				t.Fatal(err)
			}
			srv.ResetRequests()
			if _, err := c.Load(context.Background(), "DE5000001", "DE5000001", "u", flags); err != nil {
				t.Fatal(err)
			}
			var first []string
			for _, r := range srv.Requests() {
				if r.Call == "product-types" {
					first = append(first, r.Query.Get("distributor_id"))
				}
			}
			slices.Sort(first)
			if !slices.Equal(first, tt.want) {
				t.Errorf("the next customer's product types were asked for %q, want %q", first, tt.want)
			}
			if g := c.guessFor("de-DE"); g.DistributorID != "" || !g.German {
				t.Errorf("guess after DE5000001 = %+v, want its own distributor and German", g)
			}
		})
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
