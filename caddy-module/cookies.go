package shell

import (
	"net/http"
	"net/textproto"
	"os"
	"strings"
	"unsafe"

	"golang.org/x/net/http/httpguts"
)

// requestCookies are a request's cookies, read once for all the steps of a page that ask for
// one (the device id, the app view, the banner's two, the partner): each r.Cookie call reads
// the whole Cookie header again, and a browser's carries the cookies of every app of the
// site. A lookup answers exactly what r.Cookie(name) would: the same parsing, the first
// valid cookie of that name (TestRequestCookiesAgreeWithNetHTTP, FuzzRequestCookies). If the
// request's Cookie fields change (identity.DropSessionCookies), they are read again.
type requestCookies struct {
	lines []string // the Cookie fields read (copies of their headers: the strings' bytes never change)
	pairs []cookiePair
	read  bool
	first [12]cookiePair // room for a browser's usual cookies without an allocation
	line  [2]string      // ... and for its Cookie fields
}

type cookiePair struct{ name, value string }

// maxCookies is net/http's limit on a request's cookies (readCookies: more, and it reads
// none).
const maxCookies = 3000

// cookieLimitSet tells whether GODEBUG may set another limit (httpcookiemaxnum): then every
// lookup is net/http's own.
var cookieLimitSet = strings.Contains(os.Getenv("GODEBUG"), "httpcookiemaxnum")

// get is r.Cookie(name)'s value, and whether it has one.
func (c *requestCookies) get(r *http.Request, name string) (string, bool) {
	lines := r.Header["Cookie"]
	if cookieLimitSet {
		ck, err := r.Cookie(name)
		if err != nil {
			return "", false
		}
		return ck.Value, true
	}
	if !c.read || !sameLines(c.lines, lines) {
		c.parse(lines)
	}
	if name == "" {
		return "", false
	}
	for _, p := range c.pairs {
		if p.name == name {
			return p.value, true
		}
	}
	return "", false
}

// sameLines tells whether a and b are the same fields: the same strings, by identity.
func sameLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if unsafe.StringData(a[i]) != unsafe.StringData(b[i]) || len(a[i]) != len(b[i]) {
			return false
		}
	}
	return true
}

// parse reads lines as net/http's readCookies does.
func (c *requestCookies) parse(lines []string) {
	c.lines, c.read = append(c.line[:0], lines...), true
	c.pairs = c.first[:0]
	n := 0
	for _, line := range lines {
		n += strings.Count(line, ";") + 1
	}
	if n > maxCookies {
		return
	}
	for _, line := range lines {
		line = textproto.TrimString(line)
		var part string
		for len(line) > 0 {
			part, line, _ = strings.Cut(line, ";")
			part = textproto.TrimString(part)
			if part == "" {
				continue
			}
			name, val, _ := strings.Cut(part, "=")
			name = textproto.TrimString(name)
			if !httpguts.ValidHeaderFieldName(name) {
				continue
			}
			if len(val) > 1 && val[0] == '"' && val[len(val)-1] == '"' {
				val = val[1 : len(val)-1]
			}
			if !validCookieValue(val) {
				continue
			}
			c.pairs = append(c.pairs, cookiePair{name, val})
		}
	}
}

// validCookieValue is net/http's check of a cookie's value, its quotes taken off.
func validCookieValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if b := v[i]; b < 0x20 || b >= 0x7f || b == '"' || b == ';' || b == '\\' {
			return false
		}
	}
	return true
}
