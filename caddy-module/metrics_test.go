package shell

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/shellgate/shellgate/caddy-module/auth"
)

func TestUpstreamCallName(t *testing.T) {
	tests := []struct{ path, want string }{
		{"/customers/DE5000001", "customer"},
		{"/accounts", "accounts"},
		{"/accounts/acc-5000001", "balance"},
		{"/deposits/types", "deposit-types"},
		{"/customer/cobranding", "cobranding"},
		{"/products/types", "product-types"},
		{"/product-instances", "product-instances"},
		{"/pension/customers/DE5000001/products", "pension-products"},
		{"/migrated-products/dashboard", "migrated-products"},
		{"/threads/unread-count", "unread-count"},
		{"/public/users/u-1/switchable-accounts/DE5000001", "switchable-accounts"},
		{"/DE5000001", "other"}, // never a customer number as a label
		{"", "other"},
	}
	for _, tt := range tests {
		if got := upstreamCallName(tt.path); got != tt.want {
			t.Errorf("upstreamCallName(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestCountRefreshResults(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{nil, "ok"},
		{auth.ErrRefreshExpired, "expired"},
		{auth.ErrRefreshRejected, "rejected"},
		{context.DeadlineExceeded, "failed"},
	}
	for _, tt := range tests {
		c := shellMetrics.refreshes.WithLabelValues(tt.want)
		before := counterValue(t, c)
		countRefresh(tt.err)
		if got := counterValue(t, c) - before; got != 1 {
			t.Errorf("countRefresh(%v) moved result %q by %v, want 1", tt.err, tt.want, got)
		}
	}
}

// Two shell sites in one config share the collectors; a reload registers them into the next
// config's registry. Neither may fail, and what was counted stays.
func TestMetricsSurviveTwoSitesAndReloads(t *testing.T) {
	countPage(true, "")
	spliced := shellMetrics.pages.WithLabelValues("spliced", "")
	before := counterValue(t, spliced)
	for load := 0; load < 2; load++ {
		ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
		for site := 0; site < 2; site++ {
			h := &Handler{}
			if err := h.Provision(ctx); err != nil {
				t.Fatalf("load %d, site %d: %v", load, site, err)
			}
			defer h.Cleanup()
		}
		mfs, err := ctx.GetMetricsRegistry().Gather()
		if err != nil {
			t.Fatalf("load %d: gather: %v", load, err)
		}
		n := 0
		for _, mf := range mfs {
			if strings.HasPrefix(mf.GetName(), "shellgate_") {
				n++
			}
		}
		if n == 0 {
			t.Errorf("load %d: its registry has no shellgate metrics", load)
		}
		cancel()
	}
	if got := counterValue(t, spliced); got < before {
		t.Errorf("spliced pages fell from %v to %v across loads", before, got)
	}
}

// The customer API's calls are timed by call through the real client.
func TestUpstreamCallsAreTimed(t *testing.T) {
	g := newCustomerGateway(t, CustomerData{Budget: caddy.Duration(5 * time.Second)})
	hist := func() uint64 {
		reg := prometheus.NewPedanticRegistry()
		reg.MustRegister(shellMetrics.upstreamTime)
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		var n uint64
		for _, mf := range mfs {
			for _, m := range mf.GetMetric() {
				for _, l := range m.GetLabel() {
					if l.GetName() == "call" && l.GetValue() == "customer" {
						n += m.GetHistogram().GetSampleCount()
					}
					if l.GetName() == "call" && strings.Contains(l.GetValue(), "DE5") {
						t.Errorf("a customer number became a label: %q", l.GetValue())
					}
				}
			}
		}
		return n
	}
	before := hist()
	cookie := g.login("DE5000001")
	if res, _ := g.do(navigate("/festgeld/", cookie)); res.StatusCode != 200 {
		t.Fatalf("page: %d", res.StatusCode)
	}
	if got := hist() - before; got < 1 {
		t.Errorf("customer calls timed: %d, want at least 1", got)
	}
}

// counterValue reads a counter's value.
func counterValue(t *testing.T, c prometheus.Counter) float64 {
	t.Helper()
	var m dto.Metric
	if err := c.Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}

// What counting costs a page.
func BenchmarkCountPage(b *testing.B) {
	b.Run("spliced", func(b *testing.B) {
		for b.Loop() {
			countPage(true, "")
		}
	})
	b.Run("passed", func(b *testing.B) {
		for b.Loop() {
			countPage(false, "not-html")
		}
	})
}
