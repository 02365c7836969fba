package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// bench/run writes beside each wrk report (PAGE__PROXY__ROUND.txt) a .cpu file with the CPU
// time the proxy, the origin's worker and wrk spent in that round. Divided by the round's
// requests it says where a request's time goes: throughput on a machine that all three share
// moves with any of them, CPU per request much less with the machine's other load.

// A cpuRun is one round's CPU time by process, and the proxy's context switches.
type cpuRun struct {
	Proxy, Origin, Wrk time.Duration
	// Switches counts the proxy's context switches (every thread, voluntary or not), or per
	// request once divided; -1 for a file from before bench/run counted them.
	Switches float64
}

// parseCPU reads a .cpu file: "hz N", "proxy TICKS", "origin TICKS", "wrk SECONDS" and
// "switches N", which older runs lack.
func parseCPU(r io.Reader) (cpuRun, error) {
	var run cpuRun
	vals := map[string]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return run, fmt.Errorf("reading the CPU figure %s %q: %w", f[0], f[1], err)
		}
		vals[f[0]] = v
	}
	if err := sc.Err(); err != nil {
		return run, fmt.Errorf("reading a CPU file: %w", err)
	}
	hz := vals["hz"]
	for _, k := range []string{"hz", "proxy", "origin", "wrk"} {
		if _, ok := vals[k]; !ok || hz <= 0 {
			return run, fmt.Errorf("a CPU file lacks %q (or hz is 0): bench/run writes hz, proxy, origin and wrk", k)
		}
	}
	seconds := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	run.Proxy, run.Origin, run.Wrk = seconds(vals["proxy"]/hz), seconds(vals["origin"]/hz), seconds(vals["wrk"])
	run.Switches = -1
	if n, ok := vals["switches"]; ok {
		run.Switches = n
	}
	return run, nil
}

// loadCPU reads the .cpu file beside a wrk report, if there is one.
func loadCPU(wrkReport string) (cpuRun, bool, error) {
	f, err := os.Open(strings.TrimSuffix(wrkReport, ".txt") + ".cpu")
	if os.IsNotExist(err) {
		return cpuRun{}, false, nil
	}
	if err != nil {
		return cpuRun{}, false, fmt.Errorf("opening a CPU file: %w", err)
	}
	defer f.Close()
	run, err := parseCPU(f)
	return run, err == nil, err
}

// perRequest divides a round's CPU by its requests.
func (c cpuRun) perRequest(requests int) cpuRun {
	if requests <= 0 {
		return cpuRun{}
	}
	n := time.Duration(requests)
	per := cpuRun{Proxy: c.Proxy / n, Origin: c.Origin / n, Wrk: c.Wrk / n, Switches: c.Switches}
	if c.Switches >= 0 {
		per.Switches = c.Switches / float64(requests)
	}
	return per
}

func (c cpuRun) total() time.Duration { return c.Proxy + c.Origin + c.Wrk }

// cpuTable lists each proxy's CPU per request (median of the rounds), split by process, the
// total beside the plain proxy's, and the proxy's context switches per request. Nothing when
// the run wrote no CPU files.
func cpuTable(rs []proxyResult) (table, bool) {
	t := table{
		Title: "CPU per request (median of the rounds: CPU time of each process over the round's requests)",
		Head:  []string{"page", "proxy", "proxy process", "origin", "wrk", "total", "total x plain", "proxy context switches"},
	}
	us := func(d time.Duration) string { return fmt.Sprintf("%.1f us", float64(d)/float64(time.Microsecond)) }
	for _, r := range rs {
		if r.CPU == nil {
			continue
		}
		ratio := "-"
		if plain, ok := find(rs, r.Page, plainOf(r.Proxy)); ok && plain.CPU != nil && plain.CPU.total() > 0 {
			ratio = fmt.Sprintf("%.3f", float64(r.CPU.total())/float64(plain.CPU.total()))
		}
		switches := "-"
		if r.CPU.Switches >= 0 {
			switches = fmt.Sprintf("%.2f", r.CPU.Switches)
		}
		t.Rows = append(t.Rows, []string{sizeLabel(r.Page), proxyLabel[r.Proxy], us(r.CPU.Proxy), us(r.CPU.Origin),
			us(r.CPU.Wrk), us(r.CPU.total()), ratio, switches})
	}
	return t, len(t.Rows) > 0
}
