package shell

import (
	"net/http"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
)

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
