package session

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestNewID(t *testing.T) {
	seen := make(map[string]bool)
	for range 1000 {
		id := NewID()
		if !ValidID(id) {
			t.Fatalf("NewID() = %q is not a valid id", id)
		}
		if len(id) != 43 {
			t.Fatalf("NewID() = %q has %d characters, want 43 (256 bits, base64url, no padding)", id, len(id))
		}
		if seen[id] {
			t.Fatalf("NewID() repeated %q", id)
		}
		seen[id] = true
	}
}

func TestValidID(t *testing.T) {
	good := NewID()
	tests := []struct {
		id   string
		want bool
	}{
		{good, true},
		{"", false},
		{good[:42], false},
		{good + "A", false},
		{good + "=", false},
		{strings.Repeat("A", 43), true},
		{strings.Repeat("A", 42) + "B", false}, // non-zero trailing bits: a second spelling of an id
		{strings.Repeat("A", 42) + "E", true},
		{strings.Repeat("+", 43), false}, // standard alphabet, not URL
		{strings.Repeat("/", 43), false},
		{strings.Repeat("A", 41) + "\x00A", false},
	}
	for _, tt := range tests {
		if got := ValidID(tt.id); got != tt.want {
			t.Errorf("ValidID(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func request(url string, tlsOn bool, cookies ...*http.Cookie) *http.Request {
	r := httptest.NewRequest(http.MethodGet, url, nil)
	if tlsOn {
		r.TLS = &tls.ConnectionState{}
	} else {
		r.TLS = nil
	}
	for _, c := range cookies {
		r.AddCookie(c)
	}
	return r
}

func TestNewCookie(t *testing.T) {
	id := NewID()
	tests := []struct {
		name       string
		r          *http.Request
		wantOK     bool
		wantName   string
		wantSecure bool
	}{
		{"HTTPS market host", request("https://www.example.de/", true), true, "__Host-shellgate", true},
		{"HTTPS localhost still uses the prefix", request("https://localhost/", true), true, "__Host-shellgate", true},
		{"plain HTTP localhost", request("http://localhost:8080/", false), true, "shellgate", false},
		{"plain HTTP market.localhost", request("http://de.localhost:8080/", false), true, "shellgate", false},
		{"plain HTTP loopback IPv4", request("http://127.0.0.1:9080/", false), true, "shellgate", false},
		{"plain HTTP loopback IPv6", request("http://[::1]:9080/", false), true, "shellgate", false},
		{"plain HTTP public host: no cookie", request("http://www.example.de/", false), false, "", false},
		{"plain HTTP localhost look-alike: no cookie", request("http://localhost.example.com/", false), false, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := NewCookie(tt.r, id)
			if ok != tt.wantOK {
				t.Fatalf("NewCookie ok = %v, want %v", ok, tt.wantOK)
			}
			if !ok {
				return
			}
			if c.Name != tt.wantName || c.Secure != tt.wantSecure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" || c.Value != id {
				t.Errorf("NewCookie = %s; want %s, Secure=%v, HttpOnly, SameSite=Lax, Path=/, host-only", c.String(), tt.wantName, tt.wantSecure)
			}
			// The browser must get back exactly what it is asked to store.
			back := request(tt.r.URL.String(), tt.r.TLS != nil, c)
			back.Host = tt.r.Host
			if got, ok := ReadCookie(back); !ok || got != id {
				t.Errorf("ReadCookie after NewCookie = %q, %v; want the id back", got, ok)
			}
			clear, ok := ClearCookie(tt.r)
			if !ok || clear.Name != c.Name || clear.MaxAge >= 0 || clear.Path != "/" || clear.Secure != c.Secure {
				t.Errorf("ClearCookie = %v, %v; want the same cookie with Max-Age<0", clear, ok)
			}
		})
	}
}

func TestReadCookie(t *testing.T) {
	id := NewID()
	tests := []struct {
		name   string
		r      *http.Request
		wantID string
	}{
		{"prefixed cookie over HTTPS", request("https://www.example.de/", true, &http.Cookie{Name: CookieName, Value: id}), id},
		{"bare cookie over HTTPS is ignored (could be planted by a sibling host)",
			request("https://www.example.de/", true, &http.Cookie{Name: LocalCookieName, Value: id}), ""},
		{"bare cookie on plain localhost", request("http://localhost/", false, &http.Cookie{Name: LocalCookieName, Value: id}), id},
		{"bare cookie on a plain public host", request("http://www.example.de/", false, &http.Cookie{Name: LocalCookieName, Value: id}), ""},
		{"tampered value", request("https://www.example.de/", true, &http.Cookie{Name: CookieName, Value: id[:42] + "!"}), ""},
		{"truncated value", request("https://www.example.de/", true, &http.Cookie{Name: CookieName, Value: id[:40]}), ""},
		{"first well-formed of several", request("https://www.example.de/", true,
			&http.Cookie{Name: CookieName, Value: "junk"}, &http.Cookie{Name: CookieName, Value: id}), id},
		{"no cookie", request("https://www.example.de/", true), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ReadCookie(tt.r)
			if got != tt.wantID || ok != (tt.wantID != "") {
				t.Errorf("ReadCookie = %q, %v; want %q", got, ok, tt.wantID)
			}
		})
	}
}

func FuzzReadCookie(f *testing.F) {
	f.Add("__Host-shellgate="+NewID(), true)
	f.Add("shellgate="+NewID()+"; other=1", false)
	f.Add("__Host-shellgate=; __Host-shellgate=\x00", true)
	f.Add("", false)
	f.Fuzz(func(t *testing.T, header string, https bool) {
		r := request("http://localhost/", https)
		r.Header.Set("Cookie", header)
		id, ok := ReadCookie(r)
		if ok != (id != "") {
			t.Fatalf("ReadCookie(%q) = %q, %v: ok must match a non-empty id", header, id, ok)
		}
		if ok && !ValidID(id) {
			t.Fatalf("ReadCookie(%q) accepted %q, which NewID could not have made", header, id)
		}
		if ok && !strings.Contains(header, id) {
			t.Fatalf("ReadCookie(%q) returned %q, which is not in the header", header, id)
		}
	})
}

func TestScheme(t *testing.T) {
	tests := []struct {
		name      string
		tls       bool
		behindTLS bool
		want      string
	}{
		{"plain HTTP", false, false, "http"},
		{"TLS at the edge", true, false, "https"},
		{"TLS ended by a trusted proxy", false, true, "https"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := request("http://shop.example/", tt.tls)
			if tt.behindTLS {
				r = BehindTLS(r)
			}
			if got := Scheme(r); got != tt.want {
				t.Errorf("Scheme = %q, want %q", got, tt.want)
			}
		})
	}
}
