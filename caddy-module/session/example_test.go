package session_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// A page request with a session whose token has 60 s left: the edge refreshes it once, under
// the session's lock, and every concurrent request gets the new tokens.
func ExampleRefreshOnce() {
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	store := session.NewMemoryStore(session.MemoryOptions{Clock: func() time.Time { return now }})

	s := &session.Session{
		ID: session.NewID(),
		Tokens: session.Tokens{
			AccessToken: "access-1", RefreshToken: "refresh-1",
			IssuedAt: now.Add(-4 * time.Minute), Expiry: now.Add(time.Minute), AZP: "login",
		},
		LastActivity: now,
		AutoExtend:   true,
	}
	_ = store.Save(ctx, s)

	due := func(s *session.Session) bool { return session.TimingOf(s, now, session.Lifecycle{}).RefreshDue }
	refresh := func(ctx context.Context, s *session.Session) (*session.Session, error) {
		// Here the edge calls the provider's token endpoint with s.Tokens.RefreshToken.
		n := *s
		n.Tokens.AccessToken, n.Tokens.RefreshToken = "access-2", "refresh-2"
		n.Tokens.IssuedAt, n.Tokens.Expiry = now, now.Add(5*time.Minute)
		return &n, nil
	}

	got, err := session.RefreshOnce(ctx, store, s.ID, due, refresh)
	if err != nil {
		fmt.Println("log out:", err)
		return
	}
	t := session.TimingOf(got, now, session.Lifecycle{})
	fmt.Println(got.Tokens.AccessToken, t.TokenRemaining, t.RefreshDue)
	// Output: access-2 5m0s false
}

// Session keys from configuration: the first seals, all open; a wrong key says what to do.
func ExampleParseKeys() {
	keys, err := session.ParseKeys("q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = session.NewSealer(keys)
	fmt.Println(len(keys), err)

	_, err = session.ParseKeys("c2hvcnQ=")
	fmt.Println(err)
	// Output:
	// 1 <nil>
	// session key 1 is 5 bytes: it must be 32 random bytes in base64 (44 characters with padding); generate one with `openssl rand -base64 32`
}

// The session cookie over HTTPS and on plain-HTTP localhost.
func ExampleNewCookie() {
	id := session.NewID()
	for _, url := range []string{"https://www.example.de/", "http://de.localhost:8080/"} {
		r := httptest.NewRequest("GET", url, nil)
		c, _ := session.NewCookie(r, id)
		fmt.Println(strings.Replace(c.String(), id, "<id>", 1))
	}
	// Output:
	// __Host-shellgate=<id>; Path=/; HttpOnly; Secure; SameSite=Lax
	// shellgate=<id>; Path=/; HttpOnly; SameSite=Lax
}
