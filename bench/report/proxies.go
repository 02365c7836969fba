package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The proxies compared, in the order rounds run and rows print.
const (
	plainProxy = "plain"
	shellOn    = "shell"
	// shellScanned is the shell with page_plans off: every response's body is
	// scanned, as for a page whose bytes change on every response.
	shellScanned = "shell-scanned"
	// shellFull is the shell with revalidate off: the origin sends every page whole,
	// as an origin without validators does; its body follows the page's plan.
	shellFull = "shell-full"
	nginxSub  = "nginx"
)

// oneCore marks a proxy run with one worker (the gateway with GOMAXPROCS=1, nginx with
// worker_processes 1) beside the same proxy with a worker per core. On a two-core machine
// that also runs wrk and the origin, a proxy with two workers competes with them for the
// cores; with one each, every proxy has the same budget and the other core is left to the
// load and the origin.
const oneCore = "-1core"

// The headline case first: the shell in front of an origin that sends no validators
// (shellFull), then the two it is measured against.
var proxyOrder = []string{shellFull, plainProxy, nginxSub, shellOn, shellScanned,
	shellFull + oneCore, plainProxy + oneCore, nginxSub + oneCore, shellOn + oneCore}

var proxyLabel = map[string]string{
	plainProxy:   "shellgate reverse_proxy",
	shellOn:      "shellgate shell on",
	shellFull:    "shellgate shell on, no validators (revalidate off)",
	shellScanned: "shellgate shell on, page_plans off",
	nginxSub:     "nginx sub_filter",

	plainProxy + oneCore: "shellgate reverse_proxy, GOMAXPROCS=1",
	shellOn + oneCore:    "shellgate shell on, GOMAXPROCS=1",
	shellFull + oneCore:  "shellgate shell on, no validators (revalidate off), GOMAXPROCS=1",
	nginxSub + oneCore:   "nginx sub_filter, worker_processes 1",
}

// plainOf is the plain proxy with the same workers as proxy: the one its ratios are to.
func plainOf(proxy string) string {
	if strings.HasSuffix(proxy, oneCore) {
		return plainProxy + oneCore
	}
	return plainProxy
}

// A proxyResult is the median over rounds of one proxy serving one page.
type proxyResult struct {
	Page, Proxy string
	Rounds      int
	ReqPerSec   float64
	// MinRate and MaxRate are the slowest and fastest round: how much the
	// machine's other load moved the figure.
	MinRate, MaxRate float64
	// RoundP99 is each round's p99 in round order, to pair with other
	// proxies' rounds run right beside it.
	RoundP99 []time.Duration
	P50, P99 time.Duration
	Bad      int
	// CPU is the median over rounds of the CPU per request by process (cpu.go); nil when
	// the run wrote no CPU files.
	CPU *cpuRun
}

// loadProxies reads dir/PAGE__PROXY__ROUND.txt, one wrk report per round, and
// takes each figure's median over the rounds.
func loadProxies(dir string) ([]proxyResult, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*__*__*.txt"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("no wrk reports named PAGE__PROXY__ROUND.txt in %s; did bench/run's wrk rounds run?", dir)
	}
	round := func(p string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(p[strings.LastIndex(p, "__")+2:], ".txt"))
		return n
	}
	slices.SortStableFunc(paths, func(a, b string) int { return round(a) - round(b) })
	type key struct{ page, proxy string }
	runs := map[key][]wrkRun{}
	cpus := map[key][]cpuRun{} // per request, for the rounds that have a CPU file
	var pages []string
	for _, p := range paths {
		parts := strings.Split(strings.TrimSuffix(filepath.Base(p), ".txt"), "__")
		k := key{parts[0], parts[1]}
		run, err := readWrk(p)
		if err != nil {
			return nil, err
		}
		runs[k] = append(runs[k], run)
		c, ok, err := loadCPU(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if ok {
			cpus[k] = append(cpus[k], c.perRequest(run.Requests))
		}
		if !slices.Contains(pages, k.page) {
			pages = append(pages, k.page)
		}
	}
	slices.SortFunc(pages, func(a, b string) int { return pageSize(a) - pageSize(b) })
	var out []proxyResult
	for _, page := range pages {
		for _, proxy := range proxyOrder {
			rs := runs[key{page, proxy}]
			if len(rs) == 0 {
				continue
			}
			res := proxyResult{Page: page, Proxy: proxy, Rounds: len(rs)}
			var rate, p50, p99 []float64
			for _, r := range rs {
				rate = append(rate, r.ReqPerSec)
				p50 = append(p50, float64(r.P50))
				p99 = append(p99, float64(r.P99))
				res.RoundP99 = append(res.RoundP99, r.P99)
				res.Bad += r.Bad
			}
			res.ReqPerSec = median(rate)
			res.MinRate, res.MaxRate = slices.Min(rate), slices.Max(rate)
			res.P50 = time.Duration(median(p50))
			res.P99 = time.Duration(median(p99))
			if cs := cpus[key{page, proxy}]; len(cs) > 0 {
				var proxyCPU, originCPU, wrkCPU, switches []float64
				for _, c := range cs {
					proxyCPU = append(proxyCPU, float64(c.Proxy))
					originCPU = append(originCPU, float64(c.Origin))
					wrkCPU = append(wrkCPU, float64(c.Wrk))
					if c.Switches >= 0 {
						switches = append(switches, c.Switches)
					}
				}
				res.CPU = &cpuRun{Proxy: time.Duration(median(proxyCPU)), Origin: time.Duration(median(originCPU)),
					Wrk: time.Duration(median(wrkCPU)), Switches: -1}
				if len(switches) > 0 {
					res.CPU.Switches = median(switches)
				}
			}
			out = append(out, res)
		}
	}
	return out, nil
}

// p99Added is how much later than the plain proxy's the p99 of r came: the
// median of the differences between rounds run side by side, which cancels
// most of the drift a shared machine adds to both.
func p99Added(r, plain proxyResult) time.Duration {
	if len(r.RoundP99) != len(plain.RoundP99) || len(r.RoundP99) == 0 {
		return r.P99 - plain.P99
	}
	d := make([]float64, len(r.RoundP99))
	for i := range d {
		d[i] = float64(r.RoundP99[i] - plain.RoundP99[i])
	}
	return time.Duration(median(d))
}

// find returns the result of proxy on page.
func find(rs []proxyResult, page, proxy string) (proxyResult, bool) {
	for _, r := range rs {
		if r.Page == page && r.Proxy == proxy {
			return r, true
		}
	}
	return proxyResult{}, false
}
