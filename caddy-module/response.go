package shell

import (
	"context"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/shellgate/shellgate/caddy-module/splice"
)

// shellWriter decides, when the upstream's header arrives, whether a response gets the shell,
// and then streams its body through the splicer (and a decoder if the upstream compressed it).
type shellWriter struct {
	http.ResponseWriter
	ctx     context.Context // the request's, for its id in log lines
	h       *Handler
	page    *page
	planKey uint64 // the page's name in h.plans
	// ownCacheControl counts the Cache-Control values the gateway set before the upstream
	// answered (a new device id's no-store): the upstream's own come after them, and the
	// gateway's replace them once the upstream has answered (edgeCacheControl).
	ownCacheControl int
	// ownHSTS counts the Strict-Transport-Security values the gateway set (hsts.go): the
	// upstream's own, added after them, go, so that the browser gets one (RFC 6797 8.1 reads
	// only the first) and the operator's hsts is the one that counts; with hsts off, or on plain
	// HTTP, the gateway set none and the upstream's pass as they are.
	ownHSTS int
	// ownSetCookie counts the cookies the gateway set before the upstream answered.
	ownSetCookie int
	// personal: the request carried credentials (a session, an Authorization header), so its
	// page may be that person's: never held for the plans, never asked for conditionally.
	personal bool
	// own counts the values of every field the gateway set before the upstream answered, for
	// a page whose bytes may be held (revalidate.go); nil for others.
	own      map[string]int
	held     *heldPage // the held page the request was made conditional on, if it was
	heldBody []byte    // ... and its bytes
	reused   bool      // the upstream answered 304: the held page is the response

	wroteHeader bool
	reason      string // why the response passes untouched; "" while it may be spliced
	splicer     *splice.Writer
	decoder     *decoder
	body        io.Writer   // where Write sends bytes once the header is written
	buf         *[]byte     // the fragments' buffer
	out         *pageOutput // the spliced page's bytes, held whole or in large chunks (output.go)
	// late takes the next handler's header changes once the page is spliced (see Header).
	late http.Header
}

func newShellWriter(w http.ResponseWriter, r *http.Request, h *Handler, p *page, reason string) *shellWriter {
	sw := &shellWriter{ResponseWriter: w, ctx: r.Context(), h: h, page: p, reason: reason}
	sw.ownCacheControl = len(w.Header()["Cache-Control"])
	sw.ownHSTS = len(w.Header()[hstsField])
	if h.plans != nil && reason == "" {
		sw.planKey = h.plans.Key(r.Host, r.URL.Path, r.URL.RawQuery)
		sw.ownSetCookie = len(w.Header()["Set-Cookie"])
		sw.personal = p.input.LoggedIn || len(r.Header["Authorization"]) > 0
		sw.makeConditional(w.Header(), r)
	}
	return sw
}

// WriteHeader decides on the response from its status and header.
func (sw *shellWriter) WriteHeader(status int) {
	if status >= 100 && status <= 199 {
		sw.ResponseWriter.WriteHeader(status) // 103 Early Hints and friends pass as they are
		return
	}
	if sw.wroteHeader {
		return
	}
	sw.wroteHeader = true
	hdr := sw.Header()
	if status == http.StatusNotModified && sw.held != nil {
		sw.reused = true
		sw.reuseHeld(hdr) // the upstream says the held page is the page: it goes out again
		status = http.StatusOK
	}
	optedOut := strings.EqualFold(strings.TrimSpace(headerValue(hdr, "Shell")), "off")
	delete(hdr, "Shell") // the opt-out is for the gateway, not the browser
	sw.body = writerOnly{sw.ResponseWriter}
	if sw.reason == "" {
		if optedOut {
			sw.reason = "opt-out-header"
		} else {
			sw.reason = passReason(status, hdr, sw.h.Compressed)
		}
	}
	if sw.reason == "" {
		sw.startSplice(hdr, status)
	}
	if sw.ownCacheControl > 0 {
		n := min(sw.ownCacheControl, len(hdr["Cache-Control"]))
		hdr["Cache-Control"] = edgeCacheControl(hdr["Cache-Control"][:n:n])
	}
	if n := min(sw.ownHSTS, len(hdr[hstsField])); n > 0 { // a handler between may have dropped it
		hdr[hstsField] = hdr[hstsField][:n:n]
	}
	if sw.out == nil { // else the output sends the header (output.go)
		sw.ResponseWriter.WriteHeader(status)
	}
	if sw.reused {
		// The upstream sends no body with its 304: these are its bytes. An error here is the
		// client gone, which finish reports.
		_, _ = sw.body.Write(sw.heldBody)
	}
}

func (sw *shellWriter) startSplice(hdr http.Header, status int) {
	frags, buf, err := sw.h.fragments(sw.page)
	sw.buf = buf
	if err != nil {
		sw.reason = "state-error"
		countSpliceError() // metrics.go
		sw.h.logger.Error("shell state could not be encoded; page served without the shell", zap.Error(err), requestID(sw.ctx))
		return
	}
	var tag *heldPage
	if status == http.StatusOK { // a 304 stands in for a 200 only
		tag = sw.heldTag(hdr) // before the length and validator change below
	}
	need := int64(-1) // the page's size with the shell, when the upstream declared its own
	coding := contentCoding(hdr)
	if n, err := strconv.ParseInt(headerValue(hdr, "Content-Length"), 10, 64); err == nil && n >= 0 &&
		coding == "" && headerValue(hdr, "Trailer") == "" {
		need = n + int64(len(frags.Head)+len(frags.Header)+len(frags.Footer)) + splice.MaxExtra
	}
	delete(hdr, "Content-Length")
	delete(hdr, "Accept-Ranges")
	if etag := headerValue(hdr, "Etag"); etag != "" && !strings.HasPrefix(etag, "W/") {
		hdr["Etag"] = []string{"W/" + etag} // same meaning, different bytes
	}
	sw.h.framing.add(hdr) // framing.go; after heldTag, which keeps the upstream's fields only
	sw.out = newPageOutput(sw.ResponseWriter, status, need)
	sw.splicer = splice.NewWriter(sw.out, frags) // its Flush flushes out too
	cacheControl := hdr["Cache-Control"]
	if !sw.personal && len(hdr["Set-Cookie"]) <= sw.ownSetCookie &&
		rememberable(cacheControl[min(sw.ownCacheControl, len(cacheControl)):], sw.page) {
		sw.splicer.UsePlans(sw.h.plans, sw.planKey)
		sw.out.useKept(sw.h.outputs, sw.planKey)
		if shell := sw.page.shell; shell != nil {
			plain, titled := sw.h.prebuiltHeads(sw.page.state.Locale, sw.page.state.HeaderVariant)
			sw.out.fixFragments(shell.header, shell.footer, plain, titled)
		}
		if tag != nil {
			sw.splicer.TagPlan(tag)
		}
	}
	sw.body = sw.splicer
	if coding != "" {
		delete(hdr, "Content-Encoding")
		sw.decoder = newDecoder(coding, sw.splicer, sw.h.MaxDecodedSize)
		sw.body = sw.decoder
	}
}

// rememberable tells whether the page's bytes may be kept for its plan (page_plans): not a
// page the upstream forbids caches to store (its Cache-Control values say no-store or
// private), and not a logged-in customer's, which may carry their data. startSplice also
// keeps out a page asked for with credentials and one the upstream set cookies with.
func rememberable(upstreamCacheControl []string, p *page) bool {
	if p == nil || p.input.LoggedIn {
		return false
	}
	for _, v := range upstreamCacheControl {
		for d := range strings.SplitSeq(v, ",") {
			d, _, _ = strings.Cut(strings.TrimSpace(d), "=")
			if strings.EqualFold(d, "no-store") || strings.EqualFold(d, "private") {
				return false
			}
		}
	}
	return true
}

// edgeCacheControl is the one Cache-Control field of a response the gateway set its own
// values on before the upstream answered: those values, which replace the upstream's. The
// gateway sets one only to keep a response out of caches (a customer's page: private,
// no-store; a page setting a device id or showing the banner: no-store), and two fields, one
// of them public, leave a reader of the first free to store what names a customer.
func edgeCacheControl(own []string) []string {
	if len(own) == 1 {
		return own
	}
	var out []string
	seen := make(map[string]bool, 4)
	for _, v := range own {
		for d := range strings.SplitSeq(v, ",") {
			if d = strings.TrimSpace(d); d != "" && !seen[strings.ToLower(d)] {
				seen[strings.ToLower(d)] = true
				out = append(out, d)
			}
		}
	}
	return []string{strings.Join(out, ", ")}
}

// passReason says why a response with this status and header must pass untouched, or "".
func passReason(status int, hdr http.Header, compressed string) string {
	switch {
	case status != http.StatusOK && status != http.StatusNonAuthoritativeInfo && status < 400:
		return "status"
	case headerValue(hdr, "Content-Range") != "":
		return "range"
	case caddyhttp.IsIncremental(hdr):
		return "stream"
	}
	switch html, utf16 := htmlMediaType(headerValue(hdr, "Content-Type")); {
	case !html:
		return "not-html"
	case utf16:
		return "utf16"
	}
	if disp, _, _ := mime.ParseMediaType(headerValue(hdr, "Content-Disposition")); disp == "attachment" {
		return "attachment"
	}
	switch coding := contentCoding(hdr); {
	case coding == "":
	case !decodable(coding):
		return "unknown-coding"
	case compressed == compressedPassthrough:
		return "compressed"
	}
	return ""
}

// htmlMediaType reads a Content-Type as mime.ParseMediaType does: whether it is text/html, and
// whether its charset is UTF-16. The forms origins send for HTML ("text/html",
// "text/html; charset=utf-8") are read here without ParseMediaType, which allocates its
// parameters' map (two of the shell's allocations per page); any other form goes to it.
func htmlMediaType(ct string) (html, utf16 bool) {
	base, param, hasParam := strings.Cut(ct, ";")
	if !equalLowerASCII(strings.TrimSpace(base), "text/html") {
		// not text/html, or malformed, or with a media type ParseMediaType would lower-case
		// to something else: not HTML either way
		return false, false
	}
	if !hasParam && base == strings.TrimSpace(base) {
		return true, false
	}
	if name, value, ok := strings.Cut(strings.TrimLeft(param, " \t"), "="); ok &&
		equalLowerASCII(name, "charset") && isToken(value) {
		return true, strings.HasPrefix(strings.ToLower(value), "utf-16")
	}
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil || mediaType != "text/html" {
		return false, false
	}
	return true, strings.HasPrefix(strings.ToLower(params["charset"]), "utf-16")
}

// equalLowerASCII tells whether s is lower, ASCII letters in any case: unlike strings.EqualFold,
// no other letter matches ("ſ" folds to "s"), as ParseMediaType reads names.
func equalLowerASCII(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// contentCoding gives the response's content coding, "" for identity.
func contentCoding(hdr http.Header) string {
	c := strings.ToLower(strings.TrimSpace(headerValue(hdr, "Content-Encoding")))
	if c == "identity" {
		return ""
	}
	return c
}

func (sw *shellWriter) Write(p []byte) (int, error) {
	if !sw.wroteHeader {
		if sw.Header().Get("Content-Type") == "" {
			sw.Header().Set("Content-Type", http.DetectContentType(p))
		}
		sw.WriteHeader(http.StatusOK)
	}
	return sw.body.Write(p)
}

// Header is the response's header until the page is spliced. From then on the writer below
// belongs to the page's output, whose wait timer may send the header from its own goroutine:
// what the next handler still changes (reverse_proxy adds the upstream's trailers once the
// body is copied) goes to a header of its own, which finish hands over under the output's
// lock. net/http too takes nothing but trailers from changes after WriteHeader.
func (sw *shellWriter) Header() http.Header {
	if sw.out == nil {
		return sw.ResponseWriter.Header()
	}
	if sw.late == nil {
		sw.late = http.Header{}
	}
	return sw.late
}

// ReadFrom keeps sendfile for responses that pass untouched and routes the rest through Write.
func (sw *shellWriter) ReadFrom(r io.Reader) (int64, error) {
	if sw.wroteHeader && sw.splicer == nil {
		if rf, ok := sw.ResponseWriter.(io.ReaderFrom); ok {
			return rf.ReadFrom(r)
		}
	}
	return io.Copy(writerOnly{sw}, r)
}

// FlushError sends everything decided so far. While a compressed page is decoded, the
// decoder owns the splicer and flushing waits for the end.
func (sw *shellWriter) FlushError() error {
	if !sw.wroteHeader {
		return nil // the header is sent once the decision is made, by WriteHeader
	}
	if sw.out != nil {
		// The output owns the writer below: its wait timer flushes it too (output.go).
		if sw.decoder == nil {
			return sw.splicer.Flush() // flushes the output
		}
		return sw.out.Flush()
	}
	//nolint:bodyclose // not a response body
	return http.NewResponseController(sw.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the writer below for deadlines and hijacking.
func (sw *shellWriter) Unwrap() http.ResponseWriter { return sw.ResponseWriter }

// finish ends the splice once the next handler is done; aborted says it failed or panicked,
// and a held page then goes out as a stream, never as a whole page with its length.
func (sw *shellWriter) finish(aborted bool) {
	defer releaseFragments(sw.buf)
	countPage(sw.splicer != nil, sw.reason) // metrics.go
	if sw.splicer == nil {
		if sw.reason != "" && sw.h.logger != nil {
			if ce := sw.h.logger.Check(zapcore.DebugLevel, "page passed without the shell"); ce != nil {
				ce.Write(zap.String("reason", sw.reason), requestID(sw.ctx))
			}
		}
		return
	}
	defer sw.splicer.Release()
	defer func() {
		sw.out.AddTrailers(sw.late)
		if err := sw.out.Close(aborted); err != nil {
			if ce := sw.h.logger.Check(zapcore.DebugLevel, "client went away during a spliced page"); ce != nil {
				ce.Write(zap.Error(err), requestID(sw.ctx))
			}
		}
	}()
	if sw.decoder != nil {
		if err := sw.decoder.Close(); err != nil {
			sw.h.logger.Warn("compressed page could not be decoded to its end; response cut short", zap.Error(err), requestID(sw.ctx))
		}
	}
	if err := sw.splicer.Close(); err != nil {
		if ce := sw.h.logger.Check(zapcore.DebugLevel, "client went away during a spliced page"); ce != nil {
			ce.Write(zap.Error(err), requestID(sw.ctx))
		}
	}
	rep := sw.splicer.Report()
	sw.out.Planned(rep.Planned)
	if rep.Err != nil {
		sw.h.logger.Error("splicer failed; the rest of the page passed through untouched", zap.Error(rep.Err), requestID(sw.ctx))
		countSpliceError() // metrics.go
	}
	if rep.Planned {
		countPlanned() // metrics.go
	}
	if ce := sw.h.logger.Check(zapcore.DebugLevel, "page spliced"); ce != nil {
		ce.Write(zap.Bool("injected", rep.Injected), zap.Bool("footer", rep.FooterPlaced), zap.String("reason", rep.Reason),
			zap.Bool("planned", rep.Planned), requestID(sw.ctx))
	}
}

// headerValue is hdr.Get(key) for a key written as net/http keeps it (http.CanonicalHeaderKey;
// TestHeaderValueKeysAreCanonical holds every call to it): Get canonicalizes its key first, a
// pass over it that the dozen fields the response path reads cost every page (about 10 % of
// the shell's own instructions on a page served again).
func headerValue(hdr http.Header, key string) string {
	if v := hdr[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// writerOnly hides every method but Write, so io.Copy cannot bypass the splicer.
type writerOnly struct{ io.Writer }
