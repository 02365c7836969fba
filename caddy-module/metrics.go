package shell

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/customer"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// The gateway's metrics, served with Caddy's own at the admin endpoint's /metrics.
//
// Caddy gives every config load a fresh registry. The collectors live in the package, so
// counters keep counting across `caddy reload`, and each load registers the same collectors
// into its registry; a second shell handler in the same config finds them registered already.
const metricsNamespace = "shellgate"

var shellMetrics = struct {
	pages         *prometheus.CounterVec
	spliceErrors  prometheus.Counter
	planned       prometheus.Counter
	revalidated   prometheus.Counter
	refreshes     *prometheus.CounterVec
	sessionsEnded *prometheus.CounterVec
	redirects     *prometheus.CounterVec
	upstreamTime  *prometheus.HistogramVec
	upstreamErrs  *prometheus.CounterVec
	dependencyUp  *prometheus.GaugeVec
	eventsRefused *prometheus.CounterVec
	live          *liveSources
}{
	pages: prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "pages_total",
		Help: "Pages: HTML documents the shell handler answered, outcome spliced, or passed with the reason the page went out without the shell. Assets, fetches, redirects and the gateway's own routes do not count.",
	}, []string{"outcome", "reason"}),
	spliceErrors: prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "splice_errors_total",
		Help: "Pages whose splice failed (state not encodable, splicer error); they went out without the shell or with the rest untouched.",
	}),
	planned: prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "pages_planned_total",
		Help: "Spliced pages served again with the same bytes, whose footer went where the page's plan said without a scan of the body (page_plans).",
	}),
	revalidated: prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "pages_revalidated_total",
		Help: "Pages the upstream answered 304 Not Modified to the gateway's conditional request, served again from the bytes the gateway held (page_plans, revalidate).",
	}),
	refreshes: prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "session_refreshes_total",
		Help: "Token refresh calls at the identity provider, by result: ok, expired, rejected, failed.",
	}, []string{"result"}),
	sessionsEnded: prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "sessions_ended_total",
		Help: "Sessions the edge ended, by reason: logout (the customer asked), expired, idle, and the refresh outcomes that end one.",
	}, []string{"reason"}),
	redirects: prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "customer_redirects_total",
		Help: "Page navigations the customer redirect rule answered with a 302, by target.",
	}, []string{"rule"}),
	upstreamTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: metricsNamespace, Name: "upstream_call_duration_seconds",
		Help:    "Customer API calls from the edge, by call, until the answer's header.",
		Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2, 3, 5},
	}, []string{"call"}),
	upstreamErrs: prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "upstream_call_errors_total",
		Help: "Customer API calls that got no answer or a 5xx, by call.",
	}, []string{"call"}),
	dependencyUp: prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: metricsNamespace, Name: "dependency_up",
		Help: "Whether a shared dependency answered the last readiness check (1) or not (0): redis (the session store) and identity_provider by region. A dependency down leaves the replica ready.",
	}, []string{"dependency", "region"}),
	eventsRefused: prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: metricsNamespace, Name: "events_refused_total",
		Help: "Shell events POST /_shell/events refused before the queue, by reason: rate-limit (429: the client's bucket was empty) and edge-only (403: a browser sent an event name of the edge's own).",
	}, []string{"reason"}),
	live: &liveSources{handlers: map[*Handler]struct{}{}},
}

// countEventRefused counts a shell event the events route refused.
func countEventRefused(reason string) { shellMetrics.eventsRefused.WithLabelValues(reason).Inc() }

// setDependencyUp records the last check of a shared dependency.
func setDependencyUp(dependency, region string, up bool) {
	v := 0.0
	if up {
		v = 1
	}
	shellMetrics.dependencyUp.WithLabelValues(dependency, region).Set(v)
}

// provisionMetrics registers the gateway's collectors into this config's registry and counts
// the handler's clients and store in the scrape.
func (h *Handler) provisionMetrics(ctx caddy.Context) error {
	reg := ctx.GetMetricsRegistry()
	if reg == nil {
		return nil // a bare context, as in some unit tests
	}
	m := shellMetrics
	for _, c := range []prometheus.Collector{m.pages, m.spliceErrors, m.planned, m.revalidated, m.refreshes, m.sessionsEnded, m.redirects, m.upstreamTime, m.upstreamErrs, m.dependencyUp, m.eventsRefused, m.live} {
		if err := reg.Register(c); err != nil {
			var already prometheus.AlreadyRegisteredError
			if !errors.As(err, &already) {
				return err
			}
		}
	}
	m.live.add(h)
	return nil
}

// pagesSpliced is the series every spliced page counts in, looked up once: the label lookup
// would cost each page a hash of its labels.
var (
	pagesSpliced = shellMetrics.pages.WithLabelValues("spliced", "")
	pagesPassed  sync.Map // reason -> prometheus.Counter
)

// pageReasons are the reasons a page passes without the shell: each is decided for an HTML
// document a browser navigated to (or a client that does not say what it fetches asked for),
// so it is a page the customer saw. The other reasons (not-html, not-a-document, method,
// range, upgrade, status, stream, attachment) mark an asset, a fetch, a redirect or a
// download: counting them made the images and scripts of a page outnumber its pages.
var pageReasons = map[string]bool{
	"opt-out-header": true,
	"utf16":          true,
	"unknown-coding": true,
	"compressed":     true,
	"state-error":    true,
	"no-response":    true,
}

// countPage counts a page: spliced, or passed with its reason. A response that is not a page
// (an asset, a fetch) is not counted.
func countPage(spliced bool, reason string) {
	if spliced {
		pagesSpliced.Inc()
		return
	}
	if reason == "" {
		reason = "no-response" // the next handler failed before writing anything
	}
	if !pageReasons[reason] {
		return
	}
	if c, ok := pagesPassed.Load(reason); ok {
		c.(prometheus.Counter).Inc()
		return
	}
	c := shellMetrics.pages.WithLabelValues("passed", reason)
	pagesPassed.Store(reason, c) // reasons are a handful of constants: the map stays small
	c.Inc()
}

// countSpliceError counts a page whose splice failed.
func countSpliceError() { shellMetrics.spliceErrors.Inc() }

// countPlanned counts a page whose footer went where its plan said.
func countPlanned() { shellMetrics.planned.Inc() }

// countRevalidated counts a page served again from its held bytes after the upstream's 304.
func countRevalidated() { shellMetrics.revalidated.Inc() }

// countRefresh counts a refresh call at the provider by its result.
func countRefresh(err error) {
	result := "ok"
	switch {
	case err == nil:
	case errors.Is(err, auth.ErrRefreshExpired):
		result = "expired"
	case errors.Is(err, auth.ErrRefreshRejected):
		result = "rejected"
	default:
		result = "failed"
	}
	shellMetrics.refreshes.WithLabelValues(result).Inc()
}

// countSessionEnded counts a session the edge ended, by reason.
func countSessionEnded(reason string) { shellMetrics.sessionsEnded.WithLabelValues(reason).Inc() }

// countRedirect counts a customer redirect by its rule's target.
func countRedirect(rule string) { shellMetrics.redirects.WithLabelValues(rule).Inc() }

// liveSources reads, at scrape time, what the handlers' clients count themselves: the customer
// cache, the tracking queue and the in-process session store.
type liveSources struct {
	mu       sync.Mutex
	handlers map[*Handler]struct{}
	// retired holds the final counts of handlers a reload cleaned up.
	retired struct{ hits, misses, sent, failed, dropped float64 }
}

var (
	descCacheHits = prometheus.NewDesc(metricsNamespace+"_customer_cache_hits_total",
		"Customer API answers served from the edge's cache.", nil, nil)
	descCacheMisses = prometheus.NewDesc(metricsNamespace+"_customer_cache_misses_total",
		"Customer API answers the cache did not have.", nil, nil)
	descTracking = prometheus.NewDesc(metricsNamespace+"_tracking_events_total",
		"Tracking events by result: sent (accepted by the collector), failed (refused or unreachable), dropped (never left: queue full, invalid).", []string{"result"}, nil)
	descTrackingQueued = prometheus.NewDesc(metricsNamespace+"_tracking_events_queued",
		"Tracking events waiting to be sent.", nil, nil)
	descSessions = prometheus.NewDesc(metricsNamespace+"_sessions_in_process",
		"Sessions held in in-process (memory) session stores; Redis-held sessions are not counted here.", nil, nil)
)

func (l *liveSources) add(h *Handler) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.handlers[h] = struct{}{}
}

func (l *liveSources) retire(h *Handler) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.handlers[h]; !ok {
		return
	}
	delete(l.handlers, h)
	s := sourceCounts(h)
	l.retired.hits += s.hits
	l.retired.misses += s.misses
	l.retired.sent += s.sent
	l.retired.failed += s.failed
	l.retired.dropped += s.dropped
}

type counts struct{ hits, misses, sent, failed, dropped, queued float64 }

func sourceCounts(h *Handler) counts {
	var c counts
	if h.Customer != nil && h.Customer.rt != nil {
		st := h.Customer.rt.client.Stats()
		c.hits, c.misses = float64(st.Hits), float64(st.Misses)
	}
	if h.Tracking != nil && h.Tracking.client != nil {
		st := h.Tracking.client.Stats()
		c.sent, c.failed, c.dropped, c.queued = float64(st.Sent), float64(st.Failed), float64(st.Dropped), float64(st.Queued)
	}
	return c
}

// Describe implements prometheus.Collector.
func (l *liveSources) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descCacheHits, descCacheMisses, descTracking, descTrackingQueued, descSessions} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (l *liveSources) Collect(ch chan<- prometheus.Metric) {
	l.mu.Lock()
	sum := counts{hits: l.retired.hits, misses: l.retired.misses, sent: l.retired.sent, failed: l.retired.failed, dropped: l.retired.dropped}
	stores := map[*session.MemoryStore]struct{}{} // handlers of one config share a pooled store
	for h := range l.handlers {
		c := sourceCounts(h)
		sum.hits += c.hits
		sum.misses += c.misses
		sum.sent += c.sent
		sum.failed += c.failed
		sum.dropped += c.dropped
		sum.queued += c.queued
		if m, ok := h.Identity.Store().(*session.MemoryStore); ok {
			stores[m] = struct{}{}
		}
	}
	l.mu.Unlock()
	held := 0
	for m := range stores {
		held += m.Len()
	}
	ch <- prometheus.MustNewConstMetric(descCacheHits, prometheus.CounterValue, sum.hits)
	ch <- prometheus.MustNewConstMetric(descCacheMisses, prometheus.CounterValue, sum.misses)
	ch <- prometheus.MustNewConstMetric(descTracking, prometheus.CounterValue, sum.sent, "sent")
	ch <- prometheus.MustNewConstMetric(descTracking, prometheus.CounterValue, sum.failed, "failed")
	ch <- prometheus.MustNewConstMetric(descTracking, prometheus.CounterValue, sum.dropped, "dropped")
	ch <- prometheus.MustNewConstMetric(descTrackingQueued, prometheus.GaugeValue, sum.queued)
	ch <- prometheus.MustNewConstMetric(descSessions, prometheus.GaugeValue, float64(held))
}

// upstreamTimer is the customer API client's transport: it times each call and counts its
// failures, named by the call's path (never by its customer-specific segments).
type upstreamTimer struct {
	base string // the API's base path, stripped before naming
	next http.RoundTripper
}

// customerHTTPClient is the customer API client's HTTP client with the call timer, keeping
// the client's own defaults (64 idle connections to the API).
func customerHTTPClient(api string) *http.Client {
	basePath := customer.DefaultBasePath
	if u, err := url.Parse(api); err == nil && u.Path != "" && u.Path != "/" {
		basePath = u.Path
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 64
	return &http.Client{Transport: &upstreamTimer{base: strings.TrimSuffix(basePath, "/"), next: t}}
}

// RoundTrip implements http.RoundTripper.
func (u *upstreamTimer) RoundTrip(r *http.Request) (*http.Response, error) {
	call := upstreamCallName(strings.TrimPrefix(r.URL.Path, u.base))
	start := time.Now()
	res, err := u.next.RoundTrip(r)
	shellMetrics.upstreamTime.WithLabelValues(call).Observe(time.Since(start).Seconds())
	if err != nil || res.StatusCode >= 500 {
		shellMetrics.upstreamErrs.WithLabelValues(call).Inc()
	}
	return res, err
}

// upstreamCalls names the customer API's calls (spec 7) by their path, most specific first.
var upstreamCalls = []struct{ prefix, suffix, name string }{
	{"/customers/", "", "customer"},
	{"/accounts/", "", "balance"},
	{"/accounts", "", "accounts"},
	{"/deposits/types", "", "deposit-types"},
	{"/customer/cobranding", "", "cobranding"},
	{"/products/types", "", "product-types"},
	{"/product-instances", "", "product-instances"},
	{"/pension/customers/", "/products", "pension-products"},
	{"/migrated-products", "", "migrated-products"},
	{"/threads/unread-count", "", "unread-count"},
	{"/public/users/", "", "switchable-accounts"},
}

// upstreamCallName gives the call's name; "other" for a path the table lacks, so that a
// customer number can never become a label.
func upstreamCallName(path string) string {
	for _, c := range upstreamCalls {
		if strings.HasPrefix(path, c.prefix) && strings.HasSuffix(path, c.suffix) {
			return c.name
		}
	}
	return "other"
}

var _ prometheus.Collector = (*liveSources)(nil)
