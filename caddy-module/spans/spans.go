// Package spans makes the edge's own calls (the customer API, the identity provider, the
// session store) child spans of the request's trace when Caddy's tracing directive is on.
//
// Caddy's tracing handler starts a server span with OpenTelemetry and puts it in the request's
// context, but it need not install a global TracerProvider: the provider is taken from that
// span, so the children go where Caddy's spans go, and without a span (tracing off) nothing is
// recorded and no header is added.
//
// Nothing a span carries may name a customer: span names are route templates ("customer API
// GET /customers/{bacNumber}"), never URLs, and the attributes are the method, the server, the
// status and the kind of error, never a URL, a query, a header, a token or a key.
package spans

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// instrumentation is the tracer's name, as OpenTelemetry asks of instrumentation libraries.
const instrumentation = "github.com/shellgate/shellgate/caddy-module/spans"

// propagator writes the W3C traceparent (and tracestate) header. Baggage is not forwarded:
// a browser can set it, and it is not for the identity provider or the customer API.
var propagator = propagation.TraceContext{}

// Start starts a span named name as a child of ctx's span, from that span's provider. With no
// valid span in ctx (tracing off) it returns ctx and a span that records nothing, at no cost.
func Start(ctx context.Context, name string, kind trace.SpanKind, attrs ...attribute.KeyValue) (context.Context, trace.Span) {
	parent := trace.SpanFromContext(ctx)
	if !parent.SpanContext().IsValid() {
		return ctx, parent
	}
	return parent.TracerProvider().Tracer(instrumentation).Start(ctx, name,
		trace.WithSpanKind(kind), trace.WithAttributes(attrs...))
}

// End ends span, marking it failed with the kind of err (never its text, which may quote a URL
// or a key) when err is not nil.
func End(span trace.Span, err error) {
	if err != nil && span.IsRecording() {
		span.SetAttributes(attribute.String("error.type", errorType(err)))
		span.SetStatus(codes.Error, "")
	}
	span.End()
}

func errorType(err error) string {
	var timeout interface{ Timeout() bool }
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &timeout) && timeout.Timeout():
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return "_OTHER" // OpenTelemetry's name for an error of no known kind
}

type nameKey struct{}

// WithName names the span of the next HTTP call made with ctx: a route template such as
// "GET /customers/{bacNumber}", never the URL.
func WithName(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, nameKey{}, name)
}

// Transport returns base wrapped so that each request made with a span in its context gets a
// client span, named "<peer> <name>" (WithName) or "<peer> <METHOD>", and carries the trace
// context in its headers. peer names the called service, e.g. "customer API".
func Transport(base http.RoundTripper, peer string) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	if t, ok := base.(*transport); ok && t.peer == peer {
		return t // wrapped once only
	}
	return &transport{base: base, peer: peer}
}

// Client returns a shallow copy of c (nil: a new client) whose transport is wrapped by
// Transport.
func Client(c *http.Client, peer string) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	}
	out.Transport = Transport(out.Transport, peer)
	return &out
}

type transport struct {
	base http.RoundTripper
	peer string
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(r *http.Request) (*http.Response, error) {
	ctx := r.Context()
	if !trace.SpanContextFromContext(ctx).IsValid() {
		return t.base.RoundTrip(r)
	}
	name, _ := ctx.Value(nameKey{}).(string)
	if name == "" {
		name = r.Method
	}
	host, port := r.URL.Hostname(), r.URL.Port()
	if port == "" {
		port = "80"
		if r.URL.Scheme == "https" {
			port = "443"
		}
	}
	attrs := []attribute.KeyValue{
		attribute.String("http.request.method", r.Method),
		attribute.String("server.address", host),
	}
	if p, err := strconv.Atoi(port); err == nil {
		attrs = append(attrs, attribute.Int("server.port", p))
	}
	if _, tmpl, ok := cutMethod(name); ok {
		attrs = append(attrs, attribute.String("url.template", tmpl))
	}
	ctx, span := Start(ctx, t.peer+" "+name, trace.SpanKindClient, attrs...)
	// A RoundTripper must not change the caller's request: the header goes on a copy.
	r = r.Clone(ctx)
	propagator.Inject(ctx, propagation.HeaderCarrier(r.Header))
	res, err := t.base.RoundTrip(r)
	if err != nil {
		End(span, err)
		return res, err
	}
	span.SetAttributes(attribute.Int("http.response.status_code", res.StatusCode))
	if res.StatusCode >= 500 {
		span.SetAttributes(attribute.String("error.type", strconv.Itoa(res.StatusCode)))
		span.SetStatus(codes.Error, "")
	}
	if res.Body == nil || res.Body == http.NoBody {
		span.End()
		return res, nil
	}
	// The span lasts until the answer is read: its body ends it.
	res.Body = &spanBody{ReadCloser: res.Body, span: span}
	return res, nil
}

// cutMethod splits "GET /path/{x}" into its method and template.
func cutMethod(name string) (method, template string, ok bool) {
	for i := 0; i < len(name); i++ {
		if name[i] == ' ' {
			return name[:i], name[i+1:], i+1 < len(name) && name[i+1] == '/'
		}
	}
	return name, "", false
}

// spanBody ends the call's span at the body's end or close, whichever comes first.
type spanBody struct {
	io.ReadCloser
	span trace.Span
	once sync.Once
}

func (b *spanBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.end()
	}
	return n, err
}

func (b *spanBody) Close() error {
	b.end()
	return b.ReadCloser.Close()
}

func (b *spanBody) end() { b.once.Do(func() { b.span.End() }) }
