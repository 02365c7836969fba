package shell

import (
	"net/http"
	"strings"
	"testing"
)

// A response the gateway marks as not for shared caches (a customer's page, a page that sets a
// device id) carries one Cache-Control field, the gateway's: an origin's `public, max-age=600`
// beside it would leave a cache that reads only the first field, or a reader of the header,
// free to store a customer's page. A page the gateway says nothing of keeps the origin's.
func TestCustomerPageCarriesOneCacheControlField(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{})
	customer := g.login("DE5000001")
	res, _ := g.do(navigate("/festgeld/", nil))
	var device *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == deviceCookie {
			device = c
		}
	}
	if device == nil {
		t.Fatal("no device cookie to come back with")
	}
	for _, tt := range []struct {
		name    string
		cookies []*http.Cookie
		want    string // the one Cache-Control value
	}{
		{"a logged-in customer's page", []*http.Cookie{customer, device}, "private, no-store"},
		{"a customer's first page, which also sets a device id", []*http.Cookie{customer}, "private, no-store"},
		{"a visitor's page that sets a device id", nil, "no-store"},
		{"a visitor's page the gateway says nothing of", []*http.Cookie{device}, "public, max-age=600"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := navigate("/festgeld/", nil)
			for _, c := range tt.cookies {
				r.AddCookie(c)
			}
			res, body := g.do(r)
			if res.StatusCode != http.StatusOK || !strings.Contains(body, `data-shell="header"`) {
				t.Fatalf("%d %.200s", res.StatusCode, body)
			}
			if got := res.Header.Values("Cache-Control"); len(got) != 1 || got[0] != tt.want {
				t.Errorf("Cache-Control %q, want the one field %q", got, tt.want)
			}
		})
	}
}
