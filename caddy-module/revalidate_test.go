package shell

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/splice"
)

// pageOrigin serves one page at /page/ under an ETag and answers conditional requests as a
// real origin does (http.ServeContent); it records what each request asked for.
type pageOrigin struct {
	mu       sync.Mutex
	body     string
	etag     string
	fields   map[string]string // more header fields of every response, 304s too
	asked    []string          // each request's If-None-Match
	notMod   int               // 304s sent
	status   int               // answer with this status instead (0: 200, or 304 if not modified)
	modified time.Time
}

func newPageOrigin(fields map[string]string) *pageOrigin {
	return &pageOrigin{fields: fields, modified: time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)}
}

// set changes the page: its bytes and validator.
func (o *pageOrigin) set(version string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.etag = `"` + version + `"`
	o.body = "<!DOCTYPE html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>Festgeld " + version + "</title></head><body><main>" +
		strings.Repeat("<p>Zinsen für Ihr Erspartes, Version "+version+".</p>\n", 400) + "</main></body></html>\n"
}

func (o *pageOrigin) setField(k, v string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.fields[k] = v
}

func (o *pageOrigin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	o.asked = append(o.asked, r.Header.Get("If-None-Match"))
	body, etag := o.body, o.etag
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("ETag", etag)
	for k, v := range o.fields {
		hdr.Set(k, v)
	}
	if r.Header.Get("If-None-Match") == etag {
		o.notMod++
	}
	o.mu.Unlock()
	if o.status != 0 { // an error page of its own: sent as it is, whatever the request's conditions
		w.WriteHeader(o.status)
		io.WriteString(w, body)
		return
	}
	http.ServeContent(w, r, "", o.modified, strings.NewReader(body))
}

func (o *pageOrigin) lastAsked() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.asked[len(o.asked)-1]
}

// A page served again is asked for with its ETag; on the upstream's 304 the visitor gets the
// same page with the shell as from a full answer, under the page's header fields, with those
// the 304 updates; a changed page comes whole and is held in turn.
func TestRevalidationServesTheHeldPage(t *testing.T) {
	up := newPageOrigin(map[string]string{
		"Cache-Control": "max-age=0",
		"Link":          "</fonts/inter.woff2>; rel=preload; as=font",
		"X-Page-Owner":  "content-team-savings",
	})
	up.set("a1")
	tester := startGatewayFor(t, up, "", "")
	before := counterValue(t, shellMetrics.revalidated)

	type seen struct {
		res  *http.Response
		body string
	}
	fetch := func() seen {
		t.Helper()
		res, body := get(t, tester, "/page/", "Accept", "text/html")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d", res.StatusCode)
		}
		if !strings.Contains(body, `<div data-shell="header">`) || !strings.Contains(body, `<div data-shell="footer">`) {
			t.Fatalf("page without the shell: %.300s", body)
		}
		return seen{res, body}
	}
	sameAs := func(step string, got, want seen) {
		t.Helper()
		if got.body != want.body {
			t.Errorf("%s: the page differs from the upstream's full answer", step)
		}
		for _, k := range []string{"Content-Type", "Link", "X-Page-Owner", "ETag", "Last-Modified"} {
			if g, w := got.res.Header.Get(k), want.res.Header.Get(k); g != w {
				t.Errorf("%s: %s = %q, want %q", step, k, g, w)
			}
		}
		if got.res.ContentLength != int64(len(got.body)) {
			t.Errorf("%s: Content-Length %d for a page of %d bytes", step, got.res.ContentLength, len(got.body))
		}
	}

	first := fetch()
	if asked := up.lastAsked(); asked != "" {
		t.Fatalf("first request asked the upstream If-None-Match %q; nothing is held yet", asked)
	}
	if !strings.Contains(first.body, "Version a1") || first.res.Header.Get("ETag") != `W/"a1"` {
		t.Fatalf("first page: ETag %q, %.200s", first.res.Header.Get("ETag"), first.body)
	}

	again := fetch()
	if asked := up.lastAsked(); asked != `"a1"` {
		t.Fatalf("second request asked If-None-Match %q, want the held page's \"a1\"", asked)
	}
	sameAs("served from the held page", again, first)

	up.set("b2")
	changed := fetch()
	if asked := up.lastAsked(); asked != `"a1"` {
		t.Fatalf("after the change the gateway asked If-None-Match %q, want \"a1\"", asked)
	}
	if !strings.Contains(changed.body, "Version b2") || strings.Contains(changed.body, "Version a1") {
		t.Fatalf("the changed page was not served: %.300s", changed.body)
	}

	up.setField("Cache-Control", "max-age=60") // a 304 brings the field's new value
	updated := fetch()
	if asked := up.lastAsked(); asked != `"b2"` {
		t.Fatalf("the new page was asked for with If-None-Match %q, want \"b2\"", asked)
	}
	if updated.body != changed.body {
		t.Errorf("the changed page served again differs from its full answer")
	}
	if cc := updated.res.Header.Get("Cache-Control"); cc != "max-age=60" {
		t.Errorf("Cache-Control %q, want the 304's max-age=60", cc)
	}
	if up.notMod != 2 {
		t.Errorf("the upstream sent %d 304s, want 2", up.notMod)
	}
	if got := counterValue(t, shellMetrics.revalidated) - before; got != 2 {
		t.Errorf("%v pages counted as revalidated, want 2", got)
	}
}

// The gateway asks for a page as the client did when the client asked conditionally itself,
// for a range or for a fresh copy, and when the page's bytes must not be held or may be another
// visitor's variant; with disable_revalidation it never asks conditionally.
func TestRevalidationOnlyForPagesItMayHold(t *testing.T) {
	for _, tt := range []struct {
		name     string
		options  string
		fields   map[string]string
		headers  []string // the client's, on the second request
		want     string   // If-None-Match the upstream sees on the second request
		wantCode int
	}{
		{"a page served again", "", nil, nil, `"v1"`, 200},
		{"varies by its coding only", "", map[string]string{"Vary": "Accept-Encoding"}, nil, `"v1"`, 200},
		{"the client's own validator", "", nil, []string{"If-None-Match", `W/"v1"`}, `W/"v1"`, 304},
		{"the client's own date", "", nil, []string{"If-Modified-Since", "Fri, 20 Nov 2026 08:00:00 GMT"}, "", 304},
		{"a hard reload", "", nil, []string{"Cache-Control", "no-cache"}, "", 200},
		{"a range", "", nil, []string{"Range", "bytes=0-99"}, "", 206},
		{"basic auth", "", nil, []string{"Authorization", "Basic Y29udGVudDp0ZWFt"}, "", 200},
		{"the page sets a cookie", "", map[string]string{"Set-Cookie": "ab=b; Path=/"}, nil, "", 200},
		{"varies by language", "", map[string]string{"Vary": "Accept-Language"}, nil, "", 200},
		{"private", "", map[string]string{"Cache-Control": "private"}, nil, "", 200},
		{"no-store", "", map[string]string{"Cache-Control": "no-store"}, nil, "", 200},
		{"revalidate off", "{\n\t\tdisable_revalidation\n\t}", nil, nil, "", 200},
		{"an error page", "", map[string]string{":status": "404"}, nil, "", 404},
		{"page_plans off", "{\n\t\tpage_plans off\n\t}", nil, nil, "", 200},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.fields == nil {
				tt.fields = map[string]string{}
			}
			wantFirst := 200
			up := newPageOrigin(tt.fields)
			if s := tt.fields[":status"]; s != "" { // the origin's own error page
				delete(tt.fields, ":status")
				wantFirst, _ = strconv.Atoi(s)
				up.status = wantFirst
			}
			up.set("v1")
			tester := startGatewayFor(t, up, tt.options, "")
			first, firstBody := get(t, tester, "/page/", "Accept", "text/html")
			if first.StatusCode != wantFirst || !strings.Contains(firstBody, `data-shell="header"`) {
				t.Fatalf("first response: %d, %.200s", first.StatusCode, firstBody)
			}
			res, body := get(t, tester, "/page/", append([]string{"Accept", "text/html"}, tt.headers...)...)
			if asked := up.lastAsked(); asked != tt.want {
				t.Errorf("the upstream was asked If-None-Match %q, want %q", asked, tt.want)
			}
			if res.StatusCode != tt.wantCode {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.wantCode)
			}
			if tt.wantCode == wantFirst && body != firstBody {
				t.Errorf("the second page differs from the first")
			}
		})
	}
}

// Unit: which of the client's requests the gateway may make conditional.
func TestUnconditional(t *testing.T) {
	for _, tt := range []struct {
		headers []string
		want    bool
	}{
		{nil, true},
		{[]string{"Cache-Control", "max-age=0"}, true}, // a normal reload: the upstream is asked anyway
		{[]string{"Cache-Control", "No-Cache"}, false},
		{[]string{"Pragma", "no-cache"}, false},
		{[]string{"If-Match", `"v1"`}, false},
		{[]string{"If-Unmodified-Since", "Fri, 20 Nov 2026 08:00:00 GMT"}, false},
		{[]string{"If-Range", `"v1"`}, false},
	} {
		r, _ := http.NewRequest(http.MethodGet, "http://localhost/page/", nil)
		for i := 0; i+1 < len(tt.headers); i += 2 {
			r.Header.Set(tt.headers[i], tt.headers[i+1])
		}
		if got := unconditional(r); got != tt.want {
			t.Errorf("unconditional(%v) = %v, want %v", tt.headers, got, tt.want)
		}
	}
}

// A logged-in customer's request is never made conditional on a page held from a visitor's:
// the upstream may answer a customer differently, and only it could tell.
func TestRevalidationNotForCustomers(t *testing.T) {
	h := &Handler{plans: splice.NewPlans(0, 0)}
	key := h.plans.Key("localhost", "/page/", "")
	held := &heldPage{etag: `"v1"`, header: http.Header{"Content-Type": {"text/html"}}}
	w := splice.NewWriter(io.Discard, splice.Fragments{})
	w.UsePlans(h.plans, key)
	w.TagPlan(held)
	io.WriteString(w, "<!doctype html><title>t</title><body><p>Festgeld</p></body>")
	w.Close()
	w.Release()
	for _, tt := range []struct {
		name     string
		loggedIn bool
		want     string
	}{
		{"a visitor", false, `"v1"`},
		{"a customer", true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := &page{}
			p.input.LoggedIn = tt.loggedIn
			r := httptest.NewRequest(http.MethodGet, "http://localhost/page/", nil)
			sw := newShellWriter(httptest.NewRecorder(), r, h, p, "")
			if got := r.Header.Get("If-None-Match"); got != tt.want {
				t.Errorf("If-None-Match %q, want %q", got, tt.want)
			}
			if (sw.held != nil) != (tt.want != "") {
				t.Errorf("held page %v for If-None-Match %q", sw.held, tt.want)
			}
		})
	}
}

// Pages that change while many visitors ask for them: every response is one version of the
// page, whole, and every response of a version is the same bytes, whether the upstream sent
// the page or answered 304 to the held one.
func TestRevalidationWhilePagesChange(t *testing.T) {
	up := newPageOrigin(map[string]string{})
	up.set("v0")
	tester := startGatewayFor(t, up, "", "")
	var mu sync.Mutex
	seen := map[string]string{} // version -> body
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				if g == 0 && i%5 == 4 {
					up.set(fmt.Sprintf("v%d", i/5+1))
				}
				req, _ := http.NewRequest(http.MethodGet, "http://localhost:9080/page/", nil)
				req.Header.Set("Accept", "text/html")
				res, err := tester.Client.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				body := string(b)
				title := body[strings.Index(body, "<title>")+len("<title>") : strings.Index(body, "</title>")]
				version := strings.TrimPrefix(title, "Festgeld ")
				if res.StatusCode != 200 || strings.Count(body, `<div data-shell="footer">`) != 1 ||
					strings.Count(body, "Version "+version+".") != 400 ||
					// A page goes out whole with its length, or streams once it waited maxWait
					// (a machine busy enough delays the upstream that long): never a wrong length.
					(res.ContentLength != -1 && res.ContentLength != int64(len(body))) {
					t.Errorf("response of %s: status %d, %d bytes (Content-Length %d), not one whole version of the page",
						version, res.StatusCode, len(body), res.ContentLength)
					return
				}
				mu.Lock()
				if prev, ok := seen[version]; ok && prev != body {
					t.Errorf("two responses of %s differ", version)
				}
				seen[version] = body
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if up.notMod == 0 {
		t.Errorf("no request was answered 304: the test did not exercise revalidation")
	}
}
