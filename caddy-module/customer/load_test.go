package customer

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

var update = flag.Bool("update", false, "rewrite the golden views in testdata/views")

// personaLogins are the personas with the customer number and locale their demo user logs in with.
var personaLogins = map[string]struct{ customer, locale string }{
	"active-de":             {"DE5000001", "de-DE"},
	"company-de":            {"DE5000002", "de-DE"},
	"uk-no-origin-of-funds": {"GB5000003", "en-GB"},
	"no-reference-iban":     {"DE5000004", "de-DE"},
	"data-validity-expired": {"DE5000005", "de-DE"},
	"pending-activation":    {"DE5000006", "de-DE"},
	"account-maintenance":   {"DE5000007", "de-DE"},
	"balance-failing":       {"DE5000008", "de-DE"},
	"cobranded-distributor": {"DE5000009", "de-DE"},
	"unread-messages":       {"NL5000010", "nl-NL"},
	"switchable-accounts":   {"DE5000011", "de-DE"},
	"minor-mia":             {"DE5000012", "de-DE"},
	"minor-ben":             {"DE5000013", "de-DE"},
	"accounts-maintenance":  {"DE5000014", "de-DE"},
	"accounts-partial":      {"DE5000015", "de-DE"},
	"accounts-failing":      {"DE5000016", "de-DE"},
	"customer-failing":      {"DE5000017", "de-DE"},
}

// personaDataFails are the personas whose customer call fails: Load gives an error, and the
// edge shows the header of a customer whose data is not available (customer.Unavailable).
var personaDataFails = map[string]bool{"customer-failing": true}

// TestPersonaViews loads every persona through the client and the mock API and compares the
// whole View with testdata/views/<persona>.json (go test -update rewrites them; read the diff).
func TestPersonaViews(t *testing.T) {
	srv, c := upstream(t)
	if got, want := len(srv.Personas()), len(personaLogins); got != want {
		t.Fatalf("%d persona folders, %d in this test: add the new persona here", got, want)
	}
	for name, login := range personaLogins {
		t.Run(name, func(t *testing.T) {
			if p := srv.Personas()[name]; p == nil || p.CustomerNumber != login.customer {
				t.Fatalf("persona %s is not customer %s", name, login.customer)
			}
			v, err := c.Load(context.Background(), login.customer, login.customer, "user-"+login.customer,
				Flags{Locale: login.locale, SwitchableAccounts: true})
			if personaDataFails[name] {
				if err == nil {
					t.Fatalf("%s loaded, want the customer call's error", name)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			sort.Strings(v.Degraded) // calls finish in any order
			got, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", "views", name+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v: run go test -update once and check the file", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("view of %s differs from %s (go test -update rewrites it):\n%s", name, path, got)
			}
		})
	}
}

// TestPersonasShowWhatTheyAreFor states in words what each persona is there to show, so a
// golden file rewritten by mistake cannot hide it.
func TestPersonasShowWhatTheyAreFor(t *testing.T) {
	_, c := upstream(t)
	load := func(customer, locale string) *View {
		t.Helper()
		v, err := c.Load(context.Background(), customer, customer, "user-1", Flags{Locale: locale, SwitchableAccounts: true})
		if err != nil {
			t.Fatalf("%s: %v", customer, err)
		}
		return v
	}
	v := load("DE5000001", "de-DE")
	if !v.Products.ManagedPortfolio || !v.Products.MigratedRobo || !v.Products.Pension || !v.Products.MigratedProducts ||
		len(v.Access) != 4 || !v.ProductTypes.TermProductAccess || !v.ProductTypes.OvernightProductAccess {
		t.Errorf("active-de lacks a product: %+v %+v %v", v.Products, v.ProductTypes, v.Access)
	}
	if v.Customer.FullName != "Prof. Dr. Katharina Becker" || v.Customer.TotalBalance == nil || v.Customer.State != "ACTIVE" {
		t.Errorf("active-de header: %+v", v.Customer)
	}
	if v := load("DE5000002", "de-DE"); !v.Customer.IsCompanyCustomer {
		t.Error("company-de is not a company customer")
	}
	if v := load("GB5000003", "en-GB"); !v.Redirect.UK || v.Redirect.HasOriginOfFunds || v.Redirect.HasAnnualIncome {
		t.Errorf("uk-no-origin-of-funds: %+v", v.Redirect)
	}
	if v := load("DE5000004", "de-DE"); v.Redirect.HasReferenceIBAN || !v.Redirect.Active {
		t.Errorf("no-reference-iban: %+v", v.Redirect)
	}
	if v := load("DE5000005", "de-DE"); v.Redirect.DataValidity != DataValidityExpired {
		t.Errorf("data-validity-expired: %+v", v.Redirect)
	}
	if v := load("DE5000006", "de-DE"); !v.Customer.IsPendingActivation || v.Customer.TotalBalance.Amount != "0,00\u00a0€" ||
		v.Customer.AvailableBalance.Amount != "5.000,00\u00a0€" {
		t.Errorf("pending-activation: %+v %+v", v.Customer.TotalBalance, v.Customer.AvailableBalance)
	}
	if v := load("DE5000007", "de-DE"); !v.Maintenance || v.Customer.NotAvailableMessage == nil ||
		v.Customer.NotAvailableMessage.TooltipText != labelsByLanguage["de"].maintenance {
		t.Errorf("account-maintenance: %+v", v.Customer.NotAvailableMessage)
	}
	if v := load("DE5000008", "de-DE"); v.Maintenance || v.Customer.NotAvailableMessage == nil ||
		v.Customer.NotAvailableMessage.TooltipText != labelsByLanguage["de"].fetchError {
		t.Errorf("balance-failing: %+v", v.Customer.NotAvailableMessage)
	}
	if v := load("DE5000009", "de-DE"); v.Customer.Cobranding == nil || v.Customer.Cobranding.DistributorID != "partner-bank-nord" {
		t.Errorf("cobranded-distributor: %+v", v.Customer.Cobranding)
	}
	if v := load("NL5000010", "nl-NL"); !v.Customer.ShowUnreadMessage || !v.Customer.TotalBalance.IsNegative || v.Products.ManagedPortfolio {
		t.Errorf("unread-messages: %+v", v.Customer)
	}
	if v := load("DE5000011", "de-DE"); len(v.Customer.SwitchableAccounts) != 2 || !v.Products.Crypto || !v.Products.ETFConfigurator {
		t.Errorf("switchable-accounts: %+v %+v", v.Customer.SwitchableAccounts, v.Products)
	}
}

// After an account switch the edge loads the account switched to with the login's token,
// and the switcher offers the way back.
func TestLoadActingForASwitchableAccount(t *testing.T) {
	srv, c := upstream(t)
	v, err := c.Load(context.Background(), "DE5000011", "DE5000012", "user-11",
		Flags{Locale: "de-DE", SwitchableAccounts: true, LoginCustomerNumber: "DE5000011"})
	if err != nil {
		t.Fatal(err)
	}
	if v.BacNumber != "DE5000012" || v.Customer.FullName != "Mia Richter" || v.Customer.TotalBalance == nil ||
		v.Customer.TotalBalance.Amount != "1.250,00\u00a0€" {
		t.Errorf("shown %s %q balance %+v, want Mia Richter's 1.250,00 €", v.BacNumber, v.Customer.FullName, v.Customer.TotalBalance)
	}
	var ids []string
	for _, s := range v.Customer.SwitchableAccounts {
		ids = append(ids, s.FirstName+" "+s.CustomerID)
	}
	if want := []string{"Thomas DE5000011", "Ben DE5000013"}; !slices.Equal(ids, want) {
		t.Errorf("switcher lists %v, want %v", ids, want)
	}
	for _, r := range srv.Requests() {
		if r.Call == "switchable-accounts" && !strings.HasSuffix(r.Path, "/switchable-accounts/DE5000011") {
			t.Errorf("switchable accounts asked for %s, want the login's own customer", r.Path)
		}
		if r.Call == "accounts" && r.Query.Get("filter") != "customerId eq DE5000012" {
			t.Errorf("accounts asked with %q, want the account switched to", r.Query.Get("filter"))
		}
	}
	if len(v.Degraded) != 0 {
		t.Errorf("degraded %v", v.Degraded)
	}
}

func TestLoadErrorCatalogue(t *testing.T) {
	tests := []struct {
		name     string
		token    string
		customer string
		fault    map[string]int
		err      error    // Load's error; nil when it succeeds
		degraded []string // calls degraded when it succeeds
		check    func(t *testing.T, v *View)
	}{
		{name: "customer call forbidden: Load fails", token: "DE5000002", customer: "DE5000001", err: ErrForbidden},
		{name: "unknown customer: Load fails", token: "DE0000000", customer: "DE0000000", err: ErrNotFound},
		{name: "customer call fails: Load fails", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"customer": 500}},
		{name: "cobranding fails: logged, none", token: "DE5000009", customer: "DE5000009",
			fault: map[string]int{"cobranding": 500}, degraded: []string{"cobranding"},
			check: func(t *testing.T, v *View) {
				if v.Customer.Cobranding != nil {
					t.Errorf("cobranding %+v after a failure", v.Customer.Cobranding)
				}
			}},
		{name: "switchable accounts fail: none", token: "DE5000011", customer: "DE5000011",
			fault: map[string]int{"switchable-accounts": 500}, degraded: []string{"switchable-accounts"},
			check: func(t *testing.T, v *View) {
				if len(v.Customer.SwitchableAccounts) != 0 {
					t.Errorf("switchable %+v after a failure", v.Customer.SwitchableAccounts)
				}
			}},
		{name: "balance 206: maintenance", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"balance": 206}, degraded: []string{"balance"},
			check: func(t *testing.T, v *View) {
				if !v.Maintenance || v.Customer.TotalBalance != nil {
					t.Errorf("maintenance %v, total %+v", v.Maintenance, v.Customer.TotalBalance)
				}
			}},
		{name: "accounts list 503: maintenance notice, state unknown", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"accounts": 503}, degraded: []string{"accounts"}, check: wantNotice(true)},
		{name: "accounts list 206: maintenance notice, state unknown", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"accounts": 206}, degraded: []string{"accounts"}, check: wantNotice(true)},
		{name: "accounts list 502: fetch-error notice, state unknown", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"accounts": 502}, degraded: []string{"accounts"}, check: wantNotice(false)},
		{name: "balance 500: fetch-error notice", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"balance": 500}, degraded: []string{"balance"}, check: wantNotice(false)},
		{name: "unread count fails: no dot, the rest stands", token: "NL5000010", customer: "NL5000010",
			fault: map[string]int{"unread-count": 500}, degraded: []string{"unread-count"},
			check: func(t *testing.T, v *View) {
				if v.Customer.ShowUnreadMessage || v.Customer.TotalBalance == nil {
					t.Errorf("unread %v, total %+v", v.Customer.ShowUnreadMessage, v.Customer.TotalBalance)
				}
			}},
		{name: "everything but the customer fails: a header with a notice", token: "DE5000001", customer: "DE5000001",
			fault: map[string]int{"accounts": 500, "deposit-types": 500, "product-types": 500, "product-instances": 500,
				"pension-products": 500, "migrated-products": 500, "unread-count": 500, "switchable-accounts": 500},
			degraded: []string{"accounts", "deposit-types", "migrated-products", "pension-products", "product-instances",
				"product-types", "switchable-accounts", "unread-count"},
			check: func(t *testing.T, v *View) {
				if v.Customer.FullName == "" || !v.Customer.BalanceIsNotAvailable || len(v.Access) != 0 || v.Products != (Products{}) {
					t.Errorf("view %+v", v)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := upstream(t)
			for call, status := range tt.fault {
				srv.SetStatus(tt.customer, call, status)
			}
			v, err := c.Load(context.Background(), tt.token, tt.customer, "user-1", Flags{Locale: "de-DE", SwitchableAccounts: true})
			wantFail := tt.err != nil || tt.degraded == nil
			if wantFail {
				if err == nil {
					t.Fatalf("Load succeeded, want an error")
				}
				if tt.err != nil && !errors.Is(err, tt.err) {
					t.Fatalf("error = %v, want %v", err, tt.err)
				}
				var apiErr *APIError
				if !errors.As(err, &apiErr) || apiErr.Call != "customer" {
					t.Fatalf("error = %v, want the customer call's APIError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := slices.Clone(v.Degraded)
			sort.Strings(got)
			if !slices.Equal(got, tt.degraded) {
				t.Errorf("degraded %v, want %v", got, tt.degraded)
			}
			tt.check(t, v)
		})
	}
}

// wantNotice checks the not-available notice of spec 8: the maintenance tooltip, or the
// fetch-error one, in the box's place and no amounts.
func wantNotice(maintenance bool) func(t *testing.T, v *View) {
	return func(t *testing.T, v *View) {
		t.Helper()
		want := labelsByLanguage["de"].fetchError
		if maintenance {
			want = labelsByLanguage["de"].maintenance
		}
		n := v.Customer.NotAvailableMessage
		if v.Maintenance != maintenance || !v.Customer.BalanceIsNotAvailable || n == nil || n.Title == "" || n.TooltipText != want ||
			v.Customer.TotalBalance != nil {
			t.Errorf("maintenance %v, notice %+v, total %+v; want the notice saying %q", v.Maintenance, n, v.Customer.TotalBalance, want)
		}
	}
}

func TestLoadNeedsACustomerNumber(t *testing.T) {
	srv, c := upstream(t)
	if _, err := c.Load(context.Background(), "tok", "", "u", Flags{}); err == nil {
		t.Fatal("Load without a customer number succeeded")
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d calls made without a customer number", n)
	}
}

func TestLoadStopsWaitingWhenThePageGivesUp(t *testing.T) {
	srv, c := upstream(t)
	release := srv.Hold()
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := c.Load(ctx, "DE5000001", "DE5000001", "u", Flags{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want the page's cancellation", err)
	}
}

func TestCachedLoadMakesNoCallAndGivesTheSameView(t *testing.T) {
	srv, c := upstream(t)
	flags := Flags{Locale: "de-DE", SwitchableAccounts: true}
	first, err := c.Load(context.Background(), "DE5000011", "DE5000011", "u", flags)
	if err != nil {
		t.Fatal(err)
	}
	calls := len(srv.Requests())
	again, err := c.Load(context.Background(), "DE5000011", "DE5000011", "u", flags)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Requests()) - calls; n != 0 {
		t.Errorf("%d calls for a cached customer", n)
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		t.Errorf("cached view differs:\n%s\n%s", a, b)
	}
	// One answer gone: only that call goes out, the rest still come from the cache.
	c.cache.forget("DE5000011\x00unread-count\x00")
	if _, err := c.Load(context.Background(), "DE5000011", "DE5000011", "u", flags); err != nil {
		t.Fatal(err)
	}
	var asked []string
	for _, r := range srv.Requests()[calls:] {
		asked = append(asked, r.Call)
	}
	if !slices.Equal(asked, []string{"unread-count"}) {
		t.Errorf("calls %v, want only unread-count", asked)
	}
}

func TestDegradedCallsAreLoggedAtTheirLevel(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	srv, c := upstream(t, func(o *Options) { o.Logger = zap.New(core) })
	srv.SetStatus("DE5000009", "cobranding", http.StatusInternalServerError)
	srv.SetStatus("DE5000009", "switchable-accounts", http.StatusInternalServerError)
	token := "e30." + base64.RawURLEncoding.EncodeToString([]byte(`{"customer_number":"DE5000009"}`)) + ".s3cr3t-signature"
	if _, err := c.Load(context.Background(), token, "DE5000009", "u", Flags{SwitchableAccounts: true}); err != nil {
		t.Fatal(err)
	}
	levels := map[string]zapcore.Level{}
	for _, e := range logs.All() {
		levels[e.ContextMap()["call"].(string)] = e.Level
	}
	// Spec 8: a cobranding failure is logged, a switchable-accounts failure is a warning.
	if levels["cobranding"] != zapcore.InfoLevel || levels["switchable-accounts"] != zapcore.WarnLevel || len(levels) != 2 {
		t.Errorf("logged %v, want cobranding at info and switchable-accounts at warn only", levels)
	}
	for _, e := range logs.All() {
		if line := fmt.Sprint(e.Message, e.ContextMap()); strings.Contains(line, "s3cr3t") {
			t.Errorf("a log line carries the token: %s", line)
		}
	}
}

// TestLoadPastThePageBudgetStillFillsTheCache: a page that stops waiting (its budget spent)
// gets its context's error, the calls already out finish in the background, and the next
// request (the shell's /_shell/state) finds their answers cached.
func TestLoadPastThePageBudgetStillFillsTheCache(t *testing.T) {
	srv, c := upstream(t)
	release := srv.Hold()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Load(ctx, "DE5000001", "DE5000001", "u", Flags{})
		done <- err
	}()
	for srv.Count("customer") == 0 || srv.Count("accounts") == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel() // the page's budget is spent
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want the page's cancellation", err)
	}
	release()
	for c.Stats().Entries < 5 { // customer, accounts, deposit types, product instances, unread count
		time.Sleep(time.Millisecond)
	}
	v, err := c.Load(context.Background(), "DE5000001", "DE5000001", "u", Flags{})
	if err != nil || v.Customer.TotalBalance == nil {
		t.Fatalf("second Load: %v, %+v", err, v)
	}
	if srv.Count("customer") != 1 || srv.Count("accounts") != 1 {
		t.Errorf("customer asked %d times, accounts %d; want the first calls' answers reused", srv.Count("customer"), srv.Count("accounts"))
	}
}

// Cached gives Load's view when everything is cached, and calls nothing when it is not.
func TestCachedOnlyFromTheCache(t *testing.T) {
	srv, c := upstream(t)
	flags := Flags{Locale: "de-DE", SwitchableAccounts: true}
	if v, ok := c.Cached("DE5000011", "DE5000011", "u", flags); ok || v != nil {
		t.Fatalf("Cached before any load = %v, %v; want nothing", v, ok)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("Cached made %d calls", n)
	}
	loaded, err := c.Load(context.Background(), "DE5000011", "DE5000011", "u", flags)
	if err != nil {
		t.Fatal(err)
	}
	calls := len(srv.Requests())
	cached, ok := c.Cached("DE5000011", "DE5000011", "u", flags)
	if !ok {
		t.Fatal("Cached after a load found nothing")
	}
	if n := len(srv.Requests()) - calls; n != 0 {
		t.Errorf("Cached made %d calls", n)
	}
	a, _ := json.Marshal(loaded)
	b, _ := json.Marshal(cached)
	if !bytes.Equal(a, b) {
		t.Errorf("Cached's view differs from Load's:\n%s\n%s", b, a)
	}
	c.cache.forget("DE5000011\x00unread-count\x00")
	if _, ok := c.Cached("DE5000011", "DE5000011", "u", flags); ok {
		t.Error("Cached with one answer gone still gave a view")
	}
}
