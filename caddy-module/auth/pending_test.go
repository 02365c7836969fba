package auth_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth"
	"github.com/shellgate/shellgate/caddy-module/session"
)

func sealer(t *testing.T, key byte) *session.Sealer {
	t.Helper()
	s, err := session.NewSealer([][]byte{bytes.Repeat([]byte{key}, 32)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPendingSurvivesTheCookie(t *testing.T) {
	s := sealer(t, 1)
	now := time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)
	p := auth.Pending{State: "st", Nonce: "no", Verifier: "ve", RedirectURL: callback, ReturnTo: "/de-de/documents", Product: "term", RegFlow: "dkb_retail", Region: "DEU", Created: now.Unix()}
	value, err := auth.SealPending(s, p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(value, "/de-de") || strings.Contains(value, "dkb") {
		t.Errorf("the cookie value shows its content: %s", value)
	}
	if len(value) > 600 {
		t.Errorf("sealed pending login is %d bytes; a cookie should stay small", len(value))
	}
	got, err := auth.OpenPending(s, value, now.Add(auth.PendingTTL-time.Second))
	if err != nil || got != p {
		t.Fatalf("OpenPending = %+v, %v; want %+v", got, err, p)
	}

	tests := []struct {
		name   string
		sealer *session.Sealer
		value  string
		now    time.Time
	}{
		{"expired", s, value, now.Add(auth.PendingTTL + time.Second)},
		{"from the future", s, value, now.Add(-2 * time.Minute)},
		{"other key", sealer(t, 2), value, now},
		{"tampered", s, value[:len(value)-2] + "AA", now},
		{"empty", s, "", now},
		{"not base64", s, "%%%", now},
		{"too long", s, strings.Repeat("A", 5000), now},
		{"session value", s, s.SealString("session", []byte(`{"s":"st","n":"no","v":"ve","u":"x","t":1}`)), now},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := auth.OpenPending(tt.sealer, tt.value, tt.now)
			wantKind(t, err, auth.ErrLoginFailed)
		})
	}
}

func FuzzOpenPending(f *testing.F) {
	s, _ := session.NewSealer([][]byte{bytes.Repeat([]byte{1}, 32)})
	good, _ := auth.SealPending(s, auth.Pending{State: "a", Nonce: "b", Verifier: "c", RedirectURL: "d", Created: 1})
	f.Add(good)
	f.Add("")
	f.Add(s.SealString("shellgate pending login v1", []byte(`{"s":"a"}`)))
	f.Fuzz(func(t *testing.T, value string) {
		p, err := auth.OpenPending(s, value, time.Unix(1, 0))
		if err == nil && (p.State == "" || p.Nonce == "" || p.Verifier == "" || p.RedirectURL == "") {
			t.Fatalf("accepted an incomplete pending login %+v", p)
		}
	})
}
