package splice

import (
	"fmt"
	"io"
	"sync"
)

// Fragments are the prebuilt bytes the Writer inserts verbatim. The caller
// guarantees they are ASCII and well-formed (every element they open, they close).
type Fragments struct {
	Head, Header, Footer []byte

	// Resolve, when set, picks the fragments once the page's head is known
	// (see Resolver); until then the three above stand.
	Resolve Resolver
}

// KeepWriter is a destination that may keep the bytes WriteKept gives it, without copying
// them, for as long as it likes: they never change (they are a plan's copy of the page, see
// Plans). A Writer following a plan writes the body's bytes that way; the rest it writes
// with Write.
type KeepWriter interface {
	io.Writer
	WriteKept(p []byte) (int, error)
}

// Report says what a Writer did with one response.
type Report struct {
	Injected     bool // Head+Header were inserted
	FooterPlaced bool
	Reason       string // why not injected / why the footer was left out; "" when both went in
	Err          error  // non-nil if a panic/internal error switched the writer to pass-through
	Planned      bool   // the footer's place came from the page's plan (Plans): the body was not scanned
	Replayed     bool   // ... and the head's decisions too: nothing was scanned
}

// Reasons reported in Report.Reason.
const (
	ReasonOptOut          = "opt-out-meta"
	ReasonFrameset        = "frameset"
	ReasonUTF16           = "utf16"
	ReasonPanic           = "panic"
	ReasonUnclosedHead    = "head-unclosed-at-eof"     // EOF inside a comment, tag or raw text before the body started
	ReasonHeadInTemplate  = "head-in-template"         // EOF inside a <template> before the body started
	ReasonBodyTagTooLong  = "body-tag-too-long"        // <body ...> longer than the hold-back bound
	ReasonFooterRawText   = "footer-in-raw-text"       // EOF inside script/style/textarea/plaintext/CDATA...
	ReasonFooterTemplate  = "footer-in-template"       // EOF inside an unclosed <template>
	ReasonFooterSelect    = "footer-in-select"         // EOF inside an unclosed <select>
	ReasonFooterComment   = "footer-in-comment"        // EOF inside a comment, bogus comment or doctype
	ReasonFooterTag       = "footer-in-tag"            // EOF inside a tag ("<div class=..." or "</")
	ReasonFooterLink      = "footer-in-link"           // an <a> may still be open: the footer's links would re-parent page nodes
	ReasonFooterUncertain = "footer-in-foreign-markup" // malformed SVG/MathML nesting: the tokenizer state is not certain
)

// MaxExtra is the most a Writer adds besides the fragments: a copy of a late <meta charset>
// before Head, so that it stays within the page's first 1024 bytes.
const MaxExtra = 80

// Hold-back bounds, in input bytes.
const (
	prefixBound   = 1024     // encoding prescan window
	framesetBound = 4 << 10  // after an implicit body start
	footerBound   = 64 << 10 // from the first </body> on
	heldCap       = 72 << 10 // initial capacity of the hold-back buffer
)

// insertion is a fragment waiting at an input offset.
type insertion struct {
	at    int64
	frag  []byte
	extra []byte // written before frag (the charset copy for Head)
	ready bool
	done  bool
}

// Writer streams an HTML document from Write calls to dst, inserting the fragments.
// It is not safe for concurrent use. Zero allocations per response in steady state:
// get one from a pool with NewWriter, give it back with Release.
type Writer struct {
	dst  io.Writer
	frag Fragments

	// Output bookkeeping: held holds input bytes [out, in) not yet written.
	held []byte
	out  int64 // input offset of the next byte to write
	in   int64 // input bytes consumed

	ins [3]insertion // head, header, footer, in offset order

	pass    bool // pass-through: no more decisions, no more insertions
	kept    bool // emit's p is a plan's bytes, which dst may keep (KeepWriter)
	closed  bool
	dstErr  error
	report  Report
	charset [MaxExtra]byte // copy of a late <meta charset> for Head
	charLen int

	first      [3]byte // the first input bytes, scanned once a BOM is ruled in or out
	nFirst     int
	bomChecked bool
	bom        bool

	// faultAt, when >= 0, makes the scanner panic once it reaches that input
	// offset (tests only).
	faultAt int64
	// slowOnly turns the fast paths off, so tests can check that they
	// decide exactly like the general states (tests only).
	slowOnly bool

	decl headDecl // what the head declared, for Resolve

	// plans (plans.go): what the last responses of this page left
	plans              *Plans
	planKey            uint64
	plan               *plan
	same               bool // every byte so far is the plan's
	planTried          bool // deferral started or ruled out
	deferring          bool // body bytes are compared and written, not scanned
	deferAt, deferStop int64
	replaying          bool   // [0, in) is the plan's, held unscanned until its snapshot's offset
	capture            bool   // keep this response's bytes for the next plan
	pageBuf            []byte // ... here
	tag                any    // the caller's word on these bytes, kept with the plan (TagPlan)

	scanner
	tree
}

const (
	insHead = iota
	insHeader
	insFooter
)

var pool = sync.Pool{New: func() any { return &Writer{held: make([]byte, 0, heldCap)} }}

// NewWriter returns a Writer from the pool that writes to dst.
func NewWriter(dst io.Writer, f Fragments) *Writer {
	w := pool.Get().(*Writer)
	w.reset(dst, f)
	return w
}

// Release gives w back to the pool; w must not be used afterwards.
func (w *Writer) Release() {
	w.dst = nil
	w.frag = Fragments{}
	if cap(w.held) > 4*heldCap {
		w.held = make([]byte, 0, heldCap) // do not keep a buffer a freak page grew
	}
	if cap(w.pageBuf) > 4*heldCap {
		w.pageBuf = nil
	}
	w.plans, w.plan, w.tag = nil, nil, nil
	pool.Put(w)
}

func (w *Writer) reset(dst io.Writer, f Fragments) {
	held, kept := w.held[:0], w.pageBuf[:0]
	*w = Writer{dst: dst, frag: f, held: held, pageBuf: kept, faultAt: -1}
	for i := range w.ins {
		w.ins[i].at = -1
	}
	w.ins[insHead].frag = f.Head
	w.ins[insHeader].frag = f.Header
	w.ins[insFooter].frag = f.Footer
	w.scanner.reset()
	w.tree.reset()
	w.decl.reset()
	w.updateWant()
}

// Report tells what the Writer did; complete after Close.
func (w *Writer) Report() Report { return w.report }

// Write scans p and forwards every byte that is decided.
func (w *Writer) Write(p []byte) (n int, err error) {
	if w.dstErr != nil {
		return 0, w.dstErr
	}
	if w.closed {
		return 0, fmt.Errorf("splice: write after Close: the response is already complete")
	}
	if len(p) == 0 {
		return 0, nil
	}
	if w.plans != nil && !w.pass {
		return w.planWrite(p)
	}
	return w.writeChunk(p)
}

// writeChunk is Write without plans, or for one piece of planWrite.
func (w *Writer) writeChunk(p []byte) (n int, err error) {
	start := w.in
	if w.pass {
		w.in += int64(len(p))
		return w.passWrite(p, start)
	}
	defer func() {
		if r := recover(); r != nil {
			n, err = w.recovered(r, p, start)
		}
	}()
	w.in = start + int64(len(p))
	rest, restAt := p, start
	if !w.bomChecked {
		k := copy(w.first[w.nFirst:], p)
		w.nFirst += k
		if w.nFirst < len(w.first) {
			if w.isUTF16() {
				w.setPass(ReasonUTF16)
				return w.passWrite(p, start)
			}
			return len(p), w.emit(p, start, w.out)
		}
		if w.beginScan() {
			return w.passWrite(p, start)
		}
		rest, restAt = p[k:], start+int64(k)
	}
	w.scan(rest, restAt)
	w.decide(p, false)
	if err := w.emit(p, start, w.safe()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes everything not held back for a decision, then flushes dst.
func (w *Writer) Flush() error {
	if w.dstErr != nil {
		return w.dstErr
	}
	if w.replaying {
		if err := w.unreplay(); err != nil { // the caller wants the bytes now
			return err
		}
	}
	switch f := w.dst.(type) {
	case interface{ Flush() error }:
		return f.Flush()
	case interface{ Flush() }:
		f.Flush()
	}
	return nil
}

// Close ends the input: it decides what was held back and writes the rest.
// It does not close dst.
func (w *Writer) Close() (err error) {
	if w.dstErr != nil {
		return w.dstErr
	}
	if w.closed {
		return nil
	}
	w.closed = true
	if w.replaying {
		if err := w.unreplay(); err != nil { // the page ended before the plan's snapshot
			return err
		}
	}
	if w.pass {
		_, err := w.passWrite(nil, w.in)
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			_, err = w.recovered(r, nil, w.in)
		}
	}()
	if !w.bomChecked && w.beginScan() {
		_, err := w.passWrite(nil, w.in)
		return err
	}
	if w.deferring {
		if done, err := w.closePlanned(); done || err != nil {
			return err
		}
		if w.pass {
			_, err := w.passWrite(nil, w.in)
			return err
		}
	}
	w.eof()
	w.decide(nil, true)
	err = w.emit(nil, w.in, w.in)
	w.recordPlan()
	return err
}

func (w *Writer) isUTF16() bool {
	return w.nFirst >= 2 && (w.first[0] == 0xFE && w.first[1] == 0xFF || w.first[0] == 0xFF && w.first[1] == 0xFE)
}

// beginScan decides on the byte order mark once the first bytes are known
// and scans them; it reports whether the page passes through as UTF-16.
func (w *Writer) beginScan() bool {
	w.bomChecked = true
	if w.isUTF16() {
		w.setPass(ReasonUTF16)
		return true
	}
	w.bom = w.nFirst == 3 && string(w.first[:]) == "\xEF\xBB\xBF"
	w.scan(w.first[:w.nFirst], 0)
	return false
}

// recovered switches w to pass-through after a panic: every byte not yet
// written goes out untouched, in order.
func (w *Writer) recovered(r any, p []byte, start int64) (int, error) {
	w.pass = true
	w.report.Reason = ReasonPanic
	w.report.Err = fmt.Errorf("splice: internal error, page passed through unchanged (report this with the page): %v", r)
	w.report.FooterPlaced = w.ins[insFooter].done
	w.in = start + int64(len(p))
	if _, err := w.passWrite(p, start); err != nil {
		return 0, err
	}
	return len(p), nil
}

// passWrite writes held bytes and the part of p from w.out on, untouched.
func (w *Writer) passWrite(p []byte, start int64) (int, error) {
	if len(w.held) > 0 {
		if err := w.write(w.held); err != nil {
			return 0, err
		}
		w.out += int64(len(w.held))
		w.held = w.held[:0]
	}
	if skip := w.out - start; skip < int64(len(p)) {
		if skip < 0 {
			skip = 0
		}
		if err := w.write(p[skip:]); err != nil {
			return 0, err
		}
		w.out = start + int64(len(p))
	}
	return len(p), nil
}

func (w *Writer) write(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if _, err := w.dst.Write(b); err != nil {
		w.dstErr = err
		return err
	}
	return nil
}

// emit writes input bytes [w.out, limit) with the ready insertions, then keeps
// [limit, w.in) in w.held. held covers [w.out, start) and p covers [start, w.in).
func (w *Writer) emit(p []byte, start, limit int64) error {
	if limit < w.out {
		limit = w.out
	}
	if !w.prefixDone && !w.pass {
		limit = -1 // nothing, not even an insertion at offset 0, before the charset decision
	}
	for limit >= 0 && (w.out < limit || w.nextInsertAt(limit)) {
		// the next stop: an insertion point or the limit
		stop := limit
		for i := range w.ins {
			in := &w.ins[i]
			if in.ready && !in.done && in.at >= w.out && in.at < stop {
				stop = in.at
			}
		}
		if err := w.copyOut(p, start, stop); err != nil {
			return err
		}
		for i := range w.ins {
			in := &w.ins[i]
			if in.ready && !in.done && in.at == w.out {
				if err := w.write(in.extra); err != nil {
					return err
				}
				if err := w.write(in.frag); err != nil {
					return err
				}
				in.done = true
			}
		}
		if stop == limit {
			break
		}
	}
	// keep the undecided rest
	if w.out < start {
		// part of held is still undecided: drop what was written
		k := int(w.out - (start - int64(len(w.held))))
		n := copy(w.held, w.held[k:])
		w.held = w.held[:n]
		w.held = append(w.held, p...)
	} else {
		w.held = w.held[:0]
		w.held = append(w.held, p[w.out-start:]...)
	}
	return nil
}

func (w *Writer) nextInsertAt(limit int64) bool {
	for i := range w.ins {
		in := &w.ins[i]
		if in.ready && !in.done && in.at == w.out && in.at <= limit {
			return true
		}
	}
	return false
}

// copyOut writes input bytes [w.out, stop).
func (w *Writer) copyOut(p []byte, start, stop int64) error {
	heldStart := start - int64(len(w.held))
	if w.out < start {
		end := stop
		if end > start {
			end = start
		}
		if end > w.out {
			if err := w.write(w.held[w.out-heldStart : end-heldStart]); err != nil {
				return err
			}
			w.out = end
		}
	}
	if stop > w.out && w.out >= start {
		if w.kept {
			if _, err := w.dst.(KeepWriter).WriteKept(p[w.out-start : stop-start]); err != nil {
				w.dstErr = err
				return err
			}
			w.out = stop
			return nil
		}
		if err := w.write(p[w.out-start : stop-start]); err != nil {
			return err
		}
		w.out = stop
	}
	return nil
}
