package shell

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/identity"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// Path confusion: the gateway decides on the path the way the origin reads it (cleaned,
// decoded, case-folded), so that no spelling of a path takes a request past the guard, the
// relay or the own routes. Paths it cannot decide are refused.

// seenRequest is what an upstream behind the gateway received.
type seenRequest struct {
	path          string // as sent on, escaped
	authorization string
	cookies       []string
}

// recordingOrigin stands behind the gateway (next) and notes every request that reaches it.
type recordingOrigin struct {
	mu   sync.Mutex
	seen []seenRequest
}

func (o *recordingOrigin) handler() caddyhttp.Handler {
	return caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		o.mu.Lock()
		o.seen = append(o.seen, seenRequest{
			path:          r.URL.EscapedPath(),
			authorization: r.Header.Get("Authorization"),
			cookies:       append([]string(nil), r.Header.Values("Cookie")...),
		})
		o.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, err := io.WriteString(w, "<!doctype html><html><head><title>t</title></head><body><main>origin page "+r.URL.Path+"</main></body></html>")
		return err
	})
}

// take returns what reached the origin since the last take.
func (o *recordingOrigin) take() []seenRequest {
	o.mu.Lock()
	defer o.mu.Unlock()
	s := o.seen
	o.seen = nil
	return s
}

// recordedGateway is a test gateway in front of a recording origin.
func recordedGateway(t *testing.T, id *identity.Config) (*testGateway, *recordingOrigin) {
	t.Helper()
	g := newTestGateway(t, id)
	o := &recordingOrigin{}
	g.upstream = o.handler()
	return g, o
}

// TestGuardRefusesPathConfusion: every spelling of a protected page sends an anonymous
// visitor to the login page (or is refused as undecidable); none fetches the page from the
// origin.
func TestGuardRefusesPathConfusion(t *testing.T) {
	g, origin := recordedGateway(t, localIdentity())
	tests := []struct {
		name, path string
		// refused: the path cannot be decided safely (400); otherwise the login redirect.
		refused bool
	}{
		{"the page itself", "/en-gb/documents/", false},
		{"upper-case locale", "/EN-GB/documents/", false},
		{"upper-case page", "/en-gb/DOCUMENTS/", false},
		{"doubled leading slash", "//en-gb/documents/", false},
		{"doubled inner slash", "/en-gb//documents/", false},
		{"dot segment first", "/./en-gb/documents/", false},
		{"dot-dot segment first", "/x/../en-gb/documents/", false},
		{"encoded dot-dot", "/x/%2e%2e/en-gb/documents/", false},
		{"encoded dot", "/en-gb/%2E/documents/", false},
		{"path parameter on the locale", "/en-gb;/documents/", false},
		{"named path parameter on the locale", "/en-gb;jsessionid=1/documents/", false},
		{"path parameter on the page", "/en-gb/documents;x=1/", false},
		{"encoded slash", "/en-gb%2fdocuments/", false},
		{"encoded upper-case slash", "/en-gb%2Fdocuments/", false},
		{"backslash", "/en-gb\\documents\\", false},
		{"encoded backslash", "/en-gb%5cdocuments/", false},
		{"encoded letters", "/%65n-gb/%64ocuments/", false},
		{"no locale, upper case", "/DOCUMENTS", false},
		{"encoded slash before dot-dot", "/x/..%2fen-gb/documents/", true},
		{"encoded upper-case slash before dot-dot", "/x/..%2Fen-gb/documents/", true},
		{"backslash before dot-dot", "/x\\..\\en-gb/documents/", true},
		{"dot-dot with a path parameter", "/x/..;/en-gb/documents/", true},
		{"double-encoded slash", "/x/..%252fen-gb/documents/", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := g.do(request(http.MethodGet, tt.path, nil))
			if seen := origin.take(); len(seen) != 0 {
				t.Fatalf("GET %s reached the origin as %s (answered %d): the guard was bypassed", tt.path, seen[0].path, res.StatusCode)
			}
			if tt.refused {
				if res.StatusCode != http.StatusBadRequest {
					t.Errorf("GET %s: %d, want 400 for a path that cannot be decided", tt.path, res.StatusCode)
				}
				return
			}
			if res.StatusCode != http.StatusFound || !strings.HasPrefix(res.Header.Get("Location"), "/en-gb/login/?return=") && !strings.HasPrefix(res.Header.Get("Location"), "/login/?return=") {
				t.Errorf("GET %s: %d to %q (%s), want 302 to the login page", tt.path, res.StatusCode, res.Header.Get("Location"), body)
			}
		})
	}
}

// TestRelayPrefixCannotBeDodged: every spelling of the relay prefix is a relay request: an
// anonymous one gets the relay's 401, a logged-in one reaches the upstream with the session's
// token in place of the browser's. None reaches the content origin as a page carrying the
// browser's own Authorization header. A dot-dot hidden in an encoded slash, which would take
// the token outside the prefix, is refused.
func TestRelayPrefixCannotBeDodged(t *testing.T) {
	api := newAPIUpstream(t)
	id := localIdentity()
	id.APIRelay = "/rest/open_api/v2"
	id.APIRelayUpstream = api.URL
	g, origin := recordedGateway(t, id)
	s, cookie := g.plantSession("4711", time.Hour)
	apiSeen := func() []*http.Request {
		all := api.seen.all()
		api.seen.mu.Lock()
		api.seen.seen = nil
		api.seen.mu.Unlock()
		return all
	}
	tests := []struct {
		name, path string
		refused    bool
	}{
		{"the prefix itself", "/rest/open_api/v2/x", false},
		{"upper case", "/REST/open_api/v2/x", false},
		{"mixed case", "/Rest/Open_API/V2/x", false},
		{"doubled leading slash", "//rest/open_api/v2/x", false},
		{"doubled inner slash", "/rest//open_api/v2/x", false},
		{"dot-dot first", "/x/../rest/open_api/v2/x", false},
		{"dot segment", "/rest/./open_api/v2/x", false},
		{"path parameter", "/rest;/open_api/v2/x", false},
		{"encoded slash", "/rest%2fopen_api/v2/x", false},
		{"backslash", "/rest\\open_api\\v2\\x", false},
		{"encoded dot-dot out of the prefix", "/rest/open_api/v2/..%2f..%2fx", true},
		{"encoded upper-case dot-dot out of the prefix", "/rest/open_api/v2/..%2F..%2Fx", true},
		{"dot-dot with a path parameter", "/rest/open_api/v2/..;/..;/x", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Anonymous: the relay answers 401 itself.
			r := request(http.MethodGet, tt.path, nil)
			r.Header.Set("Authorization", "Bearer forged")
			res, body := g.do(r)
			if seen := origin.take(); len(seen) != 0 {
				t.Fatalf("anonymous GET %s reached the content origin as %s with Authorization %q (answered %d)", tt.path, seen[0].path, seen[0].authorization, res.StatusCode)
			}
			if seen := apiSeen(); len(seen) != 0 {
				t.Fatalf("anonymous GET %s reached the API as %s with Authorization %q (answered %d)", tt.path, seen[0].URL.Path, seen[0].Header.Get("Authorization"), res.StatusCode)
			}
			want := http.StatusUnauthorized
			if tt.refused {
				want = http.StatusBadRequest
			}
			if res.StatusCode != want {
				t.Fatalf("anonymous GET %s: %d %s, want %d", tt.path, res.StatusCode, body, want)
			}
			// Logged in: the upstream gets the session's token, never the browser's.
			r = request(http.MethodGet, tt.path, cookie)
			r.Header.Set("Authorization", "Bearer forged")
			res, _ = g.do(r)
			if seen := origin.take(); len(seen) != 0 {
				t.Fatalf("GET %s with a session reached the content origin as %s", tt.path, seen[0].path)
			}
			seen := apiSeen()
			if tt.refused {
				if res.StatusCode != http.StatusBadRequest || len(seen) != 0 {
					t.Fatalf("GET %s with a session: %d, %d requests to the API; want 400 and none", tt.path, res.StatusCode, len(seen))
				}
				return
			}
			if len(seen) != 1 || seen[0].Header.Get("Authorization") != "Bearer "+s.Tokens.AccessToken {
				t.Fatalf("GET %s with a session: the API saw %d requests, want one with the session's token", tt.path, len(seen))
			}
		})
	}
}

// TestOwnRoutesCannotBeDodged: the gateway's own routes answer under every spelling of
// /_shell/, and such a request never goes on to the origin.
func TestOwnRoutesCannotBeDodged(t *testing.T) {
	for _, withIdentity := range []bool{false, true} {
		var id *identity.Config
		if withIdentity {
			id = localIdentity()
		}
		g, origin := recordedGateway(t, id)
		for _, path := range []string{
			"/_shell/state", "/_SHELL/state", "/_shell/STATE", "//_shell/state", "/_shell//state",
			"/x/../_shell/state", "/_shell/./state", "/_shell;/state", "/%5fshell/state", "/_shell%2fstate",
			"/_Shell/healthz",
		} {
			res, body := g.do(request(http.MethodGet, path, nil))
			if seen := origin.take(); len(seen) != 0 {
				t.Errorf("identity %v: GET %s went on to the origin as %s", withIdentity, path, seen[0].path)
				continue
			}
			var doc map[string]any
			if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &doc) != nil {
				t.Errorf("identity %v: GET %s: %d %.80s, want the own route's JSON", withIdentity, path, res.StatusCode, body)
			}
		}
		// An asset keeps its name's case: hashed names are mixed case.
		asset := assetInHead.FindString(string(g.h.bundle.Head("de-DE", "")))
		if asset == "" {
			t.Fatal("no asset in the shell's head")
		}
		upper := "/_SHELL/Assets/" + strings.TrimPrefix(asset, assetPrefix)
		if res, _ := g.do(request(http.MethodGet, upper, nil)); res.StatusCode != http.StatusOK {
			t.Errorf("identity %v: GET %s: %d, want the asset", withIdentity, upper, res.StatusCode)
		}
		if seen := origin.take(); len(seen) != 0 {
			t.Errorf("identity %v: an asset request went on to the origin", withIdentity)
		}
	}
}

var assetInHead = regexp.MustCompile(`/_shell/assets/[^"']+`)

// TestUndecidablePathsAreRefused: a path with a NUL or a control character, encoded or not,
// or with an encoded dot-dot the origin may or may not resolve, is refused with 400 before
// anything else, whether logins are on or not.
func TestUndecidablePathsAreRefused(t *testing.T) {
	for _, withIdentity := range []bool{false, true} {
		var id *identity.Config
		if withIdentity {
			id = localIdentity()
		}
		g, origin := recordedGateway(t, id)
		for _, path := range []string{
			"/festgeld/%00", "/festgeld%00.html", "/%00/../documents/", "/festgeld/%0a", "/festgeld/%7f",
			"/festgeld/..%2f..%2fdocuments/", "/festgeld/%2e%2e%2fdocuments/", "/festgeld/..%5cdocuments",
			"/documents/..;/festgeld/", "/festgeld/%252e%252e/x",
		} {
			res, _ := g.do(request(http.MethodGet, path, nil))
			if seen := origin.take(); len(seen) != 0 {
				t.Errorf("identity %v: GET %s went on to the origin as %s", withIdentity, path, seen[0].path)
			}
			if res.StatusCode != http.StatusBadRequest {
				t.Errorf("identity %v: GET %s: %d, want 400", withIdentity, path, res.StatusCode)
			}
		}
		// Ordinary pages still go through.
		res, _ := g.do(request(http.MethodGet, "/festgeld/", nil))
		if res.StatusCode != http.StatusOK || len(origin.take()) != 1 {
			t.Errorf("identity %v: a public page: %d, want it from the origin", withIdentity, res.StatusCode)
		}
	}
}
