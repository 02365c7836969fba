package shell

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
)

// balanceBoxTag finds the balance box's opening tag in the first HTML's header.
func balanceBoxTag(t testing.TB) *regexp.Regexp {
	return regexp.MustCompile(`<section class="` + uiClass(t, "shell-balance") + `"[^>]*>`)
}

// Every failing account call of the error catalogue (spec 8) shows the balance box with the
// notice the catalogue gives it, in the first HTML, for a persona of testdata/personas each.
// A failed accounts list leaves the account state unknown; the box used to vanish then.
func TestEveryAccountFailureShowsItsNoticeInTheHeader(t *testing.T) {
	const maintenance, fetchError = "Wartungsarbeiten", "nicht geladen"
	tests := []struct {
		persona, customer string
		tooltip           string // a word of the notice's tooltip
	}{
		{"account-maintenance: balance 503", "DE5000007", maintenance},
		{"accounts-maintenance: accounts list 503", "DE5000014", maintenance},
		{"accounts-partial: accounts list 206", "DE5000015", maintenance},
		{"accounts-failing: accounts list 500", "DE5000016", fetchError},
		{"balance-failing: balance 500", "DE5000008", fetchError},
	}
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	for _, tt := range tests {
		t.Run(tt.persona, func(t *testing.T) {
			res, body := g.do(navigate("/festgeld/", g.login(tt.customer)))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET /festgeld/ = %d", res.StatusCode)
			}
			st := pageState(t, body)
			if st.HeaderVariant != "private" || st.Customer == nil {
				t.Fatalf("header %q, customer %v; want the private header", st.HeaderVariant, st.Customer)
			}
			n := st.Customer.NotAvailableMessage
			if n == nil || n.Title == "" || !strings.Contains(n.TooltipText, tt.tooltip) {
				t.Fatalf("notice %+v, want a title and a tooltip saying %q", n, tt.tooltip)
			}
			header, _, _ := strings.Cut(body, `<div data-shell="footer">`)
			box := balanceBoxTag(t).FindString(header)
			if box == "" || strings.Contains(box, "hidden") {
				t.Errorf("balance box %q: hidden or missing, want it shown with the notice", box)
			}
			if !strings.Contains(header, n.Title) && !strings.Contains(header, "Saldo nicht verf") {
				t.Errorf("the header lacks the notice's title %q", n.Title)
			}
		})
	}
}
