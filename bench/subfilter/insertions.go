package main

import (
	"bytes"
	"fmt"
)

// An insertion is what the gateway added to the origin's page: Bytes placed
// before origin byte Lo. Where the origin's bytes around it repeat the
// insertion's own first or last bytes, it could equally sit anywhere from Lo
// to Hi (think "<div>" inserted before another "<div"); a sub_filter rule may
// pick any of those places.
type insertion struct {
	Lo, Hi int
	Bytes  []byte
}

// runCap bounds how far resync compares: a run this long after a candidate
// insertion settles it.
const runCap = 4096

// resync returns how many bytes at the start of spliced were inserted before
// origin continues, at most budget (the bytes still unaccounted for): the
// length after which the longest run of origin bytes follows, the shortest
// such length on a tie. It returns -1 when nothing of origin follows at all.
func resync(origin, spliced []byte, budget int) int {
	best, bestRun := -1, 0
	for k := 1; k <= budget && k < len(spliced); k++ {
		n := min(runCap, len(origin), len(spliced)-k)
		run := 0
		for run < n && origin[run] == spliced[k+run] {
			run++
		}
		if run > bestRun {
			best, bestRun = k, run
			if run == n {
				break
			}
		}
	}
	return best
}

// insertions finds what spliced adds to origin, given that the gateway only
// inserts and passes every origin byte through in order.
func insertions(origin, spliced []byte) ([]insertion, error) {
	var found []insertion
	i, j := 0, 0
	for i < len(origin) {
		if j < len(spliced) && origin[i] == spliced[j] {
			i++
			j++
			continue
		}
		k := resync(origin[i:], spliced[j:], len(spliced)-j-(len(origin)-i))
		if k < 0 {
			w := min(40, len(origin)-i)
			return nil, fmt.Errorf("origin bytes from offset %d (%q) are missing from the spliced page; "+
				"the gateway must only insert, so check that both responses are of the same page", i, origin[i:i+w])
		}
		found = append(found, slide(origin, i, spliced[j:j+k]))
		j += k
	}
	if j < len(spliced) {
		found = append(found, slide(origin, i, spliced[j:]))
	}
	return merge(found), nil
}

// slide widens an insertion found at origin offset at to every offset where
// the same spliced bytes result.
func slide(origin []byte, at int, ins []byte) insertion {
	b := bytes.Clone(ins)
	lo := at
	for lo > 0 && b[len(b)-1] == origin[lo-1] {
		// Moving one byte left: the origin byte joins the front and the
		// insertion's last byte, equal to it, becomes origin.
		b = append([]byte{origin[lo-1]}, b[:len(b)-1]...)
		lo--
	}
	hi, c := lo, bytes.Clone(b)
	for hi < len(origin) && c[0] == origin[hi] {
		c = append(c[1:], origin[hi])
		hi++
	}
	return insertion{Lo: lo, Hi: hi, Bytes: b}
}

// merge joins insertions that the greedy scan split at the same origin offset.
func merge(ins []insertion) []insertion {
	var out []insertion
	for _, x := range ins {
		if n := len(out); n > 0 && out[n-1].Lo == x.Lo {
			out[n-1].Bytes = append(out[n-1].Bytes, x.Bytes...)
			continue
		}
		out = append(out, x)
	}
	return out
}

// bytesAt is the insertion as it reads when placed before origin byte p,
// for Lo <= p <= Hi.
func (x insertion) bytesAt(origin []byte, p int) []byte {
	b := bytes.Clone(x.Bytes)
	for q := x.Lo; q < p; q++ {
		b = append(b[1:], origin[q])
	}
	return b
}
