package splice

import (
	"bytes"
	"strings"
	"testing"
)

// An element closed by its own end tag with only text between, which the
// steady loop reads without a push and a pop (pairEnd), decides like the
// byte-by-byte states: end tags that are and are not the element's (upper
// case, longer and shorter names, whitespace, '/' or attributes before the
// '>', another element's, one with rules of its own), names of one to eight
// bytes, NUL bytes and '<' in the text and in quoted values, a '>' in a value,
// the end tag cut by the end of a write at every offset and placed at every
// offset of a 64-byte block (the next '<' is looked for in the start tag's
// block only), and pairs at the stack's limit.
func TestPairedEndTagAgrees(t *testing.T) {
	pairs := []string{
		`<td>x</td>`, `<td></td>`, `<td>x</TD>`, `<td>x</tD>`, `<td>x</tdd>`, `<td>x</t>`, `<td>x</td >`,
		`<td>x</td/>`, `<td>x</td a="b">`, "<td>x</td\t>", `<td>x</th>`, `<td>x</`, `<td>x</td`,
		`<td>x<td>y</td>`, `<td>x</tr>`, `<th scope="col">x</th>`, `<td title="</td>">x</td>`,
		`<td title='a>b'>x</td>`, `<td title="a<b">x</td>`, "<td>a\x00b</td>", "<td>\x00</td>", `<td>a<b</td>`,
		`<b>x</b>`, `<b>x</B>`, `<b>x</bb>`, `<b>x</b/>`, `<b>x</br>`, `<b><b>x</b></b>`, `<b>x</b`,
		`<a href="/x">y</a>`, `<a href="/x">y</a><a>z</a>`, `<em>x</em>`, `<p>x</p>`, `<p>x</P>`,
		`<strong>x</strong>`, `<strong>x</strongx>`, `<strong>x</stron>`, `<footer>x</footer>`,
		`<footer>x</footer >`, `<caption>x</caption>`, `<section>x</section>`, `<section>x</sectio>`,
		`<form>x</form>`, `<form>x</form><form>y</form>`, `<body>x</body>`, `<x-a>x</x-a>`, `<x-a>x</x-b>`,
		`<abcdef>x</abcdef>`, `<li>x</li>`, `<h2 id="s">x</h2>`, `<h2>x</h3>`, `<span>x</span>`,
		`<i>x</i >`, `<u>x</u` + "\n" + `>`, `<q>x</q`, `<s>x</s>`, `<s>x</S>`, `<b>x<ab>y</b>`, `<b>x<ab>`, `<td>x<std>`, `<em>x<hem>z`, `<span>x<aspan>`, `<p>x<ap>`, `<li>x<ali>`,
		`<b>x<!b>`, `<b>x<?b>`, `<em>x</emb>`, `<em>x</em\x00>`,
	}
	chunks := []int{1, 3, 5, 8, 9, 10, 11, 13, 64}
	var docs []string
	for _, pair := range pairs {
		for _, wrap := range [][2]string{
			{"<table><tr>", "</tr></table>"},
			{"<ul><li>", "</li></ul>"},
			{"<span>", "</span>"},
			{"", ""},
		} {
			// text first: the header is placed and the steady loop reads what follows
			for _, doc := range []string{
				steadyPrefix + "t" + wrap[0] + pair + wrap[1] + "<p>tail</p></div></body></html>\n",
				steadyPrefix + "t" + wrap[0] + pair + "</div></body></html>\n",
				steadyPrefix + "t" + wrap[0] + pair,
			} {
				if _, err := checkDocument(t, []byte(doc), chunks); err != nil {
					t.Errorf("%q: %v", doc, err)
				}
			}
		}
		for pad := 0; pad < 66; pad++ {
			// the pair at every offset of a block, its text across the block's
			// end; the page ends there, so that the open elements are compared
			z := strings.Repeat("z", pad)
			docs = append(docs, steadyPrefix+"t"+z+pair+strings.Repeat("y", 60)+"<span>"+pair,
				steadyPrefix+"t<table><tr><td>"+z+"</td>"+pair+strings.Repeat("y", 60)+pair)
		}
	}
	deep := "t" + strings.Repeat("<span>", 255)
	docs = append(docs,
		steadyPrefix+deep+"<td>x</td><b>y</b><b>y</B>"+strings.Repeat("</span>", 255)+"</div></body>\n",
		steadyPrefix+deep+"<span><b>y</b>"+strings.Repeat("</span>", 257)+"</div></body>\n",
	)
	for _, doc := range docs {
		in := []byte(doc)
		slow, slowRep, slowModel := spliceWith(t, in, 0, true)
		for _, how := range searches {
			withSearch(t, how, func() {
				for _, c := range []int{0, 1, 9, 64, 65} {
					out, r, m := spliceWith(t, in, c, false)
					if !bytes.Equal(out, slow) || r != slowRep || (c == 0 && m != slowModel) {
						t.Fatalf("search %s, writes of %d: %+v\n%s\nbyte by byte: %+v\n%s\ndoc %q", how, c, r, m, slowRep, slowModel, doc)
					}
				}
			})
		}
	}
}

// A long element name's end tag, compared in two loads of eight bytes with
// 0x20 set (longWords), decides like the byte-by-byte states: upper case,
// a byte that 0x20 maps onto a name's '-' or letter without being its upper
// case ("\r" for '-', '@' and '[' around the letters), the first or the
// last byte changed, and names of eight to sixteen bytes.
func TestLongEndTagWordsAgree(t *testing.T) {
	tags := []string{
		`<blockquote>x</blockquote>`, `<blockquote>x</BLOCKQUOTE>`, `<blockquote>x</BlockQuote>`,
		`<blockquote>x</blockquotf>`, `<blockquote>x</clockquote>`, `<blockquote>x</blockquot@>`,
		`<blockquote>x</[lockquote>`, "<blockquote>x</block\x00uote>", `<blockquote>x</blockquote >`,
		`<figcaption>x</figcaption>`, `<figcaption>x</FIGCAPTION>`, `<figcaption>x</figcaptiom>`,
		`<noscript>x</noscript>`, `<plaintext>x</plaintext>`, `<textarea>x</textarea>`,
		`<math><annotation-xml>x</annotation-xml></math>`, `<math><annotation-xml>x</ANNOTATION-XML></math>`,
		"<math><annotation-xml>x</annotation\rxml><mi>y</mi></math>", "<math><annotation-xml>x</annotation\x0dxml>",
		`<svg><foreignObject>x</foreignobject></svg>`, `<svg><foreignObject>x</FOREIGNOBJECT></svg>`,
	}
	for _, tag := range tags {
		for _, doc := range []string{
			steadyPrefix + "t" + strings.Repeat("z", 70) + tag + "<p>tail</p></div></body></html>\n",
			steadyPrefix + "t" + strings.Repeat("z", 70) + tag,
			steadyPrefix + "t<span>" + tag + tag + "</span>",
		} {
			if _, err := checkDocument(t, []byte(doc), []int{1, 7, 9}); err != nil {
				t.Errorf("%q: %v", doc, err)
			}
		}
	}
}

// A run of siblings, each the same start tag byte for byte and closed by
// its own end tag right after the last (<td>a</td><td>b</td>), which the
// steady loop reads without reading each start tag again, decides like the
// byte-by-byte states: start tags of 3 to 17 bytes (7, 8, 9, 15, 16 and 17
// around its two words) that differ from the first in any one byte, in
// case, in whitespace or in a '/', end tags that are not theirs, text that
// runs past the block, and the run cut by the end of a write anywhere.
func TestPairedSiblingsAgree(t *testing.T) {
	starts := []string{`<td>`, `<b>`, `<em>`, `<p a>`, `<td a=b>`, `<td id=x>`, `<th a="b">`, `<th abc="de">`,
		`<th scope="c">`, `<th scope="co">`, `<th scope="col">`, `<th scope="colx">`, `<strong>`, `<a href="/x">`}
	var docs []string
	for _, st := range starts {
		name := strings.Trim(strings.Fields(st)[0], "<>")
		end := "</" + name + ">"
		var variants []string
		for k := 0; k < len(st); k++ {
			// the sibling with one byte changed: each position, to another
			// letter, to upper case and to a quote
			for _, c := range []byte{'x', st[k] ^ 0x20, '"', '/'} {
				b := []byte(st)
				b[k] = c
				variants = append(variants, string(b))
			}
		}
		variants = append(variants, st, st[:len(st)-1]+" >", st[:len(st)-1]+"/>", strings.ToUpper(st))
		for _, v := range variants {
			docs = append(docs,
				steadyPrefix+"t"+strings.Repeat("z", 70)+"<table><tr>"+st+"a"+end+v+"b"+end+st+"c"+end+"</tr></table>",
				steadyPrefix+"t"+strings.Repeat("z", 70)+"<span>"+st+"a"+end+v+"b"+end+v+"c"+strings.ToUpper(end)+v,
			)
		}
		run := strings.Repeat(st+"a"+end, 9)
		for pad := 0; pad < 66; pad += 5 {
			z := strings.Repeat("z", 70+pad)
			docs = append(docs,
				steadyPrefix+"t"+z+"<table><tr>"+run+st+strings.Repeat("y", 70)+end+st+"b"+end+"</tr></table></div></body>\n",
				steadyPrefix+"t"+z+"<span>"+run+st+"b</"+name+" >"+st+"c"+end+st,
				steadyPrefix+"t"+z+"<span>"+run+st+"b"+end+st+"c</"+name+"x>"+st+"d"+end,
			)
		}
	}
	// A run of 64-byte siblings past the end of a window, whose last
	// siblings hold an <a> where the others hold text: the masks of a
	// block 4096 bytes back look the same, so a run read past the window
	// would skip the <a>.
	for pad := 0; pad < 64; pad += 7 {
		docs = append(docs, steadyPrefix+"t"+strings.Repeat("z", pad)+"<div>"+
			strings.Repeat("<span>"+strings.Repeat("y", 51)+"</span>", 70)+
			strings.Repeat("<span>aa<a>"+strings.Repeat("y", 46)+"</span>", 3)+"</div>")
	}
	for _, doc := range docs {
		in := []byte(doc)
		slow, slowRep, slowModel := spliceWith(t, in, 0, true)
		for _, how := range searches {
			withSearch(t, how, func() {
				for _, c := range []int{0, 7, 64, 100} {
					out, r, m := spliceWith(t, in, c, false)
					if !bytes.Equal(out, slow) || r != slowRep || (c == 0 && m != slowModel) {
						t.Fatalf("search %s, writes of %d: %+v\n%s\nbyte by byte: %+v\n%s\ndoc %q", how, c, r, m, slowRep, slowModel, doc)
					}
				}
			})
		}
	}
	for _, st := range []string{`<td>`, `<th scope="col">`, `<b>`} {
		name := strings.Trim(strings.Fields(st)[0], "<>")
		doc := steadyPrefix + "t" + strings.Repeat("z", 70) + "<table><tr>" + strings.Repeat(st+"a</"+name+">", 6) + "</tr></table><p>x</p></div></body>\n"
		if _, err := checkDocument(t, []byte(doc), []int{1, 5, 9, 16, 17}); err != nil {
			t.Errorf("%q: %v", doc, err)
		}
	}
}

// A run of siblings after a pair whose end tag is in the block after its
// start tag's (the first pair's text runs across a block's end), which the
// steady loop reads as it reads a run after a pair in one block, decides
// like the byte-by-byte states: the pair at every offset of a block, the
// siblings the same start tag, one with a byte changed, in upper case, and
// end tags that are not theirs.
func TestPairedSiblingsAfterNextBlockAgree(t *testing.T) {
	starts := []string{`<td>`, `<b>`, `<td a=b>`, `<th scope="col">`, `<th scope="colx">`, `<strong>`, `<a href="/x">`}
	var docs []string
	for _, st := range starts {
		name := strings.Trim(strings.Fields(st)[0], "<>")
		end := "</" + name + ">"
		last := []byte(st)
		last[len(last)-2] ^= 0x01
		for _, v := range []string{st, string(last), strings.ToUpper(st), st[:len(st)-1] + " >"} {
			for pad := 0; pad < 64; pad++ {
				// the window's blocks count from where the loop took up
				// the page (after a table's tags, or at the text before
				// the span): the pad moves the pair across them; the
				// pages end after a sibling, so that what is open is
				// compared
				z := strings.Repeat("z", pad)
				y := strings.Repeat("y", 40)
				docs = append(docs,
					steadyPrefix+"t<table><tr><td>"+z+"</td>"+st+y+end+v+"b"+end,
					steadyPrefix+"t<table><tr><td>"+z+"</td>"+st+y+end+st+"b"+end+v+"c"+end+st+"d"+end+"</tr></table></div></body>\n",
					steadyPrefix+"t"+z+"<span>"+st+y+end+v+"c"+end,
					steadyPrefix+"t"+z+"<span>"+st+y+end+st+"b"+end+v+"c</"+name+"x>"+st+"d"+end+v,
				)
			}
		}
	}
	for _, doc := range docs {
		in := []byte(doc)
		slow, slowRep, slowModel := spliceWith(t, in, 0, true)
		for _, how := range searches {
			withSearch(t, how, func() {
				for _, c := range []int{0, 100} {
					out, r, m := spliceWith(t, in, c, false)
					if !bytes.Equal(out, slow) || r != slowRep || (c == 0 && m != slowModel) {
						t.Fatalf("search %s, writes of %d: %+v\n%s\nbyte by byte: %+v\n%s\ndoc %q", how, c, r, m, slowRep, slowModel, doc)
					}
				}
			})
		}
	}
}
