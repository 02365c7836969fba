package splice

import (
	"bytes"
	"hash/maphash"
	"sync"
	"unsafe"
)

// Plans remember, per page, its last bytes and where the footer went. A
// Writer serving a page whose plan it has scans only until the body's
// decisions are made; from there it compares the bytes with the plan's and
// writes them through without scanning. At EOF, the same bytes get the
// plan's footer. At the first byte that differs, the Writer scans the
// plan's copy of what came so far (the same bytes) and goes on as without
// plans, so a plan never changes what is written, only what it costs. The
// body scan is most of the splicer's work on a content page.
//
// The first response that defers also leaves the Writer's state at that
// point in the plan. A later response whose bytes up to there are the
// plan's takes that state instead of scanning its head: it holds those
// bytes unscanned (they wait in the caller's output buffer anyway) and
// writes them with the insertions the plan's state has decided. If a byte
// differs before, or the caller flushes or closes first, it scans them
// after all.
//
// A page that changes on every response (a nonce, a time) is kept without
// its bytes after two changes in a row and checked again now and then.
// Plans are safe for concurrent use; a Writer uses them through UsePlans.
type Plans struct {
	seed               maphash.Seed // for keys
	maxPages, maxBytes int

	mu    sync.Mutex
	m     map[uint64]*plan
	bytes int // in the plans' bodies and snapshots
}

// plan is what the last responses of one page left; never changed once
// stored, so Writers read it without the lock.
type plan struct {
	body     []byte // the page's bytes; nil: not kept (it changes, or no room)
	ends     []int  // offset of every "</body" (any case) in body, ascending
	footerAt int64  // -1: left out
	reason   string
	changes  int // responses in a row that differed from the one before
	tag      any // what the caller said of the bytes of the response that left them (TagPlan)

	// snap is a Writer's state where its body turned steady and it
	// deferred, at input offset snapAt; nil until a response has deferred.
	snap   *Writer
	snapAt int64
}

// snapSize is what a plan's snapshot costs of the plans' room.
const snapSize = int(unsafe.Sizeof(Writer{}))

// size is what a plan takes of the plans' room.
func (pl *plan) size() int {
	n := len(pl.body)
	if pl.snap != nil {
		n += snapSize
	}
	return n
}

// Bounds.
const (
	planPiece   = 4 << 10  // until deferral starts, input is scanned in pieces of about this size
	planReach   = 64 << 10 // a body not steady by this offset is scanned as usual
	planMaxPage = 2 << 20  // larger pages are not kept
	volatile    = 2        // changes in a row after which a page is no longer kept ...
	recheck     = 16       // ... but for every recheck-th response
)

// NewPlans returns Plans for at most maxPages pages (0: 4096) holding at
// most maxBytes of their bytes (0: 64 MiB); beyond that, a new page takes
// the place of arbitrary ones.
func NewPlans(maxPages, maxBytes int) *Plans {
	if maxPages <= 0 {
		maxPages = 4096
	}
	if maxBytes <= 0 {
		maxBytes = 64 << 20
	}
	return &Plans{seed: maphash.MakeSeed(), maxPages: maxPages, maxBytes: maxBytes, m: make(map[uint64]*plan)}
}

// Key names a page, from what the caller knows identifies it (its host,
// path and query, say). Pages with the same key share one plan; a plan
// that does not fit the bytes costs a comparison, never correctness.
func (p *Plans) Key(parts ...string) uint64 {
	var h maphash.Hash
	h.SetSeed(p.seed)
	for _, s := range parts {
		h.WriteString(s)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// Len is the number of pages remembered and the bytes kept of them (their
// bodies and the Writer states they replay).
func (p *Plans) Len() (pages, kept int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.m), p.bytes
}

func (p *Plans) lookup(key uint64) *plan {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.m[key]
}

// store keeps pl for key, making room.
func (p *Plans) store(key uint64, pl *plan) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old := p.m[key]; old != nil {
		p.bytes -= old.size()
		delete(p.m, key)
	}
	if len(pl.body) > p.maxBytes/8 {
		pl.body, pl.ends = nil, nil // one page may not take the room of many
	}
	for k, old := range p.m { // map order: arbitrary pages make room
		if len(p.m) < p.maxPages && p.bytes+pl.size() <= p.maxBytes {
			break
		}
		p.bytes -= old.size()
		delete(p.m, k)
	}
	p.m[key] = pl
	p.bytes += pl.size()
}

// keepSnapshot gives key's plan the state snap of a Writer that deferred at
// offset at, unless the plan was replaced meanwhile or there is no room.
func (p *Plans) keepSnapshot(key uint64, pl *plan, snap *Writer, at int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cur := p.m[key]
	if !samePlan(cur, pl) || cur.snap != nil || p.bytes+snapSize > p.maxBytes {
		return
	}
	kept := *cur
	kept.snap, kept.snapAt = snap, at
	p.m[key] = &kept
	p.bytes += snapSize
}

// Held gives the bytes kept of the page named key and the tag the response that left them
// had (TagPlan); body is nil when none are kept. The caller must not change body.
func (p *Plans) Held(key uint64) (body []byte, tag any) {
	if pl := p.lookup(key); pl != nil {
		return pl.body, pl.tag
	}
	return nil, nil
}

// settle marks key's plan as one whose page stopped changing, served last with tag.
func (p *Plans) settle(key uint64, pl *plan, tag any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if cur := p.m[key]; samePlan(cur, pl) {
		settled := *cur
		settled.changes, settled.tag = 0, tag
		p.m[key] = &settled
	}
}

// samePlan tells whether a and b are one plan, or copies of it that differ
// in their bookkeeping (settled, with a snapshot).
func samePlan(a, b *plan) bool {
	return a == b || a != nil && b != nil && len(a.body) > 0 && len(a.body) == len(b.body) && &a.body[0] == &b.body[0]
}

// TagPlan gives the plan this response leaves the caller's word on its
// bytes (an HTTP validator and header, say), which Plans.Held hands back
// with them. Tags are compared with ==: a response that brings the same
// bytes with another tag replaces the plan's, so pass the held one again
// when nothing changed. Call it before Close.
func (w *Writer) TagPlan(tag any) { w.tag = tag }

// UsePlans makes w learn from and follow the plan of the page named key
// (see Plans). Call it before the first Write.
func (w *Writer) UsePlans(p *Plans, key uint64) {
	if p == nil || w.in > 0 || w.slowOnly {
		return
	}
	w.plans, w.planKey = p, key
	w.plan = p.lookup(key)
	w.same = w.plan != nil && w.plan.body != nil
	w.planTried = !w.same // only bytes to compare with are worth a deferral
	w.capture = !w.same && w.wantCapture()
	w.pageBuf = w.pageBuf[:0]
	w.replaying = w.same && w.plan.snap != nil
}

// wantCapture says whether this response's bytes should be kept for the next.
func (w *Writer) wantCapture() bool {
	pl := w.plan
	return pl == nil || pl.changes < volatile || pl.changes%recheck == 0
}

// planWrite is Write for a Writer with plans: it compares the bytes with
// the plan's, scans in pieces until the body is steady, then defers.
func (w *Writer) planWrite(p []byte) (int, error) {
	n, start := len(p), w.in
	mismatch := false
	if w.same {
		body := w.plan.body
		if end := start + int64(len(p)); end > int64(len(body)) || !bytes.Equal(p, body[start:end]) {
			w.same, mismatch = false, true
			if w.capture = w.wantCapture(); w.capture {
				w.pageBuf = append(w.pageBuf[:0], body[:start]...) // the same so far
			}
		}
	}
	if w.capture {
		if start+int64(len(p)) > planMaxPage {
			w.capture, w.pageBuf = false, w.pageBuf[:0]
		} else {
			w.pageBuf = append(w.pageBuf, p...)
		}
	}
	if w.replaying {
		snapAt, end := w.plan.snapAt, start+int64(len(p))
		switch {
		case w.same && end < snapAt:
			w.held = append(w.held, p...) // the plan's bytes: decided at snapAt
			w.in = end
			return n, nil
		case end >= snapAt && (w.same || bytes.Equal(p[:snapAt-start], w.plan.body[start:snapAt])):
			k := snapAt - start
			if err := w.replay(p[:k], start); err != nil {
				return 0, err
			}
			p, start = p[k:], start+k
		default: // a byte before snapAt differs
			if err := w.unreplay(); err != nil {
				return 0, err
			}
		}
	}
	if mismatch && w.deferring {
		return n, w.undefer(p, start)
	}
	return n, w.scanPieces(p)
}

// scanPieces scans p in pieces until the deferral starts, then defers.
func (w *Writer) scanPieces(p []byte) error {
	for len(p) > 0 {
		if w.deferring {
			return w.deferWrite(p)
		}
		k := len(p)
		if !w.planTried && k > planPiece {
			// a piece ends before a '<': text before it is decided, so
			// the deferral can start there
			if j := bytes.IndexByte(p[planPiece:], '<'); j >= 0 {
				k = planPiece + j
			}
		}
		if _, err := w.writeChunk(p[:k]); err != nil {
			return err
		}
		p = p[k:]
		if !w.planTried {
			w.tryDefer()
		}
	}
	return nil
}

// replay takes the plan's state at snapAt for a response whose bytes up to
// there are the plan's: w.held holds [0, start) unscanned and p is
// [start, snapAt). It writes them with the insertions decided there, then
// defers.
func (w *Writer) replay(p []byte, start int64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			_, err = w.recovered(r, p, start)
		}
	}()
	// what is this response's own (its fields, not a copy of the whole Writer: 6 KB, most
	// of it the tree's stack, which the snapshot's replaces)
	dst, frag, held, pageBuf := w.dst, w.frag, w.held, w.pageBuf
	plans, planKey, pl, same, capture, tag := w.plans, w.planKey, w.plan, w.same, w.capture, w.tag
	faultAt, slowOnly := w.faultAt, w.slowOnly
	*w = *pl.snap
	w.dst, w.frag, w.held, w.pageBuf = dst, frag, held, pageBuf
	w.plans, w.planKey, w.plan, w.same, w.capture, w.tag = plans, planKey, pl, same, capture, tag
	w.faultAt, w.slowOnly = faultAt, slowOnly
	w.out, w.in = 0, start+int64(len(p))
	for i := range w.ins {
		in := &w.ins[i]
		in.done = false // everything up to snapAt was written: write it again here
		in.extra = nil
	}
	if pl.snap.ins[insHead].extra != nil {
		w.ins[insHead].extra = w.charset[:w.charLen]
	}
	w.ins[insHead].frag, w.ins[insHeader].frag, w.ins[insFooter].frag = w.frag.Head, w.frag.Header, w.frag.Footer
	if w.frag.Resolve != nil {
		w.resolve() // the same head as the plan's: its declarations are in the state
	}
	w.report.Replayed = true
	if err := w.emit(p, start, w.in); err != nil {
		return err
	}
	w.startDeferral()
	return nil
}

// unreplay gives up the replay: the bytes held so far (the plan's) are
// scanned after all, as they would have been.
func (w *Writer) unreplay() error {
	w.replaying = false
	in := w.in
	w.held, w.in = w.held[:0], 0
	return w.scanPieces(w.plan.body[:in])
}

// tryDefer starts the deferral once only the footer is left to decide and
// everything read so far is written.
func (w *Writer) tryDefer() {
	switch {
	case !w.same || w.pass || w.in > planReach || w.in >= int64(len(w.plan.body)):
		w.planTried = true
	case w.steady && w.scanner.st == sData && w.prefixDone && w.out == w.in && !w.ins[insFooter].ready:
		w.startDeferral()
		if w.plan.snap == nil {
			w.plans.keepSnapshot(w.planKey, w.plan, w.snapshot(), w.in)
		}
	}
}

// startDeferral defers from w.in on: the body is compared, not scanned.
func (w *Writer) startDeferral() {
	w.replaying, w.planTried, w.deferring = false, true, true
	w.deferAt, w.deferStop = w.in, -1
	for _, e := range w.plan.ends {
		if int64(e) >= w.deferAt {
			w.deferStop = int64(e)
			break
		}
	}
}

// snapshot is a copy of w's state without what belongs to its response.
func (w *Writer) snapshot() *Writer {
	s := new(Writer)
	*s = *w
	s.dst, s.frag, s.held, s.pageBuf = nil, Fragments{}, nil, nil
	s.plans, s.plan, s.tag = nil, nil, nil
	for i := range s.ins {
		s.ins[i].frag = nil
		if s.ins[i].extra != nil {
			s.ins[i].extra = []byte{} // had one: replay points it at its own charset copy
		}
	}
	return s
}

// deferWrite writes p, the plan's bytes, up to the plan's first "</body"
// (any case) or one that may begin in p's last bytes: every footer position
// but EOF is at one, so nothing written can be a place the footer should
// have gone, whatever the bytes still to come.
func (w *Writer) deferWrite(p []byte) error {
	start := w.in
	w.in += int64(len(p))
	limit := w.in - int64(len("</bod"))
	if w.deferStop >= 0 && w.deferStop < limit {
		limit = w.deferStop
	}
	if _, ok := w.dst.(KeepWriter); ok && w.same && w.out >= w.deferAt {
		// Every byte from w.out on is the plan's, the held ones too: write the plan's copy,
		// which dst may keep rather than copy (a 1 MB page's copy into the output buffer
		// was 6 % of the gateway's CPU under wrk).
		w.held = w.held[:0]
		w.kept = true
		err := w.emit(w.plan.body[w.out:w.in], w.out, limit)
		w.kept = false
		return err
	}
	return w.emit(p, start, limit)
}

// undefer scans the bytes deferred so far (the plan's, which they equal),
// then p, as if they had come in one Write: the output is what it would
// have been without the plan.
func (w *Writer) undefer(p []byte, start int64) (err error) {
	w.deferring = false
	defer func() {
		if r := recover(); r != nil {
			_, err = w.recovered(r, p, start)
		}
	}()
	w.in = start + int64(len(p))
	w.scan(w.plan.body[w.deferAt:start], w.deferAt)
	if len(p) > 0 && !w.pass {
		w.scan(p, start)
	}
	w.decide(p, false)
	return w.emit(p, start, w.safe())
}

// closePlanned ends a deferred response: the plan's footer when all bytes
// were the plan's, else the scan after all. It reports whether it wrote the
// end (else Close goes on as without plans).
func (w *Writer) closePlanned() (bool, error) {
	if !w.same || w.in != int64(len(w.plan.body)) {
		return false, w.undefer(nil, w.in)
	}
	w.deferring = false
	ft := &w.ins[insFooter]
	if at := w.plan.footerAt; at >= 0 && at >= w.out && at <= w.in {
		ft.at, ft.ready = at, true
	}
	w.report.FooterPlaced = ft.ready
	w.report.Reason = w.plan.reason
	w.report.Planned = true
	if w.plan.changes != 0 || w.plan.tag != w.tag {
		w.plans.settle(w.planKey, w.plan, w.tag)
	}
	return true, w.emit(nil, w.in, w.in)
}

// recordPlan leaves this response's plan for the next one.
func (w *Writer) recordPlan() {
	if w.plans == nil || w.pass || w.report.Planned {
		return
	}
	if w.same && w.in == int64(len(w.plan.body)) {
		// the same bytes, not deferred (the body was never steady)
		if w.plan.changes != 0 || w.plan.tag != w.tag {
			w.plans.settle(w.planKey, w.plan, w.tag)
		}
		return
	}
	pl := &plan{footerAt: -1, reason: w.report.Reason, tag: w.tag}
	if ft := w.ins[insFooter]; ft.done {
		pl.footerAt = ft.at
	}
	if w.plan != nil {
		pl.changes = w.plan.changes + 1
	}
	if w.capture && int64(len(w.pageBuf)) == w.in {
		// a copy of its own size: the plan keeps no spare capacity, the Writer its buffer
		pl.body = append(make([]byte, 0, len(w.pageBuf)), w.pageBuf...)
		for i := 0; ; {
			j := indexBodyEnd(pl.body[i:])
			if j < 0 {
				break
			}
			pl.ends = append(pl.ends, i+j)
			i += j + 1
		}
	}
	w.plans.store(w.planKey, pl)
}

// indexBodyEnd is the index of the first "</body" in b in any case, or -1.
// It looks for the rare 'y' and 'Y' with bytes.IndexByte rather than at
// every '<'.
func indexBodyEnd(b []byte) int {
	lo, up := indexByteFrom(b, 5, 'y'), indexByteFrom(b, 5, 'Y')
	for lo >= 0 || up >= 0 {
		i := lo
		if i < 0 || (up >= 0 && up < i) {
			i = up
		}
		if b[i-5] == '<' && b[i-4] == '/' && b[i-3]|0x20 == 'b' && b[i-2]|0x20 == 'o' && b[i-1]|0x20 == 'd' {
			return i - 5
		}
		if i == lo {
			lo = indexByteFrom(b, i+1, 'y')
		} else {
			up = indexByteFrom(b, i+1, 'Y')
		}
	}
	return -1
}
