package shell

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// A page whose bytes the plans hold (page_plans) is asked for with the upstream's own
// validator, If-None-Match: its ETag. If the upstream answers 304 Not Modified, the gateway
// splices the held bytes as if the upstream had sent them again, under the header fields it
// sent with them, updated by the 304's. Every request still reaches the upstream, which alone
// says whether the page changed; what is saved is the page's bytes on the way in (and the
// upstream's work to send them). A request the client made conditional, a hard reload, a
// logged-in customer's page and a page the upstream sends with cookies or varying by anything
// but its coding are asked for as they are. The held bytes are one URL's for everyone (the
// plans are keyed by host, path and query), so a page that may be one person's is never held
// at all: one asked for with a session or an Authorization header, one the upstream sets
// cookies with or marks private or no-store.

// heldPage is what the gateway keeps beside a page's bytes: the upstream's validator and the
// header fields it sent with them. Never changed once stored (it is a plan's tag).
type heldPage struct {
	etag   string
	header http.Header // the upstream's fields but those below
}

// notHeld are the fields a held page does not keep: each response has its own date, and its
// length is the held bytes'.
var notHeld = map[string]bool{"Date": true, "Content-Length": true}

// ownFields counts the values of each field the gateway set before the upstream answered:
// reverse_proxy adds the upstream's after them.
func ownFields(hdr http.Header) map[string]int {
	own := make(map[string]int, len(hdr))
	for k, v := range hdr {
		own[k] = len(v)
	}
	return own
}

// upstreamValues are the values of key the upstream sent.
func upstreamValues(hdr http.Header, own map[string]int, key string) []string {
	v := hdr[key]
	return v[min(own[key], len(v)):]
}

// unconditional tells whether the gateway may make r conditional on a held page: the client
// asked for the page as such, not for a check of its own copy, a range or a fresh copy.
func unconditional(r *http.Request) bool {
	h := r.Header
	for _, k := range []string{"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Authorization"} {
		if len(h[k]) > 0 {
			return false
		}
	}
	for _, k := range []string{"Cache-Control", "Pragma"} {
		for _, v := range h[k] {
			if strings.Contains(strings.ToLower(v), "no-cache") {
				return false // a hard reload: the whole page, whatever the upstream's validator says
			}
		}
	}
	return true
}

// makeConditional asks the upstream for the page only if it changed, when its bytes are held;
// hdr is the response's header as the gateway set it so far. It runs for every page the plans
// may hold, and decides alone whether this one takes part in revalidation: sw.own stays nil
// for a page that does not (one asked for with credentials, or with disable_revalidation), so
// heldTag keeps no validator of it either.
func (sw *shellWriter) makeConditional(hdr http.Header, r *http.Request) {
	if sw.h.DisableRevalidation || sw.personal {
		return
	}
	sw.own = ownFields(hdr)
	if !unconditional(r) {
		return
	}
	body, tag := sw.h.plans.Held(sw.planKey)
	held, _ := tag.(*heldPage)
	if body == nil || held == nil {
		return
	}
	r.Header.Set("If-None-Match", held.etag)
	sw.held, sw.heldBody = held, body
}

// reuseHeld turns the upstream's 304 to the gateway's own conditional request into the held
// page's 200: its fields, updated by those the 304 carries.
func (sw *shellWriter) reuseHeld(hdr http.Header) {
	for k, v := range sw.held.header {
		if len(upstreamValues(hdr, sw.own, k)) == 0 {
			hdr[k] = append(hdr[k], v...)
		}
	}
	hdr.Set("Content-Length", strconv.Itoa(len(sw.heldBody)))
	countRevalidated() // metrics.go
}

// heldTag is what the plan keeps beside this response's bytes, hdr being the upstream's 200:
// its validator and fields, or nil when the page must not be asked for conditionally. When
// they are the held page's, it is the held page, so the plan stays as it is.
func (sw *shellWriter) heldTag(hdr http.Header) *heldPage {
	if sw.reused {
		return sw.held // the held bytes, served again on a 304
	}
	etag := headerValue(hdr, "Etag")
	if etag == "" || sw.own == nil || contentCoding(hdr) != "" ||
		headerValue(hdr, "Trailer") != "" || len(upstreamValues(hdr, sw.own, "Set-Cookie")) > 0 {
		return nil
	}
	for _, v := range upstreamValues(hdr, sw.own, "Vary") {
		for f := range strings.SplitSeq(v, ",") {
			if f = strings.TrimSpace(f); f != "" && !strings.EqualFold(f, "Accept-Encoding") {
				return nil // the bytes held may be another variant's
			}
		}
	}
	if _, tag := sw.h.plans.Held(sw.planKey); tag != nil {
		if old, _ := tag.(*heldPage); old != nil && old.etag == etag && sameFields(old.header, hdr, sw.own) {
			return old
		}
	}
	fields := make(http.Header, len(hdr))
	for k := range hdr {
		if v := upstreamValues(hdr, sw.own, k); len(v) > 0 && !notHeld[k] {
			fields[k] = slices.Clone(v)
		}
	}
	return &heldPage{etag: etag, header: fields}
}

// sameFields tells whether the upstream's fields in hdr are those held.
func sameFields(held, hdr http.Header, own map[string]int) bool {
	n := 0
	for k := range hdr {
		v := upstreamValues(hdr, own, k)
		if len(v) == 0 || notHeld[k] {
			continue
		}
		if !slices.Equal(v, held[k]) {
			return false
		}
		n++
	}
	return n == len(held)
}
