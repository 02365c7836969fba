package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// A goBench is one line of `go test -bench -benchmem` output.
type goBench struct {
	Name        string // without "Benchmark" and the -GOMAXPROCS suffix
	MBPerSec    float64
	AllocsPerOp float64
	BytesPerOp  float64
	NsPerOp     float64
}

var procsSuffix = regexp.MustCompile(`-\d+$`)

// parseGoBench reads the benchmark lines of `go test -bench` output and
// ignores the rest (goos, pkg, PASS, ok).
func parseGoBench(r io.Reader) ([]goBench, error) {
	var out []goBench
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue // a benchmark's log line, not its result
		}
		b := goBench{Name: procsSuffix.ReplaceAllString(strings.TrimPrefix(f[0], "Benchmark"), "")}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("reading %s's %s %q: %w", f[0], f[i+1], f[i], err)
			}
			switch f[i+1] {
			case "ns/op":
				b.NsPerOp = v
			case "MB/s":
				b.MBPerSec = v
			case "B/op":
				b.BytesPerOp = v
			case "allocs/op":
				b.AllocsPerOp = v
			}
		}
		out = append(out, b)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading go test output: %w", err)
	}
	return out, nil
}

// pageSize reads the page size a benchmark name mentions, "100KB", "1MB",
// "size=100k", "article-1mb", in bytes; 0 if none.
func pageSize(name string) int {
	m := sizeInName.FindStringSubmatch(name)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	switch strings.ToLower(m[2][:1]) {
	case "k":
		return n << 10
	case "m":
		return n << 20
	}
	return n
}

var sizeInName = regexp.MustCompile(`(?i)(?:^|[^0-9a-z])(\d+)\s*(kib|kb|k|mib|mb|m)(?:$|[^0-9a-z])`)

// medianBenches merges repeated lines (-count) of the same benchmark into
// their per-field medians, in first-seen order.
func medianBenches(bs []goBench) []goBench {
	var order []string
	byName := map[string][]goBench{}
	for _, b := range bs {
		if _, ok := byName[b.Name]; !ok {
			order = append(order, b.Name)
		}
		byName[b.Name] = append(byName[b.Name], b)
	}
	var out []goBench
	for _, name := range order {
		runs := byName[name]
		pick := func(f func(goBench) float64) float64 {
			vs := make([]float64, len(runs))
			for i, r := range runs {
				vs[i] = f(r)
			}
			return median(vs)
		}
		out = append(out, goBench{
			Name:        name,
			MBPerSec:    pick(func(b goBench) float64 { return b.MBPerSec }),
			AllocsPerOp: pick(func(b goBench) float64 { return b.AllocsPerOp }),
			BytesPerOp:  pick(func(b goBench) float64 { return b.BytesPerOp }),
			NsPerOp:     pick(func(b goBench) float64 { return b.NsPerOp }),
		})
	}
	return out
}
