package splice

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// tokState is the tokenizer state between two bytes. The states and their
// quirks follow golang.org/x/net/html's Tokenizer byte for byte, so that the
// splicer sees the same tokens as the parser it is tested against.
type tokState uint8

const (
	sData tokState = iota
	sLT
	sEndOpen
	sTagName
	sBeforeAttr
	sAttrKey
	sAfterKey
	sBeforeVal
	sQuoted
	sUnquoted
	sMarkup
	sComment
	sCommentBang
	sBogus
	sCDATA
	sRaw
	sRawLT
	sMatch
	sSD // script data
	sSDLT
	sSDEscStart
	sSDEscStartDash
	sSDEsc
	sSDEscDash
	sSDEscDashDash
	sSDEscLT
	sSDDbl
	sSDDblDash
	sSDDblDashDash
	sSDDblLT
	sPlaintext
)

// What a successful end-tag match in raw text leads to.
const (
	matchEndTag  = iota // the raw text ends; tokenize "</name" as an end tag
	matchConsume        // consume the delimiter and go to matchOK
)

type scanner struct {
	st       tokState
	tokStart int64
	ltPos    int64 // offset of the last '<' in raw text
	isEnd    bool
	nameLen  int
	name     [maxName]byte
	nameKey  uint64 // key of the name, once complete
	nameFNV  uint64 // the hash of the name so far (nameStep; general states)
	el       elem

	lastSlash bool // the byte before '>' was a '/' outside any attribute value
	keyFirst  bool
	want      bool // capture attributes of this tag
	keyLen    int
	key       [16]byte
	valLen    int
	val       [40]byte
	quote     byte

	mdLen   int
	mdDoc   bool
	mdCdata bool
	doctype bool

	dash     int
	begin    bool
	brackets int
	cdataTxt bool // a CDATA section holds more than whitespace

	rawName   string
	match     int
	matchKind uint8
	matchOK   tokState
	matchFail tokState

	wantText bool

	win ltWindow // the steady loop's '<' masks (structural.go)
}

func (s *scanner) reset() { *s = scanner{} }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// byteClass holds the character classes the scanner asks about most, so
// that each question is one load and one test.
var byteClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t\f") {
		t[c] |= clSpace | clNameEnd
	}
	for _, c := range []byte(" \n\r\t\f/>=") {
		t[c] |= clAttrEnd
	}
	for _, c := range []byte(" \n\r\t\f>") {
		t[c] |= clValEnd
	}
	t['/'] |= clNameEnd
	t['>'] |= clNameEnd
	return t
}()

const (
	clSpace   = 1 << iota // HTML whitespace
	clNameEnd             // ends a tag name: whitespace, '/', '>'
	clAttrEnd             // ends an attribute name: whitespace, '/', '>', '='
	clValEnd              // ends an unquoted attribute value: whitespace, '>'
)

func isSpace(c byte) bool { return byteClass[c]&clSpace != 0 }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func (s *scanner) beginName(c byte, end bool, at int64) {
	c = lower(c)
	s.isEnd = end
	s.tokStart = at
	s.name[0] = c
	s.nameLen = 1
	s.nameFNV = nameStep(hashInit, uint64(c))
	s.lastSlash = false
	s.st = sTagName
}

func (s *scanner) lookupName() {
	if s.nameLen <= maxPacked {
		s.nameKey = keyFold(s.name[:s.nameLen])
	} else {
		s.nameKey = longKey(s.nameFNV)
	}
	s.el = lookupKey(s.nameKey)
}

func (s *scanner) startMatch(name string, kind uint8, ok, fail tokState) {
	s.rawName = name
	s.match = 0
	s.matchKind = kind
	s.matchOK = ok
	s.matchFail = fail
	s.st = sMatch
}

// scan runs the tokenizer over p, which starts at input offset start, and
// calls the tree tracker for every token it needs.
func (w *Writer) scan(p []byte, start int64) {
	s := &w.scanner
	n := len(p)
	i := 0
	s.win.base, s.win.n = 0, 0 // masks of an earlier write are not p's
	if w.faultAt >= 0 && start+int64(n) > w.faultAt {
		w.faultAt = -1
		panic("splice: injected fault")
	}
	for i < n && !w.pass {
		switch s.st {
		case sData:
			if w.steady {
				if i = w.steadyScan(p, i); i >= n || s.st != sData {
					continue
				}
			}
			j := bytes.IndexByte(p[i:], '<')
			if j < 0 {
				if s.wantText {
					w.onText(start+int64(i), p[i:])
				}
				i = n
				continue
			}
			if j > 0 && s.wantText {
				w.onText(start+int64(i), p[i:i+j])
				if w.pass {
					return
				}
			}
			i += j
			s.tokStart = start + int64(i)
			s.st = sLT
			i++
			// Fast path: a whole tag in p, read without going through the
			// resumable states. On any doubt it leaves them to do the work.
			if w.slowOnly {
				continue
			}
			if k, ok := w.fastTag(p, i, start); ok {
				i = k
			}
		case sLT:
			c := p[i]
			switch {
			case isLetter(c):
				s.beginName(c, false, s.tokStart)
				i++
			case c == '/':
				s.st = sEndOpen
				i++
			case c == '!':
				if !w.slowOnly && i+2 < n && p[i+1] == '-' && p[i+2] == '-' {
					// "<!--" wholly in p: where sMarkup leads byte by byte
					s.st, s.dash, s.begin = sComment, 0, true
					i += 3
					continue
				}
				s.st = sMarkup
				s.mdLen, s.mdDoc, s.doctype = 0, true, false
				s.mdCdata = w.allowCDATA()
				i++
			case c == '?':
				s.st, s.doctype = sBogus, false
				i++
			default: // "<" is text; reconsume c
				s.st = sData
				if s.wantText {
					w.onText(s.tokStart, ltText)
				}
			}
		case sEndOpen:
			c := p[i]
			i++
			switch {
			case c == '>': // "</>": x/net/html makes it an empty comment
				s.st = sData
				w.onComment(false)
			case isLetter(c):
				s.beginName(c, true, s.tokStart)
			default: // "</3": bogus comment up to '>'
				s.st, s.doctype = sBogus, false
			}
		case sTagName:
			for i < n {
				c := p[i]
				if isSpace(c) {
					i++
					s.st = sBeforeAttr
					break
				}
				if c == '/' || c == '>' {
					s.st = sBeforeAttr
					break
				}
				c = lower(c)
				if s.nameLen < maxName {
					s.name[s.nameLen] = c
				}
				s.nameLen++
				if s.nameLen == maxName+1 {
					w.onLongName()
				}
				s.nameFNV = nameStep(s.nameFNV, uint64(c))
				i++
			}
			if s.st == sBeforeAttr {
				s.lookupName()
				w.onNameDone()
			}
		case sBeforeAttr:
			if !s.want && !w.slowOnly {
				if j, slash, ok := skipAttrs(p, i, s.lastSlash); ok {
					s.lastSlash = slash
					i = j
					w.tagDone(start + int64(i))
					continue
				}
			}
			for i < n {
				c := p[i]
				if isSpace(c) {
					s.lastSlash = false
					i++
					continue
				}
				if c == '>' {
					i++
					w.tagDone(start + int64(i))
					break
				}
				s.st, s.keyFirst, s.keyLen = sAttrKey, true, 0
				break
			}
		case sAttrKey:
			for i < n {
				c := p[i]
				if isSpace(c) || c == '/' || c == '>' || (c == '=' && !s.keyFirst) {
					s.st = sAfterKey
					break
				}
				s.keyFirst, s.lastSlash = false, false
				if s.want {
					if s.keyLen < len(s.key) {
						s.key[s.keyLen] = lower(c)
					}
					s.keyLen++
				}
				i++
			}
		case sAfterKey:
			c := p[i]
			switch {
			case isSpace(c):
				i++
			case c == '/':
				i++
				w.attrDone()
				s.lastSlash = true
				s.st = sBeforeAttr
			case c == '=':
				i++
				s.st = sBeforeVal
			default:
				w.attrDone()
				s.st = sBeforeAttr
			}
		case sBeforeVal:
			c := p[i]
			switch {
			case isSpace(c):
				i++
			case c == '>':
				w.attrDone()
				s.st = sBeforeAttr
			case c == '"' || c == '\'':
				s.quote, s.valLen, s.st = c, 0, sQuoted
				i++
			default:
				s.valLen, s.st = 0, sUnquoted
			}
		case sQuoted:
			s.lastSlash = false
			j := bytes.IndexByte(p[i:], s.quote)
			end := n
			if j >= 0 {
				end = i + j
			}
			if s.want {
				s.addVal(p[i:end])
			}
			i = end
			if j >= 0 {
				i++
				w.attrDone()
				s.st = sBeforeAttr
			}
		case sUnquoted:
			s.lastSlash = false
			for i < n {
				c := p[i]
				if isSpace(c) {
					i++
					w.attrDone()
					s.st = sBeforeAttr
					break
				}
				if c == '>' {
					w.attrDone()
					s.st = sBeforeAttr
					break
				}
				if s.want {
					s.addVal(p[i : i+1])
				}
				i++
			}
		case sMarkup:
			c := p[i]
			if s.mdLen == 0 && c == '-' {
				s.mdLen = 1
				s.mdDoc, s.mdCdata = false, false
				i++
				continue
			}
			if s.mdLen == 1 && !s.mdDoc && !s.mdCdata {
				// after "<!-"
				if c == '-' {
					s.st, s.dash, s.begin = sComment, 0, true
					i++
				} else {
					s.st = sBogus // reconsume
				}
				continue
			}
			ok := false
			if s.mdDoc && c|0x20 == "doctype"[s.mdLen] {
				ok = true
			} else {
				s.mdDoc = false
			}
			if s.mdCdata && c == "[CDATA["[s.mdLen] {
				ok = true
			} else {
				s.mdCdata = false
			}
			if !ok {
				s.st = sBogus // reconsume
				continue
			}
			i++
			s.mdLen++
			if s.mdLen == 7 {
				if s.mdDoc {
					s.st, s.doctype = sBogus, true
				} else {
					s.st, s.brackets, s.cdataTxt = sCDATA, 0, false
				}
			}
		case sComment:
			for i < n {
				c := p[i]
				if s.dash == 0 && !s.begin {
					j := bytes.IndexByte(p[i:], '-')
					if j < 0 {
						i = n
						break
					}
					i += j
					c = '-'
				}
				i++
				switch c {
				case '-':
					s.dash++
					continue
				case '>':
					if s.dash >= 2 || s.begin {
						s.st = sData
						w.onComment(false)
					}
				case '!':
					if s.dash >= 2 {
						s.st = sCommentBang
					}
				}
				if s.st != sComment {
					break
				}
				s.dash, s.begin = 0, false
			}
		case sCommentBang:
			c := p[i]
			i++
			switch c {
			case '>':
				s.st = sData
				w.onComment(false)
			case '-':
				s.st, s.dash, s.begin = sComment, 1, false
			default:
				s.st, s.dash, s.begin = sComment, 0, false
			}
		case sBogus:
			j := bytes.IndexByte(p[i:], '>')
			if j < 0 {
				i = n
				continue
			}
			i += j + 1
			s.st = sData
			w.onComment(s.doctype)
		case sCDATA:
			for i < n {
				c := p[i]
				i++
				switch c {
				case ']':
					s.brackets++
					continue
				case '>':
					if s.brackets >= 2 {
						s.st = sData
						w.onCDATA(s.cdataTxt)
					}
				}
				if s.st != sCDATA {
					break
				}
				if !isSpace(c) {
					s.cdataTxt = true
				}
				s.brackets = 0
			}
		case sRaw:
			j := bytes.IndexByte(p[i:], '<')
			if j < 0 {
				i = n
				continue
			}
			i += j
			if !w.slowOnly && i+1 < n {
				// as in script data below: a '<' not followed by "/" and
				// the raw text's name is text; the end tag wholly in p
				// ends the raw text here
				if p[i+1] != '/' {
					i++
					continue
				}
				switch rawEndAt(p, i+2, s.rawName) {
				case rawEndNo:
					i++
					continue
				case rawEndYes:
					s.ltPos = start + int64(i)
					i += 2 + len(s.rawName)
					s.rawEnd()
					w.onNameDone()
					continue
				}
			}
			s.ltPos = start + int64(i)
			s.st = sRawLT
			i++
		case sRawLT:
			if p[i] == '/' {
				i++
				s.startMatch(s.rawName, matchEndTag, sData, sRaw)
			} else {
				s.st = sRaw
			}
		case sMatch:
			c := p[i]
			if s.match < len(s.rawName) {
				if lower(c) == s.rawName[s.match] {
					s.match++
					i++
				} else {
					s.st = s.matchFail
				}
				continue
			}
			if !isSpace(c) && c != '/' && c != '>' {
				s.st = s.matchFail
				continue
			}
			if s.matchKind == matchConsume {
				i++
				s.st = s.matchOK
				continue
			}
			// the raw text ends: "</name" is an end tag; reconsume c
			s.rawEnd()
			w.onNameDone()
		case sSD:
			j := bytes.IndexByte(p[i:], '<')
			if j < 0 {
				i = n
				continue
			}
			i += j
			if !w.slowOnly && i+1 < n {
				// Most '<' in a script start neither "</script" nor "<!":
				// the search goes on from the next byte, which is what
				// the states below would do in several steps. "</script"
				// and a delimiter wholly in p end the script data here.
				switch c := p[i+1]; {
				case c == '/':
					switch rawEndAt(p, i+2, "script") {
					case rawEndNo:
						i++
						continue
					case rawEndYes:
						s.ltPos = start + int64(i)
						i += 2 + len("script")
						s.rawEnd()
						w.onNameDone()
						continue
					}
				case c != '!':
					i++
					continue
				}
			}
			s.ltPos = start + int64(i)
			s.st = sSDLT
			i++
		case sSDLT:
			switch p[i] {
			case '/':
				i++
				s.startMatch("script", matchEndTag, sData, sSD)
			case '!':
				i++
				s.st = sSDEscStart
			default:
				s.st = sSD
			}
		case sSDEscStart:
			if p[i] == '-' {
				i++
				s.st = sSDEscStartDash
			} else {
				s.st = sSD
			}
		case sSDEscStartDash:
			if p[i] == '-' {
				i++
				s.st = sSDEscDashDash
			} else {
				s.st = sSD
			}
		case sSDEsc, sSDEscDash, sSDEscDashDash:
			if s.st == sSDEsc {
				j := indexDashOrLT(p[i:])
				if j < 0 {
					i = n
					continue
				}
				i += j
			}
			c := p[i]
			i++
			switch c {
			case '-':
				if s.st == sSDEsc {
					s.st = sSDEscDash
				} else {
					s.st = sSDEscDashDash
				}
			case '<':
				s.ltPos = start + int64(i-1)
				s.st = sSDEscLT
			case '>':
				if s.st == sSDEscDashDash {
					s.st = sSD
				} else {
					s.st = sSDEsc
				}
			default:
				s.st = sSDEsc
			}
		case sSDEscLT:
			c := p[i]
			switch {
			case c == '/':
				i++
				s.startMatch("script", matchEndTag, sData, sSDEsc)
			case isLetter(c):
				s.startMatch("script", matchConsume, sSDDbl, sSDEsc)
			default:
				s.st = sSD
			}
		case sSDDbl, sSDDblDash, sSDDblDashDash:
			if s.st == sSDDbl {
				j := indexDashOrLT(p[i:])
				if j < 0 {
					i = n
					continue
				}
				i += j
			}
			c := p[i]
			i++
			switch c {
			case '-':
				if s.st == sSDDbl {
					s.st = sSDDblDash
				} else {
					s.st = sSDDblDashDash
				}
			case '<':
				s.st = sSDDblLT
			case '>':
				if s.st == sSDDblDashDash {
					s.st = sSD
				} else {
					s.st = sSDDbl
				}
			default:
				s.st = sSDDbl
			}
		case sSDDblLT:
			if p[i] == '/' {
				i++
				s.startMatch("script", matchConsume, sSDEsc, sSDDbl)
			} else {
				s.st = sSDDbl
			}
		case sPlaintext:
			i = n
		}
	}
}

var ltText = []byte("<")

// rawEnd makes "</" and the raw text's name, from s.ltPos on, the current
// tag: an end tag whose attributes come next.
func (s *scanner) rawEnd() {
	s.isEnd, s.tokStart, s.lastSlash = true, s.ltPos, false
	// the name is not copied into s.name: only lookupName reads it
	s.nameLen = len(s.rawName)
	s.nameKey = keyOf(s.rawName)
	s.el = lookupKey(s.nameKey)
	s.st = sBeforeAttr
}

// What rawEndAt tells.
const (
	rawEndNo     = iota // not the end tag
	rawEndYes           // the end tag's name and a byte that ends it
	rawEndUnsure        // p ends first
)

// rawEndAt tells whether p[i:], just after "</", is the name (lower case)
// of the raw text in any case followed by whitespace, '/' or '>': what
// sMatch decides byte by byte.
func rawEndAt(p []byte, i int, name string) int {
	if i+len(name) >= len(p) {
		return rawEndUnsure
	}
	for k := 0; k < len(name); k++ {
		if lowerTab[p[i+k]] != name[k] {
			return rawEndNo
		}
	}
	if byteClass[p[i+len(name)]]&clNameEnd == 0 {
		return rawEndNo
	}
	return rawEndYes
}

// fastTag reads a tag that starts at p[i] (just after '<') and lies wholly
// in p. It returns the offset after it, or ok=false with nothing changed
// but what the resumable states would have done too.
func (w *Writer) fastTag(p []byte, i int, start int64) (int, bool) {
	s := &w.scanner
	n := len(p)
	end := false
	if i < n && p[i] == '/' {
		end = true
		i++
	}
	if i >= n || !isLetter(p[i]) {
		return 0, false
	}
	k := i
	for k < n && byteClass[p[k]]&clNameEnd == 0 {
		k++
	}
	if k >= n {
		return 0, false
	}
	s.nameLen, s.isEnd, s.lastSlash = k-i, end, false
	s.nameKey = keyFold(p[i:k])
	s.el = lookupKey(s.nameKey)
	if isSpace(p[k]) {
		k++
	}
	s.st = sBeforeAttr
	w.onNameDone()
	if s.want || w.pass {
		return k, true
	}
	j, slash, ok := skipAttrs(p, k, false)
	if !ok {
		return k, true
	}
	s.lastSlash = slash
	w.tagDone(start + int64(j))
	return j, true
}

// skipAttrs is the attribute states of the tokenizer in one tight loop, for
// tags whose attributes do not matter: from p[i] (in "before attribute") it
// returns the offset after the closing '>' and whether a '/' came right
// before it outside any value (slash: whether the byte before p[i] was
// such a '/'). ok is false when p ends first; the caller
// then runs the resumable states over the same bytes.
func skipAttrs(p []byte, i int, slash bool) (end int, slashed, ok bool) {
	n := len(p)
	for i < n {
		// before attribute name
		c := p[i]
		if isSpace(c) {
			i++
			slash = false
			continue
		}
		if c == '>' {
			return i + 1, slash, true
		}
		// attribute name; a leading '=' belongs to it
		k := i
		if c == '=' {
			i++
		}
		for { // letters eight at a time, the other bytes one by one
			if i+8 <= n {
				r := runFrom(binary.LittleEndian.Uint64(p[i:i+8]), 0x40)
				if i += r; r == 8 {
					continue
				}
			}
			if i >= n || byteClass[p[i]]&clAttrEnd != 0 {
				break
			}
			i++
		}
		if i > k {
			slash = false
		}
		// the common case first: name="value"
		if i+1 < n && p[i] == '=' && (p[i+1] == '"' || p[i+1] == '\'') {
			q := p[i+1]
			i += 2
			slash = false
			// most values are short: their first eight bytes are tested
			// here, without a call
			if i+8 <= n {
				v := binary.LittleEndian.Uint64(p[i:i+8]) ^ swarLo*uint64(q)
				if t := (v - swarLo) &^ v & swarHi; t != 0 {
					i += bits.TrailingZeros64(t)>>3 + 1
					continue
				}
				i += 8
			}
			if i = indexByteFrom(p, i, q); i < 0 {
				return 0, false, false
			}
			i++
			continue
		}
		// after attribute name
		for i < n && isSpace(p[i]) {
			i++
			slash = false
		}
		if i >= n {
			return 0, false, false
		}
		switch p[i] {
		case '/':
			i++
			slash = true
			continue
		case '=':
			i++
		default:
			continue
		}
		// before value
		for i < n && isSpace(p[i]) {
			i++
		}
		if i >= n {
			return 0, false, false
		}
		slash = false
		switch q := p[i]; q {
		case '>':
			continue
		case '"', '\'':
			j := indexByteFrom(p, i+1, q)
			if j < 0 {
				return 0, false, false
			}
			i = j + 1
		default:
			for i < n && byteClass[p[i]]&clValEnd == 0 {
				i++
			}
			if i < n && isSpace(p[i]) {
				i++
			}
		}
	}
	return 0, false, false
}

// runFrom is how many of the eight bytes of v (little-endian: the first in the lowest lane)
// lead it that are ASCII and at least lo (at most 0x80). From 0x40 on, no byte ends an
// attribute name (whitespace, '/', '>' and '=' are below), and most names are letters.
// Each lane is tested on its low seven bits, so no sum carries into the next.
func runFrom(v uint64, lo byte) int {
	end := (^((v &^ swarHi) + uint64(0x80-lo)*swarLo) | v) & swarHi
	return bits.TrailingZeros64(end) >> 3
}

// SWAR constants: a byte of ones, a byte's high bit, in every lane.
const (
	swarLo = 0x0101010101010101
	swarHi = 0x8080808080808080
)

// indexByteFrom is bytes.IndexByte(p[i:], c)+i (or -1), quicker for the
// short distances of markup: it tests the next 32 bytes sixteen at a time
// before it pays for the call.
func indexByteFrom(p []byte, i int, c byte) int {
	pat := swarLo * uint64(c)
	for end := min(i+32, len(p)); i+16 <= end; i += 16 {
		w := (*[16]byte)(p[i : i+16])
		a := binary.LittleEndian.Uint64(w[:8]) ^ pat
		b := binary.LittleEndian.Uint64(w[8:]) ^ pat
		// a lane is flagged where its byte is zero (its byte in p is c),
		// or above such a lane: the lowest flagged lane is the first c
		ta, tb := (a-swarLo)&^a&swarHi, (b-swarLo)&^b&swarHi
		if ta|tb != 0 {
			if ta != 0 {
				return i + bits.TrailingZeros64(ta)>>3
			}
			return i + 8 + bits.TrailingZeros64(tb)>>3
		}
	}
	if i >= len(p) {
		return -1
	}
	if j := bytes.IndexByte(p[i:], c); j >= 0 {
		return i + j
	}
	return -1
}

func indexDashOrLT(b []byte) int {
	for i, c := range b {
		if c == '-' || c == '<' {
			return i
		}
	}
	return -1
}

func (s *scanner) addVal(b []byte) {
	k := copy(s.val[min(s.valLen, len(s.val)):], b)
	_ = k
	s.valLen += len(b)
}

// tagDone finishes a tag whose '>' ends at input offset end.
func (w *Writer) tagDone(end int64) {
	s := &w.scanner
	s.st = sData
	if w.steady && w.fastTree() {
		return
	}
	if s.isEnd {
		w.onEndTag(end)
		w.updateWant()
		return
	}
	next := w.onStartTag(end, s.lastSlash)
	w.updateWant()
	if next == sRaw {
		s.rawName = elemNames[s.el]
	}
	s.st = next
}

// fastTree applies a tag in the steady state when the "in body" rules
// reduce to a push or a pop; it reports whether it did.
func (w *Writer) fastTree() bool {
	s := &w.scanner
	el := s.el
	if s.isEnd {
		if w.depth == 0 || el == elBody || el == elHTML || el == elBr || el == elForm {
			return false
		}
		if top := &w.stack[w.depth-1]; top.ns != nsHTML || top.key != s.nameKey {
			// raw text elements are never pushed: in HTML content their
			// end tag closes nothing (onEndTag's fRaw case)
			return top.ns == nsHTML && elemFlags[el]&fRaw != 0
		}
		w.pop()
		return true
	}
	if w.depth > 0 && w.stack[w.depth-1].ns != nsHTML {
		return false // foreign content: onStartTag
	}
	f := elemFlags[el]
	if f&fNoFast != 0 {
		return w.fastSpecial(el)
	}
	if f&fClosesP != 0 && w.open[elP] != 0 {
		return false
	}
	switch {
	case f&fVoid != 0:
	case f&fRaw != 0:
		s.st = rawState(el)
		s.rawName = elemNames[el]
	default:
		return w.fastPush(el)
	}
	return true
}

// fastPush pushes an HTML element unless the stack is full.
func (w *Writer) fastPush(el elem) bool {
	if w.depth == len(w.stack) {
		return false
	}
	w.push(entry{key: w.scanner.nameKey, el: el})
	return true
}

// fastSpecial applies a start tag with its own "in body" rules where those
// rules reduce to a push (fastSpecialOK).
func (w *Writer) fastSpecial(el elem) bool {
	if !w.fastSpecialOK(el) {
		return false
	}
	if el == elA {
		w.aEver = true
	}
	return w.fastPush(el)
}

// fastSpecialOK tells the common cases of start tags with their own "in
// body" rules where those rules reduce to a push: a list item right in its
// list, a cell right in its row, a heading or table outside a p... Anything
// else goes to htmlStart.
func (w *Writer) fastSpecialOK(el elem) bool {
	top := elBody // the body sits below the modelled stack
	if d := w.depth - 1; uint(d) < uint(len(w.stack)) {
		top = w.stack[d].el
	}
	switch el {
	case elA:
		return w.open[elA] == 0
	case elLi, elDd, elDt:
		// the search for an open item stops at once at a special top
		return !(top == el || top == elAddress || top == elDiv || top == elP || !top.is(fSpecial) ||
			el != elLi && (top == elDd || top == elDt) || w.open[elP] != 0)
	case elH1, elH2, elH3, elH4, elH5, elH6:
		return w.open[elP] == 0 && !(top >= elH1 && top <= elH6)
	case elTable:
		return w.open[elP] == 0 && w.open[elTable] == 0
	case elTr:
		return top == elTbody || top == elThead || top == elTfoot
	case elTd, elTh:
		return top == elTr
	case elTbody, elThead, elTfoot, elCaption, elColgroup:
		return top == elTable
	case elButton, elNobr:
		return w.open[el] == 0
	}
	return false
}

func (w *Writer) attrDone() {
	s := &w.scanner
	if s.want && s.keyLen > 0 {
		w.onAttr()
	}
	s.keyLen, s.valLen = 0, 0
}
