package splice

import (
	"bytes"
	"hash/maphash"
	"sync"
)

// Plans remember, per page, where the footer went last time and a keyed hash
// of the page's bytes. A Writer given the plan of a page it is serving again
// scans only until the body's decisions are made, then passes the body
// through while hashing it; at the end, if the bytes are the same as the
// last two times, the footer goes where the plan says, without the body
// scan. If they differ, the Writer scans the body after all (it kept a copy)
// and decides as usual, so a plan never changes what is written, only what
// it costs. The body scan is most of the splicer's work on a content page.
//
// Plans are safe for concurrent use; a Writer uses them through UsePlans.
type Plans struct {
	seed maphash.Seed // per process: nobody can make two pages hash alike on purpose
	max  int

	mu sync.Mutex
	m  map[uint64]plan
}

// plan is what one page's last response left: its size, its hash, the
// footer's offset (-1: left out) and the report.
type plan struct {
	sum      uint64
	size     int64
	footerAt int64
	reason   string
	// stable: the last two responses had the same bytes. Only stable plans
	// are followed, so a page that changes on every response (a nonce, a
	// time) costs its hash, not a copy and a second look.
	stable bool
}

// Deferral bounds.
const (
	planPiece   = 4 << 10  // until deferral starts, input is scanned in pieces of about this size
	planReach   = 64 << 10 // ... up to this offset; a body not steady by then is scanned as usual
	deferCap    = 2 << 20  // most body bytes kept for a second look
	deferKeep   = deferCap // a pooled Writer keeps its buffer: no allocation per response
	maxPlansDef = 4096
)

// NewPlans returns Plans for at most max pages (0: 4096); beyond that, each
// new page takes the place of an arbitrary one.
func NewPlans(max int) *Plans {
	if max <= 0 {
		max = maxPlansDef
	}
	return &Plans{seed: maphash.MakeSeed(), max: max, m: make(map[uint64]plan)}
}

// Key names a page, from what the caller knows identifies it (its host,
// path and query, say). Pages with the same key share one plan; a plan that
// does not fit the bytes costs time, never correctness.
func (p *Plans) Key(parts ...string) uint64 {
	var h maphash.Hash
	h.SetSeed(p.seed)
	for _, s := range parts {
		h.WriteString(s)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// Len is the number of pages remembered.
func (p *Plans) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.m)
}

func (p *Plans) lookup(key uint64) (plan, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pl, ok := p.m[key]
	return pl, ok
}

func (p *Plans) record(key uint64, pl plan) {
	p.mu.Lock()
	defer p.mu.Unlock()
	old, ok := p.m[key]
	pl.stable = ok && old.sum == pl.sum && old.size == pl.size && old.footerAt == pl.footerAt && old.reason == pl.reason
	if !ok && len(p.m) >= p.max {
		for k := range p.m { // map order: an arbitrary page makes room
			delete(p.m, k)
			break
		}
	}
	p.m[key] = pl
}

// UsePlans makes w learn from and follow the plan of the page named key
// (see Plans). Call it before the first Write.
func (w *Writer) UsePlans(p *Plans, key uint64) {
	if p == nil || w.in > 0 || w.slowOnly {
		return
	}
	w.plans, w.planKey = p, key
	w.sum.SetSeed(p.seed)
	w.plan, w.havePlan = p.lookup(key)
	// Only a stable plan is worth scanning in pieces to start the deferral early.
	w.planTried = !w.havePlan || !w.plan.stable
}

// planWrite is Write for a Writer with plans: it hashes every byte, scans
// in pieces until the body is steady and then defers the rest (deferWrite).
func (w *Writer) planWrite(p []byte) (int, error) {
	n := len(p)
	w.sum.Write(p)
	for len(p) > 0 {
		if w.deferring {
			return n, w.deferWrite(p)
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
			return 0, err
		}
		p = p[k:]
		if !w.planTried {
			w.tryDefer()
		}
	}
	return n, nil
}

// tryDefer starts the deferral once only the footer is left to decide and
// everything read so far is written.
func (w *Writer) tryDefer() {
	switch {
	case w.pass || w.in > planReach || w.in >= w.plan.size || w.plan.size-w.in > deferCap:
		w.planTried = true
	case w.steady && w.scanner.st == sData && w.prefixDone && w.out == w.in && !w.ins[insFooter].ready:
		w.planTried, w.deferring = true, true
		w.deferAt, w.deferStop = w.in, -1
		w.deferBuf = w.deferBuf[:0]
	}
}

// deferWrite keeps p for a second look and writes it, up to the first
// "</body" (any case) or one that may begin in the last bytes: every footer
// position but EOF is at one, so nothing written can be a place the footer
// should have gone.
func (w *Writer) deferWrite(p []byte) error {
	start := w.in
	w.in += int64(len(p))
	from := max(len(w.deferBuf)-len("</bod"), 0)
	w.deferBuf = append(w.deferBuf, p...)
	if w.deferStop < 0 {
		if c := indexBodyEnd(w.deferBuf[from:]); c >= 0 {
			w.deferStop = w.deferAt + int64(from+c)
		}
	}
	if len(w.deferBuf) > deferCap || w.in > w.plan.size || (w.deferStop >= 0 && w.in-w.deferStop > footerBound) {
		return w.undefer(p, start) // not the page of the plan: look after all
	}
	// The last bytes may begin a "</body" the next write completes.
	limit := w.in - int64(len("</bod"))
	if w.deferStop >= 0 {
		limit = w.deferStop
	}
	return w.emit(p, start, limit)
}

// undefer scans the kept bytes after all and goes on as if they had come in
// one Write: the output is what it would have been without the plan.
func (w *Writer) undefer(p []byte, start int64) (err error) {
	w.deferring = false
	defer func() {
		if r := recover(); r != nil {
			_, err = w.recovered(r, p, start)
		}
	}()
	w.scan(w.deferBuf, w.deferAt)
	w.deferBuf = w.deferBuf[:0]
	w.decide(p, false)
	return w.emit(p, start, w.safe())
}

// closePlanned ends a deferred response: the plan's footer when the bytes
// are the plan's, else the scan after all. It reports whether it wrote the
// end (else Close goes on as without plans).
func (w *Writer) closePlanned() (bool, error) {
	if w.in != w.plan.size || w.sum.Sum64() != w.plan.sum {
		return false, w.undefer(nil, w.in)
	}
	w.deferring = false
	w.deferBuf = w.deferBuf[:0]
	ft := &w.ins[insFooter]
	if at := w.plan.footerAt; at >= 0 && at >= w.out && at <= w.in {
		ft.at, ft.ready = at, true
	}
	w.report.FooterPlaced = ft.ready
	w.report.Reason = w.plan.reason
	w.report.Planned = true
	return true, w.emit(nil, w.in, w.in)
}

// recordPlan leaves this response's plan for the next one.
func (w *Writer) recordPlan() {
	if w.plans == nil || w.pass || w.report.Planned {
		return
	}
	footerAt := int64(-1)
	if ft := w.ins[insFooter]; ft.done {
		footerAt = ft.at
	}
	w.plans.record(w.planKey, plan{sum: w.sum.Sum64(), size: w.in, footerAt: footerAt, reason: w.report.Reason})
}

// indexBodyEnd is the index of the first "</body" in b in any case, or -1.
// It looks for the rare 'y' and 'Y' with bytes.IndexByte rather than at
// every '<'.
func indexBodyEnd(b []byte) int {
	lo, up := indexFrom(b, 5, 'y'), indexFrom(b, 5, 'Y')
	for lo >= 0 || up >= 0 {
		i := lo
		if i < 0 || (up >= 0 && up < i) {
			i = up
		}
		if b[i-5] == '<' && b[i-4] == '/' && b[i-3]|0x20 == 'b' && b[i-2]|0x20 == 'o' && b[i-1]|0x20 == 'd' {
			return i - 5
		}
		if i == lo {
			lo = indexFrom(b, i+1, 'y')
		} else {
			up = indexFrom(b, i+1, 'Y')
		}
	}
	return -1
}

func indexFrom(b []byte, i int, c byte) int {
	if i >= len(b) {
		return -1
	}
	if j := bytes.IndexByte(b[i:], c); j >= 0 {
		return i + j
	}
	return -1
}
