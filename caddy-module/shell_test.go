package shell

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/caddyserver/caddy/v2/caddytest"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/net/html"
)

const festgeldPage = `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Festgeld</title></head>
<body><main><h1>Festgeld</h1><p>Zinsen für Ihr Erspartes.</p></main></body></html>
`

// origin is the upstream of the tests: each path answers one kind of response.
type origin struct {
	acceptEncoding atomic.Value // of the last page request
	release        chan struct{}
}

func (o *origin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	html := func() { hdr.Set("Content-Type", "text/html; charset=utf-8") }
	switch r.URL.Path {
	case "/festgeld/", "/en-gb/savings-accounts/", "/de-de/login/", "/register/", "/en-gb/register/", "/en/corporate/", "/en/select-country/":
		o.acceptEncoding.Store(r.Header.Get("Accept-Encoding"))
		html()
		hdr.Set("ETag", `"v1"`)
		// ServeContent answers ranges and conditional requests as a real origin does.
		http.ServeContent(w, r, "", time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC), strings.NewReader(festgeldPage))
	case "/long/", "/nonce/", "/long-private/":
		// A content page past the splicer's first pieces; /nonce/ changes on every response,
		// as a page with a CSP nonce or a timestamp does; /long-private/ is the same page for
		// one user only.
		html()
		if r.URL.Path == "/long-private/" {
			hdr.Set("Cache-Control", "private, max-age=0")
		}
		body := strings.Repeat("<p>Zinsen für Ihr Erspartes, <a href=\"/festgeld/\">Festgeld</a>.</p>\n", 800)
		if r.URL.Path == "/nonce/" {
			body += fmt.Sprintf("<script nonce=\"%d\">0</script>", time.Now().UnixNano())
		}
		io.WriteString(w, "<!DOCTYPE html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Lang</title></head><body><main>"+body+"</main></body></html>\n")
	case "/off":
		html()
		hdr.Set("Shell", "off")
		io.WriteString(w, festgeldPage)
	case "/text":
		hdr.Set("Content-Type", "text/plain")
		io.WriteString(w, "<body>not a page</body>")
	case "/download":
		html()
		hdr.Set("Content-Disposition", `attachment; filename="page.html"`)
		io.WriteString(w, festgeldPage)
	case "/missing":
		html()
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `<!doctype html><title>Not found</title><h1>Seite nicht gefunden</h1>`)
	case "/moved":
		html()
		hdr.Set("Location", "/festgeld/")
		w.WriteHeader(http.StatusFound)
		io.WriteString(w, `<a href="/festgeld/">moved</a>`)
	case "/events":
		hdr.Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: <body>\n\n")
	case "/gzip", "/br", "/zstd":
		o.acceptEncoding.Store(r.Header.Get("Accept-Encoding"))
		html()
		coding := strings.TrimPrefix(r.URL.Path, "/")
		hdr.Set("Content-Encoding", coding)
		var buf bytes.Buffer
		var zw io.WriteCloser
		switch coding {
		case "gzip":
			zw = gzip.NewWriter(&buf)
		case "br":
			zw = brotli.NewWriter(&buf)
		case "zstd":
			zw, _ = zstd.NewWriter(&buf)
		}
		io.WriteString(zw, festgeldPage)
		zw.Close()
		w.Write(buf.Bytes())
	case "/slow-known", "/cut":
		// A page of declared length: /slow-known sends its head, then the rest once released;
		// /cut breaks off after its head, as an upstream that fails mid-page.
		html()
		head := "<!doctype html><title>slow</title><body><h1>first</h1>" + strings.Repeat("<p>Zinsen für Ihr Erspartes.</p>", 300)
		rest := "<p>second</p></body>"
		hdr.Set("Content-Length", fmt.Sprint(len(head)+len(rest)))
		io.WriteString(w, head)
		w.(http.Flusher).Flush()
		if r.URL.Path == "/cut" {
			panic(http.ErrAbortHandler) // the origin's server drops the connection
		}
		select {
		case <-o.release:
		case <-time.After(10 * time.Second):
		}
		io.WriteString(w, rest)
	case "/huge/":
		// Larger than the gateway holds whole (holdMax).
		html()
		body := strings.Repeat("<p>Zinsen für Ihr Erspartes, <a href=\"/festgeld/\">Festgeld</a>.</p>\n", 5000)
		page := "<!DOCTYPE html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Lang</title></head><body><main>" + body + "</main></body></html>\n"
		hdr.Set("Content-Length", fmt.Sprint(len(page)))
		io.WriteString(w, page)
	case "/slow":
		html()
		// The splicer may hold back up to the first KiB (charset prescan) and 4 KiB after an
		// implicit body start (frameset check), so the first part is a realistic 8 KiB.
		io.WriteString(w, "<!doctype html><title>slow</title><body><h1>first</h1>"+strings.Repeat("<p>Zinsen für Ihr Erspartes.</p>", 300))
		w.(http.Flusher).Flush()
		select {
		case <-o.release:
		case <-time.After(10 * time.Second):
		}
		io.WriteString(w, "<p>second</p></body>")
	}
}

func startGateway(t *testing.T, o *origin, options string) *caddytest.Tester {
	t.Helper()
	return startGatewayProxy(t, o, options, "flush_interval -1")
}

// startGatewayProxy is startGateway with the reverse_proxy block's options.
func startGatewayProxy(t *testing.T, o *origin, options, proxyOptions string) *caddytest.Tester {
	t.Helper()
	return startGatewayFor(t, o, options, proxyOptions)
}

// startGatewayFor is startGatewayProxy in front of any upstream handler.
func startGatewayFor(t *testing.T, o http.Handler, options, proxyOptions string) *caddytest.Tester {
	t.Helper()
	up := httptest.NewServer(o)
	t.Cleanup(up.Close)
	tester := caddytest.NewTester(t)
	tester.InitServer(fmt.Sprintf(`
	{
		admin localhost:2999
		http_port 9080
		https_port 9443
		grace_period 1ns
		skip_install_trust
	}
	http://localhost:9080 {
		shell %s
		reverse_proxy %s {
			%s
		}
	}`, options, strings.TrimPrefix(up.URL, "http://"), proxyOptions), "caddyfile")
	tester.Client.Transport = retryOnReload{tester.Client.Transport}
	return tester
}

// retryOnReload retries a GET once when the connection was cut: each test loads a new config,
// and a connection the previous server accepted on the shared listener closes with it.
type retryOnReload struct{ next http.RoundTripper }

func (rt retryOnReload) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := rt.next.RoundTrip(req)
	if err != nil && req.Method == http.MethodGet && (errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)) {
		time.Sleep(50 * time.Millisecond)
		return rt.next.RoundTrip(req)
	}
	return res, err
}

func get(t *testing.T, tester *caddytest.Tester, path string, headers ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, "http://localhost:9080"+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := tester.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// withoutShell removes what the gateway inserted, every element with data-shell and its
// content, token by token, so what is left must be exactly the upstream's bytes.
func withoutShell(t *testing.T, s string) string {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(s))
	var out strings.Builder
	depth := 0 // > 0 inside an element the gateway inserted
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out.String()
		}
		raw := string(z.Raw())
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			shell := false
			for hasAttr {
				var k []byte
				k, _, hasAttr = z.TagAttr()
				shell = shell || string(k) == "data-shell"
			}
			void := tt == html.SelfClosingTagToken || voidElements[string(name)]
			if depth > 0 || shell {
				if !void {
					depth++
				}
				continue
			}
		case html.EndTagToken:
			if depth > 0 {
				depth--
				continue
			}
		default:
			if depth > 0 {
				continue
			}
		}
		out.WriteString(raw)
	}
}

var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

func TestPageGetsTheShell(t *testing.T) {
	o := &origin{}
	tester := startGateway(t, o, "")
	res, body := get(t, tester, "/festgeld/")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var bodyEl *html.Node
	var shellNodes []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "body" {
			bodyEl = n
		}
		for _, a := range n.Attr {
			if a.Key == "data-shell" {
				shellNodes = append(shellNodes, n.Parent.Data+">"+n.Data+"="+a.Val)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	want := []string{"head>link=style", "head>script=script", "body>div=header", "body>script=state", "body>div=footer"}
	if strings.Join(shellNodes[:2], ",")+","+strings.Join(filterBody(shellNodes), ",") != strings.Join(want, ",") {
		t.Errorf("shell nodes %v, want %v", shellNodes, want)
	}
	if first := firstElement(bodyEl); first == nil || attr(first, "data-shell") != "header" {
		t.Errorf("the header mount is not the body's first child")
	}
	if got := withoutShell(t, body); got != festgeldPage {
		t.Errorf("upstream bytes changed:\n%s", got)
	}
	if !strings.Contains(body, `aria-current="page" href="/festgeld/"`) {
		t.Errorf("the header does not mark the Festgeld link as the current page")
	}
	if got := o.acceptEncoding.Load(); got != "identity" {
		t.Errorf("the gateway asked the upstream for %q, want identity", got)
	}
	if res.Header.Get("Content-Length") != "" && res.ContentLength != int64(len(body)) {
		t.Errorf("stale Content-Length %s for %d bytes", res.Header.Get("Content-Length"), len(body))
	}
	if got := res.Header.Get("ETag"); got != `W/"v1"` {
		t.Errorf("ETag %q, want the weak W/\"v1\"", got)
	}
	if res.Header.Get("Last-Modified") == "" {
		t.Error("Last-Modified was dropped")
	}
	state := stateOf(t, body)
	if state["locale"] != "de-DE" || state["path"] != "/festgeld/" || state["headerVariant"] != "public" {
		t.Errorf("state %v", state)
	}
	if state["year"] != float64(time.Now().Year()) {
		t.Errorf("state year %v", state["year"])
	}
	if strings.Contains(body, "[[shell:year]]") {
		t.Error("the year slot was left in the page")
	}
}

func filterBody(nodes []string) []string {
	var out []string
	for _, n := range nodes {
		if strings.HasPrefix(n, "body>") {
			out = append(out, n)
		}
	}
	return out
}

func firstElement(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func stateOf(t *testing.T, body string) map[string]any {
	t.Helper()
	const open = `<script type="application/json" id="shell-state" data-shell="state">`
	i := strings.Index(body, open)
	if i < 0 {
		t.Fatal("no shell state in the page")
	}
	raw := body[i+len(open):]
	raw = raw[:strings.Index(raw, "</script>")]
	var s map[string]any
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMarketFromPath(t *testing.T) {
	tester := startGateway(t, &origin{}, "")
	_, body := get(t, tester, "/en-gb/savings-accounts/")
	if s := stateOf(t, body); s["locale"] != "en-GB" || s["basePath"] != "/en-gb" {
		t.Errorf("state %v", s)
	}
}

func TestHeaderVariantOfThePage(t *testing.T) {
	tester := startGateway(t, &origin{}, "")
	tests := []struct{ path, want string }{
		{"/festgeld/", "public"},
		{"/de-de/login/", "login"},
		{"/register/?regflow=dkb_retail", "registration-dkb_retail"},
		{"/en-gb/register/?regflow=dkb_retail", "registration"}, // a partner's header only in its locale
		{"/en-gb/register/?regflow=legal_and_general", "registration-legal_and_general"},
		{"/en/corporate/", "corporate"},
		{"/en/select-country/", "country-selector"},
	}
	for _, tt := range tests {
		_, body := get(t, tester, tt.path)
		if got := stateOf(t, body)["headerVariant"]; got != tt.want {
			t.Errorf("%s: header variant %v, want %s", tt.path, got, tt.want)
		}
	}
}

func TestDesignVersionPicksTheFooter(t *testing.T) {
	for _, v := range []string{"v1", "v2"} {
		t.Run(v, func(t *testing.T) {
			tester := startGateway(t, &origin{}, "{\n design_version "+v+"\n }")
			_, body := get(t, tester, "/festgeld/")
			if got := stateOf(t, body)["designVersion"]; got != v {
				t.Errorf("state design version %v", got)
			}
			if !strings.Contains(body, `<div data-shell="footer"><footer class="`+uiClass(t, "shell-footer")+` `+uiClass(t, "shell-footer--"+v)+`"`) {
				t.Errorf("the footer is not the %s layout", v)
			}
		})
	}
}

func TestResponsesThatPassUntouched(t *testing.T) {
	tester := startGateway(t, &origin{}, "")
	tests := []struct {
		name, path string
		headers    []string
		wantStatus int
	}{
		{"opt-out header", "/off", nil, 200},
		{"plain text", "/text", nil, 200},
		{"attachment", "/download", nil, 200},
		{"redirect", "/moved", nil, 302},
		{"server-sent events", "/events", nil, 200},
		{"range request", "/festgeld/", []string{"Range", "bytes=0-10"}, 206},
		{"fetch of a partial", "/festgeld/", []string{"Sec-Fetch-Dest", "empty"}, 200},
		{"iframe", "/festgeld/", []string{"Sec-Fetch-Dest", "iframe"}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client := *tester.Client
			client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
			req, _ := http.NewRequest(http.MethodGet, "http://localhost:9080"+tt.path, nil)
			for i := 0; i+1 < len(tt.headers); i += 2 {
				req.Header.Set(tt.headers[i], tt.headers[i+1])
			}
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tt.wantStatus {
				t.Errorf("status %d, want %d", res.StatusCode, tt.wantStatus)
			}
			if strings.Contains(string(body), "data-shell") {
				t.Errorf("the shell was spliced into %s", body)
			}
			if res.Header.Get("Shell") != "" {
				t.Error("the Shell header reached the client")
			}
		})
	}
	res, err := tester.Client.Head("http://localhost:9080/festgeld/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Header.Get("Content-Length") != fmt.Sprint(len(festgeldPage)) || res.Header.Get("ETag") != `"v1"` {
		t.Errorf("HEAD changed the header: %v", res.Header)
	}
}

func TestErrorPagesGetTheShell(t *testing.T) {
	tester := startGateway(t, &origin{}, "")
	res, body := get(t, tester, "/missing")
	if res.StatusCode != http.StatusNotFound || !strings.Contains(body, `data-shell="header"`) || !strings.Contains(body, "Seite nicht gefunden") {
		t.Errorf("404 page: %d %s", res.StatusCode, body)
	}
}

func TestCompressedUpstream(t *testing.T) {
	for _, coding := range []string{"gzip", "br", "zstd"} {
		t.Run(coding, func(t *testing.T) {
			tester := startGateway(t, &origin{}, "")
			res, body := get(t, tester, "/"+coding)
			if res.Header.Get("Content-Encoding") != "" {
				t.Errorf("Content-Encoding %q left on a decoded page", res.Header.Get("Content-Encoding"))
			}
			if !strings.Contains(body, `data-shell="header"`) || withoutShell(t, body) != festgeldPage {
				t.Errorf("decoded page wrong:\n%s", body)
			}
		})
	}
	t.Run("passthrough", func(t *testing.T) {
		tester := startGateway(t, &origin{}, "{\n compressed passthrough\n }")
		req, _ := http.NewRequest(http.MethodGet, "http://localhost:9080/gzip", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := tester.Client.Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(zr)
		if string(got) != festgeldPage {
			t.Errorf("passthrough changed the page: %s", got)
		}
	})
}

// TestStreams: the first bytes of a page reach the client while the upstream is still sending:
// a streamed upstream the proxy flushes, and a page of declared length the gateway would hold
// whole, once it has waited maxWait.
func TestStreams(t *testing.T) {
	for _, tt := range []struct{ path, proxy string }{
		{"/slow", "flush_interval -1"},
		{"/slow-known", ""},
	} {
		t.Run(tt.path, func(t *testing.T) {
			o := &origin{release: make(chan struct{})}
			tester := startGatewayProxy(t, o, "", tt.proxy)
			res, err := tester.Client.Get("http://localhost:9080" + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			r := bufio.NewReader(res.Body)
			got := make(chan string, 1)
			go func() {
				var seen strings.Builder
				for !strings.Contains(seen.String(), "<h1>first</h1>") {
					b, err := r.ReadByte()
					if err != nil {
						break
					}
					seen.WriteByte(b)
				}
				got <- seen.String()
			}()
			select {
			case s := <-got:
				if !strings.Contains(s, `data-shell="header"`) {
					t.Errorf("the header did not come before the first content: %s", s)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("nothing arrived while the upstream was still sending")
			}
			close(o.release)
			rest, err := io.ReadAll(r)
			if err != nil || !strings.Contains(string(rest), `<p>second</p><div data-shell="footer">`) {
				t.Errorf("the rest: %v %s", err, rest)
			}
		})
	}
}

func TestOwnRoutes(t *testing.T) {
	tester := startGateway(t, &origin{}, "")
	_, body := get(t, tester, "/festgeld/")
	i := strings.Index(body, `<script type="module" src="`)
	if i < 0 {
		t.Fatal("no module script in the page")
	}
	src := body[i+len(`<script type="module" src="`):]
	src = src[:strings.IndexByte(src, '"')]
	req, _ := http.NewRequest(http.MethodGet, "http://localhost:9080"+src, nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := tester.Client.Transport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "br" ||
		!strings.Contains(res.Header.Get("Cache-Control"), "immutable") || res.Header.Get("Content-Type") != "text/javascript; charset=utf-8" {
		t.Errorf("asset %s: %d %v", src, res.StatusCode, res.Header)
	}
	tester.AssertGetResponse("http://localhost:9080/_shell/assets/nope.js", 404, "")
	res, body = get(t, tester, "/_shell/state?path=/en-gb/savings-accounts/")
	var s map[string]any
	if err := json.Unmarshal([]byte(body), &s); err != nil || s["locale"] != "en-GB" || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("state: %v %s", err, body)
	}
	res, body = get(t, tester, "/_shell/healthz")
	if res.StatusCode != 200 || !strings.Contains(body, `"status":"ok"`) {
		t.Errorf("healthz: %d %s", res.StatusCode, body)
	}
	tester.AssertGetResponse("http://localhost:9080/_shell/nothing-here", 404, "")
}
