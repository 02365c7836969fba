package shell

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
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

// The device cookie is written in place (newDeviceCookie), not by http.SetCookie: its bytes are
// the ones http.SetCookie writes for the same cookie, over HTTP and HTTPS, after the cookies
// set before it; and the id in it is the one the page's state and the flags get.
func TestDeviceCookieIsWhatSetCookieWrites(t *testing.T) {
	for _, https := range []bool{false, true} {
		r := httptest.NewRequest(http.MethodGet, "http://shop.example/festgeld/", nil)
		if https {
			r.TLS = &tls.ConnectionState{}
		}
		w := httptest.NewRecorder()
		http.SetCookie(w, &http.Cookie{Name: "earlier", Value: "1"})
		d := keepDevice(w, &visit{r: r})
		want := httptest.NewRecorder()
		http.SetCookie(want, &http.Cookie{Name: "earlier", Value: "1"})
		http.SetCookie(want, &http.Cookie{Name: deviceCookie, Value: d.ID, Path: "/", MaxAge: int(deviceLifetime / time.Second),
			Secure: https, SameSite: http.SameSiteLaxMode})
		if got, want := w.Header()["Set-Cookie"], want.Header()["Set-Cookie"]; !slices.Equal(got, want) {
			t.Errorf("https=%v: Set-Cookie %q, want %q", https, got, want)
		}
		if !flags.ValidDeviceID(d.ID) {
			t.Errorf("https=%v: device id %q is not one the next request keeps", https, d.ID)
		}
		if cc := w.Header()["Cache-Control"]; !slices.Equal(cc, []string{"no-store"}) {
			t.Errorf("https=%v: Cache-Control %q, want no-store", https, cc)
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
		wantNamed  []string // on the entry, for it to preload after the first paint
	}{
		// A visitor's page requests nothing but the entry before its first paint (bench/HISTORY.md,
		// 2026-11-27 "paint"): its chunks are named on the entry script.
		{"visitor", fast, false, "public", nil, []string{content, nav}},
		{"customer", fast, true, "private", []string{content, private, menus}, nil},
		{"customer, data late", slow, true, "loading", []string{content, upgrade, private, menus}, nil},
	}
	preloads := regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)" data-shell="preload">`)
	namedOnEntry := regexp.MustCompile(`<script type="module" src="[^"]+" data-shell="script" data-preload="([^"]+)">`)
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
			var named []string
			if m := namedOnEntry.FindStringSubmatch(body); m != nil {
				for _, f := range strings.Fields(m[1]) {
					named = append(named, asset(f))
				}
			}
			if !slices.Equal(named, tt.wantNamed) {
				t.Errorf("named on the entry %v, want %v", named, tt.wantNamed)
			}
		})
	}
}

func TestFillCustomerSlots(t *testing.T) {
	hostile := &shellstate.Customer{
		DisplayName:         `<img src=x onerror=alert(1)> [[shell:base]] & "Co"`,
		Initials:            "<b>",
		AccountIDs:          []shellstate.AccountID{{ID: "iban", Label: "IBAN", Display: "DE89 3704 0044 0532 0130 00", Copy: "DE89370400440532013000"}},
		NotAvailableMessage: &shellstate.Notice{Title: "Nicht verfügbar", TooltipText: `Wartung "heute"`},
	}
	tests := []struct {
		name, in string
		c        *shellstate.Customer
		want     string
	}{
		{"text is escaped", `<span>[[shell:customer.displayName]]</span>`, hostile,
			`<span>&#x3c;img src=x onerror=alert(1)&#x3e; [[shell:base]] &#x26; &#x22;Co&#x22;</span>`},
		{"attribute is escaped", `<span title="[[shell:customer.notice.tooltip]]">[[shell:customer.initials]]</span>`, hostile,
			`<span title="Wartung &#x22;heute&#x22;">&#x3c;b&#x3e;</span>`},
		{"non-ASCII as references, as in the fragments", `<b title="[[shell:customer.notice.title]]">[[shell:customer.notice.title]]</b>`, hostile,
			`<b title="Nicht verf&#xfc;gbar">Nicht verf&#xfc;gbar</b>`},
		{"identifier slots", `<b>[[shell:customer.id.iban.label]]</b><i>[[shell:customer.id.iban.display]]</i><i>[[shell:customer.id.sortCode.display]]</i>`, hostile,
			`<b>IBAN</b><i>DE89 3704 0044 0532 0130 00</i><i></i>`},
		{"an absent balance is empty", `<p>[[shell:customer.total.amount]]</p>`, hostile, `<p></p>`},
		{"no customer empties every slot", `<p>[[shell:customer.displayName]]</p>`, nil, `<p></p>`},
		{"other slots stay", `<a href="[[shell:base]]/x">[[shell:year]]</a>`, hostile, `<a href="[[shell:base]]/x">[[shell:year]]</a>`},
		{"an unclosed slot stays", `<p>[[shell:customer.displayName</p>`, hostile, `<p>[[shell:customer.displayName</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buf := []byte("before|")
			buf = append(buf, tt.in...)
			got := string(fillCustomerSlots(buf, len("before|"), tt.c))
			if got != "before|"+tt.want {
				t.Errorf("got  %s\nwant before|%s", got, tt.want)
			}
		})
	}
}

func TestCustomerFacts(t *testing.T) {
	amount := func(neg bool) *shellstate.Amount { return &shellstate.Amount{Amount: "1 €", IsNegative: neg} }
	tests := []struct {
		name string
		st   shellstate.State
		want map[string]bool
	}{
		{"logged out: access only", shellstate.State{Access: []string{"HAS_CRYPTO"}}, map[string]bool{"access:HAS_CRYPTO": true}},
		{"active with amounts", shellstate.State{Customer: &shellstate.Customer{State: "ACTIVE", TotalBalance: amount(false), AvailableBalance: amount(true),
			AccountIDs: []shellstate.AccountID{{ID: "iban"}, {ID: "sortCode"}}, ShowUnreadMessage: true, DistributorID: "dkb_retail"}},
			map[string]bool{"customer:balance": true, "customer:balance-available": true, "customer:available-negative": true,
				"customer:id:iban": true, "customer:id:sortCode": true, "customer:unread": true, "distributor:dkb_retail": true}},
		{"maintenance: no amounts", shellstate.State{Customer: &shellstate.Customer{State: "ACTIVE", BalanceIsNotAvailable: true, TotalBalance: amount(true), AvailableBalance: amount(true)}},
			map[string]bool{"customer:balance": true}},
		{"suspended, restricted company", shellstate.State{Customer: &shellstate.Customer{State: "SUSPENDED", Restricted: true, IsCompanyCustomer: true}},
			map[string]bool{"customer:restricted": true, "customer:company": true}},
		{"unsafe distributor gives no fact", shellstate.State{Customer: &shellstate.Customer{DistributorID: "a b"}}, map[string]bool{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := customerFacts(&tt.st); !maps.Equal(got, tt.want) {
				t.Errorf("customerFacts = %v\nwant %v", got, tt.want)
			}
		})
	}
}

// The investment menus' access values, as the private header's gates name them
// (content/*/private.ts: access:HAS_CRYPTO, access:HAS_ETF_CONFIGURATOR).
func TestAccessValuesOfInvestments(t *testing.T) {
	tests := []struct {
		name     string
		products customer.Products
		want     []string
	}{
		{"none", customer.Products{}, nil},
		{"crypto", customer.Products{Crypto: true}, []string{accessCrypto}},
		{"ETF configurator", customer.Products{ETFConfigurator: true}, []string{accessETFConfigurator}},
		{"both, with a managed portfolio", customer.Products{ManagedPortfolio: true, Crypto: true, ETFConfigurator: true},
			[]string{accessManagedPortfolio, accessCrypto, accessETFConfigurator}},
		{"migrated products count as migrated robo", customer.Products{MigratedProducts: true}, []string{accessMigratedRobo}},
	}
	for _, tt := range tests {
		got := accessValuesOf(&customer.View{Products: tt.products}, false)
		if !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A customer whose name holds a non-ASCII letter and markup, on a windows-1252 page: the
// private header writes the name as the fragments write their text, ASCII with numeric
// references, so it reads "Zoë <script>…" in that charset (not the mojibake "ZoÃ«" of raw
// UTF-8 bytes) and adds no element to the page.
func TestCustomerNameInAWindows1252Page(t *testing.T) {
	const name = "Zoë <script>alert(1)</script>"
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "personas"))); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "active-de", "customer.json")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	raw = bytes.Replace(raw, []byte(`"firstName": "Katharina"`), []byte(`"firstName": "Zoë \u003cscript\u003ealert(1)\u003c/script\u003e"`), 1)
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	api, err := customertest.NewServer(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(api.Close)
	g := &customerGateway{testGateway: newTestGatewayWith(t, &Handler{Identity: localIdentity(), Customer: &CustomerData{API: api.URL + customertest.BasePath}}), api: api}
	page, err := os.ReadFile(filepath.Join("..", "testdata", "site", "_fixtures", "windows-1252", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html; charset=windows-1252")
		_, err := w.Write(page)
		return err
	})

	res, body := g.do(navigate("/kuendigungsgeld/", g.login("DE5000001")))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if st := pageState(t, body); st.Customer == nil || !strings.Contains(st.Customer.DisplayName, name) {
		t.Fatalf("the state's customer is not the one of the test: %+v", st.Customer)
	}
	_, header, ok := strings.Cut(body, headerOpen)
	header, _, _ = strings.Cut(header, `<script type="application/json"`)
	for i := 0; i < len(header); i++ {
		if header[i] >= 0x80 {
			t.Fatalf("the header holds the byte %#x at %d (%q): in windows-1252 the name reads wrong", header[i], i, header[max(0, i-20):min(len(header), i+20)])
		}
	}
	if !ok || !strings.Contains(header, "Zo&#xeb;") {
		t.Fatalf("the private header does not name the customer: %.600s", header)
	}
	nodes, err := html.ParseFragment(strings.NewReader(header), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" {
			t.Errorf("the customer's name added a script element to the page")
		}
		if n.Type == html.TextNode {
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	if !strings.Contains(text.String(), name) {
		t.Errorf("the header's text does not read %q: %.400s", name, text.String())
	}
}

// The customer at the edge end to end: logins at the real development identity provider
// (deploy/dev-idp), whose access tokens name the persona's customer, in front of the persona
// API.

func TestPersonasThroughTheProvider(t *testing.T) {
	front := &swappable{}
	srv := httptest.NewServer(front)
	t.Cleanup(srv.Close)
	idp := authtest.Start(t, authtest.Options{RedirectURIs: []string{srv.URL + identity.CallbackPath}})
	g := newCustomerGatewayWith(t, CustomerData{Budget: caddy.Duration(5 * time.Second)},
		&identity.Config{Providers: []identity.Provider{{Region: "DEU", Issuer: idp.Issuer}}, Environment: "local"})
	front.set(g)
	lg := &liveGateway{testGateway: g.testGateway, srv: srv}

	tests := []struct {
		user, page string
		wantTo     string // "" for the page
		wantName   string
	}{
		{"no-ref-iban", "/festgeld/", "/reference-account/", ""},
		{"cdvc-expired", "/tagesgeld/", "/data-validity-check/", ""},
		{"uk-no-funds", "/en-gb/savings-accounts/", "/en-gb/financial-information/", ""},
		{"active", "/festgeld/", "", "Katharina Becker"},
	}
	for _, tt := range tests {
		t.Run(tt.user, func(t *testing.T) {
			b := newBrowser()
			res, _ := browse(t, b, srv.URL+"/login/?return="+url.QueryEscape(tt.page))
			if res.StatusCode != http.StatusFound {
				t.Fatalf("login page: %d, want 302 to the provider", res.StatusCode)
			}
			callback := b.Login(t, res.Header.Get("Location"), tt.user, authtest.DemoPassword)
			g.api.ResetRequests()
			res, _ = browse(t, b, callback.String())
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != tt.page {
				t.Fatalf("callback: %d to %q, want 303 to %s", res.StatusCode, res.Header.Get("Location"), tt.page)
			}
			// The login already started the customer's calls, before the page asks: the
			// first page finds them answered or in flight (customer.go).
			for _, call := range []string{"customer", "accounts", "product-types"} {
				deadline := time.Now().Add(10 * time.Second)
				for g.api.Count(call) == 0 && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
				if g.api.Count(call) == 0 {
					t.Errorf("no %s call after the login, before the page: the login did not start the customer's data", call)
				}
			}
			res, body := browse(t, b, srv.URL+tt.page)
			if tt.wantTo != "" {
				if res.StatusCode != http.StatusFound || res.Header.Get("Location") != tt.wantTo {
					t.Fatalf("GET %s as %s: %d to %q, want 302 to %s", tt.page, tt.user, res.StatusCode, res.Header.Get("Location"), tt.wantTo)
				}
				if e := g.collector.next(t); e.EventName != "customer-redirect" {
					t.Errorf("tracking event %+v, want customer-redirect", e)
				}
				// The target page itself is served, with the customer's private header.
				res, body = browse(t, b, srv.URL+tt.wantTo)
				if res.StatusCode != http.StatusOK {
					t.Fatalf("GET %s: %d, want the page", tt.wantTo, res.StatusCode)
				}
			}
			st := pageState(t, body)
			if st.HeaderVariant != "private" || st.Customer == nil {
				t.Fatalf("%s: header %q, customer %v; want the private header with data", tt.user, st.HeaderVariant, st.Customer)
			}
			if tt.wantName != "" && !strings.Contains(st.Customer.FullName, tt.wantName) {
				t.Errorf("customer %q, want %s", st.Customer.FullName, tt.wantName)
			}
			if s, err := lg.storedSession(t, b); err == nil {
				assertNoSecret(t, "the page", body, s)
			}
		})
	}
}

// customerPage loads a page of the persona's customer and says how many customer API calls it
// took.
func (g *customerGateway) customerPage(t *testing.T, cookie *http.Cookie) int {
	t.Helper()
	g.api.ResetRequests()
	if res, _ := g.do(navigate("/festgeld/", cookie)); res.StatusCode != http.StatusOK {
		t.Fatalf("page: %d", res.StatusCode)
	}
	return len(g.api.Requests())
}

// TestLogoutLeavesNoCustomerDataCached: after a logout the edge's customer cache holds
// nothing of the customer; the next login (the same person, or someone at the same
// machine's next session) fetches again instead of reading the last one's answers.
func TestLogoutLeavesNoCustomerDataCached(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	cookie := g.login("DE5000001")
	if n := g.customerPage(t, cookie); n == 0 {
		t.Fatal("the first page made no customer API call")
	}
	if n := g.customerPage(t, cookie); n != 0 {
		t.Fatalf("the second page made %d calls; want the cached answers", n)
	}
	if st := g.h.Customer.rt.client.Stats(); st.Entries == 0 {
		t.Fatal("nothing cached before the logout")
	}
	if res, _ := g.do(sameOriginPost("/_shell/auth/logout", cookie)); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	if st := g.h.Customer.rt.client.Stats(); st.Entries != 0 {
		t.Fatalf("after the logout the customer cache holds %d answers of the customer, want none", st.Entries)
	}
	if n := g.customerPage(t, g.login("DE5000001")); n == 0 {
		t.Fatal("a new login was served the logged-out session's cached answers; want a fresh fetch")
	}
}

// TestSessionEndLeavesNoCustomerDataCached: a session the edge ends itself (idle) forgets
// the customer's data as a logout does.
func TestSessionEndLeavesNoCustomerDataCached(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	cookie := g.login("DE5000001")
	g.customerPage(t, cookie)
	g.clock.Advance(6 * time.Minute) // past the idle timeout (5m)
	g.do(navigate("/festgeld/", cookie))
	if st := g.h.Customer.rt.client.Stats(); st.Entries != 0 {
		t.Fatalf("after the idle end the customer cache holds %d answers, want none", st.Entries)
	}
}

// TestBackchannelLogoutLeavesNoCustomerDataCached: the provider's logout names its session
// (sid) or the subject, not the customer; the customers those loaded are forgotten too.
func TestBackchannelLogoutLeavesNoCustomerDataCached(t *testing.T) {
	for _, by := range []string{"sid", "sub"} {
		t.Run(by, func(t *testing.T) {
			g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
			g.customerPage(t, g.login("DE5000001"))
			if st := g.h.Customer.rt.client.Stats(); st.Entries == 0 {
				t.Fatal("nothing cached before the logout")
			}
			if by == "sid" {
				g.h.forgetCustomersOf("sid-DE5000001", "") // what the route does with the verified token's claims
			} else {
				g.h.forgetCustomersOf("", "sub-DE5000001")
			}
			if st := g.h.Customer.rt.client.Stats(); st.Entries != 0 {
				t.Fatalf("after a back-channel logout by %s the cache holds %d answers, want none", by, st.Entries)
			}
		})
	}
}

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

// The reference-account redirect carries the page's product parameter (spec 2.3), by a 302
// and through the state; a hostile value is dropped, never spliced into the target.
func TestReferenceAccountRedirectCarriesTheProductAndDropsAHostileOne(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	tests := []struct{ query, wantTo string }{
		{"?product=overnight", "/reference-account/?product=overnight"},
		{"?utm_source=x&product=fixed-term_12m", "/reference-account/?product=fixed-term_12m"},
		{"", "/reference-account/"},
		{"?product=x%26return%3D%2F%2Fevil.example", "/reference-account/"},
		{"?product=%2F%2Fevil.example", "/reference-account/"},
		{"?product=a%0d%0aSet-Cookie:%20x=1", "/reference-account/"},
		{"?product=%22%3E%3Cscript%3E", "/reference-account/"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, _ := g.do(navigate("/festgeld/"+tt.query, g.login("DE5000004")))
			if res.StatusCode != http.StatusFound || res.Header.Get("Location") != tt.wantTo {
				t.Fatalf("GET /festgeld/%s = %d to %q, want 302 to %s", tt.query, res.StatusCode, res.Header.Get("Location"), tt.wantTo)
			}
			g.collector.next(t)
		})
	}
	t.Run("through the state", func(t *testing.T) {
		late := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(50 * time.Millisecond)})
		late.api.SetDelay("customer", 300*time.Millisecond)
		cookie := late.login("DE5000004")
		for page, want := range map[string]string{
			"/festgeld/?product=overnight":          "/reference-account/?product=overnight",
			"/festgeld/?product=%2F%2Fevil.example": "/reference-account/",
		} {
			_, body := late.do(request(http.MethodGet, "/_shell/state?path="+url.QueryEscape(page), cookie))
			var st struct{ Redirect string }
			if err := json.Unmarshal([]byte(body), &st); err != nil || st.Redirect != want {
				t.Errorf("/_shell/state for %s = %s, want redirect %s", page, body, want)
			}
		}
	})
}
