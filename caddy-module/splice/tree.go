package splice

// The tree tracker: a small model of HTML tree construction, only as deep as
// the splicer's decisions need. Before the body it follows the insertion
// modes up to "after head"; from the body on it keeps a stack of open
// elements with the rules that matter for foreign content (which decides
// raw text and CDATA in the tokenizer), templates, selects and the footer.
// Where the model is not exact it says so (messy, lost) and the footer
// falls back to a safer place.
//
// What the decisions left in the body need (session 15, issue 19: why no
// cheaper state replaces the stack). The first </body> in the data state
// outside templates needs the tokenizer's state (raw text from a start
// tag's element; CDATA and raw-text rules from whether the current node is
// foreign and not an integration point) and whether a scope boundary is
// open (bodyInScope). The footer there needs depth == 0 and !messy when
// whitespace or comments follow it (candClean), lost/overflow, and the open
// counts of template, select and a (footerLeave). The start tags' rules
// read the current node (cells, rows, sections, headings, items, foreign
// content) and the counts of p, a, table, button and nobr; no decision
// reads another count. The stack of name keys is the least state that
// decides exactly: any two open names x != y are told apart by the suffix
// "</x></body>\n" (an ordinary end tag that matches nothing is ignored, so
// depth stays 1 and the footer moves to EOF), and by induction every open
// element's name counts; only runs of one name could become counts, which
// realistic pages do not have. Measured (callgrind, 100 KB page): the end
// tag's compare with the current key, the start tags' checks and the open
// counts all at no cost would save at most ~9.5 % of the scan; the rest of
// the per-tag work is reading the tag, which every model pays.

type mode uint8

const (
	mPreHead   mode = iota // "initial", "before html", "before head"
	mInHead                // "in head"
	mAfterHead             // "after head"
	mBody                  // the body exists
)

const (
	nsHTML uint8 = iota
	nsSVG
	nsMath
)

const (
	ipNone    uint8 = iota
	ipHTML          // HTML integration point
	ipMathTxt       // MathML text integration point
)

type entry struct {
	key uint64 // name key
	el  elem
	ns  uint8
	ip  uint8
}

// Attributes captured for the current tag (first occurrence wins, like x/net/html).
const (
	seenName uint8 = 1 << iota
	seenContent
	seenType
	seenEncoding
	seenCharset
)

type tree struct {
	mode     mode
	stack    [256]entry
	depth    int
	overflow int

	foreignDepth int
	// open HTML elements by name, for quick "not in scope" answers and
	// the depth of templates, selects and links
	open     [256]int32 // indexed by any elem: no bounds check
	formOpen bool
	aEver    bool

	framesetOK bool
	messy      bool // the stack may differ from the parser's
	lost       bool // ... while foreign content was open: tokenizer state unsure
	ignoreRest bool // x/net/html ignores every further token

	optOut bool

	// steady: inside the body with every decision but the footer's made and
	// no template open; tags then take a fast path.
	steady bool

	// body start
	bodyAt       int64
	explicitBody bool
	bodyTagDone  bool
	confirmed    bool

	// footer candidate: the first </body>
	candAt      int64
	candPending bool
	candAlive   bool
	candSeen    bool
	candWS      bool
	candClean   bool
	candLeave   string

	prefixDone bool

	// current tag's captured attributes
	seen       uint8
	metaShell  bool
	metaOff    bool
	typeHidden bool
	encHTML    bool
	fontBreak  bool
}

func (t *tree) reset() {
	*t = tree{}
	t.bodyAt, t.candAt = -1, -1
}

func (t *tree) top() *entry {
	if t.depth == 0 || t.overflow > 0 {
		return nil
	}
	return &t.stack[t.depth-1]
}

func (t *tree) markMessy() {
	t.messy = true
	if t.foreignDepth > 0 {
		t.lost = true
	}
}

func (t *tree) push(e entry) {
	d := t.depth
	if uint(d) >= uint(len(t.stack)) || t.overflow > 0 { // (a full stack; unsigned: no bounds check below)
		t.overflow++
		t.messy, t.lost = true, true
		return
	}
	t.stack[d] = e
	t.depth = d + 1
	t.count(e, 1)
}

func (t *tree) count(e entry, d int) {
	if e.ns != nsHTML {
		t.foreignDepth += d
		return
	}
	t.open[e.el] += int32(d)
}

func (t *tree) pop() {
	if t.overflow > 0 {
		t.overflow--
		return
	}
	d := t.depth - 1
	if uint(d) >= uint(len(t.stack)) { // empty (unsigned: no bounds check below)
		return
	}
	t.depth = d
	t.count(t.stack[d], -1)
}

// popTo pops the element at index i and everything above it. Formatting
// elements popped by something else than their own end tag stay in the
// parser's list of active formatting elements: the model is then messy.
func (t *tree) popTo(i int, own bool) {
	for t.depth > i {
		e := t.stack[t.depth-1]
		if e.ns == nsHTML && e.el.is(fFormatting) && !(own && t.depth-1 == i) && !t.cellAbove(i) {
			t.markMessy()
		}
		t.pop()
	}
}

// cellAbove reports whether a table cell or caption sits between i and the
// top: closing it clears the formatting elements opened inside it.
func (t *tree) cellAbove(i int) bool {
	for j := t.depth - 1; j >= i; j-- {
		e := t.stack[j]
		if e.ns == nsHTML && (e.el == elTd || e.el == elTh || e.el == elCaption || e.el == elTemplate) {
			return true
		}
	}
	return false
}

type scopeKind uint8

const (
	scopeDefault scopeKind = iota
	scopeListItem
	scopeButton
	scopeTable
)

// inScope returns the index of the topmost HTML element matching el or any
// of els in the given scope, or -1, like x/net/html's indexOfElementInScope.
func (t *tree) inScope(s scopeKind, match func(elem) bool) int {
	if t.overflow > 0 {
		return -1
	}
	for i := t.depth - 1; i >= 0; i-- {
		e := t.stack[i]
		if e.ns == nsHTML {
			if match(e.el) {
				return i
			}
			switch s {
			case scopeListItem:
				if e.el == elOl || e.el == elUl {
					return -1
				}
			case scopeButton:
				if e.el == elButton {
					return -1
				}
			case scopeTable:
				if e.el == elTable || e.el == elTemplate {
					return -1
				}
			}
			if s != scopeTable && e.el.is(fScope) {
				return -1
			}
		} else if s != scopeTable && isForeignScope(e) {
			return -1
		}
	}
	return -1
}

func isForeignScope(e entry) bool {
	if e.ns == nsMath {
		switch e.el {
		case elMi, elMo, elMn, elMs, elMtext, elAnnotationXML:
			return true
		}
		return false
	}
	return e.el == elDesc || e.el == elForeignObject || e.el == elTitle
}

func isSpecial(e entry) bool {
	if e.ns == nsHTML {
		return e.el.is(fSpecial)
	}
	return isForeignScope(e)
}

func (t *tree) closeP() {
	if t.open[elP] == 0 {
		return
	}
	if i := t.inScope(scopeButton, func(e elem) bool { return e == elP }); i >= 0 {
		t.popTo(i, false)
	}
}

func (t *tree) generateImplied() {
	for t.depth > 0 && t.overflow == 0 {
		e := t.stack[t.depth-1]
		if e.ns != nsHTML || !e.el.is(fImplied) {
			return
		}
		t.pop()
	}
}

// htmlContext tells whether a start tag is processed by the HTML rules
// rather than as foreign content (x/net/html's inForeignContent).
func (t *tree) htmlContext(el elem) bool {
	top := t.top()
	if top == nil || top.ns == nsHTML {
		return true
	}
	if top.ip == ipMathTxt && el != elMglyph && el != elMalignmark {
		return true
	}
	if top.ns == nsMath && top.el == elAnnotationXML && el == elSvg {
		return true
	}
	return top.ip == ipHTML
}

// --- events from the scanner ---

func (w *Writer) preBody() bool { return w.mode != mBody }

func (w *Writer) allowCDATA() bool {
	top := w.top()
	return top != nil && top.ns != nsHTML && w.tmplOrBody()
}

func (w *Writer) tmplOrBody() bool { return w.mode == mBody || w.open[elTemplate] > 0 }

func (w *Writer) updateWant() {
	w.wantText = !w.pass && ((w.preBody() && w.open[elTemplate] == 0) ||
		(w.mode == mBody && (!w.confirmed || w.candAlive)))
	w.steady = !w.slowOnly && !w.pass && !w.ignoreRest && w.mode == mBody && w.confirmed && !w.candAlive &&
		!w.candPending && w.open[elTemplate] == 0 && w.overflow == 0
}

// onText gets data-state text (only while wantText).
func (w *Writer) onText(off int64, b []byte) {
	if w.preBody() {
		if w.open[elTemplate] > 0 {
			return
		}
		k := 0
		for k < len(b) && (isSpace(b[k]) || w.isBOM(off+int64(k), b[k])) {
			k++
		}
		if k == len(b) {
			return
		}
		off += int64(k)
		b = b[k:]
		w.startBody(off, false)
		if w.pass {
			return
		}
	}
	if !w.confirmed && w.framesetOK {
		for _, c := range b {
			if !isSpace(c) && c != 0 {
				w.framesetOK = false
				w.confirm()
				break
			}
		}
	}
	if w.candAlive {
		for _, c := range b {
			if !isSpace(c) {
				w.abandonCandidate()
				break
			}
		}
		if w.candAlive && len(b) > 0 {
			w.candWS = true
		}
	}
	w.updateWant()
}

// isBOM: a UTF-8 byte order mark is not text (browsers drop it while decoding).
func (w *Writer) isBOM(off int64, c byte) bool {
	return off < 3 && w.bom && c == "\xEF\xBB\xBF"[off]
}

func (w *Writer) onComment(doctype bool) {
	if !w.candAlive {
		return
	}
	if doctype {
		w.abandonCandidate()
		w.updateWant()
		return
	}
	// A comment after </body> lands in the current node when that is
	// foreign content; like whitespace it needs a clean stack.
	w.candWS = true
}

func (w *Writer) onCDATA(text bool) {
	if w.mode != mBody || w.ignoreRest {
		return
	}
	if text && !w.confirmed && w.framesetOK {
		w.framesetOK = false
		w.confirm()
	}
	if w.candAlive {
		w.abandonCandidate()
	}
	w.updateWant()
}

func (w *Writer) onNameDone() {
	s := &w.scanner
	el := s.el
	s.want = el.is(fAttrs)
	if s.want {
		w.seen, w.metaShell, w.metaOff, w.typeHidden, w.encHTML, w.fontBreak = 0, false, false, false, false, false
		w.decl.startMetaAttrs()
	}
	if w.pass || w.ignoreRest {
		return
	}
	if w.preBody() && w.open[elTemplate] == 0 {
		if s.isEnd {
			if el == elBody || el == elHTML || el == elBr {
				w.startBody(s.tokStart, false)
				if el == elBody && !w.pass {
					// it creates the body and is its first </body> too
					w.candAt, w.candPending = s.tokStart, true
				}
			}
			return
		}
		switch {
		case el == elBody:
			w.startBody(s.tokStart, true)
		case el == elHTML || el == elHead || el == elFrameset:
		case el.is(fHead) && !(el == elNoscript && w.mode == mAfterHead):
		default:
			w.startBody(s.tokStart, false)
		}
		return
	}
	if w.mode == mBody && s.isEnd && el == elBody && !w.candSeen && w.open[elTemplate] == 0 {
		w.candAt, w.candPending = s.tokStart, true
	}
}

// onLongName is called once a start tag name outgrows every known name:
// before the body such a tag starts it, so decide now rather than hold
// the name back.
func (w *Writer) onLongName() {
	s := &w.scanner
	if !s.isEnd && !w.pass && w.preBody() && w.open[elTemplate] == 0 {
		w.startBody(s.tokStart, false)
		w.updateWant()
	}
}

func (w *Writer) onAttr() {
	s := &w.scanner
	key := s.key[:min(s.keyLen, len(s.key))]
	if s.keyLen > len(s.key) {
		return
	}
	val := s.val[:min(s.valLen, len(s.val))]
	full := s.valLen <= len(s.val)
	once := func(bit uint8) bool {
		if w.seen&bit != 0 {
			return false
		}
		w.seen |= bit
		return true
	}
	switch string(key) {
	case "name":
		if once(seenName) {
			w.metaShell = full && equalFoldTrim(val, "shell")
			if s.el == elMeta && w.preBody() && w.open[elTemplate] == 0 {
				w.decl.onMetaName(val, full)
			}
		}
	case "content":
		if once(seenContent) {
			w.metaOff = full && equalFoldTrim(val, "off")
			if s.el == elMeta && w.preBody() && w.open[elTemplate] == 0 {
				w.decl.onMetaContent(val, full)
			}
		}
	case "type":
		if once(seenType) {
			w.typeHidden = full && equalFoldTrim(val, "hidden") && len(val) == len("hidden")
		}
	case "encoding":
		if once(seenEncoding) {
			w.encHTML = full && (equalFoldTrim(val, "text/html") && len(val) == 9 ||
				equalFoldTrim(val, "application/xhtml+xml") && len(val) == 21)
		}
	case "color", "face", "size":
		w.fontBreak = true
	}
}

func equalFoldTrim(b []byte, s string) bool {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if lower(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// onStartTag processes a complete start tag ending at end and returns the
// tokenizer state that follows it.
func (w *Writer) onStartTag(end int64, selfClosing bool) tokState {
	s := &w.scanner
	el := s.el
	if w.pass {
		return sData
	}
	if w.ignoreRest {
		return rawState(el)
	}
	if w.preBody() && w.open[elTemplate] == 0 {
		switch {
		case el == elHTML:
		case el == elHead:
			if w.mode == mPreHead {
				w.mode = mInHead
			}
		case el == elFrameset:
			w.setPass(ReasonFrameset)
			return sData
		case el.is(fHead):
			if w.mode == mPreHead {
				w.mode = mInHead
			}
			if el == elMeta && w.metaShell && w.metaOff {
				w.optOut = true
			}
			switch el {
			case elMeta:
				w.decl.onMetaTag()
			case elTitle:
				w.decl.title = true
			}
			if el == elTemplate {
				w.push(entry{key: s.nameKey, el: el})
			}
			return rawState(el)
		}
		return sData
	}
	if w.mode == mBody && w.explicitBody && !w.bodyTagDone && s.tokStart == w.bodyAt {
		// the <body> tag itself: the header goes right after it
		w.bodyTagDone = true
		if end-w.bodyAt > framesetBound {
			w.setPass(ReasonBodyTagTooLong)
			return sData
		}
		w.ins[insHeader].at = end
		w.confirm()
		return sData
	}
	if w.candAlive {
		w.abandonCandidate()
	}
	if !w.htmlContext(el) {
		if el.is(fBreakout) || (el == elFont && w.fontBreak) {
			w.breakOut(el)
			return w.htmlStart(el, end, selfClosing)
		}
		top := w.top()
		ns := nsSVG
		if top != nil {
			ns = top.ns
		}
		e := entry{key: s.nameKey, el: el, ns: ns}
		switch {
		case ns == nsSVG && (el == elForeignObject || el == elDesc || el == elTitle):
			e.ip = ipHTML
		case ns == nsMath && (el == elMi || el == elMo || el == elMn || el == elMs || el == elMtext):
			e.ip = ipMathTxt
		case ns == nsMath && el == elAnnotationXML && w.encHTML:
			e.ip = ipHTML
		}
		if !selfClosing {
			w.push(e)
		}
		return sData // foreign: never raw text
	}
	return w.htmlStart(el, end, selfClosing)
}

// breakOut applies a start tag of a breakout element in foreign content:
// pop until an HTML element or an integration point is current.
func (w *Writer) breakOut(el elem) {
	if w.htmlContext(el) {
		return
	}
	for w.depth > 0 && w.overflow == 0 {
		e := w.stack[w.depth-1]
		if e.ns == nsHTML || e.ip != ipNone {
			break
		}
		w.pop()
	}
}

func rawState(el elem) tokState {
	switch {
	case el == elScript:
		return sSD
	case el == elPlaintext:
		return sPlaintext
	case el.is(fRaw):
		return sRaw
	}
	return sData
}

func (w *Writer) flipFrameset() {
	if w.framesetOK {
		w.framesetOK = false
		if !w.confirmed && w.mode == mBody {
			w.confirm()
		}
	}
}

// htmlStart applies the "in body" rules (and the table ones the model needs)
// to an HTML start tag.
func (w *Writer) htmlStart(el elem, end int64, selfClosing bool) tokState {
	s := &w.scanner
	e := entry{key: s.nameKey, el: el}
	if el.is(fFramesetOff) && !(el == elTemplate && w.mode != mBody) {
		w.flipFrameset()
	}
	switch el {
	case elHTML, elBody, elHead, elFrame:
		return sData
	case elFrameset:
		if w.mode == mBody && !w.confirmed && w.framesetOK && w.open[elTemplate] == 0 && end-w.bodyAt <= framesetBound {
			w.setPass(ReasonFrameset)
		}
		return sData
	case elTemplate:
		if w.foreignDepth > 0 {
			w.ignoreRest = true // x/net/html gives up on <template> with foreign content open
			return sData
		}
		w.push(e)
		return sData
	case elSvg, elMath:
		e.ns = nsSVG
		if el == elMath {
			e.ns = nsMath
		}
		if !selfClosing {
			w.push(e)
		}
		return sData
	case elInput:
		if w.open[elSelect] == 0 {
		} else if i := w.inScope(scopeDefault, func(x elem) bool { return x == elSelect }); i >= 0 {
			w.popTo(i, false)
		}
		if !w.typeHidden {
			w.flipFrameset()
		}
		return sData
	case elLi, elDd, elDt:
		for i := w.depth - 1; i >= 0 && w.overflow == 0; i-- {
			x := w.stack[i]
			if x.ns == nsHTML && (x.el == el || (el != elLi && (x.el == elDd || x.el == elDt))) {
				w.popTo(i, false)
				break
			}
			if x.ns == nsHTML && (x.el == elAddress || x.el == elDiv || x.el == elP) {
				continue
			}
			if isSpecial(x) {
				break
			}
		}
		w.closeP()
		w.push(e)
		return sData
	case elH1, elH2, elH3, elH4, elH5, elH6:
		w.closeP()
		if top := w.top(); top != nil && top.ns == nsHTML && top.el >= elH1 && top.el <= elH6 {
			w.markMessy()
			w.pop()
		}
		w.push(e)
		return sData
	case elForm:
		if w.formOpen && w.open[elTemplate] == 0 {
			return sData
		}
		w.closeP()
		w.push(e)
		if w.open[elTemplate] == 0 {
			w.formOpen = true
		}
		return sData
	case elButton:
		if w.open[elButton] == 0 {
		} else if i := w.inScope(scopeDefault, func(x elem) bool { return x == elButton }); i >= 0 {
			w.generateImplied()
			w.popTo(i, false)
		}
		w.push(e)
		return sData
	case elA:
		w.aEver = true
		if w.open[elA] > 0 {
			w.markMessy() // adoption agency
		}
		w.push(e)
		return sData
	case elNobr:
		if w.inScope(scopeDefault, func(x elem) bool { return x == elNobr }) >= 0 {
			w.markMessy()
		}
		w.push(e)
		return sData
	case elSelect:
		if i := w.inScope(scopeDefault, func(x elem) bool { return x == elSelect }); i >= 0 {
			w.popTo(i, false)
			return sData
		}
		w.push(e)
		return sData
	case elOption, elOptgroup:
		if w.inScope(scopeDefault, func(x elem) bool { return x == elSelect }) >= 0 {
			for w.depth > 0 && w.overflow == 0 {
				x := w.stack[w.depth-1]
				if x.ns != nsHTML || !x.el.is(fImplied) || (el == elOption && x.el == elOptgroup) {
					break
				}
				w.pop()
			}
		} else if top := w.top(); top != nil && top.ns == nsHTML && top.el == elOption {
			w.pop()
		}
		w.push(e)
		return sData
	case elRb, elRtc, elRp, elRt:
		if w.inScope(scopeDefault, func(x elem) bool { return x == elRuby }) >= 0 {
			for w.depth > 0 && w.overflow == 0 {
				x := w.stack[w.depth-1]
				if x.ns != nsHTML || !x.el.is(fImplied) || ((el == elRp || el == elRt) && x.el == elRtc) {
					break
				}
				w.pop()
			}
		}
		w.push(e)
		return sData
	case elTable:
		if i := w.tableContext(); w.open[elTable] > 0 && i >= 0 && w.stack[i].el == elTable {
			w.popTo(i, false) // <table> in a table closes it
		} else if w.open[elP] > 0 {
			// In quirks mode <table> does not close a p; the model does not
			// track quirks, so it closes it and marks itself messy.
			w.closeP()
			w.markMessy()
		}
		w.push(e)
		return sData
	case elCaption, elColgroup, elCol, elTbody, elThead, elTfoot, elTr, elTd, elTh:
		w.tableStart(el, e)
		return sData
	}
	if el.is(fClosesP) {
		w.closeP()
	}
	if el.is(fVoid) || el.is(fRaw) {
		return rawState(el)
	}
	w.push(e)
	return sData
}

// tableContext returns the index of the innermost table, section, row or
// cell in table scope, or -1 outside tables.
func (w *Writer) tableContext() int {
	if w.overflow > 0 {
		return -1
	}
	for i := w.depth - 1; i >= 0; i-- {
		x := w.stack[i]
		if x.ns != nsHTML {
			continue
		}
		switch x.el {
		case elTable, elTbody, elThead, elTfoot, elTr, elTd, elTh, elCaption, elColgroup:
			return i
		case elTemplate:
			return -1
		}
	}
	return -1
}

func (w *Writer) tableStart(el elem, e entry) {
	i := w.tableContext()
	if i < 0 {
		return // ignored outside tables
	}
	if x := w.stack[i].el; x == elTd || x == elTh || x == elCaption || x == elColgroup {
		w.popTo(i, false) // close the cell (or caption / colgroup)
		if i = w.tableContext(); i < 0 {
			return
		}
	}
	back := func(stop ...elem) {
		for w.depth > 0 && w.overflow == 0 {
			x := w.stack[w.depth-1]
			if x.ns == nsHTML {
				for _, s := range stop {
					if x.el == s {
						return
					}
				}
			}
			if x.ns == nsHTML && x.el.is(fFormatting) {
				w.markMessy()
			}
			w.pop()
		}
	}
	switch el {
	case elTd, elTh:
		back(elTr, elTbody, elThead, elTfoot, elTable, elTemplate)
		if top := w.top(); top != nil && top.el != elTr {
			if top.el == elTable {
				w.push(entry{key: keyOf("tbody"), el: elTbody})
			}
			w.push(entry{key: keyOf("tr"), el: elTr})
		}
		w.push(e)
	case elTr:
		back(elTbody, elThead, elTfoot, elTable, elTemplate)
		if top := w.top(); top != nil && top.el == elTable {
			w.push(entry{key: keyOf("tbody"), el: elTbody})
		}
		w.push(e)
	case elCol:
		back(elTable, elTemplate)
		w.push(entry{key: keyOf("colgroup"), el: elColgroup})
	default:
		back(elTable, elTemplate)
		w.push(e)
	}
}

func (w *Writer) onEndTag(end int64) {
	s := &w.scanner
	el := s.el
	if w.pass || w.ignoreRest {
		return
	}
	if w.preBody() && w.open[elTemplate] == 0 {
		switch el {
		case elHead:
			w.mode = mAfterHead
		}
		return
	}
	isCand := w.candPending && s.tokStart == w.candAt
	w.candPending = false
	if w.candAlive && el != elBody && el != elHTML {
		w.abandonCandidate()
	}
	// foreign content: close a foreign element of that name
	if top := w.top(); top != nil && top.ns != nsHTML {
		if top.key == s.nameKey {
			w.pop()
			return
		}
		for i := w.depth - 1; i >= 0; i-- {
			if w.stack[i].key == s.nameKey {
				w.popTo(i, true)
				return
			}
			if i == 0 || w.stack[i-1].ns == nsHTML {
				break
			}
		}
	}
	if top := w.top(); top != nil && top.ns == nsHTML && top.key == s.nameKey &&
		el != elBody && el != elHTML && el != elBr && el != elForm {
		w.pop() // the common case: closing the current element
		return
	}
	is := func(x elem) func(elem) bool { return func(y elem) bool { return y == x } }
	switch {
	case el == elBody || el == elHTML:
		if !w.bodyInScope() {
			// body is not in scope (table, select, object...): ignored
			if el == elBody && isCand {
				w.candAt = -1
			}
			return
		}
		if isCand && el == elBody && w.mode == mBody {
			w.candSeen, w.candAlive, w.candWS = true, true, false
			w.candClean = w.depth == 0 && !w.messy
			w.candLeave = w.footerLeave()
		}
	case el == elBr:
		// </br> is parsed as <br>, which breaks out of foreign content
		w.breakOut(elBr)
		w.flipFrameset()
	case el == elP:
		if i := w.inScope(scopeButton, is(elP)); i >= 0 {
			w.popTo(i, true)
		} else {
			w.breakOut(elP) // an implied <p> start tag is parsed first
		}
	case el == elLi:
		if i := w.inScope(scopeListItem, is(elLi)); i >= 0 {
			w.popTo(i, true)
		}
	case el == elDd || el == elDt:
		if i := w.inScope(scopeDefault, is(el)); i >= 0 {
			w.popTo(i, true)
		}
	case el >= elH1 && el <= elH6:
		if i := w.inScope(scopeDefault, func(x elem) bool { return x >= elH1 && x <= elH6 }); i >= 0 {
			if w.stack[i].el != el {
				w.markMessy()
			}
			w.popTo(i, true)
		}
	case el == elForm:
		if w.open[elTemplate] > 0 {
			if i := w.inScope(scopeDefault, is(elForm)); i >= 0 {
				w.popTo(i, true)
			}
			return
		}
		if !w.formOpen {
			return
		}
		w.formOpen = false
		if i := w.inScope(scopeDefault, is(elForm)); i >= 0 {
			if i != w.depth-1 {
				w.markMessy() // removed from the middle of the stack
			}
			w.removeAt(i)
		}
	case el == elTemplate:
		for i := w.depth - 1; i >= 0 && w.overflow == 0; i-- {
			if w.stack[i].ns == nsHTML && w.stack[i].el == elTemplate {
				w.popTo(i, true)
				return
			}
		}
	case el.is(fFormatting):
		top := w.top()
		if top != nil && top.ns == nsHTML && top.key == s.nameKey {
			w.pop()
			return
		}
		for i := w.depth - 1; i >= 0 && w.overflow == 0; i-- {
			if w.stack[i].ns == nsHTML && w.stack[i].el == el {
				w.markMessy() // adoption agency
				w.popTo(i, true)
				return
			}
		}
	case el.is(fBlockEnd) || el == elApplet || el == elMarquee || el == elObject:
		if i := w.inScope(scopeDefault, is(el)); i >= 0 {
			w.popTo(i, true)
		}
	case el == elTable || el == elTbody || el == elThead || el == elTfoot || el == elTr ||
		el == elTd || el == elTh || el == elCaption || el == elColgroup:
		if i := w.inScope(scopeTable, is(el)); i >= 0 {
			w.popTo(i, true)
		}
	case el.is(fRaw) || el.is(fVoid):
	default:
		for i := w.depth - 1; i >= 0 && w.overflow == 0; i-- {
			x := w.stack[i]
			if x.ns == nsHTML && x.key == s.nameKey {
				w.popTo(i, true)
				return
			}
			if isSpecial(x) {
				return
			}
		}
	}
}

// bodyInScope: body sits below the modelled stack, so it is in scope when
// no scope boundary is open above it.
func (w *Writer) bodyInScope() bool {
	if w.overflow > 0 {
		return false
	}
	for i := 0; i < w.depth; i++ {
		e := w.stack[i]
		if e.ns == nsHTML && e.el.is(fScope) || e.ns != nsHTML && isForeignScope(e) {
			return false
		}
	}
	return true
}

func (w *Writer) removeAt(i int) {
	e := w.stack[i]
	copy(w.stack[i:w.depth-1], w.stack[i+1:w.depth])
	w.depth--
	w.count(e, -1)
}

// footerLeave says why the footer cannot go at the current point, or "".
func (w *Writer) footerLeave() string {
	switch {
	case w.lost || w.overflow > 0:
		return ReasonFooterUncertain
	case w.open[elTemplate] > 0:
		return ReasonFooterTemplate
	case w.open[elSelect] > 0:
		return ReasonFooterSelect
	case w.open[elA] > 0 || (w.messy && w.aEver):
		return ReasonFooterLink
	}
	return ""
}

func (w *Writer) abandonCandidate() {
	w.candAlive = false
}

// --- decisions ---

func (w *Writer) startBody(at int64, explicit bool) {
	if w.optOut {
		w.setPass(ReasonOptOut)
		return
	}
	w.mode = mBody
	w.bodyAt = at
	w.explicitBody = explicit
	w.framesetOK = !explicit
	w.ins[insHead].at = at
	if !explicit {
		w.ins[insHeader].at = at
	}
	w.updateWant()
}

func (w *Writer) confirm() {
	if w.confirmed || w.pass || w.bodyAt < 0 {
		return
	}
	if w.explicitBody && !w.bodyTagDone {
		return
	}
	w.confirmed = true
	w.resolve() // the head is complete: the caller may pick the fragments now
	w.ins[insHead].ready = true
	w.ins[insHeader].ready = true
	w.report.Injected = true
	w.updateWant()
}

func (w *Writer) setPass(reason string) {
	w.pass = true
	if w.report.Reason == "" {
		w.report.Reason = reason
	}
	for i := range w.ins {
		if !w.ins[i].done {
			w.ins[i].ready = false
		}
	}
	w.report.Injected = w.ins[insHeader].done
	w.wantText = false
}

// pendingStart is the start of a token that might still become an
// insertion point, or -1.
func (w *Writer) pendingStart() int64 {
	s := &w.scanner
	switch s.st {
	case sLT, sEndOpen:
		return s.tokStart
	case sTagName:
		// only names that can still turn out to be an insertion point
		if s.isEnd && s.nameLen <= len("body") || w.preBody() && s.nameLen <= maxName {
			return s.tokStart
		}
	}
	return -1
}

// safe is the input offset up to which every byte is decided.
func (w *Writer) safe() int64 {
	if w.pass {
		return w.in
	}
	if !w.prefixDone {
		return 0
	}
	lim := w.in
	if p := w.pendingStart(); p >= 0 && p < lim {
		lim = p
	}
	if w.mode == mBody && !w.confirmed && w.bodyAt < lim {
		lim = w.bodyAt
	}
	if (w.candPending || w.candAlive) && w.candAt >= 0 && w.candAt < lim {
		lim = w.candAt
	}
	return lim
}

// decide runs the bounded hold-back decisions after a Write (or at EOF).
func (w *Writer) decide(p []byte, eof bool) {
	if w.pass {
		return
	}
	if w.mode == mBody && !w.confirmed && w.in-w.bodyAt > framesetBound {
		if w.explicitBody && !w.bodyTagDone {
			w.setPass(ReasonBodyTagTooLong)
			return
		}
		w.confirm()
	}
	if w.candPending && w.in-w.candAt > footerBound {
		w.candPending, w.candSeen = false, true // a </body ...> tag longer than the bound
	}
	if w.candAlive && w.in-w.candAt > footerBound {
		w.abandonCandidate()
		w.updateWant()
	}
	if !w.prefixDone && (w.in >= prefixBound || eof) {
		earliest := w.ins[insHead].at
		if earliest < 0 {
			earliest = w.in
			if p := w.pendingStart(); p >= 0 {
				earliest = p
			}
		}
		if w.ins[insHead].at >= 0 || earliest >= prefixBound || eof {
			w.prefixDone = true
			if at := w.ins[insHead].at; at >= 0 && at < prefixBound {
				w.charsetCopy(at, p)
			}
		}
	}
}

// eof handles the end of input in whatever state the scanner is in.
func (w *Writer) eof() {
	if w.pass {
		return
	}
	s := &w.scanner
	st := s.st
	// "<" or "</" at EOF are text
	if st == sLT || st == sEndOpen {
		if w.wantText || (w.preBody() && w.open[elTemplate] == 0) {
			w.onText(s.tokStart, ltText)
		}
		if w.pass {
			return
		}
	}
	open := ""
	switch {
	case st == sData || st == sLT:
	case st == sEndOpen || (st >= sTagName && st <= sUnquoted):
		open = ReasonFooterTag
	case st >= sMarkup && st <= sBogus:
		open = ReasonFooterComment
	default:
		open = ReasonFooterRawText
	}
	if w.preBody() {
		switch {
		case w.open[elTemplate] > 0:
			w.setPass(ReasonHeadInTemplate)
			return
		case open != "":
			w.setPass(ReasonUnclosedHead)
			return
		}
		w.startBody(w.in, false)
		if w.pass {
			return
		}
	}
	if !w.confirmed {
		if w.explicitBody && !w.bodyTagDone {
			// "<body ..." open at EOF: the parser drops it; the header goes
			// where the body starts, right after Head.
			w.explicitBody = false
			w.ins[insHeader].at = w.bodyAt
		}
		w.confirm()
	}
	w.decide(nil, true)
	if w.pass {
		return
	}
	// footer
	if w.candAlive {
		switch {
		case st >= sMarkup && st <= sBogus:
			w.candWS = true // a comment open at EOF is still a comment
		case st == sCDATA:
			w.candAlive = false // CDATA is text
		}
	}
	ft := &w.ins[insFooter]
	if w.candAlive && (w.candClean || !w.candWS) {
		if w.candLeave != "" {
			w.report.Reason = w.candLeave
			return
		}
		ft.at, ft.ready = w.candAt, true
		w.report.FooterPlaced = true
		return
	}
	w.candAlive = false
	if w.ignoreRest {
		open = ReasonFooterUncertain // the parser drops everything from here on
	}
	if open == "" {
		open = w.footerLeave()
	}
	if open != "" {
		w.report.Reason = open
		return
	}
	ft.at, ft.ready = w.in, true
	w.report.FooterPlaced = true
}
