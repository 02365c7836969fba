package splice

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Two custom element names that had one key while long names were keyed
// by plain FNV-1a (found by a birthday search in a minute): an end tag of
// one then closed the other in the model, never in the parser.
const collideOpen, collideEnd = "x-rbsdevbf0dub", "x-d4uhpqbiaitb"

// TestLongNameKeysCannotBeForgedToHideTheFooter attacks the model's name
// keys: the end tag of a name with the same key as the open element's makes
// the model pop it, so the model thinks the foreignObject's content foreign
// again, reads "<![CDATA[><template>]]>" as CDATA and misses the <template>
// the parser opens (x/net/html drops everything after it; a browser puts
// it in the template's content): the footer then went before </body>,
// where a customer never sees it. The page must be decided as with an end
// tag of any other name: the footer left out.
func TestLongNameKeysCannotBeForgedToHideTheFooter(t *testing.T) {
	page := func(end string) []byte {
		return []byte(`<!DOCTYPE html><html><head><title>t</title></head><body><p>Text</p>` +
			`<svg><foreignObject><` + collideOpen + `>a</` + end + `><![CDATA[><template>]]>` +
			"</foreignObject></svg>\n</body>\n</html>\n")
	}
	control := page("x-aaaaaaaaaaaa") // same length, another key
	_, want := spliceChunks(t, control, 0)
	for _, end := range []string{collideEnd, strings.ToUpper(collideEnd)} {
		in := page(end)
		r, err := checkDocument(t, in, []int{1, 3, 7, 64})
		if err != nil {
			t.Fatal(err)
		}
		if r != want {
			t.Errorf("</%s>: report %+v, want as with another name %+v", end, r, want)
		}
		out, _ := spliceChunks(t, in, 0)
		doc, err := html.Parse(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if r.FooterPlaced && !footerShown(doc, false) {
			t.Errorf("</%s>: the footer is placed where the parsed page does not show it: %q", end, out)
		}
	}
}

// footerShown reports whether the parsed page has the footer mount outside
// any template's content.
func footerShown(n *html.Node, inTemplate bool) bool {
	if n.Type == html.ElementNode {
		for _, a := range n.Attr {
			if a.Key == "data-shell" && a.Val == "footer" && !inTemplate {
				return true
			}
		}
		inTemplate = inTemplate || n.Data == "template" && n.Namespace == ""
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if footerShown(c, inTemplate) {
			return true
		}
	}
	return false
}

// TestNameStepIsTheProductModuloThePrime holds nameStep's reduction to
// h*nameMul+c modulo 2^61-1, at the edges and at random values.
func TestNameStepIsTheProductModuloThePrime(t *testing.T) {
	m := new(big.Int).SetUint64(mersenne61)
	hs := []uint64{0, 1, 2, mersenne61 - 1, mersenne61 - 2, 1 << 60, 1<<61 - 1<<3}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		hs = append(hs, rng.Uint64N(mersenne61))
	}
	for _, h := range hs {
		for _, c := range []uint64{0, 1, 'a', 255} {
			want := new(big.Int).SetUint64(h)
			want.Mul(want, new(big.Int).SetUint64(nameMul))
			want.Add(want, new(big.Int).SetUint64(c))
			want.Mod(want, m)
			if got := nameStep(h, c); got != want.Uint64() {
				t.Fatalf("nameStep(%#x, %d) = %#x, want %#x (nameMul %#x)", h, c, got, want.Uint64(), nameMul)
			}
		}
	}
}

// TestLongElementNamesAgree holds the steady loop's way for long element
// names (compared with the element's name, not hashed) to the general
// states' and to x/net/html: the names, their prefixes and longer names,
// other cases, end tags of another name, foreign ones, custom long names.
func TestLongElementNamesAgree(t *testing.T) {
	bodies := []string{
		`<blockquote>x</blockquote>`, `<BlockQuote>x</BLOCKQUOTE>`, `<blockquotes>x</blockquotes>`,
		`<blockquote>x</blockquotes><p>y</p>`, `<blockquotes>x</blockquote><p>y</p>`,
		`<blockquot>x</blockquot>`, `<blockquote>x</blockquotf><p>y</p>`, `<blockquote>x</clockquote><p>y</p>`,
		`<blockquotf>x</blockquotf><p>y</p>`, `<figcaptiom>x</figcaptiom><p>y</p>`,
		`<svg><foreignObject>x</foreignObjecs><![CDATA[<b>]]></svg>`, `<blockquote>x</blockquote ><p>y</p>`, `<blockquote>x</blockquote/>`,
		`<blockquote id=a>x</blockquote><blockquote/>y</blockquote>`, `<div><blockquote>x</div>y`,
		`<figcaption>x</figcaption><fieldset>y</fieldset><figcaptio>z</figcaptio>`,
		`<figcaptionx>x</figcaption>y</figcaptionx>`,
		`<svg><foreignObject><p>x</p></foreignObject></svg>`, `<svg><foreignobjectx>y</foreignobjectx><![CDATA[<b>]]></svg>`,
		`<svg><foreignObject>x</foreignObjects><![CDATA[<b>]]></foreignObject></svg>`,
		`<math><annotation-xml encoding="text/html"><p>x</p></annotation-xml></math>`,
		`<math><malignmark>x</malignmark><malignmarks>y</malignmarks></math>`,
		`<x-custom-long>x</x-custom-long>`, `<x-custom-long>x</X-CUSTOM-LONG>`, `<x-custom-long>x</x-custom-lonG-><p>y</p>`,
		`<colgroupx>x</colgroupx><optgroupy>y</optgroupy><basefontz>z</basefontz>`,
		`<noframesx>x</noframesx><noscriptx>y</noscriptx><plaintexts>z</plaintexts>`,
		`<templates>x</templates><textareas>y</textareas><framesets>z</framesets>`,
	}
	for _, b := range bodies {
		in := []byte("<!DOCTYPE html><html><head><title>t</title></head><body><p>Text</p>" + b + "\n</body>\n</html>\n")
		if _, err := checkDocument(t, in, []int{1, 5, 9, 13, 64}); err != nil {
			t.Errorf("%s: %v", b, err)
		}
	}
}
