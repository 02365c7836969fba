package shell

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddytest"
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

// An operator reads shellgate_pages_total as the pages customers saw: a page's images and
// scripts, a fetch of a partial and the gateway's own routes must not count, or one page
// view would count as many.
func TestPagesTotalCountsPagesNotAssets(t *testing.T) {
	tester := startGateway(t, &origin{}, "")
	total := func() float64 {
		reg := prometheus.NewPedanticRegistry()
		reg.MustRegister(shellMetrics.pages)
		mfs, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		var n float64
		for _, mf := range mfs {
			for _, m := range mf.GetMetric() {
				n += m.GetCounter().GetValue()
			}
		}
		return n
	}
	tests := []struct {
		name, path string
		headers    []string
		want       float64
	}{
		{"asset", "/text", nil, 0},
		{"image a browser fetches", "/festgeld/", []string{"Sec-Fetch-Dest", "image"}, 0},
		{"fetch of a partial", "/festgeld/", []string{"Sec-Fetch-Dest", "empty"}, 0},
		{"the shell's own asset", "/_shell/assets/none.js", nil, 0},
		{"the gateway's own route", "/_shell/state", nil, 0},
		{"HEAD of a page", "/festgeld/", []string{"method", http.MethodHead}, 0},
		{"page", "/festgeld/", []string{"Sec-Fetch-Dest", "document"}, 1},
		{"page opted out of the shell", "/off", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := total()
			method := http.MethodGet
			req, _ := http.NewRequest(method, "http://localhost:9080"+tt.path, nil)
			for i := 0; i+1 < len(tt.headers); i += 2 {
				if tt.headers[i] == "method" {
					req.Method = tt.headers[i+1]
					continue
				}
				req.Header.Set(tt.headers[i], tt.headers[i+1])
			}
			res, err := tester.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			// The handler counts once the page is sent, maybe after the client has read it.
			// The server reads the next request on this keep-alive connection only after the
			// handler returned: one more request on it (which counts nowhere) waits for that.
			fence(t, tester)
			if got := total() - before; got != tt.want {
				t.Errorf("%s %s (status %d) moved shellgate_pages_total by %v, want %v", req.Method, tt.path, res.StatusCode, got, tt.want)
			}
		})
	}
}

// fence makes a request to the gateway's own liveness route and reads its answer.
func fence(t *testing.T, tester *caddytest.Tester) {
	t.Helper()
	res, err := tester.Client.Get("http://localhost:9080/_shell/healthz")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
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
			countPage(false, "opt-out-header")
		}
	})
}
