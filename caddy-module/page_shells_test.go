package shell

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// TestRenderedShellsServeEachVisitorTheirOwnShell: the shells kept for anonymous pages
// (page_shells.go) give every request the bytes rendering gives it. Visitors on the same page
// whose flags differ (a flag on for phones only), the same visitor on another page, and a
// page asked for in turn from both get byte for byte what a gateway without the cache serves
// them, and the phone's state says its flag is on, the desktop's that it is off.
func TestRenderedShellsServeEachVisitorTheirOwnShell(t *testing.T) {
	page := "<!DOCTYPE html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Festgeld</title></head><body><main>" +
		strings.Repeat("<p>Zinsen für Ihr Erspartes.</p>\n", 200) + "</main></body></html>\n"
	upstream := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(page)))
		_, err := w.Write([]byte(page))
		return err
	})
	file := flagFile(t, `{"flags": {"phoneOnlyLaunch": {"on": false, "devices": {"mobile": true}}}}`)
	cached := provisionedHandler(t, &Handler{FlagFile: file})
	uncached := provisionedHandler(t, &Handler{FlagFile: file})
	uncached.shells = nil
	const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148"
	const desktop = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"
	serve := func(h *Handler, path, ua string) string {
		r := httptest.NewRequest(http.MethodGet, "http://localhost"+path, nil)
		r = r.WithContext(context.WithValue(r.Context(), caddy.ReplacerCtxKey, caddy.NewReplacer()))
		r.Header.Set("Sec-Fetch-Dest", "document")
		r.Header.Set("User-Agent", ua)
		w := httptest.NewRecorder()
		// t.Error, not t.Fatal: serve runs on other goroutines too
		if err := h.ServeHTTP(w, r, upstream); err != nil {
			t.Error(err)
			return ""
		}
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `data-shell="header"`) {
			t.Errorf("%s for %s: status %d, no shell", path, ua, w.Code)
			return ""
		}
		return w.Body.String()
	}
	for i, req := range []struct{ path, ua string }{
		{"/festgeld/", desktop}, {"/festgeld/", desktop}, {"/festgeld/", phone}, {"/festgeld/", phone},
		{"/tagesgeld/", phone}, {"/festgeld/", desktop}, {"/tagesgeld/", desktop}, {"/festgeld/", phone},
	} {
		got, want := serve(cached, req.path, req.ua), serve(uncached, req.path, req.ua)
		if got != want {
			t.Fatalf("request %d (%s, %s): the page differs from the one rendered for it", i, req.path, req.ua)
		}
		// The state lists the flags that are on: the phone's flag, never the desktop's.
		if on := strings.Contains(got, `"phoneOnlyLaunch":true`); on != (req.ua == phone) || !strings.Contains(got, `"path":"`+req.path+`"`) {
			t.Fatalf("request %d (%s, %s): phoneOnlyLaunch on %v, or the state lacks its own path", i, req.path, req.ua, on)
		}
	}
	if pages := len(cached.shells.m); pages != 4 {
		t.Errorf("%d shells kept, want 4 (two pages, two devices)", pages)
	}
	// At once, as a gateway serves them (go test -race): every page still its own.
	want := map[string]string{}
	for _, path := range []string{"/festgeld/", "/tagesgeld/", "/sparen/"} {
		for _, ua := range []string{phone, desktop} {
			want[path+ua] = serve(uncached, path, ua)
		}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 12 {
				path := []string{"/festgeld/", "/tagesgeld/", "/sparen/"}[(g+i)%3]
				ua := []string{phone, desktop}[(g*i)%2]
				if got := serve(cached, path, ua); got != want[path+ua] {
					t.Errorf("at once: %s for %s differs from the page rendered for it", path, ua)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestRenderedShellsKeepNoPersonalPage: a page whose state names a person, or says who is
// logged in, is rendered for its request and never kept for another.
func TestRenderedShellsKeepNoPersonalPage(t *testing.T) {
	c := newRenderedShells()
	for name, change := range map[string]func(p *page){
		"logged in":        func(p *page) { p.input.LoggedIn = true },
		"state logged in":  func(p *page) { p.state.IsLoggedIn = true },
		"customer id":      func(p *page) { p.state.CustomerID = "1234567890" },
		"login customer":   func(p *page) { p.state.LoginCustomerID = "1234567890" },
		"session":          func(p *page) { p.state.Session = &shellstate.Session{} },
		"customer":         func(p *page) { p.state.Customer = &shellstate.Customer{DisplayName: "Anna"} },
		"redirect":         func(p *page) { p.state.Redirect = "/konto/" },
		"a very long path": func(p *page) { p.state.Path = "/" + strings.Repeat("a", shellsMaxPath) },
	} {
		p := &page{state: shellstate.State{Locale: "de-DE", Path: "/festgeld/"}}
		if _, keyed := c.key(p, new([]byte)); !keyed {
			t.Fatalf("an anonymous page is not kept")
		}
		change(p)
		if _, keyed := c.key(p, new([]byte)); keyed {
			t.Errorf("%s: the page's shell would be kept", name)
		}
	}
}

// TestRenderedShellsKeyEveryStateField: a field added to the state must be in the shell's key
// (or make a page unkept): else two pages that differ in it would share one rendered shell.
func TestRenderedShellsKeyEveryStateField(t *testing.T) {
	handled := map[string]bool{
		// in shellKey
		"Locale": true, "Market": true, "BasePath": true, "DesignVersion": true, "HeaderVariant": true,
		"Path": true, "Year": true, "CanAccess": true, "IsAuthRequired": true, "AppView": true,
		"Access": true, "Flags": true, "Banner": true, "Marketing": true,
		// never kept when set
		"IsLoggedIn": true, "CustomerID": true, "LoginCustomerID": true, "Session": true,
		"Customer": true, "Redirect": true,
	}
	st := reflect.TypeFor[shellstate.State]()
	for i := range st.NumField() {
		if f := st.Field(i); !handled[f.Name] {
			t.Errorf("shellstate.State.%s is not in shellKey (page_shells.go): add it to the key, or keep no page that sets it", f.Name)
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[shellstate.Banner](), reflect.TypeFor[shellstate.Marketing]()} {
		if !typ.Comparable() {
			t.Errorf("shellstate.%s is in shellKey by value and must stay comparable", typ.Name())
		}
	}
	// Different states, different keys: each field changed alone.
	base := func() *page {
		return &page{state: shellstate.State{Locale: "de-DE", Market: "de-DE", Path: "/festgeld/", Year: 2026,
			Flags: map[string]bool{"a": true, "b": false}, Access: []string{"x"}}}
	}
	c := newRenderedShells()
	k0, _ := c.key(base(), new([]byte))
	for name, change := range map[string]func(p *page){
		"locale": func(p *page) { p.state.Locale = "en-GB" }, "market": func(p *page) { p.state.Market = "en-GB" },
		"base path": func(p *page) { p.state.BasePath = "/de" }, "design": func(p *page) { p.state.DesignVersion = "v2" },
		"variant": func(p *page) { p.state.HeaderVariant = "login" }, "path": func(p *page) { p.state.Path = "/tagesgeld/" },
		"year": func(p *page) { p.state.Year = 2027 }, "can access": func(p *page) { p.state.CanAccess = true },
		"auth required": func(p *page) { p.state.IsAuthRequired = true }, "app view": func(p *page) { p.state.AppView = true },
		"access": func(p *page) { p.state.Access = []string{"y"} }, "no access": func(p *page) { p.state.Access = []string{} },
		"access nil":  func(p *page) { p.state.Access = nil },
		"flag value":  func(p *page) { p.state.Flags["b"] = true },
		"flag name":   func(p *page) { p.state.Flags = map[string]bool{"a": true, "c": false} },
		"flags nil":   func(p *page) { p.state.Flags = nil },
		"banner":      func(p *page) { p.state.Banner = &shellstate.Banner{Show: true, Suggested: "en-GB"} },
		"marketing":   func(p *page) { p.state.Marketing = &shellstate.Marketing{TrackingAppID: "app"} },
		"a list read": func(p *page) { p.state.Access = []string{"x1:a"} },
	} {
		p := base()
		change(p)
		if k, _ := c.key(p, new([]byte)); k == k0 {
			t.Errorf("%s: the same key as the page without the change", name)
		}
	}
}
