package splice

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Fragments shaped like the real shell: links and text in header and footer,
// so that any interaction with the page's open elements shows in the tree.
var testFragments = Fragments{
	Head: []byte(`<link rel="stylesheet" data-shell href="/_shell/assets/shell.css">` +
		`<script type="module" data-shell src="/_shell/assets/shell.js"></script>`),
	Header: []byte(`<div data-shell="header"><header><nav><a href="/">Savings</a>` +
		`<ul><li><a href="/de-DE/produkte/">Produkte</a></li><li><b>Konto</b></li></ul></nav></header></div>` +
		`<script data-shell="state" type="application/json">{"locale":"de-DE"}</script>`),
	Footer: []byte(`<div data-shell="footer"><footer><p>Platform <a href="/impressum">Impressum</a></p>` +
		`<ul><li><a href="/datenschutz">Datenschutz</a></li></ul></footer></div>`),
}

// spliceChunks runs the Writer over in, written in chunks of size chunk (0: at once).
func spliceChunks(t testing.TB, in []byte, chunk int) ([]byte, Report) {
	t.Helper()
	out, r, _ := spliceWith(t, in, chunk, false)
	return out, r
}

// spliceWith is spliceChunks, with the fast paths turned off if slowOnly;
// it also returns the tree model's state at the end.
func spliceWith(t testing.TB, in []byte, chunk int, slowOnly bool) ([]byte, Report, string) {
	t.Helper()
	var out bytes.Buffer
	w := NewWriter(&out, testFragments)
	w.slowOnly = slowOnly
	defer w.Release()
	if chunk <= 0 {
		chunk = len(in) + 1
	}
	for i := 0; i < len(in); i += chunk {
		j := min(i+chunk, len(in))
		n, err := w.Write(in[i:j])
		if err != nil || n != j-i {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return out.Bytes(), w.Report(), modelState(w)
}

// modelState renders what the tree model knows, except frameset-ok, which
// no decision reads once the body is confirmed.
func modelState(w *Writer) string {
	t := w.tree
	frameset := t.framesetOK && !t.confirmed
	return fmt.Sprintf("stack=%v overflow=%d tmpl=%d select=%d a=%d foreign=%d open=%v form=%v aEver=%v "+
		"frameset=%v messy=%v lost=%v ignore=%v mode=%v body=%d/%v/%v/%v cand=%d/%v/%v/%v/%v/%v/%q",
		t.stack[:t.depth], t.overflow, t.open[elTemplate], t.open[elSelect], t.open[elA], t.foreignDepth, t.open, t.formOpen, t.aEver,
		frameset, t.messy, t.lost, t.ignoreRest, t.mode, t.bodyAt, t.explicitBody, t.bodyTagDone, t.confirmed,
		t.candAt, t.candPending, t.candAlive, t.candSeen, t.candWS, t.candClean, t.candLeave)
}

// checkInsertedOnly verifies that out is in with exactly the fragments the
// report claims inserted, in order, and nothing else changed.
func checkInsertedOnly(in, out []byte, r Report) error {
	var want [][]byte
	if r.Injected {
		want = append(want, testFragments.Head, testFragments.Header)
	}
	if r.FooterPlaced {
		want = append(want, testFragments.Footer)
	}
	i, j := 0, 0
	for j < len(out) {
		if len(want) > 0 {
			f := want[0]
			if bytes.Equal(f, testFragments.Head) && bytes.HasPrefix(out[j:], []byte(`<meta charset="`)) &&
				!bytes.HasPrefix(in[i:], []byte(`<meta charset="`)) {
				k := bytes.Index(out[j:], []byte(`data-shell="charset">`))
				if k < 0 {
					return fmt.Errorf("broken charset copy at output %d", j)
				}
				j += k + len(`data-shell="charset">`)
				continue
			}
			if bytes.HasPrefix(out[j:], f) && !bytes.HasPrefix(in[i:], f) {
				j += len(f)
				want = want[1:]
				continue
			}
		}
		if i >= len(in) || out[j] != in[i] {
			return fmt.Errorf("output byte %d (%q) differs from input byte %d", j, out[j:min(j+20, len(out))], i)
		}
		i++
		j++
	}
	if i != len(in) {
		return fmt.Errorf("input bytes from %d lost", i)
	}
	if len(want) > 0 {
		return fmt.Errorf("%d fragments reported but missing", len(want))
	}
	return nil
}

// parseDump parses a document like a browser (BOM dropped) and renders the
// tree without data-shell nodes; adjacent text nodes are merged, since
// dropping a node can leave two text nodes where the input had one.
func parseDump(b []byte) (string, *html.Node, error) {
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		return "", nil, err
	}
	var sb strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		pendingText := ""
		flush := func() {
			if pendingText != "" {
				fmt.Fprintf(&sb, "%s%q\n", strings.Repeat("  ", depth), pendingText)
				pendingText = ""
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				pendingText += c.Data
				continue
			}
			if c.Type == html.ElementNode && hasShellAttr(c) {
				continue
			}
			flush()
			switch c.Type {
			case html.ElementNode:
				fmt.Fprintf(&sb, "%s<%s %s>", strings.Repeat("  ", depth), c.Namespace, c.Data)
				for _, a := range c.Attr {
					fmt.Fprintf(&sb, " %s:%s=%q", a.Namespace, a.Key, a.Val)
				}
				sb.WriteByte('\n')
				walk(c, depth+1)
			case html.CommentNode:
				fmt.Fprintf(&sb, "%s<!-- %q -->\n", strings.Repeat("  ", depth), c.Data)
			case html.DoctypeNode:
				fmt.Fprintf(&sb, "%s<!DOCTYPE %q %v>\n", strings.Repeat("  ", depth), c.Data, c.Attr)
			}
		}
		flush()
	}
	walk(doc, 0)
	return sb.String(), doc, nil
}

func hasShellAttr(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "data-shell" && a.Namespace == "" {
			return true
		}
	}
	return false
}

// headerFirst reports whether the header mount is the first element child of body.
func headerFirst(doc *html.Node) bool {
	var body *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && body == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "body" && c.Namespace == "" {
				body = c
				return
			}
			find(c)
		}
	}
	find(doc)
	if body == nil {
		return false
	}
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			for _, a := range c.Attr {
				if a.Key == "data-shell" && a.Val == "header" {
					return true
				}
			}
			return false
		}
	}
	return false
}

// checkDocument asserts every invariant for one input; chunks lists the
// write sizes that must all give the same output.
func checkDocument(t testing.TB, in []byte, chunks []int) (Report, error) {
	out, r, model := spliceWith(t, in, 0, false)
	if r.Err != nil {
		return r, fmt.Errorf("report error: %v", r.Err)
	}
	if err := checkInsertedOnly(in, out, r); err != nil {
		return r, err
	}
	// The fast paths must decide exactly like the general states.
	if out2, r2, model2 := spliceWith(t, in, 0, true); !bytes.Equal(out, out2) || r2 != r || model2 != model {
		return r, fmt.Errorf("without fast paths the result differs:\n%q %+v\n%s\nvs with them:\n%q %+v\n%s", out2, r2, model2, out, r, model)
	}
	for _, c := range chunks {
		out2, r2 := spliceChunks(t, in, c)
		if !bytes.Equal(out, out2) || r2 != r {
			return r, fmt.Errorf("writes of %d bytes give a different result:\n%q %+v\nvs whole:\n%q %+v", c, out2, r2, out, r)
		}
	}
	want, _, err1 := parseDump(in)
	got, doc, err2 := parseDump(out)
	if err1 != nil || err2 != nil {
		if (err1 == nil) != (err2 == nil) {
			return r, fmt.Errorf("parse errors differ: %v vs %v", err1, err2)
		}
		return r, nil
	}
	if want != got {
		return r, fmt.Errorf("trees differ (report %+v)\ninput tree:\n%s\noutput tree:\n%s\noutput: %q", r, want, got, out)
	}
	if r.Injected && !headerFirst(doc) {
		return r, fmt.Errorf("header is not the first element child of body; output: %q", out)
	}
	return r, nil
}
