package shell

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// apiUpstream is the relay's upstream in tests: it notes every request and answers with its
// status, a Cache-Control fit for a shared cache, and what it saw.
type apiUpstream struct {
	*httptest.Server
	seen   *seenRequests
	status atomic.Int32
}

func newAPIUpstream(t testing.TB) *apiUpstream {
	t.Helper()
	api := &apiUpstream{seen: new(seenRequests)}
	api.status.Store(http.StatusOK)
	api.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api.seen.note(r)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=600")
		w.WriteHeader(int(api.status.Load()))
		_ = json.NewEncoder(w).Encode(map[string]string{
			"authorization": r.Header.Get("Authorization"),
			"cookie":        r.Header.Get("Cookie"),
			"host":          r.Host,
			"uri":           r.RequestURI,
		})
	}))
	t.Cleanup(api.Close)
	return api
}

// newRelayGateway is a gateway whose relay sends /rest/open_api/v2 to a test API.
func newRelayGateway(t testing.TB) (*testGateway, *apiUpstream) {
	t.Helper()
	api := newAPIUpstream(t)
	id := localIdentity()
	id.APIRelay = "/rest/open_api/v2"
	id.APIRelayUpstream = api.URL
	return newTestGateway(t, id), api
}

// secretIn tells whether any header of r carries the session's access token or its id.
func secretIn(r *http.Request, s *session.Session) bool {
	for _, values := range r.Header {
		for _, v := range values {
			if strings.Contains(v, s.Tokens.AccessToken) || strings.Contains(v, s.ID) {
				return true
			}
		}
	}
	return false
}

// TestRelayNeverSendsTokenToContentOrigin: a link to the relay prefix on the market host
// (https://www.example.de/rest/open_api/v2/x) must not make the customer's browser hand the
// content site a bank-API bearer token or the session cookie. The relay's upstream gets the
// token, the Host of the API, and the path and query unchanged.
func TestRelayNeverSendsTokenToContentOrigin(t *testing.T) {
	g, api := newRelayGateway(t)
	s, cookie := g.plantSession("4711", time.Hour)
	apiHost := strings.TrimPrefix(api.URL, "http://")
	for _, target := range []string{
		"/rest/open_api/v2/x",
		"/rest/open_api/v2/customers/4711?embed=dataValidity&x=%2F..%2F",
		"/rest/open_api/v2",
		"/rest/open_api/v2/",
	} {
		t.Run(target, func(t *testing.T) {
			r := request(http.MethodGet, target, cookie)
			r.Header.Set("Authorization", "Bearer forged")
			r.AddCookie(&http.Cookie{Name: "consent", Value: "yes"})
			res, body := g.do(r)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d, want 200 from the API (%s)", res.StatusCode, body)
			}
			var seen map[string]string
			if err := json.Unmarshal([]byte(body), &seen); err != nil {
				t.Fatalf("the answer is not the API's: %v\n%s", err, body)
			}
			if seen["authorization"] != "Bearer "+s.Tokens.AccessToken {
				t.Errorf("the API saw Authorization %q, want the session's bearer token", seen["authorization"])
			}
			if seen["host"] != apiHost {
				t.Errorf("the API saw Host %q, want its own %q", seen["host"], apiHost)
			}
			if want := (&url.URL{Path: r.URL.Path, RawPath: r.URL.RawPath, RawQuery: r.URL.RawQuery}).RequestURI(); seen["uri"] != want {
				t.Errorf("the API got %q, want %q unchanged", seen["uri"], want)
			}
			if strings.Contains(seen["cookie"], s.ID) || !strings.Contains(seen["cookie"], "consent=yes") {
				t.Errorf("the API saw Cookie %q, want the site's other cookies without the session id", seen["cookie"])
			}
		})
	}
	for _, r := range g.content.all() {
		if secretIn(r, s) || r.Header.Get("Authorization") != "" {
			t.Errorf("the content origin got %s with Authorization %q, Cookie %q", r.URL, r.Header.Get("Authorization"), r.Header.Get("Cookie"))
		}
	}
	if n := len(api.seen.all()); n != 4 {
		t.Errorf("the API got %d requests, want 4", n)
	}
}

// TestRelayPathVariantsNeverCarryTheToken: paths the relay does not take (another case,
// doubled slashes, a path parameter, a sibling prefix) go to the content site as pages,
// never with the customer's token.
func TestRelayPathVariantsNeverCarryTheToken(t *testing.T) {
	g, _ := newRelayGateway(t)
	s, cookie := g.plantSession("4711", time.Hour)
	for _, target := range []string{
		"/REST/open_api/v2/x",
		"//rest/open_api/v2/x",
		"/rest/open_api/v2;x=1/x",
		"/rest/open_api/v20/x",
		"/rest/open_api/v2%2Fx",
	} {
		_, _ = g.do(request(http.MethodGet, target, cookie))
	}
	for _, r := range g.content.all() {
		for _, v := range r.Header.Values("Authorization") {
			if strings.Contains(v, s.Tokens.AccessToken) {
				t.Errorf("the content origin got the bearer token on %s", r.URL)
			}
		}
	}
}

// TestRelayWithoutUpstreamInterceptsNothing: an identity block with neither a relay nor a
// customer block relays nothing: a request under the old default prefix is a page of the
// content site and carries no token.
func TestRelayWithoutUpstreamInterceptsNothing(t *testing.T) {
	g := newTestGateway(t, localIdentity())
	s, cookie := g.plantSession("4711", time.Hour)
	_, _ = g.do(request(http.MethodGet, "/rest/open_api/v2/x", cookie))
	got := g.content.all()
	if len(got) != 1 {
		t.Fatalf("the content origin got %d requests, want the one page", len(got))
	}
	if a := got[0].Header.Get("Authorization"); strings.Contains(a, s.Tokens.AccessToken) {
		t.Errorf("the content origin got the bearer token")
	}
}

// TestRelayDefaultsToTheCustomerAPI: with a customer block and no api_relay, the customer
// API's path prefix is relayed to the customer API's origin.
func TestRelayDefaultsToTheCustomerAPI(t *testing.T) {
	api := newAPIUpstream(t)
	h := &Handler{Identity: localIdentity(), Customer: &CustomerData{API: api.URL + "/rest/open_api/v2/"}}
	g := newTestGatewayWith(t, h)
	if h.Identity.APIRelay != "/rest/open_api/v2" || h.Identity.APIRelayUpstream != api.URL {
		t.Fatalf("relay %q to %q, want /rest/open_api/v2 to %s", h.Identity.APIRelay, h.Identity.APIRelayUpstream, api.URL)
	}
	s, cookie := g.plantSession("4711", time.Hour)
	res, body := g.do(request(http.MethodGet, "/rest/open_api/v2/customers/4711", cookie))
	if res.StatusCode != http.StatusOK || !strings.Contains(body, s.Tokens.AccessToken) {
		t.Errorf("%d %s: want the API's answer to the session's token", res.StatusCode, body)
	}
	if n := len(g.content.all()); n != 0 {
		t.Errorf("the content origin got %d requests, want none", n)
	}
}

// TestRelayRefusesCrossSiteWrites: a form or fetch from another site carries the customer's
// cookie; the relay would add the token to it. State-changing methods from anything but the
// page itself get 403 and never reach the API.
func TestRelayRefusesCrossSiteWrites(t *testing.T) {
	g, api := newRelayGateway(t)
	_, cookie := g.plantSession("4711", time.Hour)
	tests := []struct {
		name, method string
		headers      map[string]string
		refused      bool
	}{
		{"POST from another site by Origin", http.MethodPost, map[string]string{"Origin": "https://evil.example"}, true},
		{"POST cross-site by Sec-Fetch-Site", http.MethodPost, map[string]string{"Sec-Fetch-Site": "cross-site"}, true},
		{"POST from a sibling subdomain", http.MethodPost, map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://evil.localhost"}, true},
		{"PUT with a null Origin", http.MethodPut, map[string]string{"Origin": "null"}, true},
		{"DELETE from another site", http.MethodDelete, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, true},
		{"PATCH over https Origin to an http page", http.MethodPatch, map[string]string{"Origin": "https://localhost"}, true},
		{"POST from the page itself", http.MethodPost, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}, false},
		{"GET linked from another site", http.MethodGet, map[string]string{"Sec-Fetch-Site": "cross-site"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(api.seen.all())
			r := request(tt.method, "/rest/open_api/v2/orders", cookie)
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
			res, body := g.do(r)
			reached := len(api.seen.all()) > before
			if tt.refused {
				if res.StatusCode != http.StatusForbidden || reached {
					t.Errorf("status %d, API reached %v (%s); want 403 and the API untouched", res.StatusCode, reached, body)
				}
				return
			}
			if res.StatusCode != http.StatusOK || !reached {
				t.Errorf("status %d, API reached %v (%s); want it relayed", res.StatusCode, reached, body)
			}
		})
	}
}

// TestRelayedAnswersStayPrivate: an API answer that calls itself public must not end up in a
// shared cache for the next customer, nor be sniffed into something executable.
func TestRelayedAnswersStayPrivate(t *testing.T) {
	g, api := newRelayGateway(t)
	_, cookie := g.plantSession("4711", time.Hour)
	for _, status := range []int{http.StatusOK, http.StatusNotFound, http.StatusForbidden} {
		api.status.Store(int32(status))
		res, body := g.do(request(http.MethodGet, "/rest/open_api/v2/customers/4711", cookie))
		if res.StatusCode != status {
			t.Fatalf("status %d, want the API's %d (%s)", res.StatusCode, status, body)
		}
		if cc := res.Header.Values("Cache-Control"); len(cc) != 1 || cc[0] != "private, no-store" {
			t.Errorf("%d: Cache-Control %q, want only private, no-store", status, cc)
		}
		if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%d: X-Content-Type-Options %q, want nosniff", status, got)
		}
	}
}

// TestTokenRelay: the session's token replaces the browser's header; without a session the
// edge answers 401 and the API sees nothing; an upstream 403 passes on and is counted.
func TestTokenRelay(t *testing.T) {
	g, api := newRelayGateway(t)
	s, cookie := g.plantSession("4711", time.Hour)
	tests := []struct {
		name       string
		cookie     *http.Cookie
		authHeader string
		apiStatus  int
		status     int
	}{
		{"no session", nil, "", 200, http.StatusUnauthorized},
		{"no session, the browser's own header is not passed", nil, "Bearer stolen", 200, http.StatusUnauthorized},
		{"the session's token", cookie, "", 200, http.StatusOK},
		{"the browser's header is replaced", cookie, "Bearer forged", 200, http.StatusOK},
		{"an upstream 403 is passed on", cookie, "", 403, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api.status.Store(int32(tt.apiStatus))
			before := len(api.seen.all())
			r := request(http.MethodGet, "/rest/open_api/v2/customers/4711", tt.cookie)
			if tt.authHeader != "" {
				r.Header.Set("Authorization", tt.authHeader)
			}
			res, body := g.do(r)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d (%s)", res.StatusCode, tt.status, body)
			}
			seen := api.seen.all()[before:]
			if tt.status == http.StatusUnauthorized {
				if strings.TrimSpace(body) != `{"error":"login required"}` || len(seen) != 0 {
					t.Errorf("body %s, API got %d requests; want the JSON 401 and nothing relayed", body, len(seen))
				}
				return
			}
			if len(seen) != 1 || seen[0].Header.Get("Authorization") != "Bearer "+s.Tokens.AccessToken {
				t.Errorf("the API got %d requests, want one with the session's bearer token", len(seen))
			}
		})
	}
	if got := g.h.Identity.RelayForbidden(); got != 1 {
		t.Errorf("counted %d upstream 403s, want 1", got)
	}
	assertNoSecret(t, "the logs", g.logText(), s)
}

// TestRelay403LogNamesNoCustomerNumber: API paths name customers (/customers/4711); the log
// line of an upstream 403 says which relay refused, not the path.
func TestRelay403LogNamesNoCustomerNumber(t *testing.T) {
	g, api := newRelayGateway(t)
	api.status.Store(http.StatusForbidden)
	_, cookie := g.plantSession("4711", time.Hour)
	for _, target := range []string{"/rest/open_api/v2/customers/4711", "/rest/open_api/v2/accounts?customer=4711"} {
		if res, _ := g.do(request(http.MethodGet, target, cookie)); res.StatusCode != http.StatusForbidden {
			t.Fatalf("%s: status %d, want the API's 403", target, res.StatusCode)
		}
	}
	logs := g.logText()
	if !strings.Contains(logs, "upstream refused the request (403)") || !strings.Contains(logs, "/rest/open_api/v2") {
		t.Errorf("the upstream 403 was not logged with the relay's prefix:\n%s", logs)
	}
	if strings.Contains(logs, "4711") {
		t.Errorf("the logs name the customer number:\n%s", logs)
	}
}

// TestRelayConfigForms: the Caddyfile forms that work, and the JSON relay that names no
// upstream, which fails validate saying what to write.
func TestRelayConfigForms(t *testing.T) {
	const provider = "providers DEU http://localhost:9000/auth/realms/global\n"
	for _, block := range []string{
		provider + "api_relay off",
		provider + "api_relay /rest/open_api/v2 https://api.example.com",
		provider + "api_relay /rest/open_api/v2 https://api.example.com/rest/open_api/v2",
		provider + "api_relay /rest/open_api/v2 http://localhost:9091",
		provider + "environment development\napi_relay /rest/open_api/v2 http://api:9091",
	} {
		caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\tidentity {\n" + block + "\n\t\t}\n\t}\n\trespond ok\n}\n"
		if err := adaptAndValidate(t, caddyfile); err != nil {
			t.Errorf("%s:\n%v", block, err)
		}
	}
	tests := []struct {
		name     string
		relay    string
		upstream string
		want     string
	}{
		{"prefix without upstream", "/rest/open_api/v2", "", "api_relay /rest/open_api/v2 has no upstream"},
		{"upstream without prefix", "", "https://api.example.com", "needs the path prefix to relay; add api_relay"},
		{"upstream of a relay that is off", "off", "https://api.example.com", "api_relay is off but api_relay_upstream is"},
		{"upstream with credentials", "/rest/open_api/v2", "https://user:pw@api.example.com", "is not an http(s) origin"},
		{"upstream with a query", "/rest/open_api/v2", "https://api.example.com?x=1", "is not an http(s) origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := localIdentity()
			id.APIRelay, id.APIRelayUpstream = tt.relay, tt.upstream
			h := &Handler{Identity: id}
			if err := h.validateIdentity(); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestRelayFromCustomerAPIOverPlainHTTP: in production the relay that follows a plain-http
// customer API fails validate, saying where the relay came from and how to change it.
func TestRelayFromCustomerAPIOverPlainHTTP(t *testing.T) {
	h := &Handler{Identity: localIdentity(), Customer: &CustomerData{API: "http://api.example.com/rest/open_api/v2"}}
	err := h.validateIdentity()
	for _, want := range []string{"uses plain http: in environment production the bearer token goes over https only", "the relay follows customer api unless you write api_relay"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v\nwant it to contain %q", err, want)
		}
	}
}
