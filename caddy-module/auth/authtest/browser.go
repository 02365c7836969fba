package authtest

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// Browser is a cookie-keeping HTTP client that follows the provider's redirects itself and
// stops at the first redirect leaving the provider (the gateway's callback), the way a
// browser would arrive there.
type Browser struct {
	Client *http.Client
}

// NewBrowser returns a Browser with an empty cookie jar.
func NewBrowser() *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{Client: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

var formAction = regexp.MustCompile(`<form method="post" action="([^"]+)"`)

// Login opens authURL, submits the login form with username and password, and returns the
// URL the provider redirects to afterwards (the callback with code and state, or with an
// error), without requesting it.
func (b *Browser) Login(t testing.TB, authURL, username, password string) *url.URL {
	t.Helper()
	u, err := b.TryLogin(authURL, username, password)
	if err != nil {
		t.Fatalf("authtest: login as %s: %v", username, err)
	}
	return u
}

// TryLogin is Login returning the error instead of failing the test.
func (b *Browser) TryLogin(authURL, username, password string) (*url.URL, error) {
	start, err := url.Parse(authURL)
	if err != nil {
		return nil, err
	}
	resp, at, left, err := b.follow(http.MethodGet, start, nil)
	if err != nil {
		return nil, err
	}
	if left {
		return at, nil // the provider already had a session: straight back to the callback
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("expected the login form at %s, got HTTP %d: %s", at, resp.StatusCode, body)
	}
	m := formAction.FindSubmatch(body)
	if m == nil {
		return nil, fmt.Errorf("no login form at %s: %s", at, body)
	}
	action, err := at.Parse(html.UnescapeString(string(m[1])))
	if err != nil {
		return nil, err
	}
	form := url.Values{"username": {username}, "password": {password}}
	resp, at, left, err = b.follow(http.MethodPost, action, form)
	if err != nil {
		return nil, err
	}
	if !left {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return nil, fmt.Errorf("the provider did not redirect back after the form (HTTP %d at %s): %s", resp.StatusCode, at, body)
	}
	return at, nil
}

// follow requests u and follows redirects on u's origin. left reports that the last answer
// redirected to another origin; at is then that target.
func (b *Browser) follow(method string, u *url.URL, form url.Values) (resp *http.Response, at *url.URL, left bool, err error) {
	origin := u.Scheme + "://" + u.Host
	at = u
	for hop := 0; hop < 20; hop++ {
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		req, err := http.NewRequest(method, at.String(), body)
		if err != nil {
			return nil, at, false, err
		}
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.Header.Set("Accept", "text/html")
		resp, err = b.Client.Do(req)
		if err != nil {
			return nil, at, false, err
		}
		if resp.StatusCode < 300 || resp.StatusCode >= 400 {
			return resp, at, false, nil
		}
		resp.Body.Close()
		next, err := at.Parse(resp.Header.Get("Location"))
		if err != nil {
			return nil, at, false, err
		}
		at = next
		if next.Scheme+"://"+next.Host != origin {
			return resp, at, true, nil
		}
		if resp.StatusCode != http.StatusTemporaryRedirect && resp.StatusCode != http.StatusPermanentRedirect {
			method, form = http.MethodGet, nil
		}
	}
	return nil, at, false, fmt.Errorf("more than 20 redirects from %s", u)
}

// NeedsCredentials opens authURL (an authorization request) and tells whether the provider
// asks for a password (true) or, still holding a login session in this browser's cookies,
// sends the browser straight back to the client (false). It submits nothing.
func (b *Browser) NeedsCredentials(t testing.TB, authURL string) bool {
	t.Helper()
	start, err := url.Parse(authURL)
	if err != nil {
		t.Fatalf("authtest: %v", err)
	}
	resp, at, left, err := b.follow(http.MethodGet, start, nil)
	if err != nil {
		t.Fatalf("authtest: authorize at %s: %v", authURL, err)
	}
	if left {
		return false
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !formAction.Match(body) {
		t.Fatalf("authtest: neither a login form nor a redirect back at %s: HTTP %d %s", at, resp.StatusCode, body)
	}
	return true
}
