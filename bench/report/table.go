package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// A table is rendered twice: aligned text for the terminal, Markdown for the README.
type table struct {
	Title string
	Head  []string
	Rows  [][]string
}

func (t table) text(w io.Writer) error {
	fmt.Fprintf(w, "%s\n", t.Title)
	if len(t.Head) == 0 {
		_, err := fmt.Fprintln(w)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, row := range append([][]string{t.Head}, t.Rows...) {
		fmt.Fprintf(tw, "  %s\n", strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w)
	return err
}

func (t table) markdown(w io.Writer) error {
	fmt.Fprintf(w, "### %s\n\n", t.Title)
	if len(t.Head) == 0 {
		return nil
	}
	fmt.Fprintf(w, "| %s |\n|", strings.Join(t.Head, " | "))
	for i := range t.Head {
		if t.numeric(i) {
			fmt.Fprint(w, " ---: |")
		} else {
			fmt.Fprint(w, " --- |")
		}
	}
	fmt.Fprintln(w)
	for _, row := range t.Rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	_, err := fmt.Fprintln(w)
	return err
}

// numeric reports whether column i holds figures, which read best right-aligned.
func (t table) numeric(i int) bool {
	for _, row := range t.Rows {
		if c := row[i]; c == "" || !strings.ContainsRune("0123456789+-.", rune(c[0])) {
			return false
		}
	}
	return len(t.Rows) > 0
}

func proxyTable(rs []proxyResult) table {
	t := table{
		Title: "Through the gateway (wrk, median of the rounds)",
		Head:  []string{"page", "proxy", "req/s", "rounds' req/s", "x plain", "p50", "p99", "p99 added (paired rounds)", "errors"},
	}
	if len(rs) > 0 {
		t.Title = fmt.Sprintf("Through the gateway (wrk, median of %d rounds)", rs[0].Rounds)
	}
	for _, r := range rs {
		ratio, added := "-", "-"
		if plain, ok := find(rs, r.Page, plainOf(r.Proxy)); ok && plain.ReqPerSec > 0 {
			ratio = fmt.Sprintf("%.3f", r.ReqPerSec/plain.ReqPerSec)
			if r.Proxy != plainOf(r.Proxy) {
				added = signedMs(p99Added(r, plain))
			}
		}
		t.Rows = append(t.Rows, []string{sizeLabel(r.Page), proxyLabel[r.Proxy], fmt.Sprintf("%.0f", r.ReqPerSec),
			fmt.Sprintf("%.0f-%.0f", r.MinRate, r.MaxRate), ratio, ms(r.P50), ms(r.P99), added, fmt.Sprint(r.Bad)})
	}
	return t
}

func splicerTable(bs []goBench) table {
	t := table{
		Title: "The splicer alone (go test -bench, one core, median of -count runs)",
		Head:  []string{"benchmark", "MB/s", "B/op", "allocs/op", "us/op"},
	}
	for _, b := range bs {
		t.Rows = append(t.Rows, []string{b.Name, fmt.Sprintf("%.0f", b.MBPerSec), fmt.Sprintf("%.0f", b.BytesPerOp),
			fmt.Sprintf("%g", b.AllocsPerOp), fmt.Sprintf("%.1f", b.NsPerOp/1000)})
	}
	return t
}

func verdictTable(vs []verdict) table {
	t := table{Title: "Targets", Head: []string{"target", "figure", "result"}}
	for _, v := range vs {
		fig := v.Figure
		if !v.Judged {
			fig = "not measured"
		}
		t.Rows = append(t.Rows, []string{v.Target, fig, v.Mark()})
	}
	return t
}
