package shell

import (
	"strings"
	"testing"
)

// A page served again with the same bytes follows its plan from the second response on,
// and every response is the same page with the shell; a page that changes on every
// response never does, and keeps its footer.
func TestPagePlans(t *testing.T) {
	for _, tt := range []struct {
		name, options, path string
		planned             float64 // of four responses
	}{
		{"same bytes", "", "/long/", 3},
		{"a nonce in every response", "", "/nonce/", 0},
		{"plans off", "{\n\t\tpage_plans off\n\t}", "/long/", 0},
		{"Cache-Control: private", "", "/long-private/", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tester := startGateway(t, &origin{}, tt.options)
			before := counterValue(t, shellMetrics.planned)
			var first string
			for i := range 4 {
				res, body := get(t, tester, tt.path, "Accept", "text/html")
				if res.StatusCode != 200 {
					t.Fatalf("response %d: status %d", i+1, res.StatusCode)
				}
				footer := strings.Index(body, `<div data-shell="footer">`)
				if footer < 0 || !strings.HasPrefix(body[footer:][strings.Index(body[footer:], "</div></body>")+len("</div>"):], "</body></html>\n") {
					t.Fatalf("response %d: no footer right before </body>: ...%s", i+1, body[max(len(body)-300, 0):])
				}
				if tt.path != "/nonce/" {
					if i == 0 {
						first = body
					} else if body != first {
						t.Fatalf("response %d differs from the first", i+1)
					}
				}
			}
			if got := counterValue(t, shellMetrics.planned) - before; got != tt.planned {
				t.Errorf("%v of 4 responses followed the page's plan, want %v", got, tt.planned)
			}
		})
	}
}

// A page is remembered only when it may be stored: not a logged-in customer's, not one the
// upstream marks no-store or private.
func TestRememberable(t *testing.T) {
	visitor, customer := &page{}, &page{}
	customer.input.LoggedIn = true
	for _, tt := range []struct {
		name         string
		p            *page
		cacheControl []string
		want         bool
	}{
		{"a visitor's page", visitor, nil, true},
		{"public, max-age", visitor, []string{"public, max-age=300"}, true},
		{"a customer's page", customer, nil, false},
		{"no-store", visitor, []string{"no-store"}, false},
		{"private among others", visitor, []string{"max-age=0, Private"}, false},
		{"private with fields", visitor, []string{`no-cache, private="Set-Cookie"`}, false},
		{"in a second header line", visitor, []string{"max-age=60", "no-store"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := rememberable(tt.cacheControl, tt.p); got != tt.want {
				t.Errorf("rememberable = %v, want %v", got, tt.want)
			}
		})
	}
}
