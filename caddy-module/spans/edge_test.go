package spans_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// What an operator of a traced platform sees: with Caddy's tracing on, the edge's calls to
// the customer API, the identity provider and Redis are children of the request's span, the
// called services receive its traceparent, and no span names a customer or carries a token.
// The provider comes from the request's span only, as Caddy's tracing sets no global one.
func TestEdgeCallsAreChildSpansOfTheRequest(t *testing.T) {
	const (
		customerNumber = "DE5000001"
		accessToken    = "at-secret-token"
		refreshToken   = "rt-secret-token"
		userID         = "u-4711"
	)
	rec := tracetest.NewSpanRecorder()
	provider := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	ctx, request := provider.Tracer("caddy").Start(context.Background(), "handler", trace.WithSpanKind(trace.SpanKindServer))
	traceID := request.SpanContext().TraceID()

	// Both upstreams record the traceparent of each call.
	var mu sync.Mutex
	parents := map[string]string{} // "api GET /path" or "idp POST /token" -> traceparent
	record := func(who string, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		parents[who+" "+r.Method+" "+r.URL.Path] = r.Header.Get("Traceparent")
	}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		record("api", r)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":%q,"bacNumber":%q,"status":"ACTIVE"}`, customerNumber, customerNumber)
	}))
	defer api.Close()
	var idp *httptest.Server
	idp = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		record("idp", r)
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/.well-known/openid-configuration":
			fmt.Fprintf(w, `{"issuer":%q,"authorization_endpoint":"%[1]s/auth","token_endpoint":"%[1]s/token","jwks_uri":"%[1]s/jwks"}`, idp.URL)
		case "/token":
			fmt.Fprintf(w, `{"access_token":%q,"token_type":"Bearer","expires_in":300,"refresh_token":"rt-next-secret"}`, accessToken)
		}
	}))
	defer idp.Close()

	// The customer API.
	cc, err := customer.New(customer.Options{BaseURL: api.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cc.Customer(ctx, customer.Caller{Token: accessToken, CustomerNumber: customerNumber, UserID: userID}, false); err != nil {
		t.Fatalf("customer call: %v", err)
	}
	// A call that fails: the transport's error quotes the URL, which names the customer.
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	down, err := customer.New(customer.Options{BaseURL: gone.URL, CacheTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := down.Customer(ctx, customer.Caller{Token: accessToken, CustomerNumber: customerNumber, UserID: userID}, false); err == nil {
		t.Fatal("a call to a closed server succeeded")
	}
	// The IdP: discovery (on the first call) and the refresh at the token endpoint.
	ac, err := auth.New(ctx, auth.ProviderConfig{Region: auth.RegionDEU, Issuer: idp.URL, ClientSecret: "client-secret"}, auth.Options{Environment: "local"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ac.Refresh(ctx, refreshToken, ""); err != nil {
		t.Fatalf("refresh: %v", err)
	}
	// Redis: a session saved, read and locked.
	key := make([]byte, session.KeySize)
	sealer, err := session.NewSealer([][]byte{key})
	if err != nil {
		t.Fatal(err)
	}
	store, err := session.NewRedisStore(redistest.Start(t).Client(), session.RedisOptions{Sealer: sealer})
	if err != nil {
		t.Fatal(err)
	}
	s := &session.Session{ID: session.NewID(), Subject: "sub-1", SID: "sid-1", CustomerNumber: customerNumber,
		Tokens: session.Tokens{AccessToken: accessToken, RefreshToken: refreshToken}, CreatedAt: time.Now(), LastActivity: time.Now()}
	if err := store.Save(ctx, s); err != nil {
		t.Fatalf("save: %v", err)
	}
	if _, err := store.Get(ctx, s.ID); err != nil {
		t.Fatalf("get: %v", err)
	}
	lease, err := store.Lock(ctx, s.ID)
	if err != nil {
		t.Fatalf("lock: %v", err)
	}
	if err := lease.Release(); err != nil {
		t.Fatalf("release: %v", err)
	}
	request.End()

	// Every call's span is a child of the request's span, in its trace.
	want := []string{
		"customer API GET /customers/{bacNumber}",
		"IdP GET discovery",
		"IdP POST token",
		"session store save",
		"session store get",
		"session store lock",
		"session store release",
	}
	byName := map[string]sdktrace.ReadOnlySpan{}
	failed := 0
	for _, sp := range rec.Ended() {
		if sp.Status().Code == codes.Error {
			failed++
			continue
		}
		byName[sp.Name()] = sp
	}
	if failed != 2 { // the call to the closed server and its one retry
		t.Errorf("%d failed spans, want 2 (the closed server's call and its retry)", failed)
	}
	for _, name := range want {
		sp, ok := byName[name]
		if !ok {
			t.Errorf("no span %q; spans: %v", name, names(rec.Ended()))
			continue
		}
		if sp.SpanContext().TraceID() != traceID || sp.Parent().SpanID() != request.SpanContext().SpanID() {
			t.Errorf("span %q is not a child of the request's span (trace %s, parent %s)", name, sp.SpanContext().TraceID(), sp.Parent().SpanID())
		}
		if sp.SpanKind() != trace.SpanKindClient {
			t.Errorf("span %q is of kind %v, want client", name, sp.SpanKind())
		}
	}
	// The called services got the trace: its id, and the call's own span as parent.
	mu.Lock()
	defer mu.Unlock()
	for call, span := range map[string]string{
		"api GET " + customer.DefaultBasePath + "/customers/" + customerNumber: "customer API GET /customers/{bacNumber}",
		"idp GET /.well-known/openid-configuration":                            "IdP GET discovery",
		"idp POST /token": "IdP POST token",
	} {
		tp, ok := parents[call]
		if !ok {
			t.Errorf("no call %s; calls: %v", call, parents)
			continue
		}
		sp := byName[span]
		if sp == nil {
			continue
		}
		if wantTP := fmt.Sprintf("00-%s-%s-01", traceID, sp.SpanContext().SpanID()); tp != wantTP {
			t.Errorf("%s: traceparent %q, want %q (the trace, with the call's span as parent)", call, tp, wantTP)
		}
	}
	// No span carries a token, a customer number, a user id or a session id.
	for _, sp := range rec.Ended() {
		text := sp.Name()
		for _, a := range sp.Attributes() {
			text += " " + string(a.Key) + "=" + a.Value.String()
		}
		for _, ev := range sp.Events() {
			text += " " + ev.Name
			for _, a := range ev.Attributes {
				text += " " + string(a.Key) + "=" + a.Value.String()
			}
		}
		text += " " + sp.Status().Description
		for _, secret := range []string{customerNumber, accessToken, refreshToken, "rt-next-secret", userID, s.ID, "client-secret", "sub-1", "sid-1"} {
			if strings.Contains(text, secret) {
				t.Errorf("span %q carries %q: %s", sp.Name(), secret, text)
			}
		}
	}
}

// With tracing off (no span in the context) the calls carry no trace header and nothing is
// recorded, even where a global provider exists.
func TestNoTraceWithoutARequestSpan(t *testing.T) {
	var got []string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header.Get("Traceparent"))
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"id":"DE5000001","bacNumber":"DE5000001"}`)
	}))
	defer api.Close()
	cc, err := customer.New(customer.Options{BaseURL: api.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cc.Customer(context.Background(), customer.Caller{Token: "t", CustomerNumber: "DE5000001"}, false); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "" {
		t.Errorf("traceparent headers without tracing: %q, want one empty", got)
	}
}

func names(spans []sdktrace.ReadOnlySpan) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.Name())
	}
	return out
}
