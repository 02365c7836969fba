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
				if tt.path == "/long/" {
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
