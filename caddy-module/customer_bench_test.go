package shell

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"

	"github.com/shellgate/shellgate/caddy-module/customer"
)

// BenchmarkCustomerPage measures a whole page request through the handler (identity, customer
// step, state, splice) for a logged-in customer against an anonymous visitor, and with
// nothing cached against the slowest single upstream call. The budget: cached data
// adds at most 2 ms p99 over an anonymous page; uncached costs at most the slowest call plus
// 5 ms. Run with
//
//	go test -run '^$' -bench CustomerPage -benchtime 2000x ./caddy-module/
//
// (the uncached case runs 100 requests whatever -benchtime says: each waits for the API).
func BenchmarkCustomerPage(b *testing.B) {
	const slowest = 20 * time.Millisecond
	g := newCustomerGateway(b, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	g.h.now = time.Now
	cookie := g.login("DE5000001")
	serve := func(c *http.Cookie) int {
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, navigate("/festgeld/", c))
		return rec.Code
	}
	run := func(b *testing.B, c *http.Cookie, n int) []time.Duration {
		took := make([]time.Duration, 0, n)
		for range n {
			start := time.Now()
			if code := serve(c); code != http.StatusOK {
				b.Fatalf("page answered %d", code)
			}
			took = append(took, time.Since(start))
		}
		slices.Sort(took)
		return took
	}
	p99 := func(took []time.Duration) float64 {
		return float64(took[len(took)*99/100].Microseconds()) / 1000
	}
	p50 := func(took []time.Duration) float64 {
		return float64(took[len(took)/2].Microseconds()) / 1000
	}

	var anonymous float64
	b.Run("anonymous", func(b *testing.B) {
		b.ReportAllocs()
		took := run(b, nil, b.N)
		anonymous = p99(took)
		b.ReportMetric(anonymous, "p99-ms")
		b.ReportMetric(p50(took), "p50-ms")
	})
	b.Run("logged-in-cached", func(b *testing.B) {
		serve(cookie) // fills the cache
		b.ReportAllocs()
		took := run(b, cookie, b.N)
		b.ReportMetric(p99(took), "p99-ms")
		b.ReportMetric(p99(took)-anonymous, "p99-added-ms")
		b.ReportMetric(p50(took), "p50-ms")
	})
	b.Run("logged-in-uncached", func(b *testing.B) {
		client, err := customer.New(customer.Options{BaseURL: g.h.Customer.API, CacheTTL: -1})
		if err != nil {
			b.Fatal(err)
		}
		saved := g.h.Customer.rt.client
		g.h.Customer.rt.client = client
		defer func() { g.h.Customer.rt.client = saved }()
		g.api.SetDelay("customer", slowest)
		defer g.api.SetDelay("customer", 0)
		took := run(b, cookie, 100)
		b.ReportMetric(p99(took), "p99-ms")
		b.ReportMetric(p50(took), "p50-ms")
		b.ReportMetric(p99(took)-float64(slowest.Microseconds())/1000, "p99-over-slowest-call-ms")
	})
}
