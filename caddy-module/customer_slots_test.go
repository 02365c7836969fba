package shell

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
)

// A customer whose name holds a non-ASCII letter and markup, on a windows-1252 page: the
// private header writes the name as the fragments write their text, ASCII with numeric
// references, so it reads "Zoë <script>…" in that charset (not the mojibake "ZoÃ«" of raw
// UTF-8 bytes) and adds no element to the page.
func TestCustomerNameInAWindows1252Page(t *testing.T) {
	const name = "Zoë <script>alert(1)</script>"
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "personas"))); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "active-de", "customer.json")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	raw = bytes.Replace(raw, []byte(`"firstName": "Katharina"`), []byte(`"firstName": "Zoë \u003cscript\u003ealert(1)\u003c/script\u003e"`), 1)
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	api, err := customertest.NewServer(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(api.Close)
	g := &customerGateway{testGateway: newTestGatewayWith(t, &Handler{Identity: localIdentity(), Customer: &CustomerData{API: api.URL + customertest.BasePath}}), api: api}
	page, err := os.ReadFile(filepath.Join("..", "testdata", "site", "_fixtures", "windows-1252", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html; charset=windows-1252")
		_, err := w.Write(page)
		return err
	})

	res, body := g.do(navigate("/kuendigungsgeld/", g.login("DE5000001")))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if st := pageState(t, body); st.Customer == nil || !strings.Contains(st.Customer.DisplayName, name) {
		t.Fatalf("the state's customer is not the one of the test: %+v", st.Customer)
	}
	_, header, ok := strings.Cut(body, headerOpen)
	header, _, _ = strings.Cut(header, `<script type="application/json"`)
	for i := 0; i < len(header); i++ {
		if header[i] >= 0x80 {
			t.Fatalf("the header holds the byte %#x at %d (%q): in windows-1252 the name reads wrong", header[i], i, header[max(0, i-20):min(len(header), i+20)])
		}
	}
	if !ok || !strings.Contains(header, "Zo&#xeb;") {
		t.Fatalf("the private header does not name the customer: %.600s", header)
	}
	nodes, err := html.ParseFragment(strings.NewReader(header), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" {
			t.Errorf("the customer's name added a script element to the page")
		}
		if n.Type == html.TextNode {
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	if !strings.Contains(text.String(), name) {
		t.Errorf("the header's text does not read %q: %.400s", name, text.String())
	}
}
