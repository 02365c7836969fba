package splice

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// steadyScan is the data state in the steady state (see tree.steady), where
// the page's body is all that is left until </body>: text needs no look, and
// most tags only push or pop an HTML element. It skips text to each '<',
// reads whole tags (and comments and scripts wholly in p) and applies them,
// and returns the offset at which the general states must go on: a '<'
// whose tag it declines, with nothing changed yet, or len(p). After a raw
// text start tag (<style>..., or a <script> it does not read to its end) it
// returns the offset after the tag, with s.st set accordingly.
func (w *Writer) steadyScan(p []byte, i int) int {
	s := &w.scanner
	n := len(p)
	if w.overflow != 0 {
		// the steady state has none (updateWant): the loop's own push and
		// pop (popSteady) count on it
		return i
	}
	// '<' found in masks (structural.go); without vector code the window
	// stays empty and nextLT searches the bytes
	wd := &s.win
	for {
		lt := i // tags often follow each other: no call then
		if lt >= n {
			return n
		}
		if p[lt] != '<' {
			if lt+1 < n && p[lt+1] == '<' { // a tag after a newline
				lt++
			} else if r := uint(i - wd.base); wd.lt[(r>>6)%winBlocks]>>(r&63) != 0 && r < wd.n {
				// the next '<': most often in i's block (see nextLT)
				lt = i + bits.TrailingZeros64(wd.lt[(r>>6)%winBlocks]>>(r&63))
			} else if b := r>>6 + 1; b<<6 < wd.n && wd.lt[b%winBlocks] != 0 {
				// or in the next block of the window, without a call
				lt = wd.base + int(b<<6) + bits.TrailingZeros64(wd.lt[b%winBlocks])
			} else if lt = wd.nextLT(p, i); lt >= n {
				return n
			}
		}
	found: // lt: the '<' of the next tag
		k := lt + 1
		if k < n && p[k] == '/' {
			// The end tag of the current element, in lower case and with a name
			// of at most seven bytes (</td>, </li>, </a>, </strong>...): the name
			// and ">" after "</" compared with the current element's key in one
			// load.
			if d := uint(w.depth - 1); lt+10 <= n && d < uint(len(w.stack)) {
				top := &w.stack[d]
				if binary.LittleEndian.Uint64(p[lt+1:lt+9])&pairMask[top.el] == pairEnd[top.el] {
					// a known element's name of up to six bytes (pairEnd)
					w.popSteady(d)
					i = lt + int(top.key>>56) + 3
					continue
				}
				if nl := top.key >> 56; nl <= maxPacked {
					// the key's length byte cleared; '>' and the mask from tables
					want := top.key&(1<<56-1) | endNameFrame[nl&7]
					if binary.LittleEndian.Uint64(p[lt+2:lt+10])&endNameMask[nl&7] == want && !endHasRules[top.el] {
						w.popSteady(d)
						i = lt + int(nl) + 3
						continue
					}
				}
			}
			// other end tags: a function of their own, so that the start
			// tags' way below carries no end flag
			if j := w.steadyEndTag(p, lt); j > 0 {
				i = j
				continue
			}
			return lt
		}
		if k >= n || !isLetter(p[k]) {
			// a comment wholly in p, read to its end here (steadyComment)
			if k+2 < n && p[k] == '!' && p[k+1] == '-' && p[k+2] == '-' {
				if j := steadyComment(p, k+3); j > 0 {
					i = j
					continue
				}
			}
			return lt
		}
		// the start tag's name: most are up to seven bytes, read in place;
		// else tagName
		var key uint64
		if k+8 <= n {
			// the first byte is a letter; the next ones through nameTab, with
			// no bounds or length checks (a name of 8 bytes or more: below),
			// written out byte by byte: shifts by constants, no loop
			q := (*[8]byte)(p[k : k+8])
			key = uint64(q[0] | 0x20)
			nl := 1 // the name's length, set once a level
			if v := nameTab[q[1]]; v&nameEnd == 0 {
				key, nl = key|uint64(v)<<8, 2
				if v := nameTab[q[2]]; v&nameEnd == 0 {
					key, nl = key|uint64(v)<<16, 3
					if v := nameTab[q[3]]; v&nameEnd == 0 {
						key, nl = key|uint64(v)<<24, 4
						if v := nameTab[q[4]]; v&nameEnd == 0 {
							key, nl = key|uint64(v)<<32, 5
							if v := nameTab[q[5]]; v&nameEnd == 0 {
								key, nl = key|uint64(v)<<40, 6
								if v := nameTab[q[6]]; v&nameEnd == 0 {
									key, nl = key|uint64(v)<<48, 7
									if v := nameTab[q[7]]; v&nameEnd == 0 {
										key |= 7 << 56
										goto long // eight bytes or more: below
									}
								}
							}
						}
					}
				}
			}
			key |= uint64(nl) << 56
			k += nl
			goto named
		long:
			// eight bytes or more: an element's name compared with it
			// (longElem), else hashed as keyFold does, in one pass
			if e, j, ok := longElem(p, k, key); ok {
				key, k = elemKey[e], j
				goto named
			}
			h := hashInit
			for ; k < n; k++ {
				v := nameTab[p[k]]
				if v&nameEnd != 0 {
					break
				}
				h = nameStep(h, uint64(v))
			}
			if k >= n {
				return lt
			}
			key = longKey(h)
			goto named
		}
		if key, k = tagName(p, k); k < 0 {
			return lt
		}
	named:
		el, f := lookupKeyFlags(key)
		if f&fAttrs != 0 {
			return lt // its attributes matter: the general states read them
		}
		after, selfClosing := k+1, false
		if p[k] != '>' {
			var ok bool
			if after, selfClosing, ok = attrsEnd(p, k); !ok {
				if after, selfClosing, ok = skipAttrs(p, k, false); !ok {
					return lt
				}
			}
		}
		if w.foreignDepth > 0 && w.stack[w.depth-1].ns != nsHTML {
			// inside SVG or MathML: a foreign element, unless the tag
			// breaks out or the current node is an integration point
			top := &w.stack[w.depth-1]
			if top.ip != ipNone || top.el == elAnnotationXML || f&fBreakout != 0 || el == elFont {
				return lt
			}
			e := entry{key: key, el: el, ns: top.ns}
			switch {
			case e.ns == nsSVG && (el == elForeignObject || el == elDesc || el == elTitle):
				e.ip = ipHTML
			case e.ns == nsMath && (el == elMi || el == elMo || el == elMn || el == elMs || el == elMtext):
				e.ip = ipMathTxt
			}
			if !selfClosing {
				if w.depth == len(w.stack) {
					return lt
				}
				w.push(e)
			}
			i = after
			continue
		}
		switch {
		case f&fNoFast != 0:
			// table rows and cells, list items and links, the most frequent
			// of these, without a call: what fastSpecialOK asks of them;
			// svg and math, pushed as foreign
			top := elBody // the body sits below the modelled stack
			if d := w.depth - 1; uint(d) < uint(len(w.stack)) {
				top = w.stack[d].el
			}
			switch {
			case el == elTd || el == elTh:
				if top != elTr {
					return lt
				}
			case el == elTr:
				if top != elTbody && top != elThead && top != elTfoot {
					return lt
				}
			case el == elLi && (top == elUl || top == elOl):
				if w.open[elP] != 0 {
					return lt
				}
			case el == elA:
				if w.open[elA] != 0 {
					return lt
				}
				w.aEver = true
			case el >= elH1 && el <= elH6:
				if w.open[elP] != 0 || top >= elH1 && top <= elH6 {
					return lt
				}
			case el == elTbody || el == elThead:
				if top != elTable {
					return lt
				}
			case el == elSvg || el == elMath: // fNoFast, pushed as foreign
				e := entry{key: key, el: el, ns: nsSVG}
				if el == elMath {
					e.ns = nsMath
				}
				if !selfClosing {
					if w.depth == len(w.stack) {
						return lt
					}
					w.push(e)
				}
				i = after
				continue
			default:
				if !w.fastSpecialOK(el) {
					return lt
				}
			}
		case f&fClosesP != 0 && w.open[elP] != 0:
			return lt
		case f&fVoid != 0:
			i = after
			continue
		case f&fRaw != 0:
			// a script wholly in p, read to its end tag here (steadyScript)
			if el == elScript {
				if j := w.steadyScript(p, after); j > 0 {
					i = j
					continue
				}
			}
			s.el, s.nameKey, s.isEnd = el, key, false
			s.st = rawState(el)
			s.rawName = elemNames[el]
			return after
		}
		d := uint(w.depth)
		if d >= uint(len(w.stack)) {
			return lt
		}
		// An element that its own end tag closes with only text between
		// (<td>Bank 1</td>, <a href="...">...</a>): its end tag, compared in
		// one load from after the '<' (pairEnd), is read here, and the
		// element is neither pushed nor popped. The next '<' is looked for
		// in after's block and the next one only (else the loop's top
		// finds it); a tag that is not this end tag is read at once after
		// the push.
		j := -1
		if r := uint(after - wd.base); r < wd.n && wd.lt[(r>>6)%winBlocks]>>(r&63) != 0 {
			j = after + bits.TrailingZeros64(wd.lt[(r>>6)%winBlocks]>>(r&63))
		} else if b := r>>6 + 1; b<<6 < wd.n && wd.lt[b%winBlocks] != 0 {
			// or in the next block, as at the loop's top
			j = wd.base + int(b<<6) + bits.TrailingZeros64(wd.lt[b%winBlocks])
		}
		if j >= 0 {
			if j+9 <= n && binary.LittleEndian.Uint64(p[j+1:j+9])&pairMask[el] == pairEnd[el] {
				i = j + int(key>>56) + 3
				// Its next siblings (<td>a</td><td>b</td>): the same start
				// tag, byte for byte, right after the end tag, meets the
				// same state (the pair left none), so it is this tag again;
				// each is read with its end tag while both are in place.
				if sl := uint(after - lt); sl <= 16 && i+16 <= n && p[i+1] == p[lt+1] {
					// the tag's bytes as two words, masked to its length
					m0, m1 := uint64(1)<<(8*sl)-1, uint64(0)
					if sl >= 8 {
						m0, m1 = ^uint64(0), ^uint64(0)>>(8*(16-sl))
					}
					t := (*[16]byte)(p[lt : lt+16])
					a0, a1 := binary.LittleEndian.Uint64(t[:8])&m0, binary.LittleEndian.Uint64(t[8:])&m1
					for i+16 <= n {
						q := (*[16]byte)(p[i : i+16])
						if binary.LittleEndian.Uint64(q[:8])&m0 != a0 || binary.LittleEndian.Uint64(q[8:])&m1 != a1 {
							break
						}
						r := uint(i + int(sl) - wd.base)
						if r >= wd.n || wd.lt[(r>>6)%winBlocks]>>(r&63) == 0 {
							break
						}
						j := i + int(sl) + bits.TrailingZeros64(wd.lt[(r>>6)%winBlocks]>>(r&63))
						if j+9 > n || binary.LittleEndian.Uint64(p[j+1:j+9])&pairMask[el] != pairEnd[el] {
							break
						}
						i = j + int(key>>56) + 3
					}
				}
				continue
			}
			w.stack[d] = entry{key: key, el: el}
			w.depth = int(d) + 1
			w.open[el]++
			lt = j
			goto found
		}
		// push, without its checks: the stack has room, no overflow is
		// pending (see steadyScan) and the element is HTML
		w.stack[d] = entry{key: key, el: el}
		w.depth = int(d) + 1
		w.open[el]++
		i = after
	}
}

// popSteady is pop for the steady loop, with the current element at d
// (depth-1, in the stack): no overflow is pending there (see steadyScan),
// so pop's checks are not needed.
func (w *Writer) popSteady(d uint) {
	e := &w.stack[d%uint(len(w.stack))]
	w.depth = int(d)
	if e.ns != nsHTML {
		w.foreignDepth--
		return
	}
	w.open[e.el]--
}

// steadyEndTag is the steady loop's way for an end tag (at lt) that its
// one load did not take: the current element's, closed in upper case, with
// a longer name, whitespace or attributes before '>', or no element's. It
// pops the current element when the tag is its and has no rules of its
// own, and returns the offset after the tag; 0 leaves the tag to the
// general states.
func (w *Writer) steadyEndTag(p []byte, lt int) int {
	n := len(p)
	k := lt + 2
	if k >= n || !isLetter(p[k]) {
		return 0
	}
	d := uint(w.depth - 1)
	if d >= uint(len(w.stack)) {
		return 0
	}
	top := &w.stack[d]
	// Most close the current element and are written in lower case: then the
	// name's bytes are its key, compared in one load, and the name needs
	// neither reading byte by byte nor looking up.
	if nl := int(top.key >> 56); nl <= maxPacked && k+8 <= n && k+nl < n && p[k+nl] == '>' {
		mask := uint64(1)<<(8*nl) - 1
		if binary.LittleEndian.Uint64(p[k:])&mask == top.key&mask && !endHasRules[top.el] {
			w.popSteady(d)
			return k + nl + 1
		}
	}
	if top.key>>56 == 0xFF && top.el != elOther {
		// the current element's name is long and an element's
		// (<blockquote>): the end tag's name compared with it (no element
		// with rules of its own for its end tag has a long name)
		name := elemNames[top.el]
		if j := k + len(name); j < n && p[j] == '>' {
			if lw := &longWords[top.el]; lw.letters {
				// a name of letters only, eight to sixteen bytes: its first
				// and last eight bytes, lower-cased by setting 0x20, which
				// maps only a letter's upper case onto it
				if binary.LittleEndian.Uint64(p[k:])|0x2020202020202020 == lw.head &&
					binary.LittleEndian.Uint64(p[j-8:])|0x2020202020202020 == lw.tail {
					w.popSteady(d)
					return j + 1
				}
				j = -1
			}
			for r := 0; j > 0 && r < len(name); r++ {
				if nameTab[p[k+r]] != uint16(name[r]) {
					j = -1
					break
				}
			}
			if j > 0 {
				w.popSteady(d)
				return j + 1
			}
		}
	} else if top.key>>56 == 0xFF {
		// the current element's name is long and no element's: its key is
		// a hash, and the end tag's name is hashed as keyOf does, in one
		// pass (a foreign one's closes it as well)
		h, j := hashInit, k
		for ; j < n; j++ {
			v := nameTab[p[j]]
			if v&nameEnd != 0 {
				break
			}
			h = nameStep(h, uint64(v))
		}
		if j < n && p[j] == '>' && j-k > maxPacked && longKey(h) == top.key {
			w.popSteady(d)
			return j + 1
		}
	}
	key, k := tagName(p, k)
	if k < 0 {
		return 0
	}
	el, f := lookupKeyFlags(key)
	if f&fAttrs != 0 {
		return 0 // its attributes matter: the general states read them
	}
	after := k + 1
	if p[k] != '>' {
		var ok bool
		if after, _, ok = attrsEnd(p, k); !ok {
			if after, _, ok = skipAttrs(p, k, false); !ok {
				return 0
			}
		}
	}
	// closing the current element; anything else has its own rules
	if endHasRules[el] || top.key != key {
		return 0
	}
	w.popSteady(d)
	return after
}

// tagName reads a tag name from k (a letter) byte by byte, and returns its
// key (as keyFold) and the offset of the byte after it, or k -1 when p ends
// first.
func tagName(p []byte, k int) (key uint64, end int) {
	n, at := len(p), k
	for sh := uint(0); k < n; sh += 8 {
		v := nameTab[p[k]]
		if v&nameEnd != 0 {
			break
		}
		key |= uint64(v) << (sh & 63) // past 7 bytes keyFold redoes it
		k++
	}
	if k >= n {
		return 0, -1
	}
	if nl := k - at; nl <= maxPacked {
		return key | uint64(nl)<<56, k
	}
	return keyFold(p[at:k]), k
}

// steadyScript reads script data from j, after a <script> start tag in
// the steady state with an HTML element current, and returns the offset
// after the "</script>" that ends it, or 0 for the general states to read
// it. It goes only as far as the states byte by byte would go without a
// change of state: past each '<' that starts neither "</script" nor "<!";
// a "<!" (which may open an escape), a "</script" followed by anything but
// '>' (whitespace or '/' before it: the states read that end tag), or the
// end of p first give 0. The end tag closes nothing: the script was never
// pushed (the steady loop's fRaw case), and onEndTag's fRaw case ignores it.
func (w *Writer) steadyScript(p []byte, j int) int {
	n := len(p)
	for {
		var lt int
		if vectorScan {
			// most often in j's block (see nextLT)
			r := uint(j - w.win.base)
			if r < w.win.n && w.win.lt[(r>>6)%winBlocks]>>(r&63) != 0 {
				lt = j + bits.TrailingZeros64(w.win.lt[(r>>6)%winBlocks]>>(r&63))
			} else if b := r>>6 + 1; b<<6 < w.win.n && w.win.lt[b%winBlocks] != 0 {
				lt = w.win.base + int(b<<6) + bits.TrailingZeros64(w.win.lt[b%winBlocks])
			} else {
				lt = w.win.nextLT(p, j)
			}
		} else if lt = indexByteFrom(p, j, '<'); lt < 0 {
			return 0
		}
		if lt+9 > n {
			return 0
		}
		switch p[lt+1] {
		case '!':
			return 0
		case '/':
			// "</script" in any case: the name's six bytes lower-cased by
			// setting 0x20, which maps only their own upper case onto them
			if binary.LittleEndian.Uint64(p[lt:lt+8])|0x2020202020200000 == scriptEndKey {
				if c := p[lt+8]; c == '>' {
					return lt + 9
				} else if nameTab[c]&nameEnd != 0 {
					return 0
				}
			}
		}
		j = lt + 1
	}
}

// scriptEndKey is "</script" as a little-endian word.
var scriptEndKey = binary.LittleEndian.Uint64([]byte("</script"))

// steadyComment reads a comment from j, just after its "<!--", as the
// comment states (scanner.go) would, and returns the offset after the '>'
// that ends it, or 0 when p ends first. Only a '>' ends a comment: right
// after two dashes or more, after "--!", or with nothing but dashes since
// the "<!--" (<!-->, <!--->); the dashes of "<!--" do not count.
func steadyComment(p []byte, j int) int {
	for g := j; ; g++ {
		// comments run longer than indexByteFrom's in-place bytes: the
		// runtime's search at once
		if d := bytes.IndexByte(p[g:], '>'); d < 0 {
			return 0
		} else {
			g += d
		}
		r := g
		for r > j && p[r-1] == '-' {
			r--
		}
		if r == j || g-r >= 2 || g-3 >= j && p[g-1] == '!' && p[g-2] == '-' && p[g-3] == '-' {
			return g + 1
		}
	}
}

// nameTab is, for each byte in a tag name, the byte lower-cased, or
// nameEnd for the bytes that end the name: one load per byte.
var nameTab = func() (t [256]uint16) {
	for i := range t {
		t[i] = uint16(lowerTab[i])
		if byteClass[i]&clNameEnd != 0 {
			t[i] = nameEnd
		}
	}
	return t
}()

const nameEnd = 0x100

// endNameFrame and endNameMask are, for a name of nl bytes (up to seven),
// the '>' after it in one word and the mask of its nl+1 bytes: the steady
// loop compares an end tag's name and '>' with the current element's key
// in one load without shifts by a variable count.
var endNameFrame, endNameMask = func() (f, m [8]uint64) {
	for nl := 1; nl <= maxPacked; nl++ {
		f[nl] = uint64('>') << (8 * nl)
		m[nl] = 1<<(8*(nl+1)) - 1
	}
	m[maxPacked] = ^uint64(0)
	return f, m
}()

// pairEnd and pairMask are, for each element with a name of up to six
// bytes whose end tag only pops it, its end tag after the '<' ("/td>") in
// one word and the mask of those bytes; the other elements' mask is 0 and
// their word 1, which no load matches.
var pairEnd, pairMask = func() (e, m [256]uint64) {
	for el := range e {
		e[el] = 1
		key := elemKey[el] // the name lower-cased, its length in the top byte
		nl := key >> 56
		if el == int(elOther) || nl == 0 || nl > 6 || endHasRules[el] {
			continue
		}
		e[el] = '/' | key&(1<<56-1)<<8 | '>'<<(8*(nl+1))
		m[el] = 1<<(8*(nl+2)) - 1
	}
	return e, m
}()

// longWords are, for the elements with a long name (eight bytes or more),
// the name's first and last eight bytes, when the name is all letters and
// at most sixteen bytes: steadyEndTag compares an end tag's name with them
// in two loads.
var longWords = func() (t [256]struct {
	head, tail uint64
	letters    bool
}) {
	for el := elem(1); el < elCount; el++ {
		name := elemNames[el]
		if len(name) <= maxPacked || len(name) > 16 {
			continue
		}
		letters := true
		for i := 0; i < len(name); i++ {
			letters = letters && 'a' <= name[i] && name[i] <= 'z'
		}
		if letters {
			t[el].head = binary.LittleEndian.Uint64([]byte(name[:8]))
			t[el].tail = binary.LittleEndian.Uint64([]byte(name[len(name)-8:]))
			t[el].letters = true
		}
	}
	return t
}()

// endHasRules marks the elements whose end tag does more than pop them
// when current: one load for any elem, no bounds check.
var endHasRules = [256]bool{elBody: true, elHTML: true, elBr: true, elForm: true}

// quotedAttrsEnd is skipAttrs for the attributes most tags have: names, and
// values in quotes right after "name=". It looks only for '=' and '>': a
// quoted value opens only in "before attribute value", which only an '='
// reaches, so up to the first '=' no quote counts and a '>' ends the tag.
// An '=' that directly follows a byte of an attribute name goes to "before
// attribute value"; a quote there opens the value and its own kind of quote
// closes it. The byte before the '=' is tested: whitespace, '/' or a quote
// there is no name's (k, after the tag name, is whitespace or '/', so an '='
// cannot directly follow the tag name; a quote is a value's end, or a name's
// rare byte, which skipAttrs reads). Anything else (an unquoted
// value, whitespace around '=', an '=' opening a name, a tag not wholly in
// p) returns ok false, and skipAttrs reads the tag from k.
//
// k is the byte after the tag name, not '>'. The tag is self-closing when a
// '/' that follows the last value (or the name) ends it: with no '=' since,
// that '/' is not inside a value.
func quotedAttrsEnd(p []byte, k int) (end int, selfClosing, ok bool) {
	n := len(p)
	for i := k; ; {
		// the next '=' or '>', eight bytes at a time
		var e int
		for {
			if i+8 > n {
				for i < n && p[i] != '=' && p[i] != '>' {
					i++
				}
				if i >= n {
					return 0, false, false
				}
				e = i
				break
			}
			v := binary.LittleEndian.Uint64(p[i : i+8])
			a, b := v^(swarLo*'='), v^(swarLo*'>')
			if t := ((a-swarLo)&^a | (b-swarLo)&^b) & swarHi; t != 0 {
				e = i + bits.TrailingZeros64(t)>>3
				break
			}
			i += 8
		}
		if p[e] == '>' {
			return e + 1, p[e-1] == '/', true // p[k-1] and a closing quote are not '/'
		}
		if e+2 >= n {
			return 0, false, false
		}
		if c := p[e-1]; isSpace(c) || c == '/' || c == '"' || c == '\'' {
			return 0, false, false
		}
		q := p[e+1]
		if q != '"' && q != '\'' {
			return 0, false, false
		}
		i = e + 2
		// most values are short: their first 32 bytes are tested here, eight
		// at a time, before a search call
		for pat, stop := swarLo*uint64(q), i+32; ; {
			if i+8 > n || i >= stop {
				if i = indexByteFrom(p, i, q); i < 0 {
					return 0, false, false
				}
				break
			}
			v := binary.LittleEndian.Uint64(p[i:i+8]) ^ pat
			if t := (v - swarLo) &^ v & swarHi; t != 0 {
				i += bits.TrailingZeros64(t) >> 3
				break
			}
			i += 8
		}
		if i++; i < n && p[i] == '>' { // the last value ends most tags
			return i + 1, false, true
		}
	}
}
