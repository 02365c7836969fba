package shell

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// logoutForm is the private header's logout: a real form, so it works without JavaScript.
const logoutForm = `action="/_shell/auth/logout"`

// A logged-in customer is never left in the loading header for good (logo only, no logout):
// when the customer's data fails, or the edge has no customer data at all, the page or the
// state the shell asks for gives the private header with logout and what is known.
func TestNeverADeadEnd(t *testing.T) {
	tests := []struct {
		name   string
		serve  func(t *testing.T) (pageState shellstate.State, header string, state shellstate.State)
		notice bool // the balance box holds the fetch-error notice
	}{
		{name: "the customer call fails: the page", notice: true, serve: func(t *testing.T) (shellstate.State, string, shellstate.State) {
			g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
			return pageAndState(t, g.testGateway, g.login("DE5000017"))
		}},
		{name: "the customer call fails after the budget: the shell's state", notice: true, serve: func(t *testing.T) (shellstate.State, string, shellstate.State) {
			g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(20 * time.Millisecond)})
			g.api.SetDelay("customer", 200*time.Millisecond)
			p, header, st := pageAndState(t, g.testGateway, g.login("DE5000017"))
			if p.HeaderVariant != "loading" {
				t.Errorf("page header %q, want the loading header while the data is late", p.HeaderVariant)
			}
			return st, header, st
		}},
		{name: "identity without customer", serve: func(t *testing.T) (shellstate.State, string, shellstate.State) {
			g := newTestGateway(t, localIdentity())
			_, cookie := g.plantSession("DE5000001", 10*time.Minute)
			return pageAndState(t, g, cookie)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, header, state := tt.serve(t)
			for where, s := range map[string]shellstate.State{"page or state": st, "/_shell/state": state} {
				if s.HeaderVariant != "private" || s.Customer == nil {
					t.Fatalf("%s: header %q, customer %v; want the private header", where, s.HeaderVariant, s.Customer)
				}
				if s.Redirect != "" {
					t.Errorf("%s: redirect %q without the customer's data", where, s.Redirect)
				}
				n := s.Customer.NotAvailableMessage
				if tt.notice != (n != nil && n.Title != "" && s.Customer.BalanceIsNotAvailable) {
					t.Errorf("%s: notice %+v, want one: %v", where, n, tt.notice)
				}
			}
			if st.HeaderVariant == "private" && header != "" {
				if !strings.Contains(header, logoutForm) {
					t.Error("the private header offers no logout")
				}
				if strings.Contains(header, "[[shell:customer.") {
					t.Error("the header still has an unfilled customer slot")
				}
				box := balanceBoxTag(t).FindString(header)
				if shown := box != "" && !strings.Contains(box, "hidden"); shown != tt.notice {
					t.Errorf("balance box %q shown %v, want %v", box, shown, tt.notice)
				}
			}
		})
	}
}

// pageAndState asks for a page as a browser does and then for its state as the shell does;
// it gives the page's state, its header when it is the private one, and the shell's state.
func pageAndState(t *testing.T, g *testGateway, cookie *http.Cookie) (shellstate.State, string, shellstate.State) {
	t.Helper()
	res, body := g.do(navigate("/festgeld/", cookie))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /festgeld/ = %d", res.StatusCode)
	}
	page := pageState(t, body)
	header := ""
	if page.HeaderVariant == "private" {
		header, _, _ = strings.Cut(body, `<div data-shell="footer">`)
	}
	res, body = g.do(request(http.MethodGet, "/_shell/state?path=/festgeld/", cookie))
	var st shellstate.State
	if err := json.Unmarshal([]byte(body), &st); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("/_shell/state = %d %v:\n%s", res.StatusCode, err, body)
	}
	return page, header, st
}
