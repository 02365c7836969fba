package splice

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// withSearch runs f with the steady loop's '<' search set one way: "masks"
// (the vector classification where there is one), "masks-bytewise" (the
// masks built by classifyGeneric) or "bytes" (indexByteFrom).
func withSearch(t testing.TB, how string, f func()) {
	t.Helper()
	v, b := vectorScan, classifyByteWise
	defer func() { vectorScan, classifyByteWise = v, b }()
	switch how {
	case "masks":
		vectorScan, classifyByteWise = true, !haveVectorClassify
	case "masks-bytewise":
		vectorScan, classifyByteWise = true, true
	case "bytes":
		vectorScan, classifyByteWise = false, false
	default:
		t.Fatalf("no search %q", how)
	}
	f()
}

var searches = []string{"masks", "masks-bytewise", "bytes"}

// spliceReused writes in through one buffer that each write overwrites, as
// a reverse proxy does: masks of an earlier write must not be taken for
// this one's.
func spliceReused(t testing.TB, in []byte, chunk int) ([]byte, Report, string) {
	t.Helper()
	var out bytes.Buffer
	w := NewWriter(&out, testFragments)
	defer w.Release()
	buf := make([]byte, chunk)
	for i := 0; i < len(in); i += chunk {
		n := copy(buf, in[i:min(i+chunk, len(in))])
		if _, err := w.Write(buf[:n]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), w.Report(), modelState(w)
}

// The steady loop's '<' found in the masks (structural.go) decides like the
// byte-by-byte states: tags at every offset of a 64-byte block and across
// the windows (winBytes), text runs longer than a window, a '<' as the last byte
// of a write, a tag that runs past the window it starts in, writes of every
// size around a block and a window, and one buffer reused by every write.
func TestMaskedSearchAgrees(t *testing.T) {
	var docs []string
	for pad := 0; pad < 70; pad++ {
		docs = append(docs, steadyPrefix+strings.Repeat("x", pad)+"<b>y</b>"+strings.Repeat("z", 63)+
			"<p class=\"a\">q<i>r</i></p>"+strings.Repeat("w", 64)+"<span>s</span></div></body>\n")
	}
	long := strings.Repeat("Festgeld für Sparer, ", winBytes/20+5) // longer than a window, without a '<'
	docs = append(docs,
		steadyPrefix+long+"<ul><li>a"+long+"</li></ul>"+long+"</div></body>\n",
		steadyPrefix+long+"<p title=\""+long+"\">x</p><b>"+long+"</b></div></body>\n",
		steadyPrefix+strings.Repeat("<i>a</i>", 400)+"<ul><li>x</ul></div></body>\n",
		steadyPrefix+strings.Repeat("a<", 700)+"</div></body>\n",
		steadyPrefix+"<table><tbody><tr><td>"+long+"<td>x</table>"+long+"<svg><g>"+long+"</g></svg></div></body>\n",
		steadyPrefix+long+"<p", // EOF in a tag
		steadyPrefix+long+"<",
		string(realisticPage(40<<10)),
	)
	chunks := []int{0, 1, 7, 63, 64, 65, 127, 128, 129, 1000, winBytes - 1, winBytes, winBytes + 1, 2*winBytes + 1, 32 << 10}
	for _, doc := range docs {
		in := []byte(doc)
		slow, slowRep, slowModel := spliceWith(t, in, 0, true)
		for _, how := range searches {
			withSearch(t, how, func() {
				for _, c := range chunks {
					out, r, m := spliceWith(t, in, c, false)
					if !bytes.Equal(out, slow) || r != slowRep || (c == 0 && m != slowModel) {
						t.Fatalf("search %s, writes of %d: %+v\n%s\nbyte by byte: %+v\n%s\ndoc %q", how, c, r, m, slowRep, slowModel, doc)
					}
					if c == 0 {
						continue
					}
					if out, r, _ := spliceReused(t, in, c); !bytes.Equal(out, slow) || r != slowRep {
						t.Fatalf("search %s, writes of %d through one buffer: %+v, byte by byte %+v\ndoc %q", how, c, r, slowRep, doc)
					}
				}
			})
		}
	}
}

// The realistic page and a hostile copy, in random reads through one
// reused buffer, give the same output with each search.
func TestMaskedSearchRandomReads(t *testing.T) {
	page := realisticPage(128 << 10)
	hostile := bytes.Replace(page, []byte("<td>"), []byte("<td>a<<b <\x00<"), 40)
	rng := rand.New(rand.NewSource(1019))
	for _, in := range [][]byte{page, hostile} {
		want, wantRep, _ := spliceWith(t, in, 0, true)
		for _, how := range searches {
			withSearch(t, how, func() {
				var out bytes.Buffer
				w := NewWriter(&out, testFragments)
				buf := make([]byte, 5000)
				for i := 0; i < len(in); {
					n := copy(buf[:1+rng.Intn(len(buf))], in[i:])
					if _, err := w.Write(buf[:n]); err != nil {
						t.Fatal(err)
					}
					i += n
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out.Bytes(), want) || w.Report() != wantRep {
					t.Fatalf("search %s: %+v, byte by byte %+v", how, w.Report(), wantRep)
				}
				w.Release()
			})
		}
	}
}

// checkWindow fills a window of p at each offset of at (all of them if at
// is nil) and holds each mask bit of its blocks to the byte it stands for:
// set for a '<', clear for any other byte and for the padding of a partial
// last block.
func checkWindow(p []byte, at []int) error {
	if at == nil {
		for i := range p {
			at = append(at, i)
		}
	}
	var wd ltWindow
	for _, i := range at {
		wd.fill(p, i)
		n := min(winBytes, len(p)-i)
		if wd.n != uint(n) || wd.base != i {
			return fmt.Errorf("fill at %d of %d: window %d+%d, want %d+%d", i, len(p), wd.base, wd.n, i, n)
		}
		for r := 0; r < (n+63)&^63; r++ {
			bit := wd.lt[r>>6]>>(r&63)&1 != 0
			if want := r < n && p[i+r] == '<'; bit != want {
				return fmt.Errorf("fill at %d of %d: bit %d is %v, want %v", i, len(p), r, bit, want)
			}
		}
	}
	return nil
}

// The classification marks exactly the '<' bytes, at every offset and length
// (the padded last block included: it reads no byte past the write, see
// TestClassifyStopsAtTheEnd), like classifyGeneric.
func TestClassifyAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(64))
	p := make([]byte, 3*winBytes+77)
	for i := range p {
		p[i] = "<<ab>\"'=\x00\xbc\xff"[rng.Intn(11)]
	}
	for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 129, winBytes - 1, winBytes, winBytes + 1, len(p)} {
		if err := checkWindow(p[:n], nil); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k <= 5; k++ {
		src := p[k : k+k*64]
		got, want := make([]uint64, k), make([]uint64, k)
		classifyLT(src, got)
		classifyGeneric(src, want)
		for j := range got {
			if got[j] != want[j] {
				t.Fatalf("%d blocks at offset %d: block %d %064b, byte by byte %064b", k, k, j, got[j], want[j])
			}
		}
	}
}

// FuzzClassify holds the vector classification to classifyGeneric on any
// bytes, windows filled at every alignment from either end.
func FuzzClassify(f *testing.F) {
	f.Add([]byte("<a href=\"x\">y</a><<<"))
	f.Add(bytes.Repeat([]byte("<\xbc<"), 100))
	f.Fuzz(func(t *testing.T, p []byte) {
		if len(p) > 2*winBytes+64 {
			return
		}
		// every offset of a block from the start and from the end, and
		// some between (each fill checks a whole window)
		var at []int
		for i := range p {
			if i < 70 || len(p)-i <= 130 || i%61 == 0 {
				at = append(at, i)
			}
		}
		if err := checkWindow(p, at); err != nil {
			t.Fatal(err)
		}
		nb := len(p) / 64
		got, want := make([]uint64, nb), make([]uint64, nb)
		classifyLT(p[:nb*64], got)
		classifyGeneric(p[:nb*64], want)
		for j := range got {
			if got[j] != want[j] {
				t.Fatalf("block %d: %064b, byte by byte %064b", j, got[j], want[j])
			}
		}
	})
}

// End tags compared with the current element's key in one load (steady.go)
// pop exactly when the byte-by-byte states do: names of one to seven bytes
// (the load's most) and eight,
// upper case, a longer or shorter name with the same start, whitespace,
// attributes or '/' before '>', the end tag of an element that is not
// current, end tags with rules of their own, and end tags at a write's end.
func TestEndTagFastPathAgrees(t *testing.T) {
	tags := []string{
		`<td>x</td>`, `<td>x</TD>`, `<td>x</Td>`, `<td>x</tdx>`, `<td>x</t>`, `<td>x</td >`,
		`<td>x</td/>`, `<td>x</td a="b">`, `<td>x</td` + "\t>",
		`<b>x</b><i>y</i><u>z</u>`, `<b>x</bb>`, `<b>x</b`, `<b>x</`, `<b>x<`,
		`<span>x</span>`, `<span>x</spa>`, `<span>x</spanx>`, `<span>x</SPAN>`,
		`<strong>x</strong>`, `<strong>x</strongx>`, `<section>x</section>`,
		`<span><i>x</span></i>`, `<p>x</br>y`, `<form><p>x</form>`, `<form>x</form><form><i>y</i></form>`, `<form><table></form><form></table></form>`, `<div>x</body>`,
		`<svg><g>x</g></svg>`, `<svg><g>x</G></svg>`, `<math><mi>x</mi></math>`,
		`<custom-el>x</custom-el>`, `<x-a>x</x-a>`, `<ab>x</ab>`, `<abcde>x</abcde>`, `<abcdef>x</abcdef>`,
		`<abcdefg>x</abcdefg>`, `<abcdefg>x</abcdefgh>`, `<abcdefg>x</abcdef>`, `<abcdefg>x</abcdefG>`,
		`<abcdefg>x</abcdefg >`, `<abcdefg>x</abcdefg/>`, `<abcdef>x</abcdefg>`, `<abcdef>x</abcdef >`,
		`<section>x</section>y</section>`, `<caption>x</caption>`, `<footer>x</footerx>`,
		// long names (keys are hashes): the same, another long name, a prefix,
		// upper case, attributes, a short name, foreign content
		`<blockquote>x</blockquote>`, `<blockquote>x</BLOCKQUOTE>`, `<blockquote>x</figcaption>`,
		`<blockquote>x</blockquotes>`, `<blockquote>x</blockquot>`, `<blockquote>x</blockquote >`,
		`<blockquote>x</blockquote a="b">`, `<blockquote>x</blockquote a="<i>">`, `<blockquote>x</p>`, `<blockquote><b>x</blockquote></b>`,
		`<figcaption><blockquote>x</figcaption></blockquote>`, `<x-element>x</x-element>`,
		`<x-element>x</x-elemenu>`, `<abcdefgh>x</abcdefgh>`, `<abcdefgh>x</abcdefg>`,
		`<svg><foreignobject>x</foreignobject></svg>`, `<svg><lineargradient>x</linearGradient></svg>`,
		`<math><annotation-xml>x</annotation-xml></math>`, `<math><annotation-xml encoding="text/html"><b>x</b></annotation-xml></math>`,
	}
	chunks := []int{1, 2, 3, 5, 7, 8, 9, 13}
	for _, tag := range tags {
		for _, doc := range []string{
			steadyPrefix + "<table><tr>" + tag + "</tr></table><p>tail</p></div></body></html>\n",
			steadyPrefix + tag + tag + "<p>tail</p></div></body></html>\n",
			steadyPrefix + "<ul><li>" + tag + "</li></ul></div></body>\n",
			steadyPrefix + "<span>" + tag + "</body>\n",
		} {
			if _, err := checkDocument(t, []byte(doc), chunks); err != nil {
				t.Errorf("%q: %v", doc, err)
			}
		}
	}
}

// The steady loop's own push and pop (popSteady) agree with the
// byte-by-byte states at the stack's limit: elements nested past its 256
// entries (the loop declines the push that would not fit, the general
// states count the overflow), closed again in order and out of order, with
// foreign elements among them.
func TestSteadyStackLimitAgrees(t *testing.T) {
	chunks := []int{1, 7, 64, 4096}
	for _, depth := range []int{250, 254, 255, 256, 257, 300} {
		for _, shape := range []struct{ open, close string }{
			{"<span>", "</span>"},
			{"<b>", "</b>"},
			{"<div>", "</div>"},
			{"<em class=\"x\">", "</em>"},
		} {
			deep := strings.Repeat(shape.open, depth)
			for _, doc := range []string{
				steadyPrefix + deep + "x" + strings.Repeat(shape.close, depth) + "<p>tail</p></div></body>\n",
				steadyPrefix + deep + "<svg><g><path/></g></svg>" + strings.Repeat(shape.close, depth+2) + "<i>y</i></div></body>\n",
				steadyPrefix + deep + "<i>x</span></i>" + strings.Repeat(shape.close, depth/2) + "</div></body>\n",
			} {
				if _, err := checkDocument(t, []byte(doc), chunks); err != nil {
					t.Errorf("depth %d %s: %v", depth, shape.open, err)
				}
			}
		}
	}
}

// A script read by the steady loop (steadyScript) whose '<' and end tag
// lie on either side of a window's end, at every offset around it, ends
// where the byte-by-byte states end it: the search in the window's next
// block must stop at the window's end (past it the masks are another
// window's): a script taken past its end tag to a later script's would
// hide the element between.
func TestScriptAcrossWindowsAgrees(t *testing.T) {
	body := strings.Repeat("if(a<b)c(); ", winBytes/6)
	for _, how := range searches {
		withSearch(t, how, func() {
			for end := winBytes - 140; end < winBytes+140; end++ {
				for _, doc := range []string{
					steadyPrefix + "<script>" + body[:end] + "</script><p>x<i>y</i></p><em><script>b</script>w</div></body>\n",
					steadyPrefix + "<p>a</p>" + body[:end] + "<script>" + body[:end%97] + "</script><b>z</b></div></body>\n",
				} {
					in := []byte(doc)
					slow, slowRep, slowModel := spliceWith(t, in, 0, true)
					out, r, m := spliceWith(t, in, 0, false)
					if !bytes.Equal(out, slow) || r != slowRep || m != slowModel {
						t.Fatalf("search %s, end %d: %+v\n%s\nbyte by byte: %+v\n%s", how, end, r, m, slowRep, slowModel)
					}
				}
			}
		})
	}
}
