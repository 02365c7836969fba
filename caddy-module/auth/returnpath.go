package auth

import (
	"net/url"
	"strings"
)

// Limits of SafeReturnPath.
const (
	maxReturnPath = 2048
	// maxDecodings is how many rounds of percent-decoding are checked: every hop that might
	// decode the value again (a proxy, a framework, a second redirect) gets one.
	maxDecodings = 4
)

// siteOrigin is any origin: SafeReturnPath's results stay on whichever site resolves them.
var siteOrigin = &url.URL{Scheme: "https", Host: "site.example", Path: "/"}

// SafeReturnPath accepts only a same-site relative path ("/x…", with optional query and
// fragment) and returns it normalised, ready for a Location header. It refuses anything a
// browser, or a later hop that percent-decodes it again, could send elsewhere: "//evil",
// "/\evil", "https:evil", "javascript:", "%2F%2Fevil", userinfo, backslashes, control or
// non-ASCII bytes, dot segments, and values longer than 2048 bytes.
func SafeReturnPath(raw string) (string, bool) {
	if raw == "" || len(raw) > maxReturnPath {
		return "", false
	}
	// Printable ASCII only: browsers drop tabs and newlines inside URLs and read "\" as "/",
	// so such bytes can turn "/" + junk + "/evil" into "//evil".
	for i := 0; i < len(raw); i++ {
		if b := raw[i]; b <= ' ' || b >= 0x7f || b == '\\' {
			return "", false
		}
	}
	if !looksLocal(raw) {
		return "", false
	}
	for s, i := raw, 0; i < maxDecodings; i++ {
		d, err := url.PathUnescape(s)
		if err != nil || d == s {
			break // what no longer decodes is taken literally by every reader
		}
		if !looksLocal(d) {
			return "", false
		}
		s = d
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "", false
	}
	r := siteOrigin.ResolveReference(u)
	if r.Host != siteOrigin.Host {
		return "", false
	}
	out := r.EscapedPath()
	if r.RawQuery != "" || r.ForceQuery {
		out += "?" + r.RawQuery
	}
	if u.Fragment != "" {
		out += "#" + u.EscapedFragment()
	}
	if !looksLocal(out) {
		return "", false
	}
	return out, true
}

// looksLocal checks one reading of a return path: it starts with exactly one slash, holds
// no control bytes or backslashes, and its path has no dot segments (which a browser resolves,
// e.g. "/..//evil" to "//evil" for the next hop).
func looksLocal(s string) bool {
	if len(s) == 0 || s[0] != '/' || (len(s) > 1 && (s[1] == '/' || s[1] == '\\')) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < ' ' || b == 0x7f || b == '\\' {
			return false
		}
	}
	path := s
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	for seg := range strings.SplitSeq(path, "/") {
		switch strings.ToLower(seg) {
		case ".", "..", "%2e", "%2e%2e", ".%2e", "%2e.":
			return false
		}
	}
	return true
}
