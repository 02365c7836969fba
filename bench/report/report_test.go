package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func TestParseWrk(t *testing.T) {
	for _, tc := range []struct {
		file    string
		want    wrkRun
		wantErr string
	}{
		{file: "wrk/100kb__shell__1.txt", want: wrkRun{ReqPerSec: 746.50, P50: 19470 * time.Microsecond, P99: 107930 * time.Microsecond, Requests: 1521}},
		{file: "wrk-errors.txt", want: wrkRun{ReqPerSec: 18950.12, P50: 790 * time.Microsecond, P99: 1020 * time.Millisecond, Requests: 189500, Bad: 12}},
		{file: "gobench.txt", wantErr: "--latency"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := parseWrk(f)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one mentioning %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestParseGoBench(t *testing.T) {
	f, err := os.Open("testdata/gobench.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raw, err := parseGoBench(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != 10 {
		t.Fatalf("read %d benchmark lines, want 10 (log lines are not results)", len(raw))
	}
	got := medianBenches(raw)
	want := []goBench{
		{Name: "Splice/100KB", MBPerSec: 738.43, AllocsPerOp: 31, BytesPerOp: 9120, NsPerOp: 142000},
		{Name: "Splice/1MB", MBPerSec: 866.58, AllocsPerOp: 31, BytesPerOp: 9184, NsPerOp: 1210000},
		{Name: "TokenizerBaseline/100KB", MBPerSec: 255.36, AllocsPerOp: 600, BytesPerOp: 12400, NsPerOp: 401000},
		{Name: "TokenizerBaseline/1MB", MBPerSec: 255.75, AllocsPerOp: 6100, BytesPerOp: 12400, NsPerOp: 4100000},
		{Name: "LessThanScan/100KB", MBPerSec: 2007.84, NsPerOp: 51000},
		{Name: "LessThanScan/1MB", MBPerSec: 2016.49, NsPerOp: 520000},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d benchmarks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("benchmark %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestPageSize(t *testing.T) {
	for name, want := range map[string]int{
		"Splice/100KB": 100 << 10, "Splice/1MB": 1 << 20, "Splice/size=100k": 100 << 10,
		"Splice/article-1mb": 1 << 20, "100kb": 100 << 10, "Splice/1MiB": 1 << 20,
		"Splice/page=100KB": 100 << 10, "TokenizerBaseline/page=1MB": 1 << 20,
		"Splice/small": 0, "Splice/utf8": 0,
	} {
		if got := pageSize(name); got != want {
			t.Errorf("pageSize(%q) = %d, want %d", name, got, want)
		}
	}
}

func TestJudgeProxies(t *testing.T) {
	ms := time.Millisecond
	results := func(shellRate float64, shellP99 time.Duration, nginxRate float64) []proxyResult {
		return []proxyResult{
			{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000, P99: 10 * ms},
			{Page: "100kb", Proxy: shellOn, ReqPerSec: shellRate, P99: shellP99},
			{Page: "100kb", Proxy: nginxSub, ReqPerSec: nginxRate, P99: 20 * ms},
		}
	}
	// Paired rounds decide the throughput verdicts where the run has them: here the
	// interleaved medians say the shell misses both, the pairs say it makes both.
	behind := results(850, 10*ms, 950)
	pairs := []pairResult{
		{Page: "100kb", A: shellOn, B: plainProxy, Ratios: []float64{0.97, 0.99, 0.96, 1.01}},
		{Page: "100kb", A: shellOn, B: nginxSub, Ratios: []float64{1.10, 1.12, 1.05, 1.20}},
	}
	straddling := []pairResult{
		{Page: "100kb", A: shellOn, B: plainProxy, Ratios: []float64{0.88, 0.96, 0.90, 0.99, 0.97}},
		{Page: "100kb", A: shellOn, B: nginxSub, Ratios: []float64{0.96, 1.02, 1.05, 0.97, 1.01}},
	}
	for _, tc := range []struct {
		name  string
		rs    []proxyResult
		pairs []pairResult
		want  []string // marks: throughput, p99, nginx (per shell proxy)
	}{
		{"paired rounds decide throughput", behind, pairs, []string{"PASS", "PASS", "PASS"}},
		// 0.88 0.90 0.96 0.97 0.99, median 0.96: the threshold 0.95 inside the middle half; nginx: 0.96 0.97 1.01 1.02 1.05, median 1.01.
		{"paired rounds astride the threshold", behind, straddling, []string{"PASS, noisy", "PASS", "PASS, noisy"}},
		{"paired rounds of another page", behind, []pairResult{{Page: "1mb", A: shellOn, B: nginxSub, Ratios: []float64{2}}}, []string{"MISS", "PASS", "MISS"}},
		{"all met at the limits", results(950, 11*ms, 949), nil, []string{"PASS", "PASS", "PASS"}},
		{"all missed just past them", results(949, 11*ms+time.Microsecond, 950), nil, []string{"MISS", "MISS", "MISS"}},
		// Round by round the shell's p99 is 0.5 ms over the plain proxy's,
		// though the machine's drift puts the medians 5 ms apart.
		{"p99 paired by round", []proxyResult{
			{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000, P99: 10 * ms, RoundP99: []time.Duration{5 * ms, 10 * ms, 20 * ms}},
			{Page: "100kb", Proxy: shellOn, ReqPerSec: 950, P99: 15 * ms, RoundP99: []time.Duration{5*ms + ms/2, 15 * ms, 20*ms + ms/2}},
			{Page: "100kb", Proxy: nginxSub, ReqPerSec: 900, P99: 20 * ms},
		}, nil, []string{"PASS", "PASS", "PASS"}},
		// The headline: an origin without validators, judged first, and on the 1 MB page too.
		{"no validators first, on every page", []proxyResult{
			{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000, P99: 10 * ms},
			{Page: "100kb", Proxy: shellOn, ReqPerSec: 1600, P99: 9 * ms},
			{Page: "100kb", Proxy: shellFull, ReqPerSec: 960, P99: 10 * ms},
			{Page: "100kb", Proxy: nginxSub, ReqPerSec: 900, P99: 20 * ms},
			{Page: "1mb", Proxy: plainProxy, ReqPerSec: 100, P99: 10 * ms},
			{Page: "1mb", Proxy: shellOn, ReqPerSec: 160, P99: 9 * ms},
			{Page: "1mb", Proxy: shellFull, ReqPerSec: 90, P99: 12 * ms},
			{Page: "1mb", Proxy: nginxSub, ReqPerSec: 40, P99: 20 * ms},
		}, nil, []string{"PASS", "PASS", "PASS", "PASS", "PASS", "PASS", "MISS", "PASS", "PASS"}},
		{"with page plans off beside", []proxyResult{
			{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000, P99: 10 * ms},
			{Page: "100kb", Proxy: shellOn, ReqPerSec: 950, P99: 10*ms + ms/2},
			{Page: "100kb", Proxy: shellScanned, ReqPerSec: 700, P99: 14 * ms},
			{Page: "100kb", Proxy: nginxSub, ReqPerSec: 900, P99: 20 * ms},
		}, nil, []string{"PASS", "PASS", "PASS", "MISS", "MISS", "MISS"}},
		// One worker each is judged apart, against its own plain proxy and nginx.
		{"one worker each beside", []proxyResult{
			{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000, P99: 10 * ms},
			{Page: "100kb", Proxy: shellOn, ReqPerSec: 950, P99: 10 * ms},
			{Page: "100kb", Proxy: nginxSub, ReqPerSec: 1000, P99: 8 * ms},
			{Page: "100kb", Proxy: plainProxy + oneCore, ReqPerSec: 1300, P99: 9 * ms},
			{Page: "100kb", Proxy: shellOn + oneCore, ReqPerSec: 1100, P99: 9 * ms},
			{Page: "100kb", Proxy: nginxSub + oneCore, ReqPerSec: 1000, P99: 8 * ms},
		}, nil, []string{"PASS", "PASS", "MISS", "MISS", "PASS", "PASS"}},
		{"one worker each without its nginx", []proxyResult{
			{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000, P99: 10 * ms},
			{Page: "100kb", Proxy: shellOn, ReqPerSec: 950, P99: 10 * ms},
			{Page: "100kb", Proxy: nginxSub, ReqPerSec: 900, P99: 8 * ms},
			{Page: "100kb", Proxy: plainProxy + oneCore, ReqPerSec: 1000, P99: 9 * ms},
			{Page: "100kb", Proxy: shellOn + oneCore, ReqPerSec: 950, P99: 9 * ms},
		}, nil, []string{"PASS", "PASS", "PASS", "PASS", "PASS", "n/a"}},
		{"no shell figures", []proxyResult{{Page: "100kb", Proxy: plainProxy, ReqPerSec: 1000}, {Page: "100kb", Proxy: nginxSub, ReqPerSec: 900}}, nil, []string{"n/a", "n/a", "n/a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vs := judgeProxies(tc.rs, tc.pairs)
			if len(vs) != len(tc.want) {
				t.Fatalf("got %d verdicts, want %d", len(vs), len(tc.want))
			}
			for i, v := range vs {
				if v.Mark() != tc.want[i] {
					t.Errorf("%s: %s (%s), want %s", v.Target, v.Mark(), v.Figure, tc.want[i])
				}
			}
		})
	}
}

func TestLoadPairs(t *testing.T) {
	ps, err := loadPairs("testdata/pairs")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 {
		t.Fatalf("got %d pairings, want the shell without validators beside plain, the shell beside nginx and beside plain: %+v", len(ps), ps)
	}
	if ps[0].A != shellFull || ps[0].B != plainProxy {
		t.Errorf("first pairing %s beside %s; want the headline, the shell without validators beside plain", ps[0].A, ps[0].B)
	}
	p, ok := findPair(ps, "100kb", shellOn, nginxSub)
	if !ok || len(p.Ratios) != 4 {
		t.Fatalf("shell beside nginx: %+v, %v; want 4 pairs", p, ok)
	}
	q1, q3 := p.Quartiles()
	// 5500/5000, 5200/5000, 3800/4000, 6600/6000: the third pair ran while the machine was slower.
	if got := [3]string{fmt.Sprintf("%.3f", q1), fmt.Sprintf("%.3f", p.Median()), fmt.Sprintf("%.3f", q3)}; got != [3]string{"0.995", "1.070", "1.100"} {
		t.Errorf("q1, median, q3 = %v", got)
	}
	if ps, err := loadPairs("testdata/no-such-dir"); err != nil || ps != nil {
		t.Errorf("a run without paired rounds: %v, %v; want none and no error", ps, err)
	}
}

func TestJudgeSplicer(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bs    []goBench
		speed string
		alloc string
	}{
		{"fast and flat", []goBench{{Name: "Splice/100KB", MBPerSec: 1000, AllocsPerOp: 20}, {Name: "Splice/1MB", MBPerSec: 1500, AllocsPerOp: 20}}, "PASS", "PASS"},
		{"slow on one page, allocs grow", []goBench{{Name: "Splice/100KB", MBPerSec: 2000, AllocsPerOp: 20}, {Name: "Splice/1MB", MBPerSec: 999, AllocsPerOp: 21}}, "MISS", "MISS"},
		{"baseline only", []goBench{{Name: "TokenizerBaseline/100KB", MBPerSec: 5000}}, "n/a", "n/a"},
		{"one size", []goBench{{Name: "Splice/100KB", MBPerSec: 5000}}, "PASS", "n/a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vs := judgeSplicer(tc.bs)
			if vs[0].Mark() != tc.speed || vs[1].Mark() != tc.alloc {
				t.Errorf("got speed %s (%s), allocs %s (%s); want %s, %s",
					vs[0].Mark(), vs[0].Figure, vs[1].Mark(), vs[1].Figure, tc.speed, tc.alloc)
			}
		})
	}
}

func TestJudgeSplicerScaled(t *testing.T) {
	refs := []goBench{
		{Name: "TokenizerBaseline/100KB", MBPerSec: 100}, {Name: "LessThanScan/100KB", MBPerSec: 2000},
		{Name: "TokenizerBaseline/1MB", MBPerSec: 100}, {Name: "LessThanScan/1MB", MBPerSec: 2000},
	}
	for _, tc := range []struct {
		name   string
		splice []goBench
		want   string
	}{
		{"above both references", []goBench{{Name: "Splice/100KB", MBPerSec: 700}, {Name: "Splice/1MB", MBPerSec: 600}}, "PASS"},
		{"below the tokenizer ratio on one page", []goBench{{Name: "Splice/100KB", MBPerSec: 700}, {Name: "Splice/1MB", MBPerSec: 380}}, "MISS"},
		{"below the scan share", []goBench{{Name: "Splice/100KB", MBPerSec: 330}}, "MISS"},
		{"no references for the page", []goBench{{Name: "Splice/10MB", MBPerSec: 5000}}, "n/a"},
		{"the scan with a Resolver below", []goBench{{Name: "Splice/100KB", MBPerSec: 700}, {Name: "SpliceResolve/100KB", MBPerSec: 380}}, "MISS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := judgeSplicerScaled(append(append([]goBench{}, refs...), tc.splice...))
			if v.Mark() != tc.want {
				t.Errorf("got %s (%s), want %s", v.Mark(), v.Figure, tc.want)
			}
		})
	}
}

func TestReport(t *testing.T) {
	var text, md bytes.Buffer
	if err := report(&text, &md, "testdata/wrk", "testdata/pairs", "testdata/gobench.txt", "testdata/customer-bench.txt", []string{"a test run"}); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"report.txt.golden": text.Bytes(), "report.md.golden": md.Bytes()} {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update once)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
		}
	}
}

func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rs    []proxyResult
		noisy bool
	}{
		{"steady baseline", []proxyResult{{Proxy: plainProxy, ReqPerSec: 1000, MinRate: 950, MaxRate: 1100}}, false},
		{"baseline swings", []proxyResult{{Proxy: plainProxy, ReqPerSec: 1000, MinRate: 900, MaxRate: 1100}}, true},
		// Only the baseline measures the machine; the shell's own spread is a finding.
		{"shell swings", []proxyResult{{Proxy: plainProxy, ReqPerSec: 1000, MinRate: 990, MaxRate: 1010}, {Proxy: shellOn, ReqPerSec: 500, MinRate: 100, MaxRate: 900}}, false},
		{"one-worker baseline swings", []proxyResult{{Proxy: plainProxy, ReqPerSec: 1000, MinRate: 990, MaxRate: 1010}, {Proxy: plainProxy + oneCore, ReqPerSec: 1000, MinRate: 800, MaxRate: 1100}}, true},
	} {
		if got := spread(tc.rs) > maxQuietSpread; got != tc.noisy {
			t.Errorf("%s: noisy = %v, want %v", tc.name, got, tc.noisy)
		}
	}
}

func TestParseCustomerBench(t *testing.T) {
	f, err := os.Open("testdata/customer-bench.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := parseCustomerBench(f)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name     string
		p99      float64
		critical float64
	}{{caseAnonymous, 0.301, 0}, {caseCached, 0.493, 0}, {caseFirst, 24.03, 20}, {casePartner, 33.32, 28}, {caseUncached, 23.66, 20}}
	if len(got) != len(want) {
		t.Fatalf("read %d cases, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Case != w.name || got[i].Metrics["p99-ms"] != w.p99 || got[i].Metrics["critical-path-ms"] != w.critical {
			t.Errorf("case %d: %s p99 %v, critical path %v; want %s with the median p99 %v, critical path %v",
				i, got[i].Case, got[i].Metrics["p99-ms"], got[i].Metrics["critical-path-ms"], w.name, w.p99, w.critical)
		}
	}
	if sp := got[4].Spread["p99-ms"]; sp < 1.369 || sp > 1.371 {
		t.Errorf("uncached p99 spread %v, want 24.97 - 23.60 = 1.37", sp)
	}
}

func TestJudgeCustomer(t *testing.T) {
	// cases: p99 of the anonymous, cached, expired (hinted) and first (guessed) pages, the
	// slowest call, and the partner's first page's p99 and critical path.
	cases := func(anonP99, cachedP99, uncachedP99, firstP99, slowest, partnerP99, critical float64) []customerBench {
		return []customerBench{
			{Case: caseAnonymous, Metrics: map[string]float64{"p99-ms": anonP99}},
			{Case: caseCached, Metrics: map[string]float64{"p99-ms": cachedP99}},
			{Case: caseFirst, Metrics: map[string]float64{"p99-ms": firstP99, "slowest-call-ms": slowest, "critical-path-ms": slowest}},
			{Case: casePartner, Metrics: map[string]float64{"p99-ms": partnerP99, "slowest-call-ms": slowest, "critical-path-ms": critical}},
			{Case: caseUncached, Metrics: map[string]float64{"p99-ms": uncachedP99, "slowest-call-ms": slowest, "critical-path-ms": slowest}},
		}
	}
	for _, tc := range []struct {
		name string
		bs   []customerBench
		want []string // cached, expired, first page, partner's first page
	}{
		{"all met at the limits", cases(1, 3, 25, 25, 20, 33, 28), []string{"PASS", "PASS", "PASS", "PASS"}},
		{"all missed just past them", cases(1, 3.01, 25.01, 25.01, 20, 33.01, 28), []string{"MISS", "MISS", "MISS", "MISS"}},
		// A partner's first page waits for its chain; the others for their slowest call.
		{"partner's first page slower than the slowest call + 5 ms", cases(1, 2, 24, 24, 20, 31, 28), []string{"PASS", "PASS", "PASS", "PASS"}},
		{"first page slower than the slowest call + 5 ms", cases(1, 2, 24, 26, 20, 31, 28), []string{"PASS", "PASS", "MISS", "PASS"}},
		{"no uncached figures", cases(1, 2, 0, 0, 0, 0, 0)[:2], []string{"PASS", "n/a", "n/a", "n/a"}},
		{"nothing", nil, []string{"n/a", "n/a", "n/a", "n/a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vs := judgeCustomer(tc.bs)
			if len(vs) != len(tc.want) {
				t.Fatalf("got %d verdicts, want %d", len(vs), len(tc.want))
			}
			for i, v := range vs {
				if v.Mark() != tc.want[i] {
					t.Errorf("%s: %s (%s), want %s", v.Target, v.Mark(), v.Figure, tc.want[i])
				}
			}
		})
	}
	// With each page timed against its own calls, that figure decides, not the set latencies.
	own := func(slowestAdded, criticalAdded float64) []customerBench {
		bs := cases(1, 2, 29, 29, 20, 36, 28)
		bs[2].Metrics["own-slowest-p99-added-ms"] = slowestAdded
		bs[4].Metrics["own-slowest-p99-added-ms"] = slowestAdded
		bs[3].Metrics["own-critical-p99-added-ms"] = criticalAdded
		return bs
	}
	for _, tc := range []struct {
		name                          string
		slowestAdded, criticalAdded   float64
		wantSlowest, wantCritical     string
		wantFigureSlowest, wantFigure string
	}{
		{"own calls took the time", 1.2, 5, "PASS", "PASS", "p99 +1.20 ms", "p99 +5.00 ms"},
		{"the page's own work", 5.01, 6, "MISS", "MISS", "p99 +5.01 ms", "p99 +6.00 ms"},
	} {
		vs := judgeCustomer(own(tc.slowestAdded, tc.criticalAdded))
		if vs[1].Mark() != tc.wantSlowest || vs[2].Mark() != tc.wantSlowest || vs[3].Mark() != tc.wantCritical {
			t.Errorf("%s: %s (%s), %s (%s), %s (%s); want %s, %s, %s", tc.name, vs[1].Mark(), vs[1].Figure, vs[2].Mark(), vs[2].Figure,
				vs[3].Mark(), vs[3].Figure, tc.wantSlowest, tc.wantSlowest, tc.wantCritical)
		}
		if !strings.Contains(vs[1].Figure, tc.wantFigureSlowest) || !strings.Contains(vs[3].Figure, tc.wantFigure) {
			t.Errorf("%s: figures %q, %q", tc.name, vs[1].Figure, vs[3].Figure)
		}
	}
	noisy := cases(1, 2, 26, 24, 20, 31, 28)
	noisy[0].Spread = map[string]float64{"p99-ms": 1.5}
	noisy[1].Spread = map[string]float64{"p99-ms": 0.6}
	noisy[2].Spread = map[string]float64{"p99-ms": 1}
	noisy[3].Spread = map[string]float64{"p99-ms": 4}
	noisy[4].Spread = map[string]float64{"p99-ms": 6}
	if vs := judgeCustomer(noisy); vs[0].Mark() != "PASS, noisy" || vs[1].Mark() != "MISS, noisy" || vs[2].Mark() != "PASS" || vs[3].Mark() != "PASS" {
		t.Errorf("runs 2.1 ms apart around a 2 ms margin, 6, 1 and 4 ms around 5 ms: %s, %s, %s, %s", vs[0].Mark(), vs[1].Mark(), vs[2].Mark(), vs[3].Mark())
	}
}

func TestJudgeSplicerPlanned(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bs     []goBench
		want   string
		wantOK bool
	}{
		{"no planned benchmarks", []goBench{{Name: "Splice/100KB", MBPerSec: 600}}, "n/a", false},
		{"slowest page decides", []goBench{{Name: "SplicePlanned/100KB", MBPerSec: 990}, {Name: "SplicePlanned/1MB", MBPerSec: 4000}}, "MISS", true},
		{"both fast", []goBench{{Name: "SplicePlanned/100KB", MBPerSec: 1000}, {Name: "SplicePlanned/1MB", MBPerSec: 4000}}, "PASS", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := judgeSplicerPlanned(tc.bs)
			if ok != tc.wantOK || v.Mark() != tc.want {
				t.Errorf("got %s (%s), ok %v; want %s, ok %v", v.Mark(), v.Figure, ok, tc.want, tc.wantOK)
			}
		})
	}
}

// The paired rounds print in the proxies' order, the headline case first, for the one-worker
// twins too, whose names sort the other way ("shell-1core" before "shell-full-1core").
func TestLoadPairsHeadlineFirst(t *testing.T) {
	wrk, err := os.ReadFile("testdata/pairs/100kb__shell__plain__1.a.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"100kb__shell-1core__plain-1core__1", "100kb__shell-full-1core__plain-1core__1",
		"100kb__shell__plain__1", "100kb__shell-full__plain__1"} {
		for _, side := range []string{".a.txt", ".b.txt"} {
			if err := os.WriteFile(filepath.Join(dir, name+side), wrk, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ps, err := loadPairs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.A)
	}
	want := []string{shellFull, shellOn, shellFull + oneCore, shellOn + oneCore}
	if !slices.Equal(got, want) {
		t.Errorf("pairings in the order %v; want %v", got, want)
	}
}
