package integration

import (
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// collector is an OTLP/HTTP trace receiver: what a traced platform's collector gets from the
// gateway's exporter.
type collector struct {
	mu    sync.Mutex
	spans []*tracepb.Span
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	var req coltracepb.ExportTraceServiceRequest
	if err == nil {
		err = proto.Unmarshal(body, &req)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	c.mu.Lock()
	for _, rs := range req.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			c.spans = append(c.spans, ss.Spans...)
		}
	}
	c.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-protobuf")
	out, _ := proto.Marshal(&coltracepb.ExportTraceServiceResponse{})
	_, _ = w.Write(out)
}

// waitFor returns the spans received once done holds for them (the exporter sends in batches,
// so one span's arrival says nothing of the others'), or what arrived in 10 s.
func (c *collector) waitFor(done func([]*tracepb.Span) bool) []*tracepb.Span {
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.mu.Lock()
		spans := append([]*tracepb.Span(nil), c.spans...)
		c.mu.Unlock()
		if done(spans) || time.Now().After(deadline) {
			return spans
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func spanNames(spans []*tracepb.Span) []string {
	out := make([]string, 0, len(spans))
	for _, sp := range spans {
		out = append(out, sp.Name)
	}
	return out
}

// What an operator of a traced platform sees with Caddy's own `tracing` directive in front of
// the shell, bin/shellgate exporting over OTLP as Caddy does: the token call of a login and a
// customer's page's calls to the customer API and the session store are child spans of the
// request's span, in the trace the browser's traceparent started; the customer API receives
// that trace; no span names the customer or carries the session cookie.
func TestTracingDirectiveMakesTheEdgesCallsChildSpans(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bin/shellgate, the dev IdP, redis-server and the persona API")
	}
	bin := shellgateBinary(t)
	col := &collector{}
	otlp := httptest.NewServer(col)
	defer otlp.Close()
	// Caddy's tracing exports through OpenTelemetry's autoexport, configured by environment.
	t.Setenv("OTEL_TRACES_EXPORTER", "otlp")
	t.Setenv("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", otlp.URL+"/v1/traces")
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "100")

	personas, err := customertest.NewHandler(filepath.Join("..", "..", "testdata", "personas"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var apiParents []string // "call traceparent", as the customer API received them
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		apiParents = append(apiParents, customertest.CallOf(r)+" "+r.Header.Get("Traceparent"))
		mu.Unlock()
		personas.ServeHTTP(w, r)
	}))
	defer api.Close()
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><title>p</title></head><body><main>page</main></body></html>")
	}))
	defer origin.Close()
	redisSrv := redistest.Start(t)
	port := authtest.FreePort(t)
	base := fmt.Sprintf("http://localhost:%d", port)
	idp := authtest.Start(t, authtest.Options{RedirectURIs: []string{base + callbackPath}})
	startOperatedGateway(t, bin, base, fmt.Sprintf(`{
	admin off
	persist_config off
}
http://localhost:%d {
	tracing {
		span shellgate
	}
	shell {
		identity {
			providers DEU %s
			login_hosts localhost
			session_store redis {
				addrs %s
			}
			session_keys c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=
		}
		customer {
			api %s%s
		}
	}
	reverse_proxy %s
}
`, port, idp.Issuer, redisSrv.Addr, api.URL, customertest.BasePath, origin.URL))

	b := authtest.NewBrowser()
	cookie := loginThrough(t, b, base)

	// The page, with the trace a traced browser (or the load balancer) started.
	const traceID, parentID = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
	req, _ := http.NewRequest(http.MethodGet, base+"/", nil)
	req.Header.Set("Accept", "text/html")
	req.Header.Set("Traceparent", "00-"+traceID+"-"+parentID+"-01")
	req.AddCookie(cookie)
	res, err := (&http.Client{Timeout: 15 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), `"isLoggedIn":true`) {
		t.Fatalf("the customer's page: %d, logged in: %v", res.StatusCode, strings.Contains(string(page), `"isLoggedIn":true`))
	}

	// The customer's data is loaded at the login's callback (and cached for the pages), so
	// the customer API's calls are in the callback's trace; the page reads the session.
	mu.Lock()
	calls := append([]string(nil), apiParents...)
	mu.Unlock()
	// Every span the test looks for: the page's session read, and one per call the API got.
	var byID map[string]*tracepb.Span
	spans := col.waitFor(func(spans []*tracepb.Span) bool {
		byID = map[string]*tracepb.Span{}
		pageRead := false
		for _, sp := range spans {
			byID[hex.EncodeToString(sp.SpanId)] = sp
			pageRead = pageRead || sp.Name == "session store get" && hex.EncodeToString(sp.TraceId) == traceID
		}
		for _, got := range calls {
			_, tp, _ := strings.Cut(got, " ")
			if parts := strings.Split(tp, "-"); len(parts) != 4 || byID[parts[2]] == nil {
				return false
			}
		}
		return pageRead
	})
	// parentOf is the span's parent as the collector received it, nil when it did not.
	parentOf := func(sp *tracepb.Span) *tracepb.Span { return byID[hex.EncodeToString(sp.ParentSpanId)] }
	isCaddysServerSpan := func(sp *tracepb.Span) bool {
		return sp != nil && sp.Kind == tracepb.Span_SPAN_KIND_SERVER && sp.Name == "shellgate"
	}
	found := map[string]bool{}
	for _, sp := range spans {
		switch {
		case sp.Name == "IdP POST token", strings.HasPrefix(sp.Name, "customer API "), strings.HasPrefix(sp.Name, "session store "):
		default:
			continue
		}
		parent := parentOf(sp)
		if !isCaddysServerSpan(parent) {
			t.Errorf("span %q is not a child of Caddy's request span (parent %x)", sp.Name, sp.ParentSpanId)
			continue
		}
		if sp.Kind != tracepb.Span_SPAN_KIND_CLIENT {
			t.Errorf("span %q is of kind %v, want client", sp.Name, sp.Kind)
		}
		if hex.EncodeToString(sp.TraceId) == traceID && hex.EncodeToString(parent.ParentSpanId) == parentID {
			found[sp.Name+" in the page's trace"] = true
		}
		found[sp.Name] = true
	}
	for _, want := range []string{
		"IdP POST token", // the login's code exchange
		"customer API GET /customers/{bacNumber}",
		"session store save",
		"session store get in the page's trace",
	} {
		if !found[want] {
			t.Errorf("no span %q; the collector got %v", want, spanNames(spans))
		}
	}
	// Each call reached the customer API with the traceparent of its own span.
	if len(calls) == 0 {
		t.Error("no call reached the customer API")
	}
	for _, got := range calls {
		call, tp, _ := strings.Cut(got, " ")
		parts := strings.Split(tp, "-")
		if len(parts) != 4 {
			t.Errorf("the customer API's %s call got traceparent %q", call, tp)
			continue
		}
		sp := byID[parts[2]]
		if sp == nil || hex.EncodeToString(sp.TraceId) != parts[1] || !strings.HasPrefix(sp.Name, "customer API ") {
			t.Errorf("the customer API's %s call got traceparent %q, which is not a customer API span the collector got", call, tp)
		}
	}

	// Nothing the collector got names the customer or carries the cookie.
	secrets := map[string]string{"the customer number": "DE1000001", "the session cookie": cookie.Value}
	for _, sp := range spans {
		text := sp.Name
		for _, kv := range sp.Attributes {
			text += " " + kv.Key + "=" + kv.Value.String()
		}
		for what, secret := range secrets {
			if strings.Contains(text, secret) {
				t.Errorf("span %q carries %s: %s", sp.Name, what, text)
			}
		}
	}
}
