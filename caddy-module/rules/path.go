package rules

import (
	"errors"
	"net/url"
	"strings"
)

// The path the gateway decides on. The guard, the token relay and the gateway's own routes
// must read a request path the way the origin behind them will, or a spelling the origin
// takes for a protected page (/EN-GB/documents/, //en-gb/documents/, /x/../en-gb/documents/,
// /en-gb;/documents/, /en-gb\documents\) walks past them. So every decision is made on one
// canonical form: decoded, path parameters dropped, backslashes read as slashes, doubled
// slashes collapsed, dot segments resolved, lower case. A path that origins read in
// different ways (an encoded slash or a path parameter making a dot-dot, a double-encoded
// dot or slash, a NUL) is not decided at all: the request is refused.

// ErrUndecidablePath says a request path is read differently by different origins, or holds
// a character no page path has; such a request must be refused, not passed on.
var ErrUndecidablePath = errors.New("the request path cannot be decided safely")

// DecisionPath is the path the guard, the relay and the own routes decide on, from the path
// as the client sent it (escaped, as url.URL.EscapedPath gives it): CleanPath in lower case.
func DecisionPath(escaped string) (string, error) {
	clean, err := CleanPath(escaped)
	if err != nil {
		return "", err
	}
	return strings.ToLower(clean), nil
}

// CleanPath is the path as an origin reads it, in its case: each segment decoded (%2f and
// %5c become separators, as in origins that decode before they route), its ";" parameters
// dropped (as Java servlet containers do), backslashes read as slashes (as Windows servers
// do), empty segments dropped, "." and ".." resolved (never above the root). A trailing
// slash stays, as it does after a final "." or "..". The result starts with "/" and holds
// no "//", "/./", "/../" or backslash.
//
// It refuses (ErrUndecidablePath) an invalid escape, a control character (NUL included),
// encoded or not, an escape that still decodes to ".", "/", "\", ";", "%" or a control
// character after decoding (double encoding), a dot segment made by decoding a slash or
// backslash inside a segment (..%2f), and a dot segment that carries a path parameter
// (..;): origins disagree on those, so no decision made here could hold for all of them.
func CleanPath(escaped string) (string, error) {
	if isClean(escaped) {
		return escaped, nil
	}
	segs := strings.Split(strings.TrimPrefix(escaped, "/"), "/")
	out := make([]string, 0, len(segs))
	trailing := false
	for i, seg := range segs {
		pieces, err := segmentPieces(seg)
		if err != nil {
			return "", err
		}
		for _, p := range pieces {
			switch p {
			case "", ".":
			case "..":
				if len(out) > 0 {
					out = out[:len(out)-1]
				}
			default:
				out = append(out, p)
			}
		}
		if i == len(segs)-1 {
			end := pieces[len(pieces)-1]
			trailing = end == "" || end == "." || end == ".."
		}
	}
	if len(out) == 0 {
		return "/", nil
	}
	p := "/" + strings.Join(out, "/")
	if trailing {
		p += "/"
	}
	return p, nil
}

// segmentPieces decodes one segment of the escaped path (between literal slashes) into the
// segments an origin that decodes it before routing sees: more than one when it held an
// encoded slash or a backslash.
func segmentPieces(seg string) ([]string, error) {
	if hasControl(seg) {
		return nil, ErrUndecidablePath
	}
	name, _, params := strings.Cut(seg, ";")
	decoded, err := url.PathUnescape(name)
	if err != nil {
		return nil, ErrUndecidablePath
	}
	if hasControl(decoded) || stillEscaped(decoded) {
		return nil, ErrUndecidablePath
	}
	split := strings.ContainsAny(decoded, "/\\")
	if !split {
		if params && (decoded == "." || decoded == "..") {
			// /x/..;/documents is /documents to a servlet container and a page below /x/
			// to the rest.
			return nil, ErrUndecidablePath
		}
		return []string{decoded}, nil
	}
	pieces := strings.FieldsFunc(decoded, func(r rune) bool { return r == '/' || r == '\\' })
	if strings.HasSuffix(decoded, "/") || strings.HasSuffix(decoded, "\\") || len(pieces) == 0 {
		pieces = append(pieces, "") // the segment ends in a separator: an empty last piece
	}
	for _, p := range pieces {
		if p != "." && p != ".." {
			continue
		}
		// /x/..%2fdocuments is /documents to an origin that decodes %2f, and a page below
		// /x/ to one that does not.
		return nil, ErrUndecidablePath
	}
	return pieces, nil
}

// isClean tells whether p is already its own clean path, the common case that needs no
// work: it starts with a slash and holds no escape, parameter, backslash, control
// character, doubled slash or dot segment.
func isClean(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '%' || c == ';' || c == '\\' || c < 0x20 || c == 0x7f:
			return false
		case c == '/' && i+1 < len(p):
			next := p[i+1:]
			if next[0] == '/' || next == "." || next == ".." || strings.HasPrefix(next, "./") || strings.HasPrefix(next, "../") {
				return false
			}
		}
	}
	return true
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return true
		}
	}
	return false
}

// stillEscaped tells whether a decoded segment holds an escape of a character that matters
// to the decision: an origin that decodes twice would read another path.
func stillEscaped(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			continue
		}
		switch c := hi<<4 | lo; {
		case c == '.' || c == '/' || c == '\\' || c == ';' || c == '%' || c < 0x20 || c == 0x7f:
			return true
		}
	}
	return false
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
