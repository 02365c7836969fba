package shell

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// switchGateway is a customer gateway whose flag file sets umtMinorAccountSwitch to switchOn
// (and the new dashboard on).
func switchGateway(t *testing.T, switchOn bool) *customerGateway {
	t.Helper()
	api, err := customertest.NewServer(filepath.Join("..", "testdata", "personas"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(api.Close)
	col := &eventCollector{got: make(chan struct{}, 100)}
	colSrv := httptest.NewServer(col)
	t.Cleanup(colSrv.Close)
	flagFile := filepath.Join(t.TempDir(), "flags.json")
	on := "false"
	if switchOn {
		on = "true"
	}
	if err := os.WriteFile(flagFile, []byte(`{"flags": {"umtMinorAccountSwitch": `+on+`, "b2cUseNewDashboard": true}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h := &Handler{
		Identity: localIdentity(),
		Customer: &CustomerData{API: api.URL + customertest.BasePath, Budget: caddy.Duration(5 * time.Second)},
		Tracking: &Tracking{Collector: colSrv.URL},
		FlagFile: flagFile,
	}
	g := newTestGatewayWith(t, h)
	// Every log line of the steps the switch goes through lands in g.logs, where the tests
	// look for customer numbers, names and tokens.
	h.Identity.SetLogger(h.logger)
	h.Customer.rt.logger = h.logger.Named("customer")
	client, err := customer.New(customer.Options{BaseURL: h.Customer.API, Logger: h.logger.Named("customer")})
	if err != nil {
		t.Fatal(err)
	}
	h.Customer.rt.client = client
	return &customerGateway{testGateway: g, api: api, collector: col}
}

// switchForm is the account switcher's form post, as a browser sends it from page.
func switchForm(fields url.Values, cookie *http.Cookie, page string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "http://localhost"+switchAccountPath, strings.NewReader(fields.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("Origin", "http://localhost")
	if page != "" {
		r.Header.Set("Referer", "http://localhost"+page)
	}
	if cookie != nil {
		r.AddCookie(cookie)
	}
	return r
}

// actingOf reads what the session store holds for the cookie's session.
func (g *customerGateway) actingOf(cookie *http.Cookie) string {
	g.t.Helper()
	s, err := g.h.Identity.Store().Get(context.Background(), cookie.Value)
	if err != nil {
		g.t.Fatal(err)
	}
	return s.ActingCustomerNumber
}

func TestAccountSwitchRoute(t *testing.T) {
	on, off := switchGateway(t, true), switchGateway(t, false)
	form := func(kv ...string) url.Values {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	tests := []struct {
		name     string
		g        *customerGateway
		login    string // "" for no session
		actingAs string // the session's account switched to before the request
		req      func(c *http.Cookie) *http.Request
		status   int
		location string // for 303
		reason   string // in the body, for refusals
		acting   string // the session's account switched to afterwards
	}{
		{name: "a switchable account", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				return switchForm(form("customerId", "DE5000012"), c, "/festgeld/")
			},
			status: 303, location: "/dashboard/", acting: "DE5000012"},
		{name: "back to the login's own", g: on, login: "DE5000011", actingAs: "DE5000012",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000011"), c, "") },
			status: 303, location: "/dashboard/", acting: ""},
		{name: "from one switchable account to the other", g: on, login: "DE5000011", actingAs: "DE5000012",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000013"), c, "") },
			status: 303, location: "/dashboard/", acting: "DE5000013"},
		{name: "a same-site return path", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				return switchForm(form("customerId", "DE5000013", "return", "/tagesgeld/?tab=2"), c, "")
			},
			status: 303, location: "/tagesgeld/?tab=2", acting: "DE5000013"},
		{name: "a hostile return path goes to the dashboard", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				return switchForm(form("customerId", "DE5000012", "return", "//evil.example/steal"), c, "")
			},
			status: 303, location: "/dashboard/", acting: "DE5000012"},
		{name: "an encoded hostile return path too", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				return switchForm(form("customerId", "DE5000012", "return", "/%2F%2Fevil.example"), c, "")
			},
			status: 303, location: "/dashboard/", acting: "DE5000012"},
		{name: "the market of the page posted from", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				return switchForm(form("customerId", "DE5000012"), c, "/en-gb/savings/")
			},
			status: 303, location: "/en-gb/dashboard/", acting: "DE5000012"},
		{name: "unknown id", g: on, login: "DE5000011",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE0000000"), c, "") },
			status: 403, reason: "not one of this login's switchable accounts"},
		{name: "another customer, not in the list", g: on, login: "DE5000011",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000001"), c, "") },
			status: 403, reason: "not one of this login's switchable accounts"},
		{name: "a login without switchable accounts", g: on, login: "DE5000001",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000012"), c, "") },
			status: 403, reason: "not one of this login's switchable accounts"},
		{name: "flag off", g: off, login: "DE5000011",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000012"), c, "") },
			status: 403, reason: "account switching is off"},
		{name: "flag off: switching back still works", g: off, login: "DE5000011", actingAs: "DE5000012",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000011"), c, "") },
			status: 303, location: "/dashboard/", acting: ""},
		{name: "no customerId", g: on, login: "DE5000011",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form(), c, "") },
			status: 400, reason: "customerId is missing"},
		{name: "a customerId that is no customer number", g: on, login: "DE5000011",
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "../../accounts"), c, "") },
			status: 400, reason: "not a customer number"},
		{name: "cross-site", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				r := switchForm(form("customerId", "DE5000012"), c, "")
				r.Header.Set("Sec-Fetch-Site", "cross-site")
				r.Header.Set("Origin", "https://evil.example")
				return r
			},
			status: 403, reason: "cross-site"},
		{name: "an older browser's foreign Origin", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				r := switchForm(form("customerId", "DE5000012"), c, "")
				r.Header.Del("Sec-Fetch-Site")
				r.Header.Set("Origin", "https://evil.example")
				return r
			},
			status: 403, reason: "cross-site"},
		{name: "no session", g: on,
			req:    func(c *http.Cookie) *http.Request { return switchForm(form("customerId", "DE5000012"), nil, "") },
			status: 401, reason: "login required"},
		{name: "GET", g: on, login: "DE5000011",
			req: func(c *http.Cookie) *http.Request {
				return request(http.MethodGet, switchAccountPath+"?customerId=DE5000012", c)
			},
			status: 405, reason: "use POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.g
			g.t = t
			var cookie *http.Cookie
			var s *session.Session
			if tt.login != "" {
				cookie = g.login(tt.login)
				var err error
				if s, err = g.h.Identity.Store().Get(context.Background(), cookie.Value); err != nil {
					t.Fatal(err)
				}
				if tt.actingAs != "" {
					s.ActingCustomerNumber = tt.actingAs
					if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
						t.Fatal(err)
					}
				}
			}
			g.logs.TakeAll()
			res, body := g.do(tt.req(cookie))
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d; body %s", res.StatusCode, tt.status, body)
			}
			if tt.status == http.StatusSeeOther {
				if loc := res.Header.Get("Location"); loc != tt.location {
					t.Errorf("Location %q, want %q", loc, tt.location)
				}
			} else if !strings.Contains(body, tt.reason) {
				t.Errorf("body %s does not say %q", body, tt.reason)
			}
			if cookie != nil {
				want := tt.acting
				if tt.status != http.StatusSeeOther {
					want = tt.actingAs // a refusal changes nothing
				}
				if got := g.actingOf(cookie); got != want {
					t.Errorf("session acts for %q, want %q", got, want)
				}
			}
			logs := g.logText()
			for _, secret := range []string{"DE500", "DE000", "sub-", "Richter"} {
				if strings.Contains(logs, secret) {
					t.Errorf("the log names %q:\n%s", secret, logs)
				}
			}
			if s != nil {
				assertNoSecret(t, "the log", logs, s)
				assertNoSecret(t, "the answer", body, s)
			}
		})
	}
}

// TestAccountSwitchEndToEnd logs in as the switcher persona and switches to Mia and back,
// through the handler against the persona API: the pages show the customer switched to, with
// the login's own token, and the switcher offers the way back.
func TestAccountSwitchEndToEnd(t *testing.T) {
	g := switchGateway(t, true)
	cookie := g.login("DE5000011")
	s, err := g.h.Identity.Store().Get(context.Background(), cookie.Value)
	if err != nil {
		t.Fatal(err)
	}
	page := func(want string) shellstate.State {
		t.Helper()
		res, body := g.do(navigate("/festgeld/", cookie))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET /festgeld/ = %d", res.StatusCode)
		}
		st := pageState(t, body)
		if st.Customer == nil || st.Customer.FullName != want {
			t.Fatalf("page shows %+v, want %s", st.Customer, want)
		}
		header, _, _ := strings.Cut(body, `<div data-shell="footer">`)
		if !strings.Contains(header, st.Customer.Initials) {
			t.Errorf("the first HTML's header lacks the initials %q of the customer shown", st.Customer.Initials)
		}
		return st
	}
	names := func(st shellstate.State) []string {
		var out []string
		for _, a := range st.Customer.SwitchableAccounts {
			out = append(out, a.FirstName+" "+a.CustomerID)
		}
		return out
	}

	st := page("Dr. med. Thomas Richter")
	if got := names(st); !slices.Equal(got, []string{"Mia DE5000012", "Ben DE5000013"}) {
		t.Fatalf("the switcher lists %v", got)
	}
	if st.CustomerID != "DE5000011" || st.LoginCustomerID != "" {
		t.Errorf("state customerId %q loginCustomerId %q before the switch", st.CustomerID, st.LoginCustomerID)
	}
	if !slices.Contains(st.Access, "HAS_CRYPTO") || !slices.Contains(st.Access, "HAS_ETF_CONFIGURATOR") {
		t.Errorf("the switcher's access %v lacks crypto and the ETF configurator", st.Access)
	}

	g.api.ResetRequests()
	res, body := g.do(switchForm(url.Values{"customerId": {"DE5000012"}}, cookie, "/festgeld/"))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard/" {
		t.Fatalf("switch = %d %s %s", res.StatusCode, res.Header.Get("Location"), body)
	}
	if e := g.collector.next(t); e.EventName != "session.account-switch" || e.CustomAttributes["direction"] != "to-switchable-account" {
		t.Errorf("tracking event %+v", e)
	} else if text := strings.Join([]string{e.Description, e.CustomAttributes["direction"], e.CustomerGroup, e.Context}, " "); strings.Contains(text, "DE500") {
		t.Errorf("the tracking event names a customer: %+v", e)
	}

	st = page("Mia Richter")
	if st.CustomerID != "DE5000012" || st.LoginCustomerID != "DE5000011" {
		t.Errorf("state customerId %q loginCustomerId %q, want DE5000012 shown for login DE5000011", st.CustomerID, st.LoginCustomerID)
	}
	if st.Customer.TotalBalance == nil || st.Customer.TotalBalance.Amount != "1.250,00\u00a0€" {
		t.Errorf("Mia's balance %+v", st.Customer.TotalBalance)
	}
	if got := names(st); !slices.Equal(got, []string{"Thomas DE5000011", "Ben DE5000013"}) {
		t.Errorf("while acting for Mia the switcher lists %v, want the way back and Ben", got)
	}
	if slices.Contains(st.Access, "HAS_CRYPTO") {
		t.Errorf("Mia's access %v has Thomas's crypto", st.Access)
	}
	for _, r := range g.api.Requests() {
		if r.Authorization != "Bearer "+s.Tokens.AccessToken {
			t.Errorf("%s was called without the login's bearer token", r.Call)
		}
		if r.Call == "accounts" && r.Query.Get("filter") != "customerId eq DE5000012" {
			t.Errorf("accounts asked with %q, want Mia's", r.Query.Get("filter"))
		}
	}

	res, body = g.do(switchForm(url.Values{"customerId": {"DE5000011"}, "return": {"/festgeld/"}}, cookie, "/festgeld/"))
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/festgeld/" {
		t.Fatalf("switch back = %d %s %s", res.StatusCode, res.Header.Get("Location"), body)
	}
	st = page("Dr. med. Thomas Richter")
	if st.LoginCustomerID != "" || st.CustomerID != "DE5000011" {
		t.Errorf("after switching back: customerId %q loginCustomerId %q", st.CustomerID, st.LoginCustomerID)
	}
	assertNoSecret(t, "the log", g.logText(), s)
}

// With the flag turned off after a switch, the session shows its own customer again: the
// switcher, and with it the way back, is gone.
func TestAccountSwitchFlagOffShowsTheLoginsOwnCustomer(t *testing.T) {
	g := switchGateway(t, false)
	cookie := g.login("DE5000011")
	s, err := g.h.Identity.Store().Get(context.Background(), cookie.Value)
	if err != nil {
		t.Fatal(err)
	}
	s.ActingCustomerNumber = "DE5000012"
	if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	res, body := g.do(navigate("/festgeld/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /festgeld/ = %d", res.StatusCode)
	}
	st := pageState(t, body)
	if st.Customer == nil || st.Customer.FullName != "Dr. med. Thomas Richter" || st.CustomerID != "DE5000011" || st.LoginCustomerID != "" {
		t.Errorf("flag off: page shows %+v as %q (login %q), want Thomas Richter's own", st.Customer, st.CustomerID, st.LoginCustomerID)
	}
}
