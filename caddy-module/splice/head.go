package splice

// What a page declared in its head, for the caller to pick the fragments
// once the head is complete: the splicer has read the whole head when the
// body starts, before it writes Head.

// Head is what the page's head held, as far as the shell cares. Only
// elements the parser puts into the head count: not those inside a
// <template>, nor a <title> that comes after the body started.
type Head struct {
	// Title reports whether a <title> element was in the head.
	Title bool
	// HeaderVariant is the content of the first <meta name="shell-header"
	// content="…"> in the head, trimmed of spaces, as written (no character
	// references decoded); nil when there is none or its value is longer
	// than the splicer reads (40 bytes). It is valid only during Resolve.
	HeaderVariant []byte
}

// Resolver picks the fragments once the page's head is known. The Writer
// calls Resolve at most once per response, from Write or Close, after the
// insertion point is decided and before any fragment is written; it is not
// called for a page that gets no shell (opt-out, frameset, UTF-16). The
// fragments it returns replace the ones the Writer was made with (their
// Resolve field is ignored).
type Resolver interface {
	Resolve(Head) Fragments
}

// headDecl collects the head's declarations while the tracker is before
// the body.
type headDecl struct {
	title      bool
	variant    [40]byte
	variantLen int // -1: no <meta name="shell-header"> seen yet

	// the current <meta> tag
	metaHeader bool
	metaVal    [40]byte
	metaValLen int // -1: no usable content attribute
}

func (d *headDecl) reset() {
	*d = headDecl{variantLen: -1, metaValLen: -1}
}

// onMetaName notes a meta tag's name attribute (first occurrence).
func (d *headDecl) onMetaName(val []byte, full bool) {
	d.metaHeader = full && equalFoldTrim(val, "shell-header")
}

// onMetaContent keeps a meta tag's content attribute (first occurrence).
func (d *headDecl) onMetaContent(val []byte, full bool) {
	if !full {
		d.metaValLen = -1
		return
	}
	for len(val) > 0 && isSpace(val[0]) {
		val = val[1:]
	}
	for len(val) > 0 && isSpace(val[len(val)-1]) {
		val = val[:len(val)-1]
	}
	d.metaValLen = copy(d.metaVal[:], val)
}

// onMetaTag is called for a start tag of a meta element in the head, once
// its attributes are read; the first shell-header meta wins.
func (d *headDecl) onMetaTag() {
	if d.metaHeader && d.variantLen < 0 && d.metaValLen >= 0 {
		d.variantLen = copy(d.variant[:], d.metaVal[:d.metaValLen])
	}
}

// startMetaAttrs forgets the previous meta tag's attributes.
func (d *headDecl) startMetaAttrs() {
	d.metaHeader, d.metaValLen = false, -1
}

func (d *headDecl) head() Head {
	h := Head{Title: d.title}
	if d.variantLen >= 0 {
		h.HeaderVariant = d.variant[:d.variantLen]
	}
	return h
}

// resolve lets the caller's Resolver pick the fragments, once.
func (w *Writer) resolve() {
	r := w.frag.Resolve
	if r == nil {
		return
	}
	w.frag.Resolve = nil
	f := r.Resolve(w.decl.head())
	f.Resolve = nil
	w.frag = f
	w.ins[insHead].frag = f.Head
	w.ins[insHeader].frag = f.Header
	w.ins[insFooter].frag = f.Footer
}
