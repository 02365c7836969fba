package shell

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/tracking"
)

// A gateway with identity, the persona API and a fake event collector, driven through
// ServeHTTP.

type customerGateway struct {
	*testGateway
	api       *customertest.Server
	collector *eventCollector
}

// eventCollector records the tracking events posted to it.
type eventCollector struct {
	mu     sync.Mutex
	events []tracking.Event
	got    chan struct{}
}

func (c *eventCollector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var e tracking.Event
	if err := json.NewDecoder(r.Body).Decode(&e); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	c.mu.Lock()
	c.events = append(c.events, e)
	c.mu.Unlock()
	c.got <- struct{}{}
	w.WriteHeader(http.StatusAccepted)
}

// next waits for the next event posted.
func (c *eventCollector) next(t *testing.T) tracking.Event {
	t.Helper()
	select {
	case <-c.got:
	case <-time.After(5 * time.Second):
		t.Fatal("no tracking event reached the collector")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.events[len(c.events)-1]
}

func newCustomerGateway(t testing.TB, cfg CustomerData) *customerGateway {
	t.Helper()
	return newCustomerGatewayWith(t, cfg, localIdentity())
}

// newCustomerGatewayWith is newCustomerGateway with the identity block id.
func newCustomerGatewayWith(t testing.TB, cfg CustomerData, id *identity.Config) *customerGateway {
	t.Helper()
	api, err := customertest.NewServer(filepath.Join("..", "testdata", "personas"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(api.Close)
	col := &eventCollector{got: make(chan struct{}, 100)}
	colSrv := httptest.NewServer(col)
	t.Cleanup(colSrv.Close)
	cfg.API = api.URL + customertest.BasePath
	h := &Handler{Identity: id, Customer: &cfg, Tracking: &Tracking{Collector: colSrv.URL}}
	g := newTestGatewayWith(t, h)
	return &customerGateway{testGateway: g, api: api, collector: col}
}

// newTestGatewayWith is newTestGateway for a Handler with more than identity configured.
func newTestGatewayWith(t testing.TB, h *Handler) *testGateway {
	t.Helper()
	g := newTestGateway(t, h.Identity)
	h.now = g.clock.Now
	if err := h.Provision(newCaddyContext(t)); err != nil {
		t.Fatalf("provision: %v", err)
	}
	if err := h.Validate(); err != nil {
		t.Fatalf("validate: %v", err)
	}
	h.logger = g.h.logger
	g.h = h
	return g
}

// login plants a session for a persona's customer with an access token naming the
// customer, as the dev identity provider's tokens do.
func (g *customerGateway) login(customerNumber string) *http.Cookie {
	g.t.Helper()
	s, cookie := g.plantSession(customerNumber, 10*time.Minute)
	enc := base64.RawURLEncoding
	claims, _ := json.Marshal(map[string]any{"customer_number": customerNumber, "exp": s.Tokens.Expiry.Unix()})
	s.Tokens.AccessToken = enc.EncodeToString([]byte(`{"alg":"none"}`)) + "." + enc.EncodeToString(claims) + ".c2ln"
	if err := g.h.Identity.Store().Save(context.Background(), s); err != nil {
		g.t.Fatal(err)
	}
	return cookie
}

// navigate asks for a page as a browser navigating to it does.
func navigate(target string, cookie *http.Cookie) *http.Request {
	r := request(http.MethodGet, target, cookie)
	r.Header.Set("Accept", "text/html")
	r.Header.Set("Sec-Fetch-Dest", "document")
	r.Header.Set("Sec-Fetch-Mode", "navigate")
	return r
}

func TestCustomerRedirectRuleAtTheEdge(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	tests := []struct {
		persona, customer, path string
		wantTo                  string // "" for the page itself
		wantTarget              string
	}{
		{"no reference IBAN", "DE5000004", "/festgeld/", "/reference-account/", "reference-account"},
		{"UK without origin of funds", "GB5000003", "/en-gb/savings-accounts/", "/en-gb/financial-information/", "financial-information"},
		{"data validity expired", "DE5000005", "/tagesgeld/", "/data-validity-check/", "cdvc"},
		{"data validity expired, on the CDVC page", "DE5000005", "/data-validity-check/", "", ""},
		{"data validity expired, registration", "DE5000005", "/register/", "", ""},
		{"data validity expired, corporate", "DE5000005", "/en/corporate/", "", ""},
		{"no reference IBAN, on the update page", "DE5000004", "/reference-account/update/", "", ""},
		{"UK, on the financial-information page", "GB5000003", "/en-gb/financial-information/", "", ""},
		{"active, complete customer", "DE5000001", "/festgeld/", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.persona, func(t *testing.T) {
			res, body := g.do(navigate(tt.path, g.login(tt.customer)))
			if tt.wantTo == "" {
				if res.StatusCode != http.StatusOK {
					t.Fatalf("GET %s = %d (Location %q), want the page", tt.path, res.StatusCode, res.Header.Get("Location"))
				}
				if !strings.Contains(body, "content of "+tt.path) {
					t.Fatalf("GET %s did not serve the page:\n%s", tt.path, body)
				}
				return
			}
			if res.StatusCode != http.StatusFound || res.Header.Get("Location") != tt.wantTo {
				t.Fatalf("GET %s = %d to %q, want 302 to %s", tt.path, res.StatusCode, res.Header.Get("Location"), tt.wantTo)
			}
			if strings.Contains(body, "content of") {
				t.Fatal("the page was served before the redirect")
			}
			e := g.collector.next(t)
			if e.EventName != "customer-redirect" || e.CustomAttributes["target"] != tt.wantTarget || e.CustomAttributes["from"] != tt.path {
				t.Errorf("tracking event = %+v, want customer-redirect to %s from %s", e, tt.wantTarget, tt.path)
			}
		})
	}
}

func TestRedirectPathsPerLocale(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{
		Budget:          caddy.Duration(5 * time.Second),
		Redirects:       map[string]string{"cdvc": "/kunde/daten-pruefen/"},
		LocaleRedirects: map[string]map[string]string{"en-GB": {"financial_information": "/en-gb/my/finances"}},
	})
	for _, tt := range []struct{ customer, path, want string }{
		{"DE5000005", "/festgeld/", "/kunde/daten-pruefen/"},
		{"GB5000003", "/en-gb/about-us/", "/en-gb/my/finances"},
	} {
		res, _ := g.do(navigate(tt.path, g.login(tt.customer)))
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusFound || loc != tt.want {
			t.Errorf("%s on %s: %d to %q, want 302 to %s", tt.customer, tt.path, res.StatusCode, loc, tt.want)
		}
	}
}

func TestPrivateHeaderInTheFirstHTML(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	cookie := g.login("DE5000001")
	res, body := g.do(navigate("/festgeld/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /festgeld/ = %d", res.StatusCode)
	}
	st := pageState(t, body)
	if st.HeaderVariant != "private" || st.Customer == nil {
		t.Fatalf("header %q with customer %v, want the private header with the customer", st.HeaderVariant, st.Customer)
	}
	c := st.Customer
	if !strings.Contains(c.FullName, "Katharina Becker") || c.Initials != "KB" {
		t.Errorf("customer %q initials %q, want Katharina Becker, KB", c.FullName, c.Initials)
	}
	for _, want := range []string{"HAS_FIXED_DEPOSIT_ACCOUNT", "term_product_access", "HAS_MANAGED_PORTFOLIO", "HAS_PENSION_PRODUCT"} {
		if !slices.Contains(st.Access, want) {
			t.Errorf("access %v lacks %s", st.Access, want)
		}
	}
	header, _, _ := strings.Cut(body, `<div data-shell="footer">`)
	if strings.Contains(header, "[[shell:customer.") {
		t.Error("the header still has an unfilled customer slot")
	}
	// Written as the fragments are, non-ASCII as character references (the amount's € too).
	for _, text := range []string{">KB<", string(bundle.AppendText(nil, c.TotalBalance.Amount))} {
		if !strings.Contains(header, text) {
			t.Errorf("the first HTML's header lacks %q", text)
		}
	}
}

func TestSlowAPIGivesTheLoadingHeaderThenTheState(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(50 * time.Millisecond)})
	g.api.SetDelay("customer", 400*time.Millisecond)
	cookie := g.login("DE5000001")
	res, body := g.do(navigate("/festgeld/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /festgeld/ = %d", res.StatusCode)
	}
	if st := pageState(t, body); st.HeaderVariant != "loading" || st.Customer != nil {
		t.Fatalf("with a slow API: header %q, customer %v; want the loading header without a customer", st.HeaderVariant, st.Customer)
	}
	r := request(http.MethodGet, "/_shell/state?path=/festgeld/", cookie)
	res, body = g.do(r)
	var st struct {
		HeaderVariant string
		Customer      *struct{ FullName string }
	}
	if err := json.Unmarshal([]byte(body), &st); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("/_shell/state = %d %v:\n%s", res.StatusCode, err, body)
	}
	if st.HeaderVariant != "private" || st.Customer == nil || !strings.Contains(st.Customer.FullName, "Becker") {
		t.Fatalf("/_shell/state = %s, want the private header with the customer once the data came", body)
	}
	if n := g.api.Count("customer"); n != 1 {
		t.Errorf("the customer call was made %d times, want 1: the state joins the page's load", n)
	}
}

func TestDeviceIdentityCookie(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{})
	res, _ := g.do(navigate("/festgeld/", nil))
	var device *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == deviceCookie {
			device = c
		}
	}
	if device == nil || !strings.HasPrefix(device.Value, "device-") || device.HttpOnly {
		t.Fatalf("device cookie = %+v, want device-{uuid} the shell can read", device)
	}
	if cc := res.Header.Values("Cache-Control"); !slices.Contains(cc, "no-store") {
		t.Errorf("the page that set a device id has Cache-Control %q; a shared cache could hand the id to others", cc)
	}
	r := navigate("/tagesgeld/", device)
	res, _ = g.do(r)
	for _, c := range res.Cookies() {
		if c.Name == deviceCookie {
			t.Errorf("a browser with a device id got a new one: %s", c.Value)
		}
	}
}

func TestFinanceHiddenForConfiguredDistributors(t *testing.T) {
	for _, tt := range []struct {
		name   string
		hide   []string
		hidden bool
	}{
		{"configured", []string{"partner-bank-nord"}, true},
		{"not configured: the co-branded partners only", nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second), HideFinanceFor: tt.hide})
			_, body := g.do(navigate("/festgeld/", g.login("DE5000009"))) // distributor partner-bank-nord
			st := pageState(t, body)
			if got := slices.Contains(st.Access, "FINANCE_HIDDEN"); got != tt.hidden {
				t.Errorf("access %v: FINANCE_HIDDEN %v, want %v", st.Access, got, tt.hidden)
			}
		})
	}
}

func TestLateDataRedirectsThroughTheState(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(50 * time.Millisecond)})
	g.api.SetDelay("customer", 300*time.Millisecond)
	cookie := g.login("DE5000004") // active, no reference IBAN
	res, body := g.do(navigate("/festgeld/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("with the data late the page goes out: got %d", res.StatusCode)
	}
	if st := pageState(t, body); st.Redirect != "" || st.HeaderVariant != "loading" {
		t.Fatalf("inlined state: header %q redirect %q, want loading and no redirect", st.HeaderVariant, st.Redirect)
	}
	_, body = g.do(request(http.MethodGet, "/_shell/state?path=/festgeld/", cookie))
	var st struct{ Redirect string }
	if err := json.Unmarshal([]byte(body), &st); err != nil || st.Redirect != "/reference-account/" {
		t.Fatalf("/_shell/state = %s, want redirect /reference-account/", body)
	}
	if e := g.collector.next(t); e.CustomAttributes["via"] != "state" || e.CustomAttributes["target"] != "reference-account" {
		t.Errorf("tracking event %+v, want the redirect via the state", e)
	}
	// On the target page itself the state has no redirect.
	_, body = g.do(request(http.MethodGet, "/_shell/state?path=/reference-account/", cookie))
	if strings.Contains(body, `"redirect"`) {
		t.Errorf("the target page's state redirects again: %s", body)
	}
}

// A page's head preloads the chunks the shell's entry imports for its header, so they
// download beside the entry: a visitor's page the public menus, a customer's page the private
// header and the market's private menus (and, while the header is loading, what upgrades it),
// never the other's.
func TestHeadPreloadsTheChunksOfThePagesHeader(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "shell-ui", "dist", "shell-manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		LocaleScripts, PublicNavScripts, CustomerScripts map[string]string
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	asset := func(p string) string { return "/_shell/assets/" + strings.TrimPrefix(p, "assets/") }
	content, nav := asset(m.LocaleScripts["de-DE"]), asset(m.PublicNavScripts["de-DE"])
	private, menus, upgrade := asset(m.CustomerScripts["PrivateHeader"]), asset(m.CustomerScripts["de-DE"]), asset(m.CustomerScripts["upgradeLoadingHeader"])

	fast := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	slow := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(50 * time.Millisecond)})
	slow.api.SetDelay("customer", 400*time.Millisecond)
	tests := []struct {
		name       string
		g          *customerGateway
		customer   bool
		wantHeader string
		want       []string
	}{
		{"visitor", fast, false, "public", []string{content, nav}},
		{"customer", fast, true, "private", []string{content, private, menus}},
		{"customer, data late", slow, true, "loading", []string{content, upgrade, private, menus}},
	}
	preloads := regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)" data-shell="preload">`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cookie *http.Cookie
			if tt.customer {
				cookie = tt.g.login("DE5000001")
			}
			_, body := tt.g.do(navigate("/festgeld/", cookie))
			if st := pageState(t, body); st.HeaderVariant != tt.wantHeader {
				t.Fatalf("header %q, want %q", st.HeaderVariant, tt.wantHeader)
			}
			var got []string
			for _, m := range preloads.FindAllStringSubmatch(body, -1) {
				got = append(got, m[1])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("preloads %v, want %v", got, tt.want)
			}
		})
	}
}
