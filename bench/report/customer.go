package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// The customer page benchmark (caddy-module/customer_bench_test.go, BenchmarkCustomerPage):
// a whole page through the handler for an anonymous visitor, a logged-in customer whose data
// is cached, and one with nothing cached against a persona API with set latencies. Its lines
// carry custom metrics (p50-ms, p99-ms, slowest-call-ms, critical-path-ms, ...), read here by
// unit.

// A customerBench is one sub-benchmark's metrics by unit, the median over -count runs, and
// how far apart the runs were (largest minus smallest), which the machine's other load moves.
type customerBench struct {
	Case    string // anonymous, logged-in-cached, logged-in-uncached-first(-partner), logged-in-uncached
	Metrics map[string]float64
	Spread  map[string]float64
}

// The benchmark's cases.
const (
	caseAnonymous = "anonymous"
	caseCached    = "logged-in-cached"
	caseUncached  = "logged-in-uncached"               // answers expired, the customer's hint known
	caseFirst     = "logged-in-uncached-first"         // the customer's first page: no hint, a right guess
	casePartner   = "logged-in-uncached-first-partner" // a partner's customer's first page: the distributor guessed wrong
)

// The targets for the customer's data (issue 5, Speed).
const (
	maxCachedP99AddedMs   = 2.0 // cached data adds at most 2 ms p99 over an anonymous page
	maxUncachedOverSlowMs = 5.0 // uncached costs at most the slowest call + 5 ms
)

// parseCustomerBench reads the BenchmarkCustomerPage lines of go test output, merging
// repeated runs (-count) into per-metric medians, in first-seen order.
func parseCustomerBench(r io.Reader) ([]customerBench, error) {
	var order []string
	runs := map[string][]map[string]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "BenchmarkCustomerPage/") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue // a log line
		}
		name := procsSuffix.ReplaceAllString(strings.TrimPrefix(f[0], "BenchmarkCustomerPage/"), "")
		m := map[string]float64{}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("reading %s's %s %q: %w", f[0], f[i+1], f[i], err)
			}
			m[f[i+1]] = v
		}
		if _, seen := runs[name]; !seen {
			order = append(order, name)
		}
		runs[name] = append(runs[name], m)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the customer benchmark output: %w", err)
	}
	var out []customerBench
	for _, name := range order {
		merged, spread := map[string]float64{}, map[string]float64{}
		for unit := range runs[name][0] {
			var vs []float64
			for _, m := range runs[name] {
				if v, ok := m[unit]; ok {
					vs = append(vs, v)
				}
			}
			merged[unit] = median(vs)
			spread[unit] = slices.Max(vs) - slices.Min(vs)
		}
		out = append(out, customerBench{Case: name, Metrics: merged, Spread: spread})
	}
	return out, nil
}

func findCase(bs []customerBench, name string) (customerBench, bool) {
	for _, b := range bs {
		if b.Case == name {
			return b, true
		}
	}
	return customerBench{}, false
}

// metric gives a unit's figure and whether the run reported it.
func (b customerBench) metric(unit string) (float64, bool) {
	v, ok := b.Metrics[unit]
	return v, ok
}

// customerTable lists p50 and p99 per case, and for the uncached case the upstream's slowest
// call and critical path it is judged against, the data load alone (the customer client's
// Load, no page), which tells the calls' share of the page's time and tail, and each page's
// time over its own calls as the client timed them.
func customerTable(bs []customerBench) table {
	t := table{
		Title: "A page with the customer's data (BenchmarkCustomerPage, through the handler, median of -count runs)",
		Head: []string{"case", "p50", "p99", "slowest call", "critical path", "data load alone p50", "data load alone p99",
			"p99 over its own slowest call", "p99 over its own critical path"},
	}
	cell := func(b customerBench, unit string) string {
		if v, ok := b.metric(unit); ok {
			return fmt.Sprintf("%.2f ms", v)
		}
		return "-"
	}
	for _, b := range bs {
		t.Rows = append(t.Rows, []string{b.Case, cell(b, "p50-ms"), cell(b, "p99-ms"),
			cell(b, "slowest-call-ms"), cell(b, "critical-path-ms"), cell(b, "load-p50-ms"), cell(b, "load-p99-ms"),
			cell(b, "own-slowest-p99-added-ms"), cell(b, "own-critical-p99-added-ms")})
	}
	return t
}

// judgeCustomer checks the issue's two targets. The second, "the slowest single upstream
// call + 5 ms (the calls run in parallel)", is judged on a page whose answers expired (the
// client knows the customer's distributor and country from an earlier load and runs the calls
// that need them beside the customer call) and on the customer's first page, where the client
// knows nothing of the customer and runs them on its guess from the page, right for most
// customers. A partner's customer's first page, whose distributor the guess gets wrong, cannot
// meet it (product types need the distributor: they wait for the customer's answer) and is
// judged against that chain, its critical path. A verdict is noisy when the p99s it compares
// moved across the -count runs by more than the target's margin.
func judgeCustomer(bs []customerBench) []verdict {
	cached := verdict{Target: fmt.Sprintf("logged-in page, data cached: p99 added over anonymous <= %.0f ms", maxCachedP99AddedMs)}
	anon, okAnon := findCase(bs, caseAnonymous)
	warm, okWarm := findCase(bs, caseCached)
	if okAnon && okWarm {
		a, okA := anon.metric("p99-ms")
		w, okW := warm.metric("p99-ms")
		if okA && okW {
			added := w - a
			cached.Figure = fmt.Sprintf("%+.2f ms (p99 %.2f vs %.2f ms)", added, w, a)
			cached.Pass, cached.Judged = added <= maxCachedP99AddedMs, true
			cached.Noisy = anon.Spread["p99-ms"]+warm.Spread["p99-ms"] > maxCachedP99AddedMs
		}
	}
	slow := verdict{Target: fmt.Sprintf("logged-in page, answers expired: p99 <= slowest single call + %.0f ms", maxUncachedOverSlowMs)}
	if cold, ok := findCase(bs, caseUncached); ok {
		judgeUncached(&slow, cold, "slowest-call-ms", "own-slowest-p99-added-ms", "its slowest call")
	}
	first := verdict{Target: fmt.Sprintf("customer's first page, nothing cached or known: p99 <= slowest single call + %.0f ms", maxUncachedOverSlowMs)}
	if b, ok := findCase(bs, caseFirst); ok {
		judgeUncached(&first, b, "slowest-call-ms", "own-slowest-p99-added-ms", "its slowest call")
	}
	chain := verdict{Target: fmt.Sprintf("a partner's customer's first page (distributor guessed wrong): p99 <= critical path (slowest chain of dependent calls) + %.0f ms", maxUncachedOverSlowMs)}
	if b, ok := findCase(bs, casePartner); ok {
		judgeUncached(&chain, b, "critical-path-ms", "own-critical-p99-added-ms", "its critical path")
	}
	return []verdict{cached, slow, first, chain}
}

// judgeUncached judges an uncached case's p99 against a reference (the slowest call or the
// critical path) + 5 ms. Where the run timed each page's own calls (ownUnit: the p99 over
// pages of the page's time minus its own calls' reference, as the client timed them), that
// decides: a call set to 20 ms takes longer now and then on a shared machine, and no page is
// faster than its calls. Without it, the page's p99 is judged against the set latencies.
func judgeUncached(v *verdict, b customerBench, refUnit, ownUnit, own string) {
	p99, okP := b.metric("p99-ms")
	ref, okR := b.metric(refUnit)
	if !okP || !okR {
		return
	}
	if added, ok := b.metric(ownUnit); ok {
		v.Figure = fmt.Sprintf("each page over %s: p99 %+.2f ms (pages' p99 %.2f ms, set latencies %.2f ms)", own, added, p99, ref)
		v.Pass, v.Judged = added <= maxUncachedOverSlowMs, true
		v.Noisy = b.Spread[ownUnit] > maxUncachedOverSlowMs
		return
	}
	v.Figure = fmt.Sprintf("%.2f ms vs %.2f + %.0f ms", p99, ref, maxUncachedOverSlowMs)
	v.Pass, v.Judged = p99 <= ref+maxUncachedOverSlowMs, true
	v.Noisy = b.Spread["p99-ms"] > maxUncachedOverSlowMs
}
