package shellstate

import (
	"encoding/json"
	"unicode/utf8"
)

// ScriptOpen and ScriptClose wrap the state where it is inlined in a page.
const (
	ScriptOpen  = `<script type="application/json" id="shell-state" data-shell="state">`
	ScriptClose = `</script>`
)

// AppendJSON appends the state as ASCII-only JSON: encoding/json already escapes <, > and &, so
// the text can never close the script element, and \u escapes for everything past ASCII let it
// read the same in any ASCII-compatible page charset. Flags lists only the flags that are on:
// the shell and the edge's conditions read an absent flag as off, and every page carries the
// state (issue 19).
func (s *State) AppendJSON(dst []byte) ([]byte, error) {
	if off := offFlags(s.Flags); off > 0 {
		on := make(map[string]bool, len(s.Flags)-off)
		for k, v := range s.Flags {
			if v {
				on[k] = true
			}
		}
		c := *s
		c.Flags = on
		s = &c
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return dst, err
	}
	return appendASCII(dst, raw), nil
}

func offFlags(flags map[string]bool) int {
	n := 0
	for _, v := range flags {
		if !v {
			n++
		}
	}
	return n
}

// AppendScript appends the state as the inline script element the shell reads.
func (s *State) AppendScript(dst []byte) ([]byte, error) {
	dst = append(dst, ScriptOpen...)
	dst, err := s.AppendJSON(dst)
	return append(dst, ScriptClose...), err
}

const hexDigits = "0123456789abcdef"

func appendASCII(dst, raw []byte) []byte {
	for len(raw) > 0 {
		c := raw[0]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			raw = raw[1:]
			continue
		}
		r, n := utf8.DecodeRune(raw)
		raw = raw[n:]
		if r > 0xFFFF { // a surrogate pair
			r -= 0x10000
			dst = appendU(dst, 0xD800+(r>>10))
			r = 0xDC00 + (r & 0x3FF)
		}
		dst = appendU(dst, r)
	}
	return dst
}

func appendU(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}
