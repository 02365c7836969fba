package splice

import "math/bits"

// The steady loop finds the next '<' in a bitmask instead of searching the
// bytes: a window of the write is classified once, 64 bytes to a block, into
// one word per block whose bit j is set when byte j is '<' (simdjson's first
// stage, for the one byte HTML's data state turns on), and each search is
// then a shift and a count of trailing zeros. Text between tags costs the
// classification (about a fifth of an instruction a byte with AVX2) instead
// of a search call per run of text.
//
// Only '<': masks of the attribute states' bytes ('=', '>', quotes) were
// measured too (callgrind, this package's realistic pages): their
// classification cost as much as the byte searches they replaced, since
// most attribute values are a few bytes long and quotedAttrsEnd reads those
// eight at a time in place.
//
// The mask only finds bytes; what a '<' starts is still read from the bytes,
// so a wrong mask could only make the loop skip or misplace a tag: the fuzz
// and agreement tests hold the vector classification to classifyGeneric and
// the masked loop to the byte-by-byte states.

// winBytes is how much of a write one classification covers: enough that
// its call and the search's step to a new window are paid rarely, little
// enough that a window the steady loop leaves early (at a <script>, say)
// costs little. 4 KiB took 1 % fewer instructions than 1 KiB on the
// realistic pages, 8 KiB no fewer than 4.
const (
	winBytes  = 4096
	winBlocks = winBytes / 64
)

// ltWindow is p[base:base+n] classified; base is an offset in the write
// being scanned. It is valid only within one scan call (scan empties it):
// another write may reuse the same buffer with other bytes.
type ltWindow struct {
	base int
	n    uint
	lt   [winBlocks]uint64
}

// vectorScan turns the masked search on. It pays off only when the
// classification is vector code, so it is set where that is available
// (structural_amd64.go); tests turn it on with classifyGeneric too.
var vectorScan = haveVectorClassify

// classifyByteWise makes fill use classifyGeneric (tests only: the masked
// loop on any machine).
var classifyByteWise = false

// fill classifies p[i:min(i+winBytes, len(p))]. The last block, when
// partial, is classified from a zeroed copy: nothing past p is read, and the
// padding is not '<'.
func (wd *ltWindow) fill(p []byte, i int) {
	end := min(i+winBytes, len(p))
	wd.base, wd.n = i, uint(end-i)
	q := p[i:end]
	nb := len(q) >> 6
	full, tail := q[:nb<<6], q[nb<<6:]
	if classifyByteWise {
		classifyGeneric(full, wd.lt[:nb])
	} else {
		classifyLT(full, wd.lt[:nb])
	}
	if len(tail) > 0 {
		var last [64]byte
		copy(last[:], tail)
		if classifyByteWise {
			classifyGeneric(last[:], wd.lt[nb:nb+1])
		} else {
			classifyLT(last[:], wd.lt[nb:nb+1])
		}
	}
}

// nextLT returns the offset of the first '<' at or after i in p, or len(p),
// filling windows on the way. Its caller looks in i's block first, in place
// (a call is too much for the inliner):
//
//	r := uint(i - wd.base)
//	if m := wd.lt[(r>>6)%winBlocks] >> (r & 63); m != 0 && r < wd.n {
//		j = i + bits.TrailingZeros64(m)
//	} else {
//		j = wd.nextLT(p, i)
//	}
func (wd *ltWindow) nextLT(p []byte, i int) int {
	if !vectorScan {
		// no vector classification: the window stays empty (the callers'
		// in-place looks find nothing) and the bytes are searched
		if j := indexByteFrom(p, i, '<'); j >= 0 {
			return j
		}
		return len(p)
	}
	for {
		r := uint(i - wd.base)
		if r >= wd.n {
			if i >= len(p) {
				return len(p)
			}
			wd.fill(p, i)
			r = 0
		}
		if m := wd.lt[(r>>6)%winBlocks] >> (r & 63); m != 0 {
			return i + bits.TrailingZeros64(m)
		}
		i += 64 - int(r&63)
	}
}

// classifyGeneric is the classification byte by byte: what the tests hold
// the vector code to, and the fallback where there is none.
func classifyGeneric(src []byte, dst []uint64) {
	for k := range dst {
		var m uint64
		for j, c := range src[k<<6 : k<<6+64] {
			if c == '<' {
				m |= 1 << j
			}
		}
		dst[k] = m
	}
}
