// Command report turns one bench/run's raw output into the table it prints
// and the Markdown it keeps for the README: the splicer's go benchmarks, the
// wrk rounds of the three proxies, and a PASS/MISS per target.
//
//	go run ./bench/report -wrk DIR -gobench FILE -customer FILE -md bench/results/latest.md -note "..."
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

type notes []string

func (n *notes) String() string     { return strings.Join(*n, "; ") }
func (n *notes) Set(s string) error { *n = append(*n, s); return nil }

func main() {
	wrkDir := flag.String("wrk", "", "directory of wrk reports named PAGE__PROXY__ROUND.txt")
	pairsDir := flag.String("pairs", "", "directory of paired rounds' wrk reports named PAGE__A__B__I.a.txt and .b.txt")
	goBenchPath := flag.String("gobench", "", "output of go test -bench -benchmem for the splicer")
	customerPath := flag.String("customer", "", "output of go test -bench CustomerPage (caddy-module)")
	mdPath := flag.String("md", "", "Markdown file to write besides printing")
	var about notes
	flag.Var(&about, "note", "a line about the run (machine, versions); repeatable")
	flag.Parse()
	var text, md bytes.Buffer
	if err := report(&text, &md, *wrkDir, *pairsDir, *goBenchPath, *customerPath, about); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
	os.Stdout.Write(text.Bytes())
	if *mdPath != "" {
		if err := os.WriteFile(*mdPath, md.Bytes(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "report: writing the Markdown:", err)
			os.Exit(1)
		}
	}
}

// report writes the tables; a part whose input is missing says so instead of
// failing the whole report, so a run without the splicer benchmarks still prints.
func report(text, md io.Writer, wrkDir, pairsDir, goBenchPath, customerPath string, about []string) error {
	fmt.Fprintln(md, "## Benchmark: shell on vs plain reverse_proxy vs nginx sub_filter")
	fmt.Fprintln(md)
	for _, n := range about {
		fmt.Fprintf(text, "%s\n", n)
		fmt.Fprintf(md, "- %s\n", n)
	}
	fmt.Fprintln(text)
	fmt.Fprintln(md)
	var tables []table
	var verdicts []verdict
	var noise float64

	var benches []goBench
	if goBenchPath != "" {
		f, err := os.Open(goBenchPath)
		if err != nil {
			return fmt.Errorf("opening the go benchmark output: %w", err)
		}
		benches, err = parseGoBench(f)
		f.Close()
		if err != nil {
			return err
		}
		benches = medianBenches(benches)
	}
	if len(benches) > 0 {
		tables = append(tables, splicerTable(benches))
	} else {
		tables = append(tables, table{Title: "The splicer alone: no benchmark results (see the go test output above)"})
	}
	verdicts = append(verdicts, judgeSplicer(benches)...)
	verdicts = append(verdicts, judgeSplicerScaled(benches))
	if v, ok := judgeSplicerPlanned(benches); ok {
		verdicts = append(verdicts, v)
	}

	if customerPath != "" { // customer.go
		f, err := os.Open(customerPath)
		if err != nil {
			return fmt.Errorf("opening the customer benchmark output: %w", err)
		}
		cbs, err := parseCustomerBench(f)
		f.Close()
		if err != nil {
			return err
		}
		tables = append(tables, customerTable(cbs))
		verdicts = append(verdicts, judgeCustomer(cbs)...)
	}

	if wrkDir != "" {
		rs, err := loadProxies(wrkDir)
		if err != nil {
			return err
		}
		tables = append(tables, proxyTable(rs))
		if t, ok := cpuTable(rs); ok {
			tables = append(tables, t)
		}
		var ps []pairResult
		if pairsDir != "" {
			if ps, err = loadPairs(pairsDir); err != nil {
				return err
			}
		}
		if len(ps) > 0 {
			tables = append(tables, pairTable(ps))
		}
		noise = spread(rs)
		pv := judgeProxies(rs, ps)
		for i := range pv {
			if !pv[i].Paired {
				pv[i].Noisy = noise > maxQuietSpread
			}
		}
		verdicts = append(pv, verdicts...)
	}
	vt := verdictTable(verdicts)
	if noise > maxQuietSpread {
		vt.Title += fmt.Sprintf(" (noisy run: the plain proxy's interleaved rounds differ by up to %.0f %%, so every "+
			"verdict on them is marked noisy; a paired verdict is noisy when its threshold lies inside the middle half of its pairs)", noise*100)
	}
	tables = append(tables, vt)
	for _, t := range tables {
		if err := t.text(text); err != nil {
			return err
		}
		if err := t.markdown(md); err != nil {
			return err
		}
	}
	return nil
}
