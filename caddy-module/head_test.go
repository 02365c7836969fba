package shell

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/caddytest"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"go.uber.org/zap/zapcore"
	"golang.org/x/net/html"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/rules"
)

// seoOrigin serves content pages as content teams write them: with or without a title, with
// or without a shell-header meta. The path picks the page; the market comes from the path too.
func seoOrigin() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		head := `<meta charset="utf-8"><meta name="description" content="Zinsen">`
		path := r.URL.Path
		if strings.Contains(path, "/titled/") {
			head += `<title>Festgeld bei der Partnerbank</title>`
		}
		if v := r.URL.Query().Get("meta"); v != "" {
			head += `<meta name="shell-header" content="` + html.EscapeString(v) + `">`
		}
		fmt.Fprintf(w, "<!DOCTYPE html>\n<html><head>%s</head>\n<body><main><h1>Festgeld</h1></main></body></html>\n", head)
	})
}

func startSEOGateway(t *testing.T, options string) *caddytest.Tester {
	t.Helper()
	up := httptest.NewServer(seoOrigin())
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
		reverse_proxy %s
	}`, options, strings.TrimPrefix(up.URL, "http://")), "caddyfile")
	tester.Client.Transport = retryOnReload{tester.Client.Transport}
	return tester
}

// parsed is a spliced page as a browser's parser sees it.
type parsed struct {
	raw  string
	doc  *html.Node
	head *html.Node
}

func parsePage(t *testing.T, raw string) parsed {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	p := parsed{raw: raw, doc: doc}
	p.head = findElement(doc, func(n *html.Node) bool { return n.Data == "head" })
	if p.head == nil {
		t.Fatalf("no head in %s", raw)
	}
	return p
}

func findElement(n *html.Node, match func(*html.Node) bool) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && match(c) {
			return c
		}
		if f := findElement(c, match); f != nil {
			return f
		}
	}
	return nil
}

func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && match(c) {
			out = append(out, c)
		}
		out = append(out, findAll(c, match)...)
	}
	return out
}

func textOf(n *html.Node) string {
	var sb strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		sb.WriteString(c.Data)
	}
	return sb.String()
}

// documentTitle is what document.title gives: the first title element's text.
func (p parsed) documentTitle() (string, *html.Node) {
	n := findElement(p.doc, func(n *html.Node) bool { return n.Data == "title" && n.Namespace == "" })
	if n == nil {
		return "", nil
	}
	return textOf(n), n
}

// shellNodes lists the head's data-shell nodes as "tag=value".
func (p parsed) shellNodes(value string) []*html.Node {
	return findAll(p.head, func(n *html.Node) bool {
		v, ok := attrOf(n, "data-shell")
		return ok && (value == "" || v == value)
	})
}

func attrOf(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// TestPageTitle: a page without a title gets its market's default title with the site name,
// in the market's language; a page with one keeps it, untouched and alone.
func TestPageTitle(t *testing.T) {
	tester := startSEOGateway(t, "")
	tests := []struct {
		path, want string
		inserted   bool
	}{
		{"/festgeld/", "Festgeld und Tagesgeld vergleichen | Shellgate", true},
		{"/titled/festgeld/", "Festgeld bei der Partnerbank", false},
		{"/en-gb/savings/", "Compare fixed rate bonds and easy access savings | Shellgate", true},
		{"/fr-fr/epargne/", "Comparez les comptes à terme et les livrets d'épargne | Shellgate", true},
		{"/pl-pl/lokaty/", "Porównaj lokaty terminowe i konta oszczędnościowe | Shellgate", true},
		{"/de-at/titled/festgeld/", "Festgeld bei der Partnerbank", false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, raw := get(t, tester, tt.path)
			p := parsePage(t, raw)
			got, n := p.documentTitle()
			if got != tt.want {
				t.Fatalf("document title %q, want %q", got, tt.want)
			}
			if n.Parent != p.head {
				t.Errorf("the title is not in the head")
			}
			if _, shell := attrOf(n, "data-shell"); shell != tt.inserted {
				t.Errorf("title has data-shell: %v, want %v", shell, tt.inserted)
			}
			if titles := findAll(p.doc, func(n *html.Node) bool { return n.Data == "title" }); len(titles) != 1 {
				t.Errorf("page has %d titles, want 1", len(titles))
			}
			if tt.inserted && !isASCII(raw[:strings.Index(raw, "<body")]) {
				t.Errorf("the inserted head is not ASCII: a page in a legacy charset would garble it")
			}
			// The page's own meta stays as it was.
			if !strings.Contains(raw, `<meta name="description" content="Zinsen">`) {
				t.Errorf("the page's description changed")
			}
		})
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

const consentOptions = `{
	consent {
		manager_script /consent/loader.js
		manager_attributes id usercentrics-cmp
		manager_attributes data-settings-id "AbC&123"
		manager_attributes async
		tag_manager german GTM-DE0001
		tag_manager non_german GTM-EU0002
		tag_manager us GTM-US0003
		tag_manager_url /consent/gtm.js
	}
}`

// TestConsentTags: the consent manager and the market group's container go into the head of
// every page, with section 9's consent defaults before the container in the locales of
// section 6; every node is marked data-shell.
func TestConsentTags(t *testing.T) {
	tester := startSEOGateway(t, consentOptions)
	tests := []struct {
		path, container string
		defaults        bool
	}{
		{"/festgeld/", "GTM-DE0001", true},
		{"/de-at/festgeld/", "GTM-DE0001", true},
		{"/en-us/savings/", "GTM-US0003", true},
		{"/en-gb/savings/", "GTM-EU0002", true},
		{"/fr-fr/epargne/", "GTM-EU0002", true},
		{"/nl-nl/sparen/", "GTM-EU0002", true},
		{"/de-ch/festgeld/", "GTM-EU0002", false}, // Switzerland: not German or Austrian, not in section 6
		{"/fi-fi/talletukset/", "GTM-EU0002", false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, raw := get(t, tester, tt.path)
			p := parsePage(t, raw)
			managers := p.shellNodes("consent-manager")
			if len(managers) != 1 {
				t.Fatalf("%d consent manager scripts, want 1", len(managers))
			}
			m := managers[0]
			for key, want := range map[string]string{"src": "/consent/loader.js", "id": "usercentrics-cmp", "data-settings-id": "AbC&123", "async": ""} {
				if got, ok := attrOf(m, key); !ok || got != want {
					t.Errorf("consent manager %s = %q (present %v), want %q", key, got, ok, want)
				}
			}
			loaders := findAll(p.head, func(n *html.Node) bool { src, _ := attrOf(n, "src"); return strings.HasPrefix(src, "/consent/gtm.js") })
			if len(loaders) != 1 {
				t.Fatalf("%d container loaders, want 1", len(loaders))
			}
			if src, _ := attrOf(loaders[0], "src"); src != "/consent/gtm.js?id="+tt.container {
				t.Errorf("container loader %s, want the %s container", src, tt.container)
			}
			if v, _ := attrOf(loaders[0], "data-shell"); v != "tag-manager" {
				t.Errorf("the container loader is not marked data-shell")
			}
			defaults := p.shellNodes("consent-default")
			if (len(defaults) == 1) != tt.defaults || len(defaults) > 1 {
				t.Fatalf("%d consent default scripts, want defaults: %v", len(defaults), tt.defaults)
			}
			if tt.defaults {
				js := textOf(defaults[0])
				for _, want := range []string{`ad_user_data:"denied"`, `ad_personalization:"denied"`, `ad_storage:"denied"`,
					`analytics_storage:"denied"`, `wait_for_update:2000`, `gtag("set","ads_data_redaction",true)`} {
					if !strings.Contains(js, want) {
						t.Errorf("consent default lacks %s: %s", want, js)
					}
				}
				// The default must be in the data layer before the container reads it.
				if strings.Index(raw, `data-shell="consent-default"`) > strings.Index(raw, `/consent/gtm.js`) {
					t.Errorf("the consent default comes after the container")
				}
			}
			for _, n := range findAll(p.head, func(n *html.Node) bool { return n.Data == "script" }) {
				if _, ok := attrOf(n, "data-shell"); !ok {
					t.Errorf("a script in the head is not marked data-shell: %v", n.Attr)
				}
			}
		})
	}
}

// TestNoConsentWithoutConfig: an operator who configured no consent gets no consent node.
func TestNoConsentWithoutConfig(t *testing.T) {
	tester := startSEOGateway(t, "{\n consent {\n manager_script https://cmp.example/loader.js\n }\n}")
	_, raw := get(t, tester, "/festgeld/")
	p := parsePage(t, raw)
	if n := len(p.shellNodes("consent-manager")); n != 1 {
		t.Errorf("%d consent manager scripts, want 1", n)
	}
	if n := len(p.shellNodes("tag-manager")) + len(p.shellNodes("consent-default")); n != 0 {
		t.Errorf("%d tag-manager nodes without a container configured", n)
	}

	tester = startSEOGateway(t, "")
	_, raw = get(t, tester, "/festgeld/")
	p = parsePage(t, raw)
	for _, n := range p.shellNodes("") {
		switch v, _ := attrOf(n, "data-shell"); v {
		case "style", "script", "preload", "title":
		default:
			t.Errorf("a page without consent configuration has a %s node <%s %v>", v, n.Data, n.Attr)
		}
	}
	if strings.Contains(raw, "dataLayer") || strings.Contains(raw, "gtm.js") {
		t.Errorf("a page without consent configuration feeds a tag manager:\n%s", raw)
	}
}

// TestPageAsksForItsHeader: the page's meta wins over the operator's route, which wins over
// the path rules; an unknown value is ignored.
func TestPageAsksForItsHeader(t *testing.T) {
	tester := startSEOGateway(t, `{
		header_variants /partner-banken/* bank-navigation
		header_variants /en/press/* public
	}`)
	tests := []struct{ path, want string }{
		{"/festgeld/", "public"},
		{"/festgeld/?meta=hidden-navigation", "hidden-navigation"},
		{"/partner-banken/bank-a/", "bank-navigation"},
		{"/partner-banken/bank-a/?meta=hidden-navigation", "hidden-navigation"},
		{"/partner-banken/bank-a/?meta=no-such-header", "bank-navigation"},
		{"/en/careers/", "corporate"},
		{"/en/press/2026/", "public"},
		{"/en/press/2026/?meta=corporate", "corporate"},
		{"/en/press/2026/?meta=Integrated", "integrated"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, raw := get(t, tester, tt.path)
			state := stateOf(t, raw)
			if got := state["headerVariant"]; got != tt.want {
				t.Fatalf("header variant %v, want %s", got, tt.want)
			}
			// The mount holds exactly the build's fragment of that variant.
			locale, _ := state["locale"].(string)
			basePath, _ := state["basePath"].(string)
			want := headerOpen + mountClose
			if tt.want != "integrated" {
				raw, err := fs.ReadFile(builtinUI, "fragments/"+locale+"/header-"+tt.want+".html")
				if err != nil {
					t.Fatal(err)
				}
				want = headerOpen + string(bundle.PrepareFragment(raw).AppendTo(nil, bundle.Values{BasePath: basePath, Path: state["path"].(string)})) + mountClose
			}
			if !strings.Contains(raw, want) {
				t.Errorf("the header mount does not hold the %s header of %s", tt.want, locale)
			}
			if n := strings.Count(raw, `data-shell="header"`); n != 1 {
				t.Errorf("%d header mounts", n)
			}
		})
	}
}

// TestSEOOptionsSayWhatToChange: bad consent and header_variants options fail adapt or validate
// with a message that names the option and the fix.
func TestSEOOptionsSayWhatToChange(t *testing.T) {
	tests := []struct {
		name, block, want string
	}{
		{"variant unknown", "header_variants /x/* fancy", `header_variants /x/*: "fancy" is not a header variant a route may ask for; use one of bank-navigation`},
		{"variant the session decides", "header_variants /x/* private", `"private" is not a header variant a route may ask for`},
		{"variant path", "header_variants x/* corporate", `header_variants path "x/*" must start with / or *`},
		{"variant arguments", "header_variants /x/*", "header_variants takes a path glob and a variant"},
		{"consent argument", "consent on", "consent takes no arguments"},
		{"consent twice", "consent {\n}\nconsent {\n}", "consent is given twice"},
		{"consent option", "consent {\n colour blue\n}", `unknown consent option "colour"; the options are manager_script`},
		{"manager over http", "consent {\n manager_script http://cmp.example/l.js\n}", `consent manager_script: "http://cmp.example/l.js" is neither an https URL nor a path on the site`},
		{"manager scheme-relative", "consent {\n manager_script //cmp.example/l.js\n}", "is neither an https URL nor a path"},
		{"attribute without manager", "consent {\n manager_attributes id x\n}", "manager_attributes is given without a manager_script"},
		{"attribute src", "consent {\n manager_script /l.js\n manager_attributes src /x.js\n}", `manager_attributes "src" is the gateway's to set`},
		{"attribute handler", "consent {\n manager_script /l.js\n manager_attributes onload alert(1)\n}", `manager_attributes "onload" is the gateway's to set`},
		{"attribute name", "consent {\n manager_script /l.js\n manager_attributes Data_X 1\n}", `manager_attributes "Data_X" is not an attribute name`},
		{"attribute twice", "consent {\n manager_script /l.js\n manager_attributes id a\n manager_attributes id b\n}", "manager_attributes id is given twice"},
		{"group", "consent {\n tag_manager austria GTM-1\n}", `tag_manager group "austria" is not a market group; use german (de-DE, de-AT), non_german or us (en-US)`},
		{"group twice", "consent {\n tag_manager us GTM-1\n tag_manager us GTM-2\n}", "tag_manager us is given twice"},
		{"container id", "consent {\n tag_manager us \"GTM-1');alert(1)//\"\n}", `is not a container id; give one such as GTM-ABC1234`},
		{"tag manager url query", "consent {\n tag_manager us GTM-1\n tag_manager_url https://t.example/gtm.js?x=1\n}", "has a query or fragment"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := validateShellBlock(t, tt.block); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestAsciiText: what the gateway writes into a page reads the same in any ASCII-compatible
// charset and cannot close its element.
func TestAsciiText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Festgeld | Shellgate", "Festgeld | Shellgate"},
		{"Kündigungsgeld", "K&#xfc;ndigungsgeld"},
		{`</title><script>"x" & 'y'`, "&lt;/title&gt;&lt;script&gt;&#34;x&#34; &amp; &#39;y&#39;"},
		{"Porównaj 🐷", "Por&#xf3;wnaj &#x1f437;"},
	}
	for _, tt := range tests {
		if got := asciiText(tt.in); got != tt.want {
			t.Errorf("asciiText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPageHeaderRequestWithSession: what a page asks for goes through spec 4's rules with the
// session: a logged-in customer keeps the logged-in header on a page that asks for public,
// while a mode overrides and a login page keeps its header. An unknown value is logged at
// debug level and ignored.
func TestPageHeaderRequestWithSession(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	origin := seoOrigin()
	g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		origin.ServeHTTP(w, r)
		return nil
	})
	_, cookie := g.plantSession("C1", 10*time.Minute)
	tests := []struct {
		meta      string
		loggedIn  bool
		want      string
		debugLogs int
	}{
		{"", false, "public", 0},
		{"", true, "loading", 0},
		{"public", true, "loading", 0},
		{"hidden-navigation", true, "hidden-navigation", 0},
		{"login", true, "login", 0},
		{"fancy", true, "loading", 1},
		{"fancy", false, "public", 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s logged in %v", tt.meta, tt.loggedIn), func(t *testing.T) {
			before := g.logs.FilterMessage("page asked for an unknown header variant; ignored").Len()
			var c *http.Cookie
			if tt.loggedIn {
				c = cookie
			}
			_, body := g.do(request(http.MethodGet, "/festgeld/?meta="+tt.meta, c))
			if got := stateOf(t, body)["headerVariant"]; got != tt.want {
				t.Errorf("header variant %v, want %s", got, tt.want)
			}
			logged := g.logs.FilterMessage("page asked for an unknown header variant; ignored")
			if n := logged.Len() - before; n != tt.debugLogs {
				t.Fatalf("%d debug logs of an unknown variant, want %d", n, tt.debugLogs)
			}
			if tt.debugLogs > 0 {
				entry := logged.All()[logged.Len()-1]
				if entry.Level != zapcore.DebugLevel || entry.ContextMap()["variant"] != tt.meta {
					t.Errorf("log entry %v %v, want debug level naming %q", entry.Level, entry.ContextMap(), tt.meta)
				}
			}
		})
	}
}

// TestPageHeaderRequestKeepsFlagGates: the header a page's meta asks for is gated on the
// request's flags like any other (the nl Beleggen entry), so React finds what it renders.
func TestPageHeaderRequestKeepsFlagGates(t *testing.T) {
	g := newTestGateway(t, nil)
	origin := seoOrigin()
	g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		origin.ServeHTTP(w, r)
		return nil
	})
	mount := func(body string) string {
		start := strings.Index(body, headerOpen)
		end := strings.Index(body, "</header>"+mountClose)
		if start < 0 || end < start {
			t.Fatalf("no header mount in %s", body)
		}
		return body[start:end]
	}
	_, plain := g.do(request(http.MethodGet, "/nl-nl/sparen/", nil))
	routes, err := rules.NewHeaderRoutes([]rules.HeaderRoute{{Glob: "/nl-nl/sparen/*", Variant: "hidden-navigation"}})
	if err != nil {
		t.Fatal(err)
	}
	g.h.headerRoutes = routes
	_, asked := g.do(request(http.MethodGet, "/nl-nl/sparen/?meta=public", nil))
	if got := stateOf(t, asked)["headerVariant"]; got != "public" {
		t.Fatalf("header variant %v, want public", got)
	}
	if mount(asked) != mount(plain) {
		t.Errorf("the public header a page asked for differs from the one the path rules give:\n%s\nvs\n%s", mount(asked), mount(plain))
	}
}
