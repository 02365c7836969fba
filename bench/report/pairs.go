package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// A pairResult is one target's two proxies run in short rounds side by side (bench/run's
// paired rounds): the ratio of A's requests per second to B's in each pair.
type pairResult struct {
	Page, A, B string
	Ratios     []float64
	// Bad counts error responses in either proxy's rounds, as wrkRun.Bad.
	Bad int
}

// Median is the median of the pairs' ratios.
func (p pairResult) Median() float64 { return median(p.Ratios) }

// Quartiles bound the middle half of the pairs' ratios.
func (p pairResult) Quartiles() (q1, q3 float64) {
	s := slices.Clone(p.Ratios)
	slices.Sort(s)
	half := len(s) / 2
	return median(s[:half]), median(s[len(s)-half:])
}

// describe says what a paired ratio is: the median, how far the middle half of the pairs
// lies from it, and how many pairs there were.
func (p pairResult) describe(unit string) string {
	q1, q3 := p.Quartiles()
	return fmt.Sprintf("%.3f x%s (middle half %.3f-%.3f, %d pairs)", p.Median(), unit, q1, q3, len(p.Ratios))
}

// loadPairs reads dir/PAGE__A__B__I.a.txt and .b.txt, the wrk reports of pair I; a
// missing directory is a run from before paired rounds.
func loadPairs(dir string) ([]pairResult, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*__*__*__*.a.txt"))
	if err != nil || len(paths) == 0 {
		return nil, nil
	}
	slices.Sort(paths)
	type key struct{ page, a, b string }
	byKey := map[key]*pairResult{}
	var order []key
	for _, pa := range paths {
		parts := strings.Split(strings.TrimSuffix(filepath.Base(pa), ".a.txt"), "__")
		if len(parts) != 4 {
			return nil, fmt.Errorf("%s: want a name PAGE__A__B__I.a.txt", pa)
		}
		k := key{parts[0], parts[1], parts[2]}
		a, err := readWrk(pa)
		if err != nil {
			return nil, err
		}
		b, err := readWrk(strings.TrimSuffix(pa, ".a.txt") + ".b.txt")
		if err != nil {
			return nil, err
		}
		r := byKey[k]
		if r == nil {
			r = &pairResult{Page: k.page, A: k.a, B: k.b}
			byKey[k] = r
			order = append(order, k)
		}
		r.Bad += a.Bad + b.Bad
		if b.ReqPerSec > 0 {
			r.Ratios = append(r.Ratios, a.ReqPerSec/b.ReqPerSec)
		}
	}
	// By page, then in the order the proxies' rows print: the headline case first.
	slices.SortStableFunc(order, func(x, y key) int {
		if d := pageSize(x.page) - pageSize(y.page); d != 0 {
			return d
		}
		if d := rank(x.a) - rank(y.a); d != 0 {
			return d
		}
		return rank(x.b) - rank(y.b)
	})
	out := make([]pairResult, 0, len(order))
	for _, k := range order {
		out = append(out, *byKey[k])
	}
	return out, nil
}

// findPair returns the paired rounds of a beside b on page.
func findPair(ps []pairResult, page, a, b string) (pairResult, bool) {
	for _, p := range ps {
		if p.Page == page && p.A == a && p.B == b && len(p.Ratios) > 0 {
			return p, true
		}
	}
	return pairResult{}, false
}

// pairTable lists every paired comparison.
func pairTable(ps []pairResult) table {
	t := table{
		Title: "Throughput side by side (paired rounds in ABBA order: A's req/s over B's in each pair)",
		Head:  []string{"page", "A", "B", "median A / B", "middle half", "pairs", "A ahead in", "errors"},
	}
	for _, p := range ps {
		q1, q3 := p.Quartiles()
		ahead := 0
		for _, r := range p.Ratios {
			if r > 1 {
				ahead++
			}
		}
		t.Rows = append(t.Rows, []string{
			sizeLabel(p.Page), proxyLabel[p.A], proxyLabel[p.B], fmt.Sprintf("%.3f", p.Median()),
			fmt.Sprintf("%.3f-%.3f", q1, q3), fmt.Sprint(len(p.Ratios)), fmt.Sprintf("%d of %d", ahead, len(p.Ratios)), fmt.Sprint(p.Bad),
		})
	}
	return t
}

// rank is a proxy's place in proxyOrder; an unknown one goes last.
func rank(proxy string) int {
	if i := slices.Index(proxyOrder, proxy); i >= 0 {
		return i
	}
	return len(proxyOrder)
}
