package session

import (
	"context"
	"net"
	"net/http"
	"strings"
)

// Cookie names. The __Host- prefix makes the browser refuse the cookie unless it is Secure,
// host-only and Path=/, so a sibling subdomain cannot plant or shadow it. Plain HTTP cannot
// carry a Secure cookie, so local development on http://localhost uses the bare name.
const (
	CookieName      = "__Host-shellgate"
	LocalCookieName = "shellgate"
)

// IsHTTPS tells whether the browser's request was HTTPS: it reached the edge over TLS, or a
// proxy the operator trusts terminated TLS in front of it (see BehindTLS).
func IsHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	forwarded, _ := r.Context().Value(behindTLSKey{}).(bool)
	return forwarded
}

// Scheme is the scheme the browser used for r, "https" or "http" (see IsHTTPS): for URLs
// back to the same site and for comparing an Origin header with it.
func Scheme(r *http.Request) string {
	if IsHTTPS(r) {
		return "https"
	}
	return "http"
}

type behindTLSKey struct{}

// BehindTLS marks r as having come over HTTPS to a trusted proxy that terminated TLS (a load
// balancer or ingress), so the session cookie is the Secure __Host- one although the edge saw
// plain HTTP. The caller decides whom to trust; this package cannot.
func BehindTLS(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), behindTLSKey{}, true))
}

// IsLocalhost tells whether the request is for localhost, *.localhost or a loopback address.
func IsLocalhost(r *http.Request) bool {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// cookieName is the name this request's session cookie has: "" when the request can carry
// none (plain HTTP off localhost).
func cookieName(r *http.Request) string {
	switch {
	case IsHTTPS(r):
		return CookieName
	case IsLocalhost(r):
		return LocalCookieName
	default:
		return ""
	}
}

// NewCookie returns the session cookie carrying id for this request: __Host-shellgate with
// Secure over HTTPS, shellgate without Secure on plain-HTTP localhost. Both are HttpOnly,
// SameSite=Lax, Path=/ and last for the browser session (the store's idle expiry ends the
// session). ok is false on plain HTTP off localhost, where no session cookie may be set.
func NewCookie(r *http.Request, id string) (c *http.Cookie, ok bool) {
	name := cookieName(r)
	if name == "" {
		return nil, false
	}
	return &http.Cookie{
		Name:     name,
		Value:    id,
		Path:     "/",
		Secure:   name == CookieName,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
	}, true
}

// ClearCookie returns the cookie that removes this request's session cookie (logout).
func ClearCookie(r *http.Request) (c *http.Cookie, ok bool) {
	c, ok = NewCookie(r, "")
	if ok {
		c.MaxAge = -1
	}
	return c, ok
}

// ReadCookie returns the session id the request carries. Only a well-formed id counts; the
// bare local name counts only on plain-HTTP localhost, so it cannot stand in for the
// __Host- cookie on a real site.
func ReadCookie(r *http.Request) (id string, ok bool) {
	name := cookieName(r)
	if name == "" {
		return "", false
	}
	// Several cookies of one name can arrive (e.g. set for a parent path); take the first
	// well-formed one.
	for _, c := range r.CookiesNamed(name) {
		if ValidID(c.Value) {
			return c.Value, true
		}
	}
	return "", false
}
