package splice

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
)

// indexByteFrom answers like bytes.IndexByte for every start, distance and
// length around its word-sized steps, whatever bytes surround the one it
// looks for (a borrow between lanes would answer too early).
func TestIndexByteFrom(t *testing.T) {
	for _, c := range []byte{'<', '"', '\'', 0x00, 0x7f, 0x80, 0xff} {
		for _, fill := range []byte{'a', 0x00, 0x01, c - 1, c + 1, 0x80, 0xff} {
			if fill == c {
				continue
			}
			for n := 0; n <= 70; n++ {
				p := bytes.Repeat([]byte{fill}, n)
				for at := -1; at < n; at++ {
					if at >= 0 {
						p[at] = c
					}
					for i := 0; i <= n; i++ {
						want := bytes.IndexByte(p[i:], c)
						if want >= 0 {
							want += i
						}
						if got := indexByteFrom(p, i, c); got != want {
							t.Fatalf("indexByteFrom(%q, %d, %q) = %d, want %d", p, i, c, got, want)
						}
					}
					if at >= 0 {
						p[at] = fill
					}
				}
			}
		}
	}
}

// Script data and raw text read by the search that skips a '<' not
// starting their end tag, and comments read from "<!--" on, decide like
// the byte-by-byte states, for every write size (so "</scr" split across
// reads), in the head, in a steady body and in escaped script data; raw
// text or a comment left open keeps the footer out.
func TestRawTextFastPathAgrees(t *testing.T) {
	cases := []struct {
		raw  string
		open bool // the raw text is still open at its end
	}{
		{`<script>var a = '<p>' + "</p>" + '<<' + '</scrip' + '</scriptx>';</script>`, false},
		{`<script>if (a<b && c</d) x = '</SCRIPT-not';</SCRIPT >`, false},
		{`<script>x='</sCrIpT/>'</script><p>after</p>`, false},
		{"<script>x='</script	y'</script>", false},
		{`<script>a = '</script<b>';</script>`, false},
		{`<script><!-- y = '<script>'; </script> z --></script>`, false},
		{`<script><!-- '</script>' --></script><p>x`, false},
		{`<script>a = "</" + "script>"; b = '<' + '/script>'</script>`, false},
		{"<script>\x00</script\x00></script>", false},
		{`<script type="text/template"><div class="x"></div></script>`, false},
		{`<script src=x></script ><script>"</script"</script>`, false},
		{`<script>//</script`, true},
		{`<script>//</scr`, true},
		{`<script>//<`, true},
		{`<style>a[title="</style"]{}</STYLE><p>x`, false},
		{`<style>a</stylex>b</styl</style >`, false},
		{`<style>a{}</styl`, true},
		{`<title>a</ti</title>`, false},
		{`<textarea><p></textarea</textarea>`, false},
		{`<xmp><p></xmp/>`, false},
		{`<iframe><</iframe>`, false},
		{`<noembed></noembedx></noembed>`, false},
		{`<noframes></noframes`, true},
		// end tags of raw text elements close nothing in HTML content,
		// but close the foreign element of that name in SVG
		{`<svg><style>a</style><title>t</title><g></svg>`, false},
		{`<svg><style><g></style><g></svg>`, false},
		{`<svg><style><g></style>`, false},
		{`<svg><title><g></title></svg>`, false},
		{`<svg><g><script>x</script></g></svg><script>y</script>`, false},
		{`<math><mi><style>x</style></mi></math>`, false},
		{`<div></textarea></title><p>x</div>`, false},
		// comments, read from "<!--" on without the markup states
		{`<!-- a -- b --!><p>x`, false},
		{`<!--><p>x`, false},
		{`<!---><p>x`, false},
		{`<!----><p>x`, false},
		{`<!--<!-- <script> -->`, false},
		{`<!-x--><!--x->-->`, false},
		{`<!--x->`, true},
		{`<!-- </body> x`, true},
		// and in the steady loop (steadyComment): dashes and '!' around '>'
		{`<!--!><p>x--><p>y`, false},
		{`<!---!><i>x--><p>y`, false},
		{`<!----!><p>x`, false},
		{`<!-- --!-><i>x--><p>y`, false},
		{`<!-- -- ><i>x--><p>y`, false},
		{`<!--x--!--><p>y`, false},
		{`<!--x--!!><i>z--><p>y`, false},
		{`<!--<!---><p>y`, false},
		{`<!--a-b->c--><p>y`, false},
		{`<!--><i>x--><p>y`, false},
		{`<!---><i>x--><p>y`, false},
		// and scripts read whole in the steady loop (steadyScript)
		{`<script></script><p>x`, false},
		{`<script>a<b</script/><i>x</i>`, false},
		{"<script>a</script\n><i>x</i>", false},
		{`<script>a</script x="</script>"><i>x</i>`, false},
		{`<script>a<!b</script><i>x</i>`, false},
		{`<script><!-- <script> </script> <i>x --></script><p>y`, false},
		{`<script>a</script x="<i>"><b>y</b>`, false},
		{"<script>a</script\t<i>><b>y</b>", false},
		{`<script>a</script/<i>><b>y</b>`, false},
		{`<script>'</scripT>'</script><i>x</i>`, false},
	}
	chunks := make([]int, 0, 17)
	for c := 1; c <= 17; c++ {
		chunks = append(chunks, c)
	}
	for _, tc := range cases {
		for _, doc := range []string{
			"<!DOCTYPE html><html><head>" + tc.raw + "</head><body><p>x</p></body></html>\n",
			steadyPrefix + tc.raw + "<p>tail</p></div></body></html>\n",
			steadyPrefix + "<ul><li>" + tc.raw + tc.raw + "</li></ul></div></body>\n",
			steadyPrefix + tc.raw + "</body>\n", // nothing after it pops what it left open
		} {
			r, err := checkDocument(t, []byte(doc), chunks)
			if err != nil {
				t.Errorf("%q: %v", doc, err)
				continue
			}
			if !tc.open && !r.FooterPlaced {
				t.Errorf("%q: footer not placed: %+v", doc, r)
			}
			if tc.open && r.FooterPlaced && strings.HasPrefix(doc, steadyPrefix) {
				// raw text left open swallows the rest of the page: the
				// footer would be its text
				t.Errorf("%q: footer placed inside open raw text: %+v", doc, r)
			}
		}
	}
}

// A realistic page, and the same page made hostile (an attribute value with
// '>' and quotes, NUL bytes, an escaped script, an unclosed comment at the
// end), give the same output and report whole, in random small reads and
// with the fast paths off.
func TestRealisticPageAnySplit(t *testing.T) {
	page := realisticPage(256 << 10)
	hostile := bytes.Replace(page, []byte(`<p class="lead">`),
		[]byte("<p class=\"lead\" title='a > b \"c\"' data-x=\"<p>\" \x00 =\"x\"/ >\x00"), 50)
	hostile = bytes.Replace(hostile, []byte("<script>(function"), []byte("<script><!--<script>(function"), 20)
	hostile = bytes.Replace(hostile, []byte("</article>"), []byte("</article><!-- unclosed </body>"), 1)
	rng := rand.New(rand.NewSource(19))
	for _, in := range [][]byte{page, hostile} {
		whole, rep, model := spliceWith(t, in, 0, false)
		if err := checkInsertedOnly(in, whole, rep); err != nil {
			t.Fatal(err)
		}
		if slow, r2, m2 := spliceWith(t, in, 0, true); !bytes.Equal(slow, whole) || r2 != rep || m2 != model {
			t.Fatalf("without fast paths: %+v vs %+v", r2, rep)
		}
		for round := 0; round < 4; round++ {
			var out bytes.Buffer
			w := NewWriter(&out, testFragments)
			for i := 0; i < len(in); {
				j := min(i+1+rng.Intn(64), len(in))
				if _, err := w.Write(in[i:j]); err != nil {
					t.Fatal(err)
				}
				i = j
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), whole) || w.Report() != rep {
				t.Fatalf("random reads give %+v, whole %+v", w.Report(), rep)
			}
			w.Release()
		}
	}
	if _, r, _ := spliceWith(t, page, 0, false); !r.FooterPlaced || !r.Injected {
		t.Fatalf("realistic page: %+v", r)
	}
	if _, r, _ := spliceWith(t, hostile, 0, false); r.FooterPlaced {
		t.Fatalf("a comment left open at the end holds the footer: %+v", r)
	}
}

// Attributes read by quotedAttrsEnd (names, and values quoted right after
// "name=") decide where the tag ends and whether it closes itself like the
// attribute states byte by byte, and every other shape it hands back to them
// does too: '>' and quotes inside values, whitespace around '=', an '='
// opening a name or following a value, unquoted values with quotes in them,
// quotes in names, '/' before '>' after a name, a value or inside an unquoted
// value, for every write size, in HTML and in SVG (where a self-closing tag
// opens nothing).
func TestAttributeFastPathAgrees(t *testing.T) {
	// a '>' read as ending the tag (or not) where it does not (or does) leaves an
	// <i> open (or not); a tag read as self-closing (or not) in SVG decides
	// whether the <style> after it is raw text or SVG, in which <i> breaks out
	tags := []string{
		`<p title='a ><i> b'><span>x</span></p>`,
		`<p title="a 'x' ><i> b" data-x='"' class="c">x</p>`,
		`<p a="x"b='y><i>z'c=">"><b>x</b></p>`,
		`<p a = "x><i>y"><b>x</b></p>`,
		`<p a ="x><i>y"><b>x</b></p>`,
		`<p a= "x><i>y"><b>x</b></p>`,
		`<p ="x><i>y"><b>x</b></p>`,
		`<p a="x"="y><i>z"><b>x</b></p>`,
		`<p a='x'='y><i>z'><b>x</b></p>`,
		`<p a=x"y><i>z"><b>x</b></p>`,
		`<p a=="x><i>y"><b>x</b></p>`,
		`<p a/="x><i>y"><b>x</b></p>`,
		`<p/a="x><i>y"><b>x</b></p>`,
		`<p a"b="c><i>d"><b>x</b></p>`,
		`<p a='b"c><i>d' e="f'g><i>h">x</p>`,
		`<p data-a-very-long-attribute-name="x><i>y" aria-hidden="true"><b>x</b></p>`,
		"<p\ta=\"x><i>y\"\n\fb='z'\r>x</p>",
		"<p a=\"x\x00><i>y\" \x00=\"z><i>\">x</p>",
		`<p a="">x</p><p a=''>y</p><p a="x"/>z</p>`,
		`<div class="x"></div class="y><i>z"><p>x</p>`,
		`<svg><title d="M0 0"/><style><i>x</style></svg>`,
		`<svg><title/><style><i>x</style></svg>`,
		`<svg><title/ ><style><i>x</style></svg>`,
		`<svg><title a/b><style><i>x</style></svg>`,
		`<svg><title a="b"/c><style><i>x</style></svg>`,
		`<svg><title a="b/"><style><i>x</style></svg>`,
		`<svg><title a=b/><style><i>x</style></svg>`,
		`<svg><title a= b/ ><style><i>x</style></svg>`,
		`<svg><title a="b" / ><style><i>x</style></svg>`,
		`<svg><title a='b'/><style><i>x</style></svg>`,
		`<svg><desc a="b" c='d'/><style><i>x</style></svg>`,
		`<p a="x`,
		`<p a="x" b=`,
		`<p a="x"`,
	}
	// values of every length around the in-place steps (eight bytes at a
	// time up to 32, then a search): a '>' and the other quote in them, the
	// closing quote at each offset
	for l := 0; l <= 42; l++ {
		v := strings.Repeat("a>'", 15)[:l]
		tags = append(tags, `<p title="`+v+`"><i>x</i></p>`, `<a href='`+strings.ReplaceAll(v, "'", `"`)+`' b="c"><i>y</i></a>`)
	}
	chunks := make([]int, 0, 17)
	for c := 1; c <= 17; c++ {
		chunks = append(chunks, c)
	}
	for _, tag := range tags {
		for _, doc := range []string{
			steadyPrefix + tag + "<p>tail</p></div></body></html>\n",
			steadyPrefix + "<ul><li>" + tag + tag + "</li></ul></div></body>\n",
			steadyPrefix + "<svg><g>" + tag + "</g></svg><p>x</p></div></body>\n",
			steadyPrefix + "<span>" + tag + "</body>\n", // what it leaves open is not popped
		} {
			if _, err := checkDocument(t, []byte(doc), chunks); err != nil {
				t.Errorf("%q: %v", doc, err)
			}
		}
	}
}

// Tag names read from one eight-byte view in the steady loop (the first
// byte a letter, the rest through nameTab) give the keys the byte-by-byte
// states give: names of one to nine bytes in any case, with digits, '-',
// NUL, control bytes and bytes above 0x7f, ended by each of whitespace, '/'
// and '>', and at a write's end. A wrong key opens the wrong element: the
// <td> that needs its <tr>, the <svg> that makes <style> foreign, the
// <script> whose text hides a tag, an end tag that closes nothing.
func TestTagNameFastPathAgrees(t *testing.T) {
	names := []string{
		"a", "A", "b", "i", "p", "P", "td", "TD", "Td", "tD", "h1", "H6", "li", "LI",
		"div", "DIV", "dIv", "svg", "SVG", "sVg", "span", "SPAN", "table", "TABLE",
		"tbody", "TBODY", "script", "SCRIPT", "ScRiPt", "strong", "STRONG", "section",
		"SECTION", "details", "article", "ARTICLE", "address", "template", "TEMPLATE",
		"textarea", "TEXTAREA", "noscript", "blockquote", "BLOCKQUOTE", "plaintext",
		"x-a", "X-AB", "custom-el", "a\x00", "d\x00v", "a\x01", "d\x01v", "di\x7fv",
		"d\xc3\xa9v", "D\xc3\x89V", "ab", "abcdefg", "abcdefgh", "abcdefghi", "ABCDEFG",
		"ABCDEFGH", "a[", "z@", "a`b", "Z{", "svg\x01", "SVG\x00", "script\x00", "style\x01",
		"p\x00", "li\x01", "b\x1f",
	}
	enders := []string{">", " >", "\t>", "\n>", "\f>", "\r>", "/>", " a=\"b\">", "/ >"}
	chunks := []int{1, 2, 3, 5, 7, 8, 9, 13}
	for _, name := range names {
		for _, end := range enders {
			tag := "<" + name + end + "x</" + name + ">"
			for _, doc := range []string{
				steadyPrefix + tag + "<p>tail</p></div></body></html>\n",
				steadyPrefix + "<table><tbody><tr>" + tag + "<td>y</td></tr></tbody></table><p>t</p></div></body>\n",
				steadyPrefix + "<span>" + tag + "<style><i>z</style><i>w</i></span></div></body>\n",
				steadyPrefix + "<svg>" + tag + "<style><i>z</style></svg><i>w</i></div></body>\n",
				steadyPrefix + "<" + name + end + "<style><i>z</style><i>w</i></div></body>\n", // left open
			} {
				if _, err := checkDocument(t, []byte(doc), chunks); err != nil {
					t.Errorf("%q: %v", doc, err)
				}
			}
		}
	}
}
