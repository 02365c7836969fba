package shell

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// keptPageOrigin serves /page/ with the bytes it is given, its length declared, in 32 KiB
// writes as reverse_proxy hands them over: a page held whole and served again.
type keptPageOrigin struct {
	mu   sync.Mutex
	page []byte
}

func (o *keptPageOrigin) set(page []byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.page = page
}

func (o *keptPageOrigin) ServeHTTP(w http.ResponseWriter, r *http.Request) error {
	o.mu.Lock()
	page := o.page
	o.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(page)))
	for i := 0; i < len(page); i += 32 << 10 {
		if _, err := w.Write(page[i:min(i+32<<10, len(page))]); err != nil {
			return err
		}
	}
	return nil
}

// writeRecorder is an httptest.ResponseRecorder that also notes the arrays its body came
// from: whether a response went out from a kept output.
type writeRecorder struct {
	*httptest.ResponseRecorder
	firsts []*byte
}

func (w *writeRecorder) Write(p []byte) (int, error) {
	if len(p) > 0 {
		w.firsts = append(w.firsts, &p[0])
	}
	return w.ResponseRecorder.Write(p)
}

// fromKept tells whether the response's body was written from one of the page's kept outputs.
func fromKept(g *testGateway, rec *writeRecorder) bool {
	for _, k := range g.h.outputs.lookup(g.h.plans.Key("localhost", "/page/", "")) {
		for _, f := range rec.firsts {
			if f == &k.bytes[0] {
				return true
			}
		}
	}
	return false
}

func keptTestPage() []byte {
	return []byte("<!DOCTYPE html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Festgeld</title></head><body><main>" +
		strings.Repeat("<p>Zinsen für Ihr Erspartes, <a href=\"/festgeld/\">Festgeld</a> und <b>Tagesgeld</b>.</p>\n", 900) +
		"</main></body></html>\n")
}

// A page held whole and served again goes out from its kept output only when every byte of
// this response's is the same: a page that differs from the one kept by one byte at its
// start, middle or end, or whose visitor gets another shell (a market banner), gets exactly
// the page a gateway without any memory of earlier responses gives for the same bytes.
func TestKeptOutputIsAlwaysThisResponsesPage(t *testing.T) {
	page := keptTestPage()
	changed := func(at int) []byte {
		p := bytes.Clone(page)
		p[at] ^= 0x01 // 'e' <-> 'd', '<' <-> '=': still a page, another one
		return p
	}
	mid := bytes.Index(page[len(page)/2:], []byte("Festgeld</a>")) + len(page)/2
	end := bytes.LastIndex(page, []byte("</html>")) + 2
	for _, tt := range []struct {
		name   string
		page   []byte
		cookie string
	}{
		{"the same bytes", page, ""},
		{"one byte at the start (the title)", changed(bytes.Index(page, []byte("Festgeld</title>")) + 1), ""},
		{"one byte in the middle", changed(mid), ""},
		{"one byte at the end", changed(end), ""},
		{"one byte the last", changed(len(page) - 1), ""},
		{"another shell: a banner for a preferred market", page, "shell_preferred_locale=fr-fr"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			up := &keptPageOrigin{}
			holdPagesWhole(t) // a page streamed keeps nothing and has no length: not what is tested
			g := newTestGateway(t, nil)
			g.upstream = caddyhttp.HandlerFunc(up.ServeHTTP)
			fresh := newTestGatewayAt(t, nil, g.clock, func(h *Handler) { h.PagePlans = -1 })
			fresh.upstream = caddyhttp.HandlerFunc(up.ServeHTTP)
			serve := func(gw *testGateway, cookie string) (*writeRecorder, string) {
				r := navigate("/page/", nil)
				if cookie != "" {
					r.Header.Set("Cookie", cookie)
				}
				rec := &writeRecorder{ResponseRecorder: httptest.NewRecorder()}
				gw.ServeHTTP(rec, r)
				return rec, rec.Body.String()
			}

			up.set(page)
			for i := range 3 { // the plan, then the kept output, then one from it
				rec, _ := serve(g, "")
				if i == 2 && !fromKept(g, rec) {
					t.Fatal("the page served a third time did not go out from its kept output: this test would show nothing")
				}
			}
			up.set(tt.page)
			for i := range 3 {
				rec, got := serve(g, tt.cookie)
				_, want := serve(fresh, tt.cookie)
				if rec.Code != http.StatusOK || got != want {
					t.Fatalf("response %d: %d, %d bytes, not the %d bytes of this page with its shell (first difference at %d)",
						i+1, rec.Code, len(got), len(want), firstDifference(got, want))
				}
				if cl := rec.Header().Get("Content-Length"); cl != strconv.Itoa(len(got)) {
					t.Errorf("response %d: Content-Length %q for %d bytes", i+1, cl, len(got))
				}
				if tt.cookie != "" && !strings.Contains(got, `"suggestedLocale"`) && !strings.Contains(got, "fr-FR") {
					t.Errorf("response %d: the visitor's banner is missing: the test shows nothing", i+1)
				}
			}
		})
	}
}

// A logged-in customer's page never goes out from a page kept for anonymous visitors, and is
// never kept: the customer gets their own shell, every time.
func TestKeptOutputNeverServesACustomer(t *testing.T) {
	up := &keptPageOrigin{}
	holdPagesWhole(t)
	g := newTestGateway(t, localIdentity())
	g.upstream = caddyhttp.HandlerFunc(up.ServeHTTP)
	up.set(keptTestPage())
	var anonymous string
	for range 3 {
		rec := &writeRecorder{ResponseRecorder: httptest.NewRecorder()}
		g.ServeHTTP(rec, navigate("/page/", nil))
		anonymous = rec.Body.String()
	}
	kept := len(g.h.outputs.lookup(g.h.plans.Key("localhost", "/page/", "")))
	if kept == 0 {
		t.Fatal("no kept output for the anonymous page: this test would show nothing")
	}
	_, cookie := g.plantSession("1234567890", 10*time.Minute)
	for i := range 3 {
		rec := &writeRecorder{ResponseRecorder: httptest.NewRecorder()}
		g.ServeHTTP(rec, navigate("/page/", cookie))
		got := rec.Body.String()
		if rec.Code != http.StatusOK || got == anonymous || fromKept(g, rec) || !strings.Contains(got, `"isLoggedIn":true`) {
			t.Fatalf("response %d to the customer: %d, the anonymous page: %v, from a kept output: %v", i+1, rec.Code, got == anonymous, fromKept(g, rec))
		}
	}
	if n := len(g.h.outputs.lookup(g.h.plans.Key("localhost", "/page/", ""))); n != kept {
		t.Errorf("the customer's page was kept: %d versions, was %d", n, kept)
	}
}

// holdPagesWhole lets a held page's bytes wait as long as the test takes: on a loaded machine
// splicing a page can take longer than maxWait, and the page then streams without its length.
// The tests of this package do not run in parallel, so the setting is theirs for the test.
func holdPagesWhole(t *testing.T) {
	t.Helper()
	testWait.Store(int64(time.Hour))
	t.Cleanup(func() { testWait.Store(0) })
}

func firstDifference(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
