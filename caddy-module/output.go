package shell

import (
	"bufio"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

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
}

// holdMax bounds the pages held whole: with the shell, at most this many bytes.
const holdMax = 256 << 10

// maxWait is how long bytes may wait in the gateway for more to come.
const maxWait = 10 * time.Millisecond

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
		if len(*o.held)+len(p) <= cap(*o.held) {
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
	if o.held != nil && len(*o.held)+len(p) <= cap(*o.held) {
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
		hdr := o.rw.Header()
		hdr["Content-Length"] = []string{strconv.Itoa(len(*o.held))}
		o.rw.WriteHeader(o.status)
		if _, err := o.rw.Write(*o.held); err != nil {
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
		if _, err := o.stream.Write(*o.held); err != nil {
			o.err = err
		}
		o.release()
	}
}

func (o *pageOutput) release() {
	b := o.held
	o.held = nil
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
