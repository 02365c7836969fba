package main

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
)

// A rule is one sub_filter: nginx replaces Match, found once per page, with
// Match with each insert placed at its offset into Match.
type rule struct {
	Match   []byte
	Inserts []placed
	at      int // Match's offset in the origin page
}

type placed struct {
	Cut   int
	Bytes []byte
}

// Replace is the replacement string of the rule.
func (r rule) Replace() []byte {
	var b []byte
	last := 0
	for _, p := range r.Inserts {
		b = append(append(b, r.Match[last:p.Cut]...), p.Bytes...)
		last = p.Cut
	}
	return append(b, r.Match[last:]...)
}

// anchorTags are the tags a sub_filter rule can key on: the places the
// gateway splices into (head assets, header mount after <body>, footer before
// </body>) and their neighbours. Each must occur exactly once in the page.
var anchorTags = regexp.MustCompile(`(?i)<head\b[^>]*>|</head\s*>|<body\b[^>]*>|</body\s*>`)

type anchor struct{ start, end int }

// rules turns the gateway's insertions into sub_filter rules that give nginx
// the same output: each insertion goes just before or just after one anchor
// tag, or across the white space next to it, which the match then includes.
func rules(origin []byte, ins []insertion) ([]rule, error) {
	var anchors []anchor
	seen := map[string]int{}
	for _, m := range anchorTags.FindAllIndex(origin, -1) {
		seen[string(bytes.ToLower(origin[m[0]:m[1]]))]++
		anchors = append(anchors, anchor{m[0], m[1]})
	}
	anchors = slices.DeleteFunc(anchors, func(a anchor) bool {
		return seen[string(bytes.ToLower(origin[a.start:a.end]))] != 1 // sub_filter_once would take the first
	})
	var out []rule
	for _, x := range ins {
		ms, me, p, ok := place(origin, anchors, x)
		if !ok {
			from := max(0, x.Lo-40)
			return nil, fmt.Errorf("the gateway inserted %d bytes (%.60q) at origin offset %d, after %q, which is not "+
				"next to a single <head>, </head>, <body> or </body>; sub_filter cannot do the same, so give the "+
				"page those tags once each", len(x.Bytes), x.Bytes, x.Lo, origin[from:x.Lo])
		}
		var err error
		if out, err = add(out, origin, ms, me, placed{p - ms, x.bytesAt(origin, p)}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// place finds the match [ms, me) and insertion point p for x: the tag's own
// edges first, then edges widened over adjacent white space.
func place(origin []byte, anchors []anchor, x insertion) (ms, me, p int, ok bool) {
	in := func(p int) bool { return x.Lo <= p && p <= x.Hi }
	for _, a := range anchors {
		if in(a.start) {
			return a.start, a.end, a.start, true
		}
		if in(a.end) {
			return a.start, a.end, a.end, true
		}
	}
	for _, a := range anchors {
		for p := a.start; p > 0 && isSpace(origin[p-1]); {
			p--
			if in(p) {
				return p, a.end, p, true
			}
		}
		for p := a.end; p < len(origin) && isSpace(origin[p]); {
			p++
			if in(p) {
				return a.start, p, p, true
			}
		}
	}
	return 0, 0, 0, false
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// add records an insertion in the rule for origin[ms:me], joining inserts at
// the same point in the order the gateway wrote them; nginx applies one rule
// per match, and rules must not overlap.
func add(rs []rule, origin []byte, ms, me int, p placed) ([]rule, error) {
	for i, r := range rs {
		switch {
		case r.at == ms && len(r.Match) == me-ms:
			for k, q := range r.Inserts {
				if q.Cut == p.Cut {
					rs[i].Inserts[k].Bytes = append(q.Bytes, p.Bytes...)
					return rs, nil
				}
			}
			rs[i].Inserts = append(rs[i].Inserts, p)
			slices.SortStableFunc(rs[i].Inserts, func(a, b placed) int { return a.Cut - b.Cut })
			return rs, nil
		case ms < r.at+len(r.Match) && r.at < me:
			return nil, fmt.Errorf("insertions around %q and %q need overlapping sub_filter matches; "+
				"put other than white space between those tags in the page", r.Match, origin[ms:me])
		}
	}
	return append(rs, rule{Match: bytes.Clone(origin[ms:me]), Inserts: []placed{p}, at: ms}), nil
}
