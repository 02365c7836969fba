package bundle

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Slots are texts the prerender writes where a request's value belongs.
const (
	// YearSlot stands for the current year.
	YearSlot = "[[shell:year]]"
	// BaseSlot stands for the locale base path ("" or "/en-gb"), which depends on the host.
	BaseSlot = "[[shell:base]]"
)

// Fragment is a prerendered piece of shell markup, prepared for cheap per-request rendering.
type Fragment struct {
	// src is the fragment as ASCII HTML.
	src []byte
	// marks are the positions where a request may add something, in ascending order.
	marks []mark
}

type markKind uint8

const (
	markYear markKind = iota + 1 // replace len(YearSlot) bytes by the year
	markBase                     // replace len(BaseSlot) bytes by the base path
	markLink                     // after "<a": add aria-current when path matches
)

type mark struct {
	at   int
	kind markKind
	path string // markLink: the link's path, without query or fragment
	base bool   // markLink: the path follows the base path
}

// Values are what a request contributes to a fragment.
type Values struct {
	// Year replaces the year slot.
	Year int
	// BasePath replaces the base slot.
	BasePath string
	// Path marks links to this path (compared case-insensitively) as the current page.
	Path string
}

// PrepareFragment turns prerendered HTML into a Fragment.
func PrepareFragment(raw []byte) *Fragment {
	src := asciiHTML(raw)
	f := &Fragment{src: src}
	// Link positions come from a real tokenizer, once, so per request nothing is parsed.
	z := html.NewTokenizer(bytes.NewReader(src))
	offset := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		rawTok := z.Raw()
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			name, hasAttr := z.TagName()
			if string(name) == "a" {
				href := ""
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					if string(k) == "href" {
						href = string(v)
					}
				}
				rel, base := strings.CutPrefix(href, BaseSlot)
				if base && rel == "" {
					rel = "/"
				}
				if p, ok := linkPath(rel); ok {
					f.marks = append(f.marks, mark{at: offset + 2, kind: markLink, path: p, base: base})
				}
			}
		}
		offset += len(rawTok)
	}
	for _, slot := range []struct {
		text string
		kind markKind
	}{{YearSlot, markYear}, {BaseSlot, markBase}} {
		for i := 0; ; {
			j := bytes.Index(src[i:], []byte(slot.text))
			if j < 0 {
				break
			}
			f.marks = append(f.marks, mark{at: i + j, kind: slot.kind})
			i += j + len(slot.text)
		}
	}
	sortMarks(f.marks)
	return f
}

// AppendTo appends the fragment rendered for v to dst.
func (f *Fragment) AppendTo(dst []byte, v Values) []byte {
	last := 0
	for _, m := range f.marks {
		dst = append(dst, f.src[last:m.at]...)
		last = m.at
		switch m.kind {
		case markYear:
			dst = strconv.AppendInt(dst, int64(v.Year), 10)
			last += len(YearSlot)
		case markBase:
			dst = append(dst, v.BasePath...)
			last += len(BaseSlot)
		case markLink:
			if v.Path != "" && linkMatches(m, v) {
				dst = append(dst, ` aria-current="page"`...)
			}
		}
	}
	return append(dst, f.src[last:]...)
}

// linkMatches compares a link with the request path case-insensitively, without allocating.
func linkMatches(m mark, v Values) bool {
	if !m.base {
		return strings.EqualFold(m.path, v.Path)
	}
	if len(v.Path) != len(v.BasePath)+len(m.path) {
		// "/en-gb" + "/" also names "/en-gb", the locale's home without its slash.
		return m.path == "/" && v.BasePath != "" && strings.EqualFold(v.Path, v.BasePath)
	}
	return strings.EqualFold(v.Path[:len(v.BasePath)], v.BasePath) && strings.EqualFold(v.Path[len(v.BasePath):], m.path)
}

// Len is the fragment's size before request values, a good capacity hint.
func (f *Fragment) Len() int { return len(f.src) }

// linkPath gives the path of a same-site link, without query and fragment.
func linkPath(href string) (string, bool) {
	if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
		return "", false
	}
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		href = href[:i]
	}
	return href, true
}

// asciiHTML replaces every non-ASCII character by a numeric character reference. Fragments hold
// no raw-text elements, so this reads the same in text and attribute values, whatever the
// page's ASCII-compatible charset is.
func asciiHTML(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		c := b[0]
		if c < utf8.RuneSelf {
			out = append(out, c)
			b = b[1:]
			continue
		}
		r, n := utf8.DecodeRune(b)
		out = append(out, "&#x"...)
		out = strconv.AppendInt(out, int64(r), 16)
		out = append(out, ';')
		b = b[n:]
	}
	return out
}

// AppendText appends s escaped for HTML text and quoted attribute values the way fragments
// are written: every character outside printable ASCII but tab and newline, and each of
// < > & " ', as a numeric character reference. A request's value (a customer's name, a page's
// path) then reads the same in any ASCII-compatible page charset, windows-1252 included, and
// can never close an element or an attribute.
func AppendText(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && (c >= 0x20 && c != 0x7f || c == '\t' || c == '\n') &&
			c != '<' && c != '>' && c != '&' && c != '"' && c != '\'' {
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r < 0x20 || r >= 0x7f && r < 0xa0 {
			// A control character has no business in a name or a path, and as a reference
			// it is a parse error (&#x80; to &#x9f; even read as windows-1252's characters).
			r = utf8.RuneError
		}
		dst = append(dst, "&#x"...)
		dst = strconv.AppendInt(dst, int64(r), 16)
		dst = append(dst, ';')
		i += n
	}
	return dst
}

func sortMarks(m []mark) {
	// Insertion sort: a fragment has tens of marks, mostly in order already.
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && m[j].at < m[j-1].at; j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
}
