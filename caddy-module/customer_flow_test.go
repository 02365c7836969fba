package shell

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/identity"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

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
			// first page finds them answered or in flight (customer_prefetch.go).
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
