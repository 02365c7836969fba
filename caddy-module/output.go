package shell

import (
	"bufio"
	"bytes"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/net/http/httpguts"
)

// pageOutput is where the splicer writes a spliced page. A page whose upstream declared its
// length, and that fits in holdMax with the shell, is held whole and goes out at its end with
// its own Content-Length: written at once, without chunked framing, it costs the gateway and
// the browser less than a stream (bench: 100 KB page, 0.84 -> 0.93 of plain reverse_proxy
// throughput). Any other page streams in chunks of up to 64 KiB (see outBuffers). Either way
// no byte waits in the gateway longer than maxWait: once it has, what is held goes out and
// the page streams from there, so a slow upstream's head still reaches the browser early.
//
// The splicer writes from the request's goroutine; the wait timer flushes from its own, so
// every method takes mu.
type pageOutput struct {
	mu      sync.Mutex
	rw      http.ResponseWriter // below the shell; its header goes out with start or Close
	status  int
	maxWait time.Duration

	held   *[]byte       // holding the page: the output so far; nil once it streams
	stream *bufio.Writer // streaming, once the header is sent
	// kept, streaming: bytes that never change (WriteKept), after what stream buffers,
	// waiting to go out in one large write without a copy into stream.
	kept   []byte
	timer  *time.Timer // armed while bytes wait
	armed  bool
	closed bool
	err    error // the first write error: the client went away

	// A held page served again (useKept): while every byte written is the same as those of a
	// kept output of the page, at the same offset, none is copied into held; at, how many.
	// At the first that differs they are copied in and the page goes on as any other.
	outputs   *keptOutputs
	outputKey uint64
	prior     *keptOutput // being followed; nil: not (any more)
	at        int
	sources   []keptSource // where held took a plan's bytes (WriteKept), for storing it
	planned   bool         // the splicer's word: every byte was the page's plan's (Planned)
	// fixed are the shell's bytes that never change while the gateway runs (the rendered
	// shells' header and footer, the prebuilt heads: fixFragments): a Write from them is
	// recorded and followed by identity, as a plan's run is, instead of byte for byte.
	fixed [4][]byte
	// stale: a write of unchanging bytes (a plan's run, the shell's fixed bytes) matched the
	// followed output byte for byte, not by address: the output was kept from another copy
	// of them (a plan captured again, a shell rendered again). A response that follows it to
	// its end is kept in its place, with its own sources, so that the next ones are checked
	// by address again instead of reading all their bytes.
	stale bool
}

// holdMax bounds the pages held whole: with the shell, at most this many bytes.
const holdMax = 256 << 10

// maxWait is how long bytes may wait in the gateway for more to come.
const maxWait = 10 * time.Millisecond

// testWait, when not 0, replaces maxWait for new page outputs: tests that assert a held page's
// length lengthen it (holdPagesWhole), as a loaded CI machine can take longer than maxWait over
// one page, which then streams. Atomic, as a test's server may still be answering a request
// when the next test changes it.
var testWait atomic.Int64

// outBuffers hold a spliced response's output: the splicer writes a page in pieces (before an
// insertion, the fragment, after it), and written one by one they cost a syscall each. A
// spliced HTTP/1.1 response is chunked, and net/http writes each chunk in two syscalls (its
// 4 KiB buffer holding the chunk header fills first): 64 KiB chunks halve the syscalls of
// 32 KiB ones, which measured 0.55 -> 0.72 of plain reverse_proxy CPU per 100 KB page. A
// streamed upstream (no Content-Length) still goes out as it comes: reverse_proxy flushes
// after every write then, and Flush empties this buffer. A page held whole needs none.
var outBuffers = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 64<<10) }}

// heldBuffers hold whole pages, in two sizes so that a common page does not pin the larger.
var heldBuffers = [2]sync.Pool{
	{New: func() any { b := make([]byte, 0, holdMax/2); return &b }},
	{New: func() any { b := make([]byte, 0, holdMax); return &b }},
}

// newPageOutput returns the output of a spliced page answered with status. need is the
// page's size with the shell when the upstream declared it, else -1: such a page streams.
// The header goes out with the first bytes, so the caller may change it until then.
func newPageOutput(rw http.ResponseWriter, status int, need int64) *pageOutput {
	o := &pageOutput{rw: rw, status: status, maxWait: maxWait}
	if w := testWait.Load(); w != 0 {
		o.maxWait = time.Duration(w)
	}
	switch {
	case need < 0 || need > holdMax:
	case need <= holdMax/2:
		o.held = heldBuffers[0].Get().(*[]byte)
	default:
		o.held = heldBuffers[1].Get().(*[]byte)
	}
	return o
}

// Write takes the next bytes of the page.
func (o *pageOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	if o.held != nil {
		fixed := o.outputs != nil && o.isFixed(p)
		if o.prior != nil && o.follow(p, fixed) {
			o.arm()
			return len(p), nil
		}
		if len(*o.held)+len(p) <= cap(*o.held) {
			if fixed {
				o.record(p)
			}
			*o.held = append(*o.held, p...)
			o.arm()
			return len(p), nil
		}
		o.start() // larger than the upstream said: stream it
	}
	if o.stream == nil {
		o.start()
	}
	if len(o.kept) > 0 {
		if err := o.writeKept(); err != nil { // they come before p
			return 0, err
		}
	}
	if _, err := o.stream.Write(p); err != nil {
		o.err = err
		return 0, err
	}
	if o.stream.Buffered() > 0 {
		o.arm()
	}
	return len(p), nil
}

// keptRun is how many kept bytes wait to go out in one write: a 1 MB page in 128 KiB
// chunks takes half the syscalls of 64 KiB ones, and none of its bytes are copied.
const keptRun = 128 << 10

// WriteKept takes the next bytes of the page, which never change (splice.KeepWriter: the
// page's plan's copy of its body). A held page copies them as Write does; a stream keeps
// them, and writes a run of them in one write once it is keptRun long, so that the bytes of
// a large page served as before (the body of a page without validators) are not copied
// into the output buffer on their way (6 % of the gateway's CPU on a 1 MB page under wrk).
func (o *pageOutput) WriteKept(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	if o.held != nil && o.prior != nil && o.follow(p, true) {
		o.arm()
		return len(p), nil
	}
	if o.held != nil && len(*o.held)+len(p) <= cap(*o.held) {
		o.record(p)
		*o.held = append(*o.held, p...)
		o.arm()
		return len(p), nil
	}
	if o.stream == nil {
		o.start()
	}
	if len(o.kept) > 0 && !follows(o.kept, p) {
		if err := o.writeKept(); err != nil {
			return 0, err
		}
	}
	if len(o.kept) == 0 {
		o.kept = p
	} else {
		o.kept = o.kept[:len(o.kept)+len(p)] // p follows o.kept in the same array
	}
	if len(o.kept) >= keptRun {
		if err := o.writeKept(); err != nil {
			return 0, err
		}
	}
	if len(o.kept) > 0 || o.stream.Buffered() > 0 {
		o.arm()
	}
	return len(p), nil
}

// follows tells whether b starts where a ends, in a's array.
func follows(a, b []byte) bool {
	return len(b) > 0 && cap(a)-len(a) >= len(b) && &a[:len(a)+1][len(a)] == &b[0]
}

// writeKept sends what stream buffers and then the kept bytes.
func (o *pageOutput) writeKept() error {
	if len(o.kept) == 0 {
		return o.err
	}
	kept := o.kept
	o.kept = nil
	if err := o.stream.Flush(); err != nil {
		o.err = err
		return err
	}
	if _, err := o.rw.Write(kept); err != nil {
		o.err = err
	}
	return o.err
}

// Flush sends everything so far: the upstream asked for it (a stream, flush_interval).
func (o *pageOutput) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.flush()
}

// Close sends the rest: a held page with its Content-Length. If the page was cut short
// (aborted), a held page streams instead, so that the browser never takes a truncated page
// for a whole one.
func (o *pageOutput) Close(aborted bool) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return o.err
	}
	o.closed = true
	if o.timer != nil {
		o.timer.Stop()
	}
	if o.held != nil && !aborted && o.err == nil {
		page := *o.held
		if o.prior != nil && o.at == len(o.prior.bytes) {
			page = o.prior.bytes // every byte the kept output's: it goes out, nothing was copied
			if o.stale && o.planned {
				o.outputs.store(o.outputKey, page, o.freshSources(o.at), o.prior)
			} else {
				o.outputs.sent(o.outputKey)
			}
		} else if o.unfollow(); o.planned && o.outputs != nil {
			o.outputs.store(o.outputKey, page, o.sources, nil)
		}
		hdr := o.rw.Header()
		hdr["Content-Length"] = []string{strconv.Itoa(len(page))}
		o.rw.WriteHeader(o.status)
		if _, err := o.rw.Write(page); err != nil {
			o.err = err
		}
		o.release()
		return o.err
	}
	if o.stream == nil {
		o.start()
	}
	err := o.stream.Flush()
	if err == nil && len(o.kept) > 0 {
		err = o.writeKept()
	}
	o.kept = nil
	o.stream.Reset(nil)
	outBuffers.Put(o.stream)
	o.stream = nil
	if o.err == nil {
		o.err = err
	}
	return o.err
}

// AddTrailers takes the trailer fields of late, the next handler's header changes after the
// page's header was decided: those whose names the header declares in Trailer, or that carry
// http.TrailerPrefix, as net/http reads them.
func (o *pageOutput) AddTrailers(late http.Header) {
	if len(late) == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	hdr := o.rw.Header()
	for k, v := range late {
		if strings.HasPrefix(k, http.TrailerPrefix) || httpguts.HeaderValuesContainsToken(hdr["Trailer"], k) {
			hdr[k] = append(hdr[k], v...)
		}
	}
}

// flush sends what waits; the page streams from here on.
func (o *pageOutput) flush() error {
	if o.closed || o.err != nil {
		return o.err
	}
	if o.stream == nil {
		o.start()
	}
	if err := o.stream.Flush(); err != nil {
		o.err = err
		return err
	}
	if err := o.writeKept(); err != nil {
		return err
	}
	//nolint:bodyclose // not a response body
	if err := http.NewResponseController(o.rw).Flush(); err != nil && o.err == nil {
		o.err = err
	}
	return o.err
}

// start sends the header without a length and moves what is held into the stream.
func (o *pageOutput) start() {
	o.stream = outBuffers.Get().(*bufio.Writer)
	o.stream.Reset(writerOnly{o.rw})
	o.rw.WriteHeader(o.status)
	if o.held != nil {
		o.unfollow()
		if _, err := o.stream.Write(*o.held); err != nil {
			o.err = err
		}
		o.release()
	}
}

func (o *pageOutput) release() {
	b := o.held
	o.held, o.prior, o.sources = nil, nil, nil
	*b = (*b)[:0]
	if cap(*b) <= holdMax/2 {
		heldBuffers[0].Put(b)
	} else {
		heldBuffers[1].Put(b)
	}
}

// arm starts the wait timer if it is not running.
func (o *pageOutput) arm() {
	if o.armed || o.closed {
		return
	}
	o.armed = true
	if o.timer == nil {
		o.timer = time.AfterFunc(o.maxWait, o.waited)
		return
	}
	o.timer.Reset(o.maxWait)
}

// waited runs on the timer's goroutine: bytes have waited maxWait.
func (o *pageOutput) waited() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.armed = false
	_ = o.flush()
}

// keptOutputs keep the whole output of held pages served again (the shell's bytes included),
// per page, in up to keptVariants versions (one per shell its visitors get): a response whose
// bytes are one of them, each checked as it is written (useKept), goes out from there in one
// write, and its 100 KB are not copied into a held buffer on the way (the copy was 11 % of the
// shell's instructions on a 126 KB page served again). What goes out is always what the
// splicer wrote for this response: a kept output is a faster way to hold those same bytes,
// never another page's or visitor's. Only pages the plans may remember come here (no
// customer's page, none asked for with credentials, none the upstream marks private or
// no-store, none that sets a cookie: startSplice), and only a response that followed its plan
// to the end (Planned) is stored. Safe for concurrent use; a nil *keptOutputs keeps nothing.
type keptOutputs struct {
	mu    sync.RWMutex
	m     map[uint64]*keptPage
	bytes int
}

// keptPage is what is kept of one page.
type keptPage struct {
	versions []*keptOutput // newest first; never changed once stored: replaced whole
	// misses counts the responses stored since one went out from here: a page with more
	// shells than keptVariants in turn would copy each response once more to store it, so
	// past keptVariants*2 it stores one response in keptRetry.
	misses atomic.Int32
}

const keptRetry = 32

// keptOutput is one page's whole output; never changed once stored.
type keptOutput struct {
	bytes []byte
	// sources are where bytes took a plan's copy of the page (WriteKept): a response writing
	// the same run of that copy (the same array: plans never change theirs) at the same offset
	// writes the same bytes, checked without reading them.
	sources []keptSource
}

// keptSource is the plan's bytes b (or the shell's fixed bytes: fixFragments) at offset at of
// a kept output; it keeps b's array alive, so no other bytes can take its address while the
// kept output is there.
type keptSource struct {
	at int
	b  []byte
}

// Bounds of the kept outputs: per page a few shells, and a held page is at most holdMax.
const (
	keptVariants      = 4
	keptOutputsBytes  = 32 << 20
	keptMaxSources    = 16
	keptOutputsMaxKey = 4096
)

func newKeptOutputs() *keptOutputs { return &keptOutputs{m: make(map[uint64]*keptPage)} }

// useKept makes a held page follow the kept outputs of the page named key (its plan's key).
// Call it before the first Write.
func (o *pageOutput) useKept(outputs *keptOutputs, key uint64) {
	if outputs == nil || o.held == nil {
		return
	}
	o.outputs, o.outputKey = outputs, key
	if vs := outputs.lookup(key); len(vs) > 0 {
		o.prior = vs[0]
	}
}

// fixFragments names bytes of the shell that never change while the gateway runs and stay
// referenced while it does (a rendered shell's header and footer, the prebuilt heads): a
// held page's writes from them are checked against a kept output by identity, like a plan's
// runs (~3 % of a page served again's instructions compared them byte for byte). Never bytes
// of a pooled or per-request buffer: a kept output would take their address for their bytes.
// Call it before the first Write.
func (o *pageOutput) fixFragments(fixed ...[]byte) {
	copy(o.fixed[:], fixed)
}

// isFixed tells whether p lies within bytes named by fixFragments.
func (o *pageOutput) isFixed(p []byte) bool {
	if len(p) == 0 {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	for _, f := range o.fixed {
		if len(f) == 0 {
			continue
		}
		if base := uintptr(unsafe.Pointer(unsafe.SliceData(f))); base <= start && start-base+uintptr(len(p)) <= uintptr(len(f)) {
			return true
		}
	}
	return false
}

// Planned tells the output that every byte of the page was its plan's (splice.Report.Planned):
// a page that went out held whole is then kept for the next responses. Call it before Close.
func (o *pageOutput) Planned(planned bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.planned = planned
}

// follow reports whether p, written next, is the followed output's next bytes; if not, what
// was followed so far is copied into held, or another version of the page whose bytes so far
// are the same (the same page with another shell) is followed from here.
func (o *pageOutput) follow(p []byte, kept bool) bool {
	end := o.at + len(p)
	if end > cap(*o.held) {
		o.unfollow() // larger than the upstream said
		return false
	}
	if ok, byAddress := o.prior.has(o.at, p, kept); ok {
		o.followed(p, kept, byAddress)
		return true
	}
	for _, k := range o.outputs.lookup(o.outputKey) {
		if k == o.prior || len(k.bytes) < end || !bytes.Equal(k.bytes[:o.at], o.prior.bytes[:o.at]) {
			continue
		}
		if ok, byAddress := k.has(o.at, p, kept); ok {
			o.prior = k
			o.followed(p, kept, byAddress)
			return true
		}
	}
	o.unfollow()
	return false
}

// followed takes p, written at o.at, as the followed output's. Unchanging bytes (kept) that
// matched only by their bytes are noted among this response's sources (freshSources).
func (o *pageOutput) followed(p []byte, kept, byAddress bool) {
	if kept && !byAddress && len(p) > 0 {
		o.stale = true
		o.recordAt(o.at, p)
	}
	o.at += len(p)
}

// freshSources are the followed output's sources of its first n bytes, with the runs this
// response matched only by their bytes (noted by followed) in the place of those they overlap:
// every one is a run of unchanging bytes equal to the page's at its offset.
func (o *pageOutput) freshSources(n int) []keptSource {
	out := o.sources
	for _, s := range o.prior.sources {
		if s.at+len(s.b) > n || len(out) == keptMaxSources {
			continue
		}
		overlaps := false
		for _, f := range o.sources {
			if s.at < f.at+len(f.b) && f.at < s.at+len(s.b) {
				overlaps = true
				break
			}
		}
		if !overlaps {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b keptSource) int { return a.at - b.at })
	return out
}

// has reports whether p is k's bytes at offset at: the same run of a plan's copy or of the
// shell's fixed bytes (kept: byAddress), or the same bytes.
func (k *keptOutput) has(at int, p []byte, kept bool) (ok, byAddress bool) {
	end := at + len(p)
	if end > len(k.bytes) {
		return false, false
	}
	if kept && len(p) > 0 {
		for _, s := range k.sources {
			if s.at <= at && end <= s.at+len(s.b) {
				if &s.b[at-s.at] == &p[0] {
					return true, true
				}
				break
			}
		}
	}
	return bytes.Equal(p, k.bytes[at:end]), false
}

// unfollow stops following: the bytes written so far, the followed output's first o.at, are
// copied into held (with the unchanging runs among them), as if each write had been.
func (o *pageOutput) unfollow() {
	k := o.prior
	if k == nil {
		return
	}
	o.sources = o.freshSources(o.at)
	o.prior = nil
	*o.held = append((*o.held)[:0], k.bytes[:o.at]...)
}

// record notes that held takes p, bytes that never change (a plan's, or fixed), at its end.
func (o *pageOutput) record(p []byte) { o.recordAt(len(*o.held), p) }

// recordAt notes that the page has p, bytes that never change, at offset at.
func (o *pageOutput) recordAt(at int, p []byte) {
	if o.outputs == nil || len(p) == 0 {
		return
	}
	if n := len(o.sources); n > 0 {
		if last := &o.sources[n-1]; last.at+len(last.b) == at && follows(last.b, p) {
			last.b = last.b[:len(last.b)+len(p)]
			return
		}
	}
	if len(o.sources) < keptMaxSources {
		o.sources = append(o.sources, keptSource{at: at, b: p})
	}
}

// lookup gives the kept versions of the page named key.
func (c *keptOutputs) lookup(key uint64) []*keptOutput {
	if c == nil {
		return nil
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	if kp := c.m[key]; kp != nil {
		return kp.versions
	}
	return nil
}

// sent notes that a response of the page named key went out from a kept version.
func (c *keptOutputs) sent(key uint64) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if kp := c.m[key]; kp != nil && kp.misses.Load() != 0 {
		kp.misses.Store(0)
	}
}

// store keeps a copy of page, with its sources, as the page's newest version, in the place of
// stale (a version with the same bytes) when it is one.
func (c *keptOutputs) store(key uint64, page []byte, sources []keptSource, stale *keptOutput) {
	if c == nil || len(page) == 0 || len(page) > holdMax {
		return
	}
	c.mu.RLock()
	kp := c.m[key]
	c.mu.RUnlock()
	if kp != nil {
		if n := kp.misses.Add(1); n > keptVariants*2 && n%keptRetry != 0 {
			return
		}
	}
	k := &keptOutput{bytes: bytes.Clone(page), sources: slices.Clone(sources)}
	c.mu.Lock()
	defer c.mu.Unlock()
	var old []*keptOutput
	if cur := c.m[key]; cur != nil {
		old = cur.versions
	} else {
		kp = &keptPage{}
	}
	vs := make([]*keptOutput, 0, keptVariants)
	vs = append(vs, k)
	for _, v := range old {
		if v == stale {
			c.bytes -= len(v.bytes)
			continue
		}
		if len(vs) == keptVariants {
			c.bytes -= len(v.bytes)
			continue
		}
		vs = append(vs, v)
	}
	for other, ovs := range c.m { // map order: arbitrary pages make room
		if c.bytes+len(page) <= keptOutputsBytes && len(c.m) < keptOutputsMaxKey {
			break
		}
		if other == key {
			continue
		}
		for _, v := range ovs.versions {
			c.bytes -= len(v.bytes)
		}
		delete(c.m, other)
	}
	if cur := c.m[key]; cur != nil {
		kp = cur
	}
	kp.versions = vs
	c.m[key] = kp
	c.bytes += len(page)
}
