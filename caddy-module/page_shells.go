package shell

import (
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/shellstate"
	"github.com/shellgate/shellgate/caddy-module/splice"
)

// renderedShells keep the header and footer rendered for anonymous pages, so that the next
// request for the same page with the same shell takes them instead of rendering them again
// (the fragments and the state's JSON were about 4 % of the gateway's CPU per 100 KB page
// under wrk). What a page's shell is rendered from is its page: the header and footer
// fragments (gated by the flags) and the state; the key holds all of them, so a cached shell
// is byte for byte the one rendering would give. A page that names a person (a session, a
// customer, a redirect back) is never kept nor taken from here. Safe for concurrent use; a
// nil *renderedShells keeps nothing.
type renderedShells struct {
	mu    sync.RWMutex
	m     map[shellKey]*renderedShell
	bytes int
}

// renderedShell is one page's rendered header (with the state's script) and footer; never
// changed once stored.
type renderedShell struct {
	header, footer []byte
}

// shellKey is everything a page's header and footer are rendered from (appendFragments):
// the fragments and every field of the state, in the state's order. keyedStateFields in
// page_shells_test.go fails when the state gets a field this key does not hold.
type shellKey struct {
	header, footer                                  *bundle.Fragment
	locale, market, basePath, design, variant, path string
	year                                            int
	canAccess, authRequired, appView                bool
	// access and flags, encoded (see key): the state's list and map
	lists     string
	banner    shellstate.Banner
	hasBanner bool
	marketing shellstate.Marketing
	hasMarket bool
}

// Bounds of the rendered shells: a page's path is part of its key, so a site's pages each
// take an entry; random paths cost a render each, as without the cache, and push out others.
const (
	shellsMaxPages = 1024
	shellsMaxBytes = 16 << 20
	shellsMaxPath  = 512 // longer paths are rendered every time
	shellsMaxFlags = 64  // a state with more flags is rendered every time
)

func newRenderedShells() *renderedShells {
	return &renderedShells{m: make(map[shellKey]*renderedShell)}
}

// key is p's shellKey, and false when p's shell may not be kept: it names a person, or is
// larger than the bounds. The key's lists string points into *scratch until store copies it.
func (c *renderedShells) key(p *page, scratch *[]byte) (shellKey, bool) {
	st := &p.state
	if c == nil || p.input.LoggedIn || st.IsLoggedIn || st.CustomerID != "" || st.LoginCustomerID != "" ||
		st.Session != nil || st.Customer != nil || st.Redirect != "" ||
		len(st.Path) > shellsMaxPath || len(st.Flags) > shellsMaxFlags {
		return shellKey{}, false
	}
	k := shellKey{
		header: p.header, footer: p.footer,
		locale: st.Locale, market: st.Market, basePath: st.BasePath, design: st.DesignVersion,
		variant: st.HeaderVariant, path: st.Path, year: st.Year,
		canAccess: st.CanAccess, authRequired: st.IsAuthRequired, appView: st.AppView,
	}
	if st.Banner != nil {
		k.banner, k.hasBanner = *st.Banner, true
	}
	if st.Marketing != nil {
		k.marketing, k.hasMarket = *st.Marketing, true
	}
	// The lists: access (nil and empty encode differently in the state's JSON), then the
	// flags in name order, each with its length so that no two lists read the same.
	b := (*scratch)[:0]
	if st.Access == nil {
		b = append(b, 'n')
	} else {
		b = append(b, 'a')
		b = strconv.AppendInt(b, int64(len(st.Access)), 10)
		for _, a := range st.Access {
			b = appendKeyString(b, a)
		}
	}
	if st.Flags == nil {
		b = append(b, 'n')
	} else {
		var names [shellsMaxFlags]string
		n := 0
		for name := range st.Flags {
			names[n] = name
			n++
		}
		slices.Sort(names[:n])
		b = append(b, 'f')
		b = strconv.AppendInt(b, int64(n), 10)
		for _, name := range names[:n] {
			b = appendKeyString(b, name)
			if st.Flags[name] {
				b = append(b, '1')
			} else {
				b = append(b, '0')
			}
		}
	}
	*scratch = b
	if len(b) > 0 {
		k.lists = unsafe.String(&b[0], len(b))
	}
	return k, true
}

func appendKeyString(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}

// lookup gives the rendered shell of key, or nil.
func (c *renderedShells) lookup(k shellKey, keyed bool) *renderedShell {
	if c == nil || !keyed {
		return nil
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.m[k]
}

// store keeps f's header and footer for k, making room, and gives the shell kept for k (nil
// when none is).
func (c *renderedShells) store(k shellKey, f splice.Fragments) *renderedShell {
	size := len(f.Header) + len(f.Footer) + len(k.path) + len(k.lists)
	if c == nil || size > shellsMaxBytes/16 {
		return nil
	}
	k.lists = string([]byte(k.lists)) // its own copy: the key pointed into a pooled buffer
	body := make([]byte, 0, len(f.Header)+len(f.Footer))
	body = append(append(body, f.Header...), f.Footer...)
	shell := &renderedShell{header: body[:len(f.Header):len(f.Header)], footer: body[len(f.Header):]}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.m[k]; ok {
		return kept
	}
	for old, s := range c.m { // map order: arbitrary pages make room
		if len(c.m) < shellsMaxPages && c.bytes+size <= shellsMaxBytes {
			break
		}
		c.bytes -= len(s.header) + len(s.footer) + len(old.path) + len(old.lists)
		delete(c.m, old)
	}
	c.m[k] = shell
	c.bytes += size
	return shell
}
