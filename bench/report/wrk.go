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

// A wrkRun is what one wrk --latency run measured.
type wrkRun struct {
	ReqPerSec float64
	P50, P99  time.Duration
	Requests  int
	// Bad counts non-2xx/3xx responses and socket errors: a run with any
	// measured something other than the page.
	Bad int
}

// parseWrk reads wrk's --latency report.
func parseWrk(r io.Reader) (wrkRun, error) {
	var run wrkRun
	var haveRate, haveP50, haveP99 bool
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "Requests/sec:":
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return run, fmt.Errorf("reading wrk's Requests/sec %q: %w", f[1], err)
			}
			run.ReqPerSec, haveRate = v, true
		case len(f) == 2 && (f[0] == "50%" || f[0] == "99%"):
			d, err := wrkDuration(f[1])
			if err != nil {
				return run, err
			}
			if f[0] == "50%" {
				run.P50, haveP50 = d, true
			} else {
				run.P99, haveP99 = d, true
			}
		case len(f) >= 3 && f[1] == "requests" && f[2] == "in":
			run.Requests, _ = strconv.Atoi(f[0])
		case len(f) == 5 && f[0] == "Non-2xx":
			n, _ := strconv.Atoi(f[4])
			run.Bad += n
		case len(f) >= 2 && f[0] == "Socket" && f[1] == "errors:":
			// Socket errors: connect 0, read 0, write 0, timeout 0
			for i := 3; i < len(f); i += 2 {
				n, _ := strconv.Atoi(strings.TrimSuffix(f[i], ","))
				run.Bad += n
			}
		}
	}
	if err := sc.Err(); err != nil {
		return run, fmt.Errorf("reading wrk's report: %w", err)
	}
	if !haveRate || !haveP50 || !haveP99 {
		return run, fmt.Errorf("wrk's report lacks Requests/sec or the 50%%/99%% latency lines; was it run with --latency?")
	}
	return run, nil
}

// wrkDuration reads wrk's latency figures: 830.00us, 1.10ms, 1.02s, 1.50m.
func wrkDuration(s string) (time.Duration, error) {
	for _, u := range []struct {
		suffix string
		unit   time.Duration
	}{{"us", time.Microsecond}, {"ms", time.Millisecond}, {"s", time.Second}, {"m", time.Minute}, {"h", time.Hour}} {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			v, err := strconv.ParseFloat(num, 64)
			if err != nil {
				return 0, fmt.Errorf("reading wrk's latency %q: %w", s, err)
			}
			return time.Duration(v * float64(u.unit)), nil
		}
	}
	return 0, fmt.Errorf("reading wrk's latency %q: unknown unit", s)
}

// readWrk reads the wrk report at path, one round of the interleaved or the paired rounds.
func readWrk(path string) (wrkRun, error) {
	f, err := os.Open(path)
	if err != nil {
		return wrkRun{}, fmt.Errorf("opening a wrk report: %w", err)
	}
	defer f.Close()
	run, err := parseWrk(f)
	if err != nil {
		return run, fmt.Errorf("%s: %w", path, err)
	}
	return run, nil
}
