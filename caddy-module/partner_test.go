package shell

import (
	"strings"
	"testing"
)

// headerOf is the spliced header's HTML of a page.
func headerOf(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, `data-shell="header"`)
	if i < 0 {
		t.Fatal("no header in the page")
	}
	h := body[i:]
	if j := strings.Index(h, "</header>"); j >= 0 {
		h = h[:j]
	}
	return h
}

// TestPartnerDistributorVisitorGetsThePartnerHeader: a visitor who came by a partner
// distributor's link (?distributorId=) sees, on that page and on every later page of the
// visit, the public header without navigation and with the login action only (spec 2.1); an id
// a visitor makes up, in the link or in a forged cookie, changes nothing.
func TestPartnerDistributorVisitorGetsThePartnerHeader(t *testing.T) {
	tester := startGateway(t, &origin{}, "")

	res, body := get(t, tester, "/festgeld/?distributorId=dkb_retail")
	var kept string
	for _, c := range res.Cookies() {
		if c.Name == "shell_partner" {
			kept = c.Value
			if !c.HttpOnly || c.MaxAge != 0 || !c.Expires.IsZero() {
				t.Errorf("partner cookie %+v: want a script-proof session cookie", c)
			}
		}
	}
	if kept != "dkb_retail" {
		t.Errorf("the partner's link kept %q for the visit, want dkb_retail", kept)
	}

	tester.Client.Jar = nil // each case below sends its own cookie

	tests := []struct {
		name, path, cookie string
		partner            bool
	}{
		{"the partner's link", "/festgeld/?distributorId=dkb_retail", "", true},
		{"a later page of the visit", "/festgeld/", "shell_partner=dkb_retail", true},
		{"an English partner's link on its market", "/en-gb/savings-accounts/?distributorId=legal_and_general", "", true},
		{"no partner", "/festgeld/", "", false},
		{"a made-up distributor", "/festgeld/?distributorId=evil%3Cscript%3E", "", false},
		{"a forged cookie", "/festgeld/", "shell_partner=someone_else", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hdrs []string
			if tt.cookie != "" {
				hdrs = []string{"Cookie", tt.cookie}
			}
			_, body := get(t, tester, tt.path, hdrs...)
			want := "public"
			if tt.partner {
				want = "partner"
			}
			if got := stateOf(t, body)["headerVariant"]; got != want {
				t.Fatalf("header variant %v, want %s", got, want)
			}
			h := headerOf(t, body)
			nav := strings.Contains(h, `class="`+uiClass(t, "shell-nav")+`"`)
			actions := strings.Count(h, ` `+uiClass(t, "shell-button--primary")+`"`) + strings.Count(h, ` `+uiClass(t, "shell-button--secondary")+`"`)
			if tt.partner && (nav || actions != 1 || strings.Contains(h, uiClass(t, "shell-button--primary")+`"`)) {
				t.Errorf("partner header: navigation %v, %d actions (want none and the login only)", nav, actions)
			}
			if !tt.partner && (!nav || actions < 2) {
				t.Errorf("public header: navigation %v, %d actions", nav, actions)
			}
		})
	}
	_ = body
}
