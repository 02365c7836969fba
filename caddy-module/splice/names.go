package splice

import (
	"crypto/rand"
	"encoding/binary"
	"math/bits"
	"slices"
)

// Element names the tracker needs to tell apart. Every other name is elOther;
// it is still matched by hash for end tags.
type elem uint8

const (
	elOther elem = iota
	elA
	elAddress
	elAnnotationXML
	elApplet
	elArea
	elArticle
	elAside
	elB
	elBase
	elBasefont
	elBgsound
	elBig
	elBlockquote
	elBody
	elBr
	elButton
	elCaption
	elCenter
	elCode
	elCol
	elColgroup
	elDd
	elDesc
	elDetails
	elDialog
	elDir
	elDiv
	elDl
	elDt
	elEm
	elEmbed
	elFieldset
	elFigcaption
	elFigure
	elFont
	elFooter
	elForeignObject
	elForm
	elFrame
	elFrameset
	elH1
	elH2
	elH3
	elH4
	elH5
	elH6
	elHead
	elHeader
	elHgroup
	elHr
	elHTML
	elI
	elIframe
	elImage
	elImg
	elInput
	elKeygen
	elLi
	elLink
	elListing
	elMain
	elMalignmark
	elMarquee
	elMath
	elMenu
	elMeta
	elMglyph
	elMi
	elMn
	elMo
	elMs
	elMtext
	elNav
	elNobr
	elNoembed
	elNoframes
	elNoscript
	elObject
	elOl
	elOptgroup
	elOption
	elP
	elParam
	elPlaintext
	elPre
	elRb
	elRp
	elRt
	elRtc
	elRuby
	elS
	elScript
	elSearch
	elSection
	elSelect
	elSmall
	elSource
	elSpan
	elStrike
	elStrong
	elStyle
	elSub
	elSummary
	elSup
	elSvg
	elTable
	elTbody
	elTd
	elTemplate
	elTextarea
	elTfoot
	elTh
	elThead
	elTitle
	elTr
	elTrack
	elTt
	elU
	elUl
	elVar
	elWbr
	elXmp
	elCount
)

// maxName is the longest name in elemNames; a longer tag name is elOther.
const maxName = 14

var elemNames = [...]string{
	elA: "a", elAddress: "address", elAnnotationXML: "annotation-xml", elApplet: "applet",
	elArea: "area", elArticle: "article", elAside: "aside", elB: "b", elBase: "base",
	elBasefont: "basefont", elBgsound: "bgsound", elBig: "big", elBlockquote: "blockquote",
	elBody: "body", elBr: "br", elButton: "button", elCaption: "caption", elCenter: "center",
	elCode: "code", elCol: "col", elColgroup: "colgroup", elDd: "dd", elDesc: "desc",
	elDetails: "details", elDialog: "dialog", elDir: "dir", elDiv: "div", elDl: "dl",
	elDt: "dt", elEm: "em", elEmbed: "embed", elFieldset: "fieldset",
	elFigcaption: "figcaption", elFigure: "figure", elFont: "font", elFooter: "footer",
	elForeignObject: "foreignobject", elForm: "form", elFrame: "frame", elFrameset: "frameset",
	elH1: "h1", elH2: "h2", elH3: "h3", elH4: "h4", elH5: "h5", elH6: "h6", elHead: "head",
	elHeader: "header", elHgroup: "hgroup", elHr: "hr", elHTML: "html", elI: "i",
	elIframe: "iframe", elImage: "image", elImg: "img", elInput: "input", elKeygen: "keygen",
	elLi: "li", elLink: "link", elListing: "listing", elMain: "main",
	elMalignmark: "malignmark", elMarquee: "marquee", elMath: "math", elMenu: "menu",
	elMeta: "meta", elMglyph: "mglyph", elMi: "mi", elMn: "mn", elMo: "mo", elMs: "ms",
	elMtext: "mtext", elNav: "nav", elNobr: "nobr", elNoembed: "noembed",
	elNoframes: "noframes", elNoscript: "noscript", elObject: "object", elOl: "ol",
	elOptgroup: "optgroup", elOption: "option", elP: "p", elParam: "param",
	elPlaintext: "plaintext", elPre: "pre", elRb: "rb", elRp: "rp", elRt: "rt", elRtc: "rtc",
	elRuby: "ruby", elS: "s", elScript: "script", elSearch: "search", elSection: "section",
	elSelect: "select", elSmall: "small", elSource: "source", elSpan: "span",
	elStrike: "strike", elStrong: "strong", elStyle: "style", elSub: "sub",
	elSummary: "summary", elSup: "sup", elSvg: "svg", elTable: "table", elTbody: "tbody",
	elTd: "td", elTemplate: "template", elTextarea: "textarea", elTfoot: "tfoot", elTh: "th",
	elThead: "thead", elTitle: "title", elTr: "tr", elTrack: "track", elTt: "tt", elU: "u",
	elUl: "ul", elVar: "var", elWbr: "wbr", elXmp: "xmp",
}

// elemTable maps name keys to elems: open addressing on the key's
// multiplicative hash; a zero key marks an empty slot (no key is zero).
var elemTable = func() (t [512]keyedElem) {
	// The elements most pages are made of go in first, so that each sits in
	// its own slot: one probe (<tr> was eight behind the others).
	// Long names go in last: their keys change with each start (nameMul),
	// and the short names' slots must not.
	order := append([]elem(nil), frequentElems...)
	for _, long := range []bool{false, true} {
		for e := elem(1); e < elCount; e++ {
			if !slices.Contains(frequentElems, e) && (len(elemNames[e]) > maxPacked) == long {
				order = append(order, e)
			}
		}
	}
	for _, e := range order {
		k := keyOf(elemNames[e])
		for i := slotOf(k); ; i = (i + 1) & uint64(len(t)-1) {
			if t[i].key == 0 {
				t[i] = keyedElem{k, e, elemFlags[e]}
				break
			}
		}
	}
	return t
}()

// elemKey is each element's key (keyOf of its name).
var elemKey = func() (k [256]uint64) {
	for e := elem(1); e < elCount; e++ {
		k[e] = keyOf(elemNames[e])
	}
	return k
}()

// longElems finds the elements with a long name (more than maxPacked
// bytes) by their first seven bytes, packed as a short name's key; the rest
// is compared byte by byte (longElem): a known long name is not hashed.
var longElems = func() (t [64]keyedElem) {
	for e := elem(1); e < elCount; e++ {
		if name := elemNames[e]; len(name) > maxPacked {
			k := keyOf(name[:maxPacked])
			for i := slotOf(k) & 63; ; i = (i + 1) & 63 {
				if t[i].key == k {
					panic("splice: two long element names with one prefix: " + name)
				}
				if t[i].key == 0 {
					t[i] = keyedElem{k, e, elemFlags[e]}
					break
				}
			}
		}
	}
	return t
}()

// longElem returns the element whose long name starts at p[k] (its first
// seven bytes lower-cased in prefix, as a short key) and the offset of the
// byte after the name, or ok false when the name is no element's or p ends
// first.
func longElem(p []byte, k int, prefix uint64) (el elem, end int, ok bool) {
	for i := slotOf(prefix) & 63; ; i = (i + 1) & 63 {
		e := &longElems[i]
		if e.key == 0 {
			return 0, 0, false
		}
		if e.key != prefix {
			continue
		}
		name := elemNames[e.el]
		if end = k + len(name); end >= len(p) || nameTab[p[end]]&nameEnd == 0 {
			return 0, 0, false
		}
		for j := maxPacked; j < len(name); j++ {
			if nameTab[p[k+j]] != uint16(name[j]) {
				return 0, 0, false
			}
		}
		return e.el, end, true
	}
}

// frequentElems are the elements most pages are made of, in the table first.
var frequentElems = []elem{elTd, elTr, elTh, elLi, elA, elP, elB, elI, elDiv, elSpan}

type keyedElem struct {
	key   uint64
	el    elem
	flags uint32 // elemFlags[el], at hand with the key
}

func slotOf(k uint64) uint64 { return (k * 0x9E3779B97F4A7C15) >> (64 - 9) }

// lookupKey finds the elem of a name key.
func lookupKey(k uint64) elem {
	el, _ := lookupKeyFlags(k)
	return el
}

// lookupKeyFlags finds the elem of a name key and its flags.
func lookupKeyFlags(k uint64) (elem, uint32) {
	for i := slotOf(k); ; i++ {
		e := &elemTable[i&uint64(len(elemTable)-1)]
		if e.key == k {
			return e.el, e.flags
		}
		if e.key == 0 {
			return elOther, elemFlags[elOther]
		}
	}
}

// Flags of an HTML element, following the spec's lists as x/net/html implements them.
const (
	fSpecial     uint32 = 1 << iota // "special" category
	fFormatting                     // active formatting element
	fVoid                           // never pushed
	fRaw                            // its start tag switches the tokenizer to raw text
	fClosesP                        // start tag closes a p in button scope
	fImplied                        // popped by "generate implied end tags"
	fScope                          // default scope boundary (HTML namespace)
	fBreakout                       // start tag breaks out of foreign content
	fHead                           // head element in "in head"
	fFramesetOff                    // start tag sets frameset-ok to "not ok"
	fTableInner                     // table section/row/cell/caption/colgroup
	fBlockEnd                       // end tag: in scope -> implied end tags, pop until
	fNoFast                         // start tag needs the full "in body" rules
	fAttrs                          // the tracker reads its attributes
)

var elemFlags = func() [elCount]uint32 {
	var f [elCount]uint32
	set := func(flag uint32, es ...elem) {
		for _, e := range es {
			f[e] |= flag
		}
	}
	set(fSpecial, elAddress, elApplet, elArea, elArticle, elAside, elBase, elBasefont,
		elBgsound, elBlockquote, elBody, elBr, elButton, elCaption, elCenter, elCol,
		elColgroup, elDd, elDetails, elDir, elDiv, elDl, elDt, elEmbed, elFieldset,
		elFigcaption, elFigure, elFooter, elForm, elFrame, elFrameset, elH1, elH2, elH3, elH4,
		elH5, elH6, elHead, elHeader, elHgroup, elHr, elHTML, elIframe, elImg, elInput,
		elKeygen, elLi, elLink, elListing, elMain, elMarquee, elMenu, elMeta, elNav,
		elNoembed, elNoframes, elNoscript, elObject, elOl, elP, elParam, elPlaintext, elPre,
		elScript, elSearch, elSection, elSelect, elSource, elStyle, elSummary, elTable,
		elTbody, elTd, elTemplate, elTextarea, elTfoot, elTh, elThead, elTitle, elTr, elTrack,
		elUl, elWbr, elXmp)
	set(fFormatting, elA, elB, elBig, elCode, elEm, elFont, elI, elNobr, elS, elSmall,
		elStrike, elStrong, elTt, elU)
	set(fVoid, elArea, elBase, elBasefont, elBgsound, elBr, elCol, elEmbed, elFrame, elHr,
		elImg, elImage, elInput, elKeygen, elLink, elMeta, elParam, elSource, elTrack, elWbr)
	set(fRaw, elIframe, elNoembed, elNoframes, elNoscript, elPlaintext, elScript, elStyle,
		elTextarea, elTitle, elXmp)
	set(fClosesP, elAddress, elArticle, elAside, elBlockquote, elCenter, elDetails, elDialog,
		elDir, elDiv, elDl, elFieldset, elFigcaption, elFigure, elFooter, elHeader, elHgroup,
		elMain, elMenu, elNav, elOl, elP, elSearch, elSection, elSummary, elUl, elH1, elH2,
		elH3, elH4, elH5, elH6, elPre, elListing, elForm, elPlaintext, elTable, elHr, elXmp,
		elLi, elDd, elDt)
	set(fImplied, elDd, elDt, elLi, elOptgroup, elOption, elP, elRb, elRp, elRt, elRtc)
	set(fScope, elApplet, elCaption, elHTML, elTable, elTd, elTh, elMarquee, elObject,
		elTemplate, elSelect)
	set(fBreakout, elB, elBig, elBlockquote, elBody, elBr, elCenter, elCode, elDd, elDiv,
		elDl, elDt, elEm, elEmbed, elH1, elH2, elH3, elH4, elH5, elH6, elHead, elHr, elI,
		elImg, elLi, elListing, elMenu, elMeta, elNobr, elOl, elP, elPre, elRuby, elS,
		elSmall, elSpan, elStrong, elStrike, elSub, elSup, elTable, elTt, elU, elUl, elVar)
	set(fHead, elBase, elBasefont, elBgsound, elLink, elMeta, elNoframes, elScript, elStyle,
		elTemplate, elTitle, elNoscript)
	set(fFramesetOff, elPre, elListing, elLi, elDd, elDt, elButton, elApplet, elMarquee,
		elObject, elTable, elArea, elBr, elEmbed, elImg, elKeygen, elWbr, elHr, elImage,
		elTextarea, elXmp, elIframe, elSelect, elBody, elTemplate)
	set(fTableInner, elCaption, elColgroup, elTbody, elTfoot, elThead, elTr, elTd, elTh)
	set(fBlockEnd, elAddress, elArticle, elAside, elBlockquote, elButton, elCenter,
		elDetails, elDialog, elDir, elDiv, elDl, elFieldset, elFigcaption, elFigure,
		elFooter, elHeader, elHgroup, elListing, elMain, elMenu, elNav, elOl, elPre,
		elSearch, elSection, elSelect, elSummary, elUl)
	set(fNoFast, elHTML, elBody, elHead, elFrame, elFrameset, elTemplate, elSvg, elMath,
		elInput, elLi, elDd, elDt, elH1, elH2, elH3, elH4, elH5, elH6, elForm, elButton, elA,
		elNobr, elSelect, elOption, elOptgroup, elRb, elRtc, elRp, elRt, elTable, elCaption,
		elColgroup, elCol, elTbody, elThead, elTfoot, elTr, elTd, elTh, elPlaintext)
	set(fAttrs, elMeta, elInput, elFont, elAnnotationXML)
	return f
}()

func (e elem) is(flag uint32) bool { return elemFlags[e]&flag != 0 }

// A name key identifies a lower-cased tag name; end tags match open
// elements by it (names of any length, including custom and foreign ones).
// Names of up to 7 bytes are packed into it with their length in the top
// byte, so that they compare exactly and cost nothing to hash; longer names
// are hashed (nameStep, from hashInit) with the top byte set to 0xFF (the
// steady loop finds an element's long name by longElem instead, and takes
// its key from elemKey).
//
// The hash of a long name is a polynomial over the field of the prime
// 2^61-1 at a point drawn at start-up (nameMul), not a fixed function: two
// names with one key would make an end tag close an element the parser
// keeps open (and the footer go where the page hides it), and with FNV-1a
// a page could carry such a pair (found by a birthday search in a minute;
// TestLongNameKeysCannotBeForgedToHideTheFooter). Two different names now
// share a key for at most about len/2^55 of the points, which a page cannot
// know.
const (
	hashInit   uint64 = 1 // the leading coefficient: names of other lengths differ
	mersenne61 uint64 = 1<<61 - 1
	maxPacked         = 7
)

var nameMul = func() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("splice: no random source for name keys: " + err.Error())
	}
	return 2 + binary.LittleEndian.Uint64(b[:])%(mersenne61-3)
}()

// nameStep appends byte c (lower-cased) to h, a long name's hash so far:
// h*nameMul + c modulo 2^61-1 (h, nameMul below 2^61).
func nameStep(h, c uint64) uint64 {
	hi, lo := bits.Mul64(h, nameMul)
	// h*nameMul = hi*2^64 + lo, and 2^61 = 1 modulo 2^61-1: hi is below
	// 2^58, so the sum stays below 2^62+256
	x := hi<<3 | lo>>61 + lo&mersenne61 + c
	x = x&mersenne61 + x>>61
	if x >= mersenne61 {
		x -= mersenne61
	}
	return x
}

// keyOf returns the key of a lower-cased name.
func keyOf(name string) uint64 {
	if len(name) <= maxPacked {
		var k uint64
		for i := 0; i < len(name); i++ {
			k |= uint64(name[i]) << (8 * i)
		}
		return k | uint64(len(name))<<56
	}
	h := hashInit
	for i := 0; i < len(name); i++ {
		h = nameStep(h, uint64(name[i]))
	}
	return longKey(h)
}

// longKey is the key of a name longer than maxPacked with hash h (nameStep).
func longKey(h uint64) uint64 { return h | 0xFF<<56 }

// keyFold is keyOf for a name as written (any case).
func keyFold(name []byte) uint64 {
	if len(name) <= maxPacked {
		var k uint64
		for i, c := range name {
			k |= uint64(lowerTab[c]) << (8 * i)
		}
		return k | uint64(len(name))<<56
	}
	h := hashInit
	for _, c := range name {
		h = nameStep(h, uint64(lowerTab[c]))
	}
	return longKey(h)
}

// lowerTab lower-cases ASCII letters, like x/net/html does with tag names.
var lowerTab = func() (t [256]byte) {
	for i := range t {
		t[i] = lower(byte(i))
	}
	return t
}()
