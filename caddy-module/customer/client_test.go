package customer

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
)

const personasDir = "../../testdata/personas"

// fakeClock is a settable clock for the cache.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// upstream starts the persona server and a Client on it; opts may adjust the client's options.
func upstream(t testing.TB, opts ...func(*Options)) (*customertest.Server, *Client) {
	t.Helper()
	srv, err := customertest.NewServer(personasDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	o := Options{BaseURL: srv.BaseURL}
	for _, f := range opts {
		f(&o)
	}
	c, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

func TestLoadMakesEveryCallAsTheContractSays(t *testing.T) {
	srv, c := upstream(t, func(o *Options) { o.DistributionChannel = "WEB" })
	if _, err := c.Load(context.Background(), "DE5000001", "DE5000001", "user-1", Flags{SwitchableAccounts: true}); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		path  string
		query url.Values
	}{
		"customer":            {"/rest/open_api/v2/customers/DE5000001", url.Values{"embed": {"all-persons,reference-accounts,data-validity"}}},
		"accounts":            {"/rest/open_api/v2/accounts", url.Values{"filter": {"customerId eq DE5000001"}}},
		"balance":             {"/rest/open_api/v2/accounts/acc-5000001", url.Values{"embed": {"balance"}}},
		"deposit-types":       {"/rest/open_api/v2/deposits/types", url.Values{"customer_id": {"DE5000001"}}},
		"product-types":       {"/rest/open_api/v2/products/types", url.Values{"distributor_id": {""}, "distribution_channel_id": {"WEB"}}},
		"product-instances":   {"/rest/open_api/v2/product-instances", url.Values{"customer_domain_id": {"DE5000001"}, "pageId": {"0"}}},
		"pension-products":    {"/rest/open_api/v2/pension/customers/DE5000001/products", url.Values{}},
		"migrated-products":   {"/rest/open_api/v2/migrated-products/dashboard", url.Values{"customer_id": {"DE5000001"}}},
		"unread-count":        {"/rest/open_api/v2/threads/unread-count", url.Values{"customer_id": {"DE5000001"}}},
		"switchable-accounts": {"/rest/open_api/v2/public/users/user-1/switchable-accounts/DE5000001", url.Values{}},
	}
	seen := map[string]int{}
	for _, r := range srv.Requests() {
		seen[r.Call]++
		w, ok := want[r.Call]
		if !ok {
			t.Errorf("unexpected call %s %s?%s", r.Call, r.Path, r.Query.Encode())
			continue
		}
		if r.Method != http.MethodGet || r.Path != w.path || r.Query.Encode() != w.query.Encode() {
			t.Errorf("%s: %s %s?%s, want GET %s?%s", r.Call, r.Method, r.Path, r.Query.Encode(), w.path, w.query.Encode())
		}
		if r.Authorization != "Bearer DE5000001" {
			t.Errorf("%s: Authorization %q, want the session's bearer token", r.Call, r.Authorization)
		}
	}
	for call := range want {
		if seen[call] != 1 {
			t.Errorf("%s made %d times, want once", call, seen[call])
		}
	}
}

func TestLoadLeavesOutWhatFlagsAndTheCustomerDoNotCallFor(t *testing.T) {
	tests := []struct {
		name     string
		customer string
		userID   string
		flags    Flags
		absent   []string
		present  []string
		embed    string
	}{
		{"data validity flagged off", "DE5000001", "u", Flags{OmitDataValidity: true, SwitchableAccounts: true},
			[]string{"cobranding"}, []string{"switchable-accounts"}, "all-persons,reference-accounts"},
		{"switch flag off", "DE5000011", "u", Flags{},
			[]string{"switchable-accounts", "cobranding"}, nil, "all-persons,reference-accounts,data-validity"},
		{"no user id", "DE5000011", "", Flags{SwitchableAccounts: true},
			[]string{"switchable-accounts"}, nil, "all-persons,reference-accounts,data-validity"},
		{"partner distributor", "DE5000009", "u", Flags{},
			nil, []string{"cobranding"}, "all-persons,reference-accounts,data-validity"},
		{"not German: no pension or migrated products", "GB5000003", "u", Flags{},
			[]string{"pension-products", "migrated-products", "cobranding"}, nil, "all-persons,reference-accounts,data-validity"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := upstream(t)
			v, err := c.Load(context.Background(), tt.customer, tt.customer, tt.userID, tt.flags)
			if err != nil {
				t.Fatal(err)
			}
			for _, call := range tt.absent {
				if n := srv.Count(call); n != 0 {
					t.Errorf("%s called %d times, want none", call, n)
				}
			}
			for _, call := range tt.present {
				if n := srv.Count(call); n != 1 {
					t.Errorf("%s called %d times, want once", call, n)
				}
			}
			for _, r := range srv.Requests() {
				if r.Call == "customer" && r.Query.Get("embed") != tt.embed {
					t.Errorf("customer embed = %q, want %q", r.Query.Get("embed"), tt.embed)
				}
			}
			if tt.flags.OmitDataValidity && v.Redirect.DataValidity != "" {
				t.Errorf("data validity %q without the embed", v.Redirect.DataValidity)
			}
		})
	}
}

func TestRetries(t *testing.T) {
	tests := []struct {
		name   string
		call   string
		status int
		tries  int
		err    error
	}{
		{"404 is not retried", "unread-count", http.StatusNotFound, 1, ErrNotFound},
		{"410 is not retried", "unread-count", http.StatusGone, 1, ErrNotFound},
		{"403 is not retried", "unread-count", http.StatusForbidden, 1, ErrForbidden},
		{"400 is not retried", "unread-count", http.StatusBadRequest, 1, nil},
		{"500 is not retried", "unread-count", http.StatusInternalServerError, 1, nil},
		{"502 is retried once", "unread-count", http.StatusBadGateway, 2, nil},
		{"504 is retried once", "unread-count", http.StatusGatewayTimeout, 2, nil},
		{"503 outside the account calls is retried once", "unread-count", http.StatusServiceUnavailable, 2, nil},
		{"503 on accounts is maintenance, not retried", "accounts", http.StatusServiceUnavailable, 1, ErrMaintenance},
		{"206 on accounts is maintenance, not retried", "accounts", http.StatusPartialContent, 1, ErrMaintenance},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := upstream(t)
			srv.SetStatus("DE5000001", tt.call, tt.status)
			who := Caller{Token: "DE5000001", CustomerNumber: "DE5000001"}
			var err error
			if tt.call == "accounts" {
				_, err = c.Accounts(context.Background(), who)
			} else {
				_, err = c.UnreadCount(context.Background(), who)
			}
			var apiErr *APIError
			if !errors.As(err, &apiErr) || apiErr.Status != tt.status || apiErr.Call != tt.call {
				t.Fatalf("error = %v, want an APIError of %s with status %d", err, tt.call, tt.status)
			}
			if tt.err != nil && !errors.Is(err, tt.err) {
				t.Errorf("error = %v, want %v", err, tt.err)
			}
			if n := srv.Count(tt.call); n != tt.tries {
				t.Errorf("%d requests, want %d", n, tt.tries)
			}
		})
	}
}

func TestTimeoutBoundsACall(t *testing.T) {
	srv, c := upstream(t, func(o *Options) { o.Timeout = 50 * time.Millisecond })
	srv.SetDelay("customer", time.Minute)
	_, err := c.Customer(context.Background(), Caller{Token: "DE5000001", CustomerNumber: "DE5000001"}, true)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want the call's deadline", err)
	}
	if n := srv.Count("customer"); n != 1 {
		t.Errorf("%d requests, want 1: a spent budget is not retried", n)
	}
}

func TestInvalidMethodIsAnError(t *testing.T) {
	srv, c := upstream(t)
	for _, method := range []string{http.MethodDelete, http.MethodPut, "get", ""} {
		err := c.send(context.Background(), call{name: "customer", method: method, path: "/customers/DE5000001"}, "DE5000001", nil)
		if !errors.Is(err, ErrInvalidMethod) {
			t.Errorf("method %q: error = %v, want ErrInvalidMethod", method, err)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests sent with invalid methods", n)
	}
	if err := c.send(context.Background(), call{name: "unread-count", method: http.MethodPost, path: "/threads/unread-count"}, "DE5000001", nil); errors.Is(err, ErrInvalidMethod) {
		t.Errorf("POST refused: %v", err)
	}
}

func TestAnswersAreReusedForFiveMinutes(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)}
	srv, c := upstream(t, func(o *Options) { o.Clock = clock.Now })
	load := func() {
		t.Helper()
		if _, err := c.Load(context.Background(), "DE5000001", "DE5000001", "u", Flags{SwitchableAccounts: true}); err != nil {
			t.Fatal(err)
		}
	}
	load()
	first := len(srv.Requests())
	if first == 0 {
		t.Fatal("no calls made")
	}
	clock.Advance(DefaultCacheTTL - time.Millisecond)
	load()
	if n := len(srv.Requests()); n != first {
		for _, r := range srv.Requests()[first:] {
			t.Logf("%s %s?%s", r.Call, r.Path, r.Query.Encode())
		}
		t.Fatalf("%d calls within the de-duplication interval, want none", n-first)
	}
	clock.Advance(time.Millisecond)
	load()
	if n := len(srv.Requests()); n != 2*first {
		t.Fatalf("%d calls after the interval, want %d again", n-first, first)
	}
	// Another customer shares nothing.
	if _, err := c.Load(context.Background(), "DE5000002", "DE5000002", "u", Flags{}); err != nil {
		t.Fatal(err)
	}
	if srv.Count("customer") != 3 {
		t.Errorf("customer calls = %d, want 3 (two for DE5000001, one for DE5000002)", srv.Count("customer"))
	}
}

func TestFailuresAreNotKept(t *testing.T) {
	srv, c := upstream(t)
	who := Caller{Token: "DE5000001", CustomerNumber: "DE5000001"}
	srv.SetStatus("DE5000001", "unread-count", http.StatusInternalServerError)
	if _, err := c.UnreadCount(context.Background(), who); err == nil {
		t.Fatal("no error for a 500")
	}
	srv.SetStatus("DE5000001", "unread-count", 0)
	if n, err := c.UnreadCount(context.Background(), who); err != nil || n != 0 {
		t.Fatalf("after the fault: %d, %v; want the answer", n, err)
	}
}

func TestOneCallInFlightPerKey(t *testing.T) {
	srv, c := upstream(t)
	release := srv.Hold()
	defer release()
	const callers = 20
	var wg sync.WaitGroup
	results := make([]*Customer, callers)
	errs := make([]error, callers)
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = c.Customer(context.Background(), Caller{Token: "DE5000001", CustomerNumber: "DE5000001"}, true)
		}()
	}
	// Another customer's call is a different key and goes out on its own.
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Customer(context.Background(), Caller{Token: "DE5000002", CustomerNumber: "DE5000002"}, true)
	}()
	for c.Stats().Misses < callers+1 {
		time.Sleep(time.Millisecond)
	}
	release()
	wg.Wait()
	if n := srv.Count("customer"); n != 2 {
		t.Fatalf("%d customer calls for %d concurrent callers of one customer and one of another, want 2", n, callers)
	}
	for i := range callers {
		if errs[i] != nil || results[i] == nil || results[i].BacNumber != "DE5000001" {
			t.Fatalf("caller %d: %v, %v", i, results[i], errs[i])
		}
	}
	if s := c.Stats(); s.Shared != callers-1 || s.Calls != 2 {
		t.Errorf("stats %+v, want %d shared and 2 calls", s, callers-1)
	}
}

func TestAWaiterThatGivesUpDoesNotFailTheOthers(t *testing.T) {
	srv, c := upstream(t)
	release := srv.Hold()
	who := Caller{Token: "DE5000001", CustomerNumber: "DE5000001"}
	impatient, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := c.Customer(impatient, who, true)
		first <- err
	}()
	for srv.Count("customer") == 0 {
		time.Sleep(time.Millisecond)
	}
	second := make(chan error, 1)
	go func() {
		_, err := c.Customer(context.Background(), who, true)
		second <- err
	}()
	for c.Stats().Misses < 2 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("impatient caller: %v, want its own cancellation", err)
	}
	release()
	if err := <-second; err != nil {
		t.Fatalf("patient caller failed with the other's cancellation: %v", err)
	}
	if n := srv.Count("customer"); n != 1 {
		t.Errorf("%d calls, want the one shared", n)
	}
	if _, err := c.Customer(context.Background(), who, true); err != nil || srv.Count("customer") != 1 {
		t.Errorf("the shared answer was not kept: %v, %d calls", err, srv.Count("customer"))
	}
}

func TestCacheIsBounded(t *testing.T) {
	srv, c := upstream(t, func(o *Options) { o.CacheEntries = 3 })
	customers := []string{"DE5000001", "DE5000002", "DE5000004", "DE5000005", "DE5000006"}
	for _, n := range customers {
		if _, err := c.UnreadCount(context.Background(), Caller{Token: n, CustomerNumber: n}); err != nil {
			t.Fatal(err)
		}
	}
	if s := c.Stats(); s.Entries != 3 {
		t.Fatalf("%d entries, want the bound of 3", s.Entries)
	}
	// The most recent three are kept, the oldest went first.
	for _, n := range customers[2:] {
		c.UnreadCount(context.Background(), Caller{Token: n, CustomerNumber: n})
	}
	if got := srv.Count("unread-count"); got != 5 {
		t.Errorf("%d calls, want 5: the three most recent answers come from the cache", got)
	}
	c.UnreadCount(context.Background(), Caller{Token: customers[0], CustomerNumber: customers[0]})
	if got := srv.Count("unread-count"); got != 6 {
		t.Errorf("%d calls, want 6: the oldest answer was dropped", got)
	}
}

func TestForgetDropsOneCustomersAnswers(t *testing.T) {
	srv, c := upstream(t)
	for _, n := range []string{"DE5000001", "DE5000002"} {
		c.UnreadCount(context.Background(), Caller{Token: n, CustomerNumber: n})
	}
	c.Forget("DE5000001")
	for _, n := range []string{"DE5000001", "DE5000002"} {
		c.UnreadCount(context.Background(), Caller{Token: n, CustomerNumber: n})
	}
	var asked []string
	for _, r := range srv.Requests() {
		asked = append(asked, r.Query.Get("customer_id"))
	}
	if !slices.Equal(asked, []string{"DE5000001", "DE5000002", "DE5000001"}) {
		t.Errorf("calls for %v, want DE5000001 asked again and DE5000002 kept", asked)
	}
}

func TestNewNeedsAnAbsoluteBaseURL(t *testing.T) {
	tests := []struct {
		in, path string
		ok       bool
	}{
		{"https://api.example.com", DefaultBasePath, true},
		{"https://api.example.com/", DefaultBasePath, true},
		{"https://api.example.com/custom/v3/", "/custom/v3", true},
		{"http://127.0.0.1:9091/rest/open_api/v2", DefaultBasePath, true},
		{"", "", false},
		{"/rest/open_api/v2", "", false},
		{"ftp://api.example.com", "", false},
		{"https://", "", false},
	}
	for _, tt := range tests {
		c, err := New(Options{BaseURL: tt.in})
		if (err == nil) != tt.ok {
			t.Errorf("New(%q) error = %v, want ok %v", tt.in, err, tt.ok)
			continue
		}
		if err == nil && c.base.Path != tt.path {
			t.Errorf("New(%q) base path %q, want %q", tt.in, c.base.Path, tt.path)
		}
	}
}

// dropFirst is a transport whose first n round trips fail before any answer, as a pooled
// connection the API had closed.
type dropFirst struct {
	mu    sync.Mutex
	n     int
	tries int
}

func (d *dropFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	d.mu.Lock()
	d.tries++
	fail := d.tries <= d.n
	d.mu.Unlock()
	if fail {
		return nil, errors.New("connection reset by peer")
	}
	return http.DefaultTransport.RoundTrip(r)
}

func TestConnectionFailureIsRetriedOnce(t *testing.T) {
	tests := []struct {
		drops   int
		ok      bool
		tries   int
		answers int
	}{
		{drops: 1, ok: true, tries: 2, answers: 1},
		{drops: 2, ok: false, tries: 2, answers: 0},
	}
	for _, tt := range tests {
		tr := &dropFirst{n: tt.drops}
		srv, c := upstream(t, func(o *Options) { o.HTTPClient = &http.Client{Transport: tr} })
		n, err := c.UnreadCount(context.Background(), Caller{Token: "NL5000010", CustomerNumber: "NL5000010"})
		if (err == nil) != tt.ok || tr.tries != tt.tries || srv.Count("unread-count") != tt.answers {
			t.Errorf("%d dropped: unread %d, err %v, %d tries, %d reached the API; want ok %v, %d tries, %d",
				tt.drops, n, err, tr.tries, srv.Count("unread-count"), tt.ok, tt.tries, tt.answers)
		}
		if tt.ok && n != 3 {
			t.Errorf("unread = %d, want the persona's 3", n)
		}
	}
}

func TestNotFoundIsKeptAsAnAnswer(t *testing.T) {
	srv, c := upstream(t)
	who := Caller{Token: "DE5000001", CustomerNumber: "DE5000001", UserID: "u"}
	for range 3 {
		if _, err := c.SwitchableAccounts(context.Background(), who); !errors.Is(err, ErrNotFound) {
			t.Fatalf("error = %v, want ErrNotFound (the persona has no switchable accounts)", err)
		}
	}
	if n := srv.Count("switchable-accounts"); n != 1 {
		t.Errorf("%d calls, want 1: a 404 is an answer for the interval", n)
	}
}

// A call that gets no answer fails with an error that names the call and the API's host but
// not the customer or user in its URL: errors end in logs.
func TestNoAnswerErrorNamesNoCustomer(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL + DefaultBasePath
	srv.Close() // nothing listens: every call fails before an answer
	c, err := New(Options{BaseURL: base, CacheTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	who := Caller{Token: "tok-secret", CustomerNumber: "DE5000012", UserID: "user-77"}
	_, err = c.SwitchableAccounts(context.Background(), who)
	if err == nil {
		t.Fatal("a call to a closed port succeeded")
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Call != "switchable-accounts" || apiErr.Status != 0 {
		t.Errorf("error %v, want an APIError of the switchable-accounts call without a status", err)
	}
	for _, secret := range []string{"DE5000012", "user-77", "tok-secret"} {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("error %q names %s", err, secret)
		}
	}
	if _, err := c.Load(context.Background(), "tok-secret", "DE5000012", "user-77", Flags{}); err == nil || strings.Contains(err.Error(), "DE5000012") {
		t.Errorf("Load's error %v names the customer (or there was none)", err)
	}
}
