package splice

// steadyScan is the data state in the steady state (see tree.steady), where
// the page's body is all that is left until </body>: text needs no look, and
// most tags only push or pop an HTML element. It skips text to each '<',
// reads whole tags and applies them, and returns the offset at which the
// general states must go on: a '<' whose tag it declines, with nothing
// changed yet, or len(p). After a raw text start tag (<script>, <style>...)
// it returns the offset after the tag, with s.st set accordingly.
func (w *Writer) steadyScan(p []byte, i int) int {
	s := &w.scanner
	n := len(p)
	for {
		lt := indexByteFrom(p, i, '<')
		if lt < 0 {
			return n
		}
		k := lt + 1
		end := false
		if k < n && p[k] == '/' {
			end = true
			k++
		}
		if k >= n || !isLetter(p[k]) {
			return lt
		}
		// the tag name, packed into its key on the way
		nameAt := k
		var key uint64
		for k < n {
			c := p[k]
			if byteClass[c]&clNameEnd != 0 {
				break
			}
			if k-nameAt < maxPacked {
				key |= uint64(lowerTab[c]) << (8 * (k - nameAt))
			}
			k++
		}
		if k >= n {
			return lt
		}
		if nl := k - nameAt; nl <= maxPacked {
			key |= uint64(nl) << 56
		} else {
			key = keyFold(p[nameAt:k])
		}
		el := lookupKey(key)
		f := elemFlags[el]
		if f&fAttrs != 0 {
			return lt // its attributes matter: the general states read them
		}
		after := k + 1
		if p[k] != '>' {
			var ok bool
			if after, _, ok = skipAttrs(p, k, false); !ok {
				return lt
			}
		}
		if end {
			// closing the current element; anything else has its own rules
			if w.depth == 0 || el == elBody || el == elHTML || el == elBr || el == elForm ||
				w.stack[w.depth-1].key != key {
				return lt
			}
			w.pop()
			i = after
			continue
		}
		switch {
		case f&fNoFast != 0:
			if !w.fastSpecialOK(el) {
				return lt
			}
			if el == elA {
				w.aEver = true
			}
		case f&fClosesP != 0 && w.open[elP] != 0:
			return lt
		case f&fVoid != 0:
			i = after
			continue
		case f&fRaw != 0:
			s.el, s.nameKey, s.isEnd = el, key, false
			s.st = rawState(el)
			s.rawName = elemNames[el]
			return after
		}
		if w.depth == len(w.stack) {
			return lt
		}
		w.push(entry{key: key, el: el})
		i = after
	}
}
