package shell

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/caddyconfig"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"golang.org/x/net/html"
)

// Only the configured signal makes a request the app's; nothing does while app_view is off.
func TestIsAppRequest(t *testing.T) {
	byHeader := &AppView{Header: "x-app-platform", Values: []string{"ios", "android"}}
	byHeader.Provision()
	byAgent := &AppView{UserAgent: "ShellgateApp/"}
	tests := []struct {
		name string
		a    *AppView
		hdr  map[string]string
		want bool
	}{
		{"off: the header", nil, map[string]string{"X-App-Platform": "ios"}, false},
		{"off: webview in the user agent", nil, map[string]string{"User-Agent": "ShellgateApp/3.1"}, false},
		{"header with a named value", byHeader, map[string]string{"X-App-Platform": "iOS"}, true},
		{"header with another value", byHeader, map[string]string{"X-App-Platform": "web"}, false},
		{"header empty", byHeader, map[string]string{"X-App-Platform": ""}, false},
		{"no header", byHeader, nil, false},
		{"user agent with the token", byAgent, map[string]string{"User-Agent": "Mozilla/5.0 (iPhone) ShellgateApp/3.1"}, true},
		{"user agent in another case", byAgent, map[string]string{"User-Agent": "Mozilla/5.0 shellgateapp/3.1"}, false},
		{"user agent without", byAgent, map[string]string{"User-Agent": "Mozilla/5.0"}, false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/login/?webview=1", nil)
		for k, v := range tt.hdr {
			r.Header.Set(k, v)
		}
		if got := tt.a.isAppRequest(r); got != tt.want {
			t.Errorf("%s: isAppRequest = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAppViewCaddyfile(t *testing.T) {
	const site = "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n%s\n\t}\n\trespond ok\n}\n"
	cfgJSON, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(strings.Replace(site, "%s", "app_view {\n header X-App-Platform ios android\n}", 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(cfgJSON), `"app_view":{"header":"X-App-Platform","values":["ios","android"]}`) {
		t.Errorf("adapted config lacks the app_view: %s", cfgJSON)
	}
	for _, tt := range []struct{ block, want string }{
		{"app_view {\n}", "app_view needs a signal"},
		{"app_view {\n header X-App-Platform\n}", "header takes a header name and the values that count"},
		{"app_view {\n header X-App-Platform ios\n user_agent ShellgateApp/\n}", "app_view takes one signal, header or user_agent, not both"},
		{"app_view {\n header X(App) ios\n}", `app_view header "X(App)" is not a header name`},
		{"app_view {\n user_agent App\n}", `app_view user_agent "App" is too short`},
		{"app_view {\n colour blue\n}", `unknown app_view option "colour"; the options are header and user_agent`},
		{"app_view on", "app_view takes no arguments, only a block"},
	} {
		err := adaptAndValidate(t, strings.Replace(site, "%s", tt.block, 1))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to contain %q", tt.block, err, tt.want)
		}
	}
}

// footerPart finds the first element of body's footer mount whose class list has class; nil
// when there is none.
func footerPart(t *testing.T, body, class string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var mount, found *html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if found != nil {
			return
		}
		if n.Type == html.ElementNode {
			if attr(n, "data-shell") == "footer" {
				mount = n
			}
			if mount != nil && slices.Contains(strings.Fields(attr(n, "class")), class) {
				found = n
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n == mount {
			mount = nil
		}
	}
	walk(doc)
	return found
}

// hiddenByGate tells whether n or an element around it is hidden.
func hiddenByGate(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && slices.ContainsFunc(n.Attr, func(a html.Attribute) bool { return a.Key == "hidden" }) {
			return true
		}
	}
	return false
}

// Inside the app (spec 2.4) the footer shows no market picker, no link groups and no app
// banner, in the first HTML; a page of the app that comes without the signal (a link, a
// redirect) still counts once the browser session has seen it; an ordinary browser and a
// gateway without app_view get the whole footer.
func TestAppViewSlimsTheFooterForTheWholeBrowserSession(t *testing.T) {
	next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html")
		_, err := io.WriteString(w, "<!doctype html><title>t</title><body><p>x</p></body>")
		return err
	})
	signal := &AppView{Header: "X-App-Platform", Values: []string{"ios", "android"}}
	withApp := provisionedHandler(t, &Handler{AppView: signal})
	without := provisionedHandler(t, &Handler{})
	tests := []struct {
		name     string
		h        *Handler
		header   string
		cookie   bool
		wantApp  bool
		wantKept bool // the response sets the cookie that keeps the view
	}{
		{"an ordinary browser", withApp, "", false, false, false},
		{"the app's signal", withApp, "ios", false, true, true},
		{"another platform's value", withApp, "web", false, false, false},
		{"a page of the app without the signal", withApp, "", true, true, false},
		{"the signal, the view kept already", withApp, "android", true, true, false},
		{"app_view off: the signal", without, "ios", false, false, false},
		{"app_view off: the cookie", without, "", true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "http://localhost/festgeld/", nil)
			r.Header.Set("Sec-Fetch-Dest", "document")
			if tt.header != "" {
				r.Header.Set("X-App-Platform", tt.header)
			}
			if tt.cookie {
				r.AddCookie(&http.Cookie{Name: appViewCookie, Value: "1"})
			}
			rec := httptest.NewRecorder()
			if err := tt.h.ServeHTTP(rec, r, next); err != nil {
				t.Fatal(err)
			}
			body := rec.Body.String()
			if got := stateOf(t, body)["appView"]; got != tt.wantApp {
				t.Errorf("state appView = %v, want %v", got, tt.wantApp)
			}
			for _, part := range []string{"shell-market", "shell-footer__groups", "shell-footer__copyright"} {
				n := footerPart(t, body, uiClass(t, part))
				want := tt.wantApp && part != "shell-footer__copyright" // the copyright always shows
				if n == nil && want {
					continue // inside the app the edge cuts the picker and the link groups
				}
				if n == nil {
					t.Fatalf("the footer has no %s", part)
				}
				if hiddenByGate(n) != want {
					t.Errorf("%s hidden = %v, want %v", part, !want, want)
				}
			}
			kept := strings.Contains(strings.Join(rec.Header().Values("Set-Cookie"), "\n"), appViewCookie+"=1")
			if kept != tt.wantKept {
				t.Errorf("sets the app view cookie: %v, want %v", kept, tt.wantKept)
			}
			if kept && !strings.Contains(rec.Header().Get("Cache-Control"), "no-store") {
				t.Errorf("a response that keeps the app view may be stored by a shared cache: Cache-Control %q", rec.Header().Get("Cache-Control"))
			}
		})
	}
}

// The footer's hide condition (spec 2.4, docs/spec-deviations.md): a page with the integrated
// header gets no footer either; its mount stays empty (the shell hydrates none).
func TestIntegratedPageGetsNoFooter(t *testing.T) {
	next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html")
		meta := ""
		if strings.HasPrefix(r.URL.Path, "/zinsrechner/") { // a page asking for it, as the demo's does
			meta = `<meta name="shell-header" content="integrated">`
		}
		_, err := io.WriteString(w, "<!doctype html><title>t</title>"+meta+"<body><p>x</p></body>")
		return err
	})
	h := provisionedHandler(t, &Handler{HeaderVariants: []HeaderVariantRoute{{Path: "/embedded/*", Variant: "integrated"}}})
	for _, tt := range []struct {
		path       string
		wantFooter bool
	}{
		{"/festgeld/", true},
		{"/embedded/rechner/", false},
		{"/zinsrechner/", false},
	} {
		r := httptest.NewRequest(http.MethodGet, "http://localhost"+tt.path, nil)
		rec := httptest.NewRecorder()
		if err := h.ServeHTTP(rec, r, next); err != nil {
			t.Fatal(err)
		}
		body := rec.Body.String()
		if got := strings.Contains(body, `<footer class="`+uiClass(t, "shell-footer")+` `); got != tt.wantFooter {
			t.Errorf("%s (%v header): footer shown %v, want %v", tt.path, stateOf(t, body)["headerVariant"], got, tt.wantFooter)
		}
		if !strings.Contains(body, footerOpen) {
			t.Errorf("%s: no footer mount", tt.path)
		}
	}
}

// Spec 4: the session watcher runs on logged-in pages that are not open-banking pages, so an
// open-banking page of a logged-in customer shows no countdown.
func TestNoCountdownOnOpenBankingPages(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	_, cookie := g.plantSession("1234567890", 10*time.Minute)
	for _, tt := range []struct {
		path          string
		wantMonitored bool
	}{
		{"/festgeld/", true},
		{"/open-banking/consent/", false},
		{"/de-de/open-banking/", false},
		{"/OPEN-BANKING/consent/", false},
	} {
		r := request(http.MethodGet, tt.path, cookie)
		r.Header.Set("Accept", "text/html")
		_, body := g.do(r)
		st := stateOf(t, body)
		sess, ok := st["session"].(map[string]any)
		if !ok || st["isLoggedIn"] != true {
			t.Fatalf("%s: not a logged-in page: %v", tt.path, st)
		}
		if sess["monitored"] != tt.wantMonitored {
			t.Errorf("%s: session monitored %v, want %v", tt.path, sess["monitored"], tt.wantMonitored)
		}
	}
}
