package customer

import (
	"context"
	"slices"
	"testing"
	"time"
)

// BenchmarkLoadCached is a logged-in page whose customer data is in the cache: eleven cache
// hits and the derivation of the view (names, amounts, IBANs).
func BenchmarkLoadCached(b *testing.B) {
	_, c := upstream(b)
	ctx := context.Background()
	flags := Flags{Locale: "de-DE", SwitchableAccounts: true}
	if _, err := c.Load(ctx, "DE5000011", "DE5000011", "u", flags); err != nil {
		b.Fatal(err)
	}
	var took []time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		if _, err := c.Load(ctx, "DE5000011", "DE5000011", "u", flags); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100])/1e3, "µs-p99")
}

// BenchmarkDerive is the view's derivation alone, the part of a cached Load that is not a
// cache lookup.
func BenchmarkDerive(b *testing.B) {
	a := germanCustomer()
	b.ReportAllocs()
	for b.Loop() {
		Derive(a, "de-DE")
	}
}

// BenchmarkLoadUncached is a page with nothing cached, every upstream call taking callLatency
// at the mock API. The calls run in parallel, but two depend on another's answer (the balance
// on the account list; product types, cobranding and the German calls on the customer), so
// the floor is a chain of two calls. Before timing it measures one call alone, HTTP included
// (ms-single-call), and reports the Load as multiples of that slowest single call
// (x-slowest-call) and of the two-call chain (x-chain).
func BenchmarkLoadUncached(b *testing.B) {
	for _, callLatency := range []time.Duration{5 * time.Millisecond, 20 * time.Millisecond} {
		b.Run(callLatency.String(), func(b *testing.B) {
			srv, c := upstream(b, func(o *Options) { o.CacheTTL = -1 })
			for _, call := range []string{"customer", "accounts", "balance", "deposit-types", "cobranding", "product-types",
				"product-instances", "pension-products", "migrated-products", "unread-count", "switchable-accounts"} {
				srv.SetDelay(call, callLatency)
			}
			ctx := context.Background()
			who := Caller{Token: "DE5000001", CustomerNumber: "DE5000001", UserID: "u"}
			const singles = 20
			start := time.Now()
			for range singles {
				if _, err := c.Customer(ctx, who, true); err != nil {
					b.Fatal(err)
				}
			}
			single := float64(time.Since(start)) / singles
			flags := Flags{Locale: "de-DE", SwitchableAccounts: true}
			b.ResetTimer()
			start = time.Now()
			for b.Loop() {
				if _, err := c.Load(ctx, "DE5000001", "DE5000001", "u", flags); err != nil {
					b.Fatal(err)
				}
			}
			per := float64(time.Since(start)) / float64(b.N)
			b.ReportMetric(single/1e6, "ms-single-call")
			b.ReportMetric(per/single, "x-slowest-call")
			b.ReportMetric(per/(2*single), "x-chain")
		})
	}
}
