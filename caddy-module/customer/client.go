package customer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// Constants of spec 7 and 9.
const (
	// DefaultBasePath is where the platform's open API lives under the API host.
	DefaultBasePath = "/rest/open_api/v2"
	// DefaultTimeout bounds each call, its one retry included (spec 9: API timeout 3000 ms).
	DefaultTimeout = 3000 * time.Millisecond
	// DefaultCacheTTL is the de-duplication interval (spec 9: 300000 ms).
	DefaultCacheTTL = 5 * time.Minute
	// DefaultCacheEntries bounds the answers kept; the least recently used go first. About a
	// dozen answers per customer, so this keeps the data of some 2,000 recent customers.
	DefaultCacheEntries = 25000
	// DefaultDistributionChannel is the distribution_channel_id of the product types call.
	DefaultDistributionChannel = "WEB"
	// maxAnswerBytes bounds what the edge reads of one answer.
	maxAnswerBytes = 1 << 20
)

// Options configure a Client. Only BaseURL is required.
type Options struct {
	// BaseURL is the API's base URL, e.g. https://api.example.com/rest/open_api/v2. A URL
	// without a path gets DefaultBasePath.
	BaseURL string
	// HTTPClient makes the calls. Default: a client without its own timeout (each call carries
	// a context deadline of Timeout instead) that keeps up to 64 idle connections to the API.
	HTTPClient *http.Client
	// Clock is the cache's time source. Default: time.Now.
	Clock func() time.Time
	// Timeout bounds one call, its retry included. Default: DefaultTimeout.
	Timeout time.Duration
	// CacheTTL is how long an answer is reused. Default: DefaultCacheTTL; negative disables the cache.
	CacheTTL time.Duration
	// CacheEntries bounds the cache. Default: DefaultCacheEntries.
	CacheEntries int
	// HintTTL is how long the Client remembers what a customer's dependent calls need (the
	// distributor, German or not) to start them beside the customer call. Default:
	// DefaultHintTTL; negative turns remembered hints off (see NoGuess for the rest).
	HintTTL time.Duration
	// NoGuess makes the dependent calls of a customer the Client has no hint for wait for the
	// customer's answer, instead of starting beside it on a guess from the page's locale
	// (hint.go). A wrong guess costs calls that are made again; NoGuess trades the first
	// page's time for never making them.
	NoGuess bool
	// DistributionChannel is the distribution_channel_id of the product types call.
	// Default: DefaultDistributionChannel.
	DistributionChannel string
	// DefaultDistributors are the platform's own distributor ids: customers of these (and
	// customers without one) get no cobranding call. Default: none besides the empty id.
	DefaultDistributors []string
	// Logger receives the warnings of degraded calls. Default: no logging.
	Logger *zap.Logger
}

// Client calls the platform's customer APIs of spec 7 with a bearer token passed in per call.
// Answers are cached per customer and call for CacheTTL, with one call in flight per key.
// It is safe for concurrent use.
type Client struct {
	base         *url.URL
	http         *http.Client
	timeout      time.Duration
	channel      string
	defaultDists map[string]bool
	log          *zap.Logger
	cache        *answerCache
	hints        *answerCache // customer number -> loadHint
	guesses      sync.Map     // page locale -> loadHint, for customers without a hint
	noGuess      bool
	owners       *answerCache // owner (subject, provider session) -> []string customer numbers (forget.go)
	ownersMu     sync.Mutex   // serialises the read-modify-write of owners
}

// New returns a Client for opts.
func New(opts Options) (*Client, error) {
	base, err := parseBaseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	c := &Client{
		base:         base,
		http:         opts.HTTPClient,
		timeout:      opts.Timeout,
		channel:      opts.DistributionChannel,
		log:          opts.Logger,
		defaultDists: map[string]bool{"": true},
		noGuess:      opts.NoGuess,
	}
	if c.http == nil {
		// The calls of one Load go to one host in parallel: keep that many connections
		// (Go's default keeps 2 idle per host, and the rest would be dialled anew per page).
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 64
		c.http = &http.Client{Transport: t}
	}
	// Each call is a child span of the request's trace and carries its traceparent.
	c.http = spans.Client(c.http, "customer API")
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.channel == "" {
		c.channel = DefaultDistributionChannel
	}
	if c.log == nil {
		c.log = zap.NewNop()
	}
	for _, d := range opts.DefaultDistributors {
		c.defaultDists[d] = true
	}
	ttl, entries, clock := opts.CacheTTL, opts.CacheEntries, opts.Clock
	if ttl == 0 {
		ttl = DefaultCacheTTL
	}
	if entries <= 0 {
		entries = DefaultCacheEntries
	}
	if clock == nil {
		clock = time.Now
	}
	c.cache = newAnswerCache(ttl, entries, clock)
	hintTTL := opts.HintTTL
	if hintTTL == 0 {
		hintTTL = DefaultHintTTL
	}
	c.hints = newAnswerCache(hintTTL, entries, clock)
	// An owner's customers are kept as long as any answer or hint of theirs may be.
	c.owners = newAnswerCache(max(ttl, hintTTL, DefaultCacheTTL), entries, clock)
	return c, nil
}

func parseBaseURL(raw string) (*url.URL, error) {
	if raw == "" {
		return nil, errors.New("customer: the API base URL is empty: set it to the platform's API, e.g. https://api.example.com" + DefaultBasePath)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("customer: API base URL %q: %w", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("customer: API base URL %q must be an absolute http(s) URL, e.g. https://api.example.com%s", raw, DefaultBasePath)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = DefaultBasePath
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawQuery, u.Fragment = "", ""
	return u, nil
}

// Caller is who a call is made for: the session's bearer token, the customer number
// (bacNumber) it belongs to, and the user id of the identity provider. The customer number
// keys the cache, so answers are never shared between customers.
type Caller struct {
	Token          string
	CustomerNumber string
	UserID         string
}

// call is one request of spec 7.
type call struct {
	name   string
	method string
	path   string // below the base path, segments already escaped
	// route is path's template, e.g. /customers/{bacNumber}: the name of the call's span,
	// which must not carry the customer's number.
	route string
	query url.Values
	// account marks the transaction account calls, where 503 and 206 mean maintenance.
	account bool
}

// send makes one call and decodes its JSON answer into out. It retries once, when the
// failure is one a second try can fix within the budget (see retryable).
func (c *Client) send(ctx context.Context, cl call, token string, out any) error {
	if cl.method != http.MethodGet && cl.method != http.MethodPost {
		return &APIError{Call: cl.name, Err: fmt.Errorf("%w (got %q)", ErrInvalidMethod, cl.method)}
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		var status int
		status, err = c.once(ctx, cl, token, out)
		if err == nil || !retryable(ctx, cl, status, err) {
			break
		}
	}
	return err
}

// retryable allows the one retry: on 502 and 504 (a proxy in front of the API lost its
// upstream for a moment), on 503 outside the account calls, and on a connection that failed
// before any answer (most often a pooled keep-alive connection the API had closed). Never on
// 404 and 410 (spec 7), 403, other 4xx, an account call's 503 or 206 (maintenance is an answer),
// an answer that does not decode, or a spent budget: a second try would fail the same way.
func retryable(ctx context.Context, cl call, status int, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	switch status {
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		return true
	case http.StatusServiceUnavailable:
		return !cl.account
	case 0:
		var decode *decodeError
		return !errors.As(err, &decode)
	}
	return false
}

// decodeError marks an answer that arrived but does not decode.
type decodeError struct{ err error }

func (e *decodeError) Error() string { return "answer does not decode: " + e.err.Error() }
func (e *decodeError) Unwrap() error { return e.err }

func (c *Client) once(ctx context.Context, cl call, token string, out any) (int, error) {
	// cl.path's segments are escaped already (seg), so the URL is joined as text.
	target := c.base.Scheme + "://" + c.base.Host + c.base.EscapedPath() + cl.path
	if len(cl.query) > 0 {
		target += "?" + cl.query.Encode()
	}
	route := cl.route
	if route == "" {
		route = "/" + cl.name
	}
	req, err := http.NewRequestWithContext(spans.WithName(ctx, cl.method+" "+route), cl.method, target, nil)
	if err != nil {
		return 0, &APIError{Call: cl.name, Err: fmt.Errorf("building the request: %w", err)}
	}
	req.Header.Set("Accept", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// The transport's error quotes the URL, whose path and query name the customer (and
		// the user id); errors end in logs, which must not: keep the operation and the cause.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = fmt.Errorf("%s %s: %w", ue.Op, c.base.Host, ue.Err)
		}
		return 0, &APIError{Call: cl.name, Err: fmt.Errorf("no answer within %v: %w", c.timeout, err)}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return 0, &APIError{Call: cl.name, Err: fmt.Errorf("reading the answer: %w", err)}
	}
	ok := resp.StatusCode >= 200 && resp.StatusCode < 300 &&
		!(cl.account && resp.StatusCode == http.StatusPartialContent)
	if !ok {
		return resp.StatusCode, &APIError{Call: cl.name, Status: resp.StatusCode, Err: statusError(resp.StatusCode, cl.account)}
	}
	if len(body) > maxAnswerBytes {
		return 0, &APIError{Call: cl.name, Status: resp.StatusCode, Err: &decodeError{fmt.Errorf("longer than %d bytes", maxAnswerBytes)}}
	}
	if out == nil || resp.StatusCode == http.StatusNoContent {
		return resp.StatusCode, nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return 0, &APIError{Call: cl.name, Status: resp.StatusCode, Err: &decodeError{err}}
	}
	return resp.StatusCode, nil
}

// get is a cached GET: one answer per customer, call and parameters for the cache's TTL, and
// one call in flight per key.
func get[T any](ctx context.Context, c *Client, who Caller, cl call) (T, error) {
	cl.method = http.MethodGet
	key := who.CustomerNumber + "\x00" + cl.name + "\x00" + cl.path + "?" + cl.query.Encode()
	if cacheOnly(ctx) {
		v, err, ok := c.cache.lookup(key)
		if !ok {
			var zero T
			return zero, errCacheMiss
		}
		if err != nil {
			var zero T
			return zero, err
		}
		return v.(T), nil
	}
	v, err := c.cache.do(ctx, key, func(ctx context.Context) (any, error) {
		var out T
		err := c.send(ctx, cl, who.Token, &out)
		return out, err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil
}

// Forget drops every cached answer and the remembered hint of a customer, e.g. at logout or
// after a change the customer made that the header shows.
func (c *Client) Forget(customerNumber string) {
	if customerNumber == "" {
		return
	}
	c.cache.forget(customerNumber + "\x00")
	c.hints.remove(customerNumber)
}

func seg(s string) string { return "/" + url.PathEscape(s) }

// Customer is GET /customers/{bacNumber} with the embeds all-persons, reference-accounts and,
// unless omitted, data-validity.
func (c *Client) Customer(ctx context.Context, who Caller, withDataValidity bool) (*Customer, error) {
	embed := "all-persons,reference-accounts"
	if withDataValidity {
		embed += ",data-validity"
	}
	return get[*Customer](ctx, c, who, call{name: "customer", route: "/customers/{bacNumber}", path: "/customers" + seg(who.CustomerNumber),
		query: url.Values{"embed": {embed}}})
}

// Accounts is GET /accounts?filter=customerId eq {id}: the customer's transaction accounts.
func (c *Client) Accounts(ctx context.Context, who Caller) ([]TransactionAccount, error) {
	v, err := get[dataList[TransactionAccount]](ctx, c, who, call{name: "accounts", route: "/accounts", path: "/accounts", account: true,
		query: url.Values{"filter": {"customerId eq " + who.CustomerNumber}}})
	return v.Data, err
}

// AccountBalance is GET /accounts/{accountId}?embed=balance.
func (c *Client) AccountBalance(ctx context.Context, who Caller, accountID string) (*TransactionAccount, error) {
	return get[*TransactionAccount](ctx, c, who, call{name: "balance", route: "/accounts/{accountId}", path: "/accounts" + seg(accountID), account: true,
		query: url.Values{"embed": {"balance"}}})
}

// DepositTypes is GET /deposits/types?customer_id=: the deposit products the customer holds.
func (c *Client) DepositTypes(ctx context.Context, who Caller) ([]DepositType, error) {
	v, err := get[dataList[DepositType]](ctx, c, who, call{name: "deposit-types", route: "/deposits/types", path: "/deposits/types",
		query: url.Values{"customer_id": {who.CustomerNumber}}})
	return v.Data, err
}

// IsDefaultDistributor tells whether a distributor is the platform's own (no cobranding).
func (c *Client) IsDefaultDistributor(distributorID string) bool {
	return c.defaultDists[distributorID]
}

// Cobranding is GET /customer/cobranding, for customers of a partner distributor only.
func (c *Client) Cobranding(ctx context.Context, who Caller) (*Cobranding, error) {
	return get[*Cobranding](ctx, c, who, call{name: "cobranding", route: "/customer/cobranding", path: "/customer/cobranding"})
}

// ProductTypes is GET /products/types?distributor_id=&distribution_channel_id=.
func (c *Client) ProductTypes(ctx context.Context, who Caller, distributorID string) (*ProductTypes, error) {
	return get[*ProductTypes](ctx, c, who, call{name: "product-types", route: "/products/types", path: "/products/types",
		query: url.Values{"distributor_id": {distributorID}, "distribution_channel_id": {c.channel}}})
}

// ProductInstances is GET /product-instances?customer_domain_id=&pageId=0: the customer's
// investment and pension product instances (first page; the header only asks whether one of
// a kind exists).
func (c *Client) ProductInstances(ctx context.Context, who Caller) ([]ProductInstance, error) {
	v, err := get[dataList[ProductInstance]](ctx, c, who, call{name: "product-instances", route: "/product-instances", path: "/product-instances",
		query: url.Values{"customer_domain_id": {who.CustomerNumber}, "pageId": {"0"}}})
	return v.Data, err
}

// PensionProducts is the German pension customer products call; it answers how many the
// customer holds.
func (c *Client) PensionProducts(ctx context.Context, who Caller) (int, error) {
	v, err := get[productList](ctx, c, who, call{name: "pension-products", route: "/pension/customers/{bacNumber}/products",
		path: "/pension/customers" + seg(who.CustomerNumber) + "/products"})
	return len(v.Data), err
}

// MigratedProducts is the German migrated-products dashboard call; it answers how many
// migrated products the customer holds.
func (c *Client) MigratedProducts(ctx context.Context, who Caller) (int, error) {
	v, err := get[productList](ctx, c, who, call{name: "migrated-products", route: "/migrated-products/dashboard", path: "/migrated-products/dashboard",
		query: url.Values{"customer_id": {who.CustomerNumber}}})
	return len(v.Data), err
}

// UnreadCount is GET /threads/unread-count?customer_id=: the postbox's unread messages.
func (c *Client) UnreadCount(ctx context.Context, who Caller) (int, error) {
	v, err := get[unreadCount](ctx, c, who, call{name: "unread-count", route: "/threads/unread-count", path: "/threads/unread-count",
		query: url.Values{"customer_id": {who.CustomerNumber}}})
	return v.Data, err
}

// SwitchableAccounts is GET /public/users/{userId}/switchable-accounts/{customerId}.
func (c *Client) SwitchableAccounts(ctx context.Context, who Caller) ([]SwitchableAccount, error) {
	v, err := get[switchableAccounts](ctx, c, who, call{name: "switchable-accounts", route: "/public/users/{userId}/switchable-accounts/{customerId}",
		path: "/public/users" + seg(who.UserID) + "/switchable-accounts" + seg(who.CustomerNumber)})
	return v.Data.Accounts, err
}

// dataList is the platform's list answer: the items are in data.
type dataList[T any] struct {
	Data []T `json:"data"`
}
