package splice

import "bytes"

// The encoding prescan (WHATWG "prescan a byte stream to determine its
// encoding") over the first 1024 bytes: it finds the <meta> that declares
// the charset, so that a copy can be moved in front of the inserted Head
// when the inserted bytes would push it past the first 1024 bytes.

// prescanCharset returns the declared charset label and the offset of the
// <meta that declares it, or ok=false.
func prescanCharset(b []byte) (label []byte, at int, ok bool) {
	for i := 0; i < len(b); i++ {
		if b[i] != '<' {
			continue
		}
		rest := b[i:]
		switch {
		case hasPrefix(rest, "<!--"):
			j := bytes.Index(b[i+2:], []byte("-->"))
			if j < 0 {
				return nil, 0, false
			}
			i += 2 + j + 2
		case hasPrefixFold(rest, "<meta") && len(rest) > 5 && (isSpace(rest[5]) || rest[5] == '/'):
			j, l, found := metaCharset(b, i+5)
			if found {
				return l, i, true
			}
			i = j - 1
		case len(rest) > 2 && (isLetter(rest[1]) || rest[1] == '/' && isLetter(rest[2])):
			j := i + 1
			for j < len(b) && !isSpace(b[j]) && b[j] != '>' {
				j++
			}
			for {
				_, _, next, more := getAttr(b, j)
				j = next
				if !more {
					break
				}
			}
			i = j - 1
		case hasPrefix(rest, "<!") || hasPrefix(rest, "</") || hasPrefix(rest, "<?"):
			j := i + 2
			for j < len(b) && b[j] != '>' {
				j++
			}
			i = j
		}
	}
	return nil, 0, false
}

func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

func hasPrefixFold(b []byte, s string) bool {
	if len(b) < len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lower(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// metaCharset reads the attributes of a <meta from i; it returns the offset
// after them and the charset it declares.
func metaCharset(b []byte, i int) (next int, label []byte, ok bool) {
	var seen uint8
	gotPragma, needPragma := false, 0 // 0 null, 1 false, 2 true
	var charset []byte
	for {
		name, val, j, more := getAttr(b, i)
		i = j
		if !more {
			break
		}
		bit := uint8(0)
		switch {
		case hasPrefixFold(name, "http-equiv") && len(name) == 10:
			bit = 1
		case hasPrefixFold(name, "content") && len(name) == 7:
			bit = 2
		case hasPrefixFold(name, "charset") && len(name) == 7:
			bit = 4
		default:
			continue
		}
		if seen&bit != 0 {
			continue
		}
		seen |= bit
		switch bit {
		case 1:
			if equalFoldTrim(val, "content-type") && len(val) == len("content-type") {
				gotPragma = true
			}
		case 2:
			if charset == nil {
				if c := charsetFromContent(val); c != nil {
					charset, needPragma = c, 2
				}
			}
		case 4:
			charset, needPragma = val, 1
		}
	}
	if needPragma == 0 || (needPragma == 2 && !gotPragma) || len(charset) == 0 {
		return i, nil, false
	}
	return i, charset, true
}

// getAttr is the prescan's "get an attribute": it returns the lower-cased
// name and the raw value of the attribute at i.
func getAttr(b []byte, i int) (name, val []byte, next int, ok bool) {
	for i < len(b) && (isSpace(b[i]) || b[i] == '/') {
		i++
	}
	if i >= len(b) || b[i] == '>' {
		return nil, nil, i, false
	}
	start := i
	for i < len(b) {
		c := b[i]
		if (c == '=' && i > start) || isSpace(c) || c == '/' || c == '>' {
			break
		}
		i++
	}
	name = b[start:i]
	if i >= len(b) {
		return nil, nil, i, false
	}
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i >= len(b) || b[i] != '=' {
		return name, nil, i, true
	}
	i++
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i >= len(b) {
		return nil, nil, i, false
	}
	if q := b[i]; q == '"' || q == '\'' {
		i++
		vs := i
		for i < len(b) && b[i] != q {
			i++
		}
		if i >= len(b) {
			return nil, nil, i, false
		}
		return name, b[vs:i], i + 1, true
	}
	vs := i
	for i < len(b) && !isSpace(b[i]) && b[i] != '>' {
		i++
	}
	if i >= len(b) {
		return nil, nil, i, false
	}
	return name, b[vs:i], i, true
}

// charsetFromContent is "extracting a character encoding from a meta element".
func charsetFromContent(v []byte) []byte {
	for i := 0; i+7 <= len(v); i++ {
		if !hasPrefixFold(v[i:], "charset") {
			continue
		}
		j := i + 7
		for j < len(v) && isSpace(v[j]) {
			j++
		}
		if j >= len(v) || v[j] != '=' {
			i = j - 1
			continue
		}
		j++
		for j < len(v) && isSpace(v[j]) {
			j++
		}
		if j >= len(v) {
			return nil
		}
		if q := v[j]; q == '"' || q == '\'' {
			k := j + 1
			for k < len(v) && v[k] != q {
				k++
			}
			if k >= len(v) {
				return nil
			}
			return v[j+1 : k]
		}
		k := j
		for k < len(v) && !isSpace(v[k]) && v[k] != ';' {
			k++
		}
		return v[j:k]
	}
	return nil
}

// charsetCopy prepares `<meta charset="X" data-shell="charset">` for Head
// when the page's own declaration sits at or after the insertion point.
func (w *Writer) charsetCopy(insertAt int64, p []byte) {
	// nothing is written before this decision: the input so far is held ++ p
	var buf [prefixBound]byte
	n := copy(buf[:], w.held)
	n += copy(buf[n:], p)
	label, at, ok := prescanCharset(buf[:n])
	if !ok || int64(at) < insertAt || len(label) > 24 {
		return
	}
	for _, c := range label {
		if !(isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return // not a label we would copy verbatim into markup
		}
	}
	b := append(w.charset[:0], `<meta charset="`...)
	b = append(b, label...)
	b = append(b, `" data-shell="charset">`...)
	w.charLen = len(b)
	w.ins[insHead].extra = b
}
