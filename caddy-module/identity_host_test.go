package shell

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// namesOnlyHost fails when a URL in a Location header, or the redirect_uri it carries, names
// a host other than want.
func namesOnlyHost(t *testing.T, res *http.Response, want ...string) {
	t.Helper()
	loc := res.Header.Get("Location")
	if loc == "" {
		return
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatalf("Location %q does not parse: %v", loc, err)
	}
	urls := []*url.URL{u}
	if ru := u.Query().Get("redirect_uri"); ru != "" {
		r, err := url.Parse(ru)
		if err != nil {
			t.Fatalf("redirect_uri %q does not parse: %v", ru, err)
		}
		urls = append(urls, r)
	}
	for i, x := range urls {
		if i == 0 && x.Host == "" {
			continue // a path on this site
		}
		ok := false
		for _, w := range want {
			ok = ok || x.Hostname() == w
		}
		if !ok {
			t.Errorf("the answer names host %q (%s), want one of %v", x.Host, loc, want)
		}
	}
}

// A hostile Host header never gets a login: the login start and the callback refuse it, and
// no redirect_uri or Location ever names a host that is not configured.
func TestHostileHostNeverBuildsTheLoginCallback(t *testing.T) {
	rig := newIdentityRig(t, 1, authtest.Options{}, nil)
	gw := rig.replicas[0]
	srv, _ := url.Parse(gw.srv.URL)
	idpHost := mustHost(t, rig.idp.Issuer)
	for _, host := range []string{
		"at.localhost:1,evil.example",
		"evil.example",
		"EXAMPLE.co.uk.evil.example",
		"user@evil.example",
		"localhost@evil.example",
		"evil.example.",
		"localhost.:" + srv.Port(),
		"localhost:" + srv.Port() + ":1",
		"localhost:+80",
	} {
		for _, path := range []string{"/login/", "/de-at/login", callbackPath + "?code=abc&state=" + strings.Repeat("A", 43)} {
			t.Run(host+" "+path, func(t *testing.T) {
				// Over HTTPS (a TLS connection, as a proxy's X-Forwarded-Proto makes it), where
				// a login on any host could set its cookie.
				req := session.BehindTLS(httptest.NewRequest(http.MethodGet, "https://127.0.0.1"+path, nil))
				req.Host = host
				res, body := gw.do(req)
				if res.StatusCode != http.StatusForbidden {
					t.Errorf("%d to %q (%s), want 403", res.StatusCode, res.Header.Get("Location"), body)
				}
				namesOnlyHost(t, res, idpHost)
			})
		}
	}

	// An absolute-form request target names the host Go takes as the request's Host.
	t.Run("absolute-form request target", func(t *testing.T) {
		raw := "GET https://evil.example/login/ HTTP/1.1\r\nHost: " + srv.Host + "\r\n\r\n"
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		if err != nil {
			t.Fatal(err)
		}
		req = session.BehindTLS(req)
		res, body := gw.do(req)
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%d to %q (%s), want 403", res.StatusCode, res.Header.Get("Location"), body)
		}
		namesOnlyHost(t, res, idpHost)
	})

	// The loopback host the tests run on (environment local) still logs in, in any case.
	for _, host := range []string{srv.Host, strings.ToUpper("localhost:" + srv.Port())} {
		req, _ := http.NewRequest(http.MethodGet, gw.srv.URL+"/login/", nil)
		req.Host = host
		res, body := send(t, newBrowser(), req)
		if res.StatusCode != http.StatusFound {
			t.Fatalf("Host %s: %d %s, want 302 to the provider", host, res.StatusCode, body)
		}
		namesOnlyHost(t, res, idpHost, strings.ToLower(strings.Split(host, ":")[0]))
	}
}

func mustHost(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Hostname()
}

// siteOrigin in production: configured hosts only, in any case and with a numeric port;
// loopback only outside production.
func TestSiteOriginNamesConfiguredHostsOnly(t *testing.T) {
	h := &Handler{Identity: &Identity{Environment: auth.EnvProduction, LoginHosts: []string{"www.Example.de"}}}
	h.resolver.Resolver = market.Resolver{Hosts: map[string]string{"example.co.uk": "en-GB"}}
	dev := &Handler{Identity: &Identity{Environment: "development"}}
	tests := []struct {
		h      *Handler
		host   string
		origin string // "" for refused
	}{
		{h, "example.co.uk", "http://example.co.uk"},
		{h, "EXAMPLE.CO.UK:8443", "http://example.co.uk:8443"},
		{h, "www.example.de", "http://www.example.de"},
		{h, "localhost:8080", ""}, // production: loopback needs an entry
		{h, "example.co.uk.evil.example", ""},
		{h, "evil.example.co.uk", ""},
		{h, "example.co.uk.", ""},
		{h, "example.co.uk:1,evil.example", ""},
		{h, "example.co.uk:0", ""},
		{h, "example.co.uk:65536", ""},
		{h, "example.co.uk:", ""},
		{h, "a@example.co.uk", ""},
		{h, "example.co.uk/evil", ""},
		{h, "", ""},
		{dev, "localhost:8080", "http://localhost:8080"},
		{dev, "at.localhost:8080", "http://at.localhost:8080"},
		{dev, "127.0.0.1:8080", "http://127.0.0.1:8080"},
		{dev, "[::1]:8080", "http://[::1]:8080"},
		{dev, "[0:0::1]", "http://[::1]"},
		{dev, "localhost.evil.example", ""},
		{dev, "evil.example", ""},
		{dev, "127.0.0.1.evil.example", ""},
		{dev, "[::1%evil.example]", ""},
		{dev, "[::1%25evil.example]", ""},
		{dev, "[::1", ""},
		{dev, "[::1]x", ""},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/login/", nil)
		r.Host = tt.host
		got, err := tt.h.siteOrigin(r)
		if got != tt.origin || (err == nil) != (tt.origin != "") {
			t.Errorf("%s Host %q: origin %q, err %v; want %q", tt.h.Identity.Environment, tt.host, got, err, tt.origin)
		}
	}
}

// A market link takes the configured host and the request's port only when that is a number.
func TestMarketLinkNeverNamesTheRequestsHost(t *testing.T) {
	h := marketHandler(t, "")
	for _, host := range []string{"at.localhost:1,evil.example", "localhost:8080@evil.example", "evil.example:80/x"} {
		r := httptest.NewRequest(http.MethodPost, "/_shell/market", strings.NewReader("locale=en-GB"))
		r.Host = host
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		if err := h.serveMarket(w, r); err != nil {
			t.Fatalf("Host %s: %v", host, err)
		}
		loc, err := url.Parse(w.Header().Get("Location"))
		if err != nil || loc.Hostname() != "gb.localhost" || loc.Port() != "" {
			t.Errorf("Host %s: the market link is %q, want http://gb.localhost/", host, w.Header().Get("Location"))
		}
	}
}
