package session

import (
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPackSessionRoundTrip(t *testing.T) {
	real := customerSession(1, "sid", now)
	tokens := []struct {
		name                 string
		access, refresh, idt string
	}{
		{"Keycloak-sized JWTs", real.Tokens.AccessToken, real.Tokens.RefreshToken, real.Tokens.IDToken},
		{"opaque tokens", "2YotnFZFEjr1zCsicMWpAA", "tGzv3JOkF0XG5Qx2TlKWIA", ""},
		{"no tokens", "", "", ""},
		{"padded segment is not canonical: kept as text", "e30=.e30=.c2ln", "", ""},
		{"non-zero trailing bits: kept as text", "e30.e31.c2lnbg", "", ""},
		{"four segments (JWE-like): kept as text", "a.b.c.d", "", ""},
		{"two dots, empty segments", "..", "", "."},
		{"unsigned JWT (alg none)", jwt(`{"exp":1}`)[:len(jwt(`{"exp":1}`))-len("c2lnbmF0dXJl")], "", ""},
		{"non-ASCII", "tøken.☃.x", "\x00\xff", "日本"},
	}
	for _, tt := range tokens {
		t.Run(tt.name, func(t *testing.T) {
			s := real.clone()
			s.Tokens.AccessToken, s.Tokens.RefreshToken, s.Tokens.IDToken = tt.access, tt.refresh, tt.idt
			packed, err := packSession(s)
			if err != nil {
				t.Fatalf("packSession: %v", err)
			}
			got, err := unpackSession(packed)
			if err != nil {
				t.Fatalf("unpackSession: %v", err)
			}
			if got.ID != "" {
				t.Errorf("packed record carries the id %q; the stores key records by it", got.ID)
			}
			got.ID = s.ID
			sameSession(t, got, s)
		})
	}
}

func TestPackSessionSize(t *testing.T) {
	s := customerSession(1, NewID(), now)
	raw := len(s.Tokens.AccessToken) + len(s.Tokens.RefreshToken) + len(s.Tokens.IDToken)
	packed, err := packSession(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tokens %d B as text, whole record packed %d B", raw, len(packed))
	if len(packed) > raw/2 {
		t.Errorf("packed record %d B, more than half the %d B of token text: packing lost its point", len(packed), raw)
	}
}

func TestUnpackSessionRejectsDamage(t *testing.T) {
	packed, _ := packSession(customerSession(1, "sid", now))
	for _, bad := range [][]byte{nil, {0xff}, packed[:10], packed[:len(packed)/2], append([]byte{0x05}, packed...)} {
		if _, err := unpackSession(bad); err == nil {
			t.Errorf("unpackSession accepted %d damaged bytes", len(bad))
		}
	}
}

func FuzzPackSession(f *testing.F) {
	s := customerSession(1, "sid", now)
	f.Add(s.Tokens.AccessToken, s.Tokens.RefreshToken, "x")
	f.Add("a.b.c", "..", "")
	f.Add(base64.RawURLEncoding.EncodeToString([]byte("{}"))+".e30.", "", "")
	f.Fuzz(func(t *testing.T, access, refresh, idt string) {
		in := &Session{Tokens: Tokens{AccessToken: access, RefreshToken: refresh, IDToken: idt, Expiry: now, IssuedAt: now.Add(-time.Minute)}}
		packed, err := packSession(in)
		if err != nil {
			t.Skip() // tokens JSON cannot carry (invalid UTF-8) never reach the store as tokens
		}
		out, err := unpackSession(packed)
		if err != nil {
			t.Fatalf("unpack of a fresh pack: %v", err)
		}
		if out.Tokens.AccessToken != access || out.Tokens.RefreshToken != refresh || out.Tokens.IDToken != idt {
			t.Fatalf("round trip changed the tokens: %q %q %q -> %q %q %q", access, refresh, idt,
				out.Tokens.AccessToken, out.Tokens.RefreshToken, out.Tokens.IDToken)
		}
	})
}

func BenchmarkPackSession(b *testing.B) {
	s := customerSession(1, NewID(), now)
	packed, _ := packSession(s)
	b.Run("pack", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := packSession(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("unpack", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := unpackSession(packed); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Damaged or foreign bytes give an error, never a panic or a session.
func FuzzUnpackSession(f *testing.F) {
	packed, _ := packSession(customerSession(1, "sid", now))
	f.Add(packed)
	f.Add(packed[:len(packed)/2])
	f.Add([]byte{packFormat, 0})
	f.Add([]byte{packFormat, 0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := unpackSession(b)
		if (s == nil) == (err == nil) {
			t.Fatalf("unpackSession = %v, %v: want exactly one of a session or an error", s, err)
		}
	})
}

// A record packed before ActingCustomerNumber existed (testdata, written by that version)
// still opens, shows its own customer, and survives a round trip with the new field.
func TestPackedRecordFromBeforeAccountSwitching(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "record-before-acting-customer.hex"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := hex.DecodeString(strings.TrimSpace(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := unpackSession(old)
	if err != nil {
		t.Fatalf("an old record no longer opens: %v", err)
	}
	if s.CustomerNumber != "DE5000011" || s.ActingCustomerNumber != "" || s.ShownCustomerNumber() != "DE5000011" {
		t.Errorf("old record: customer %q acting %q shown %q, want its own DE5000011", s.CustomerNumber, s.ActingCustomerNumber, s.ShownCustomerNumber())
	}
	if s.Tokens.AccessToken == "" || s.Subject == "" {
		t.Errorf("old record lost its tokens or subject: %+v", s)
	}
	s.ActingCustomerNumber = "DE5000012"
	packed, err := packSession(s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := unpackSession(packed)
	if err != nil {
		t.Fatal(err)
	}
	if got.ShownCustomerNumber() != "DE5000012" || got.CustomerNumber != "DE5000011" {
		t.Errorf("after a switch: shown %q own %q, want DE5000012 and DE5000011", got.ShownCustomerNumber(), got.CustomerNumber)
	}
}

// A record packed before AuthTime existed (the same old testdata) still opens, and its
// login counts from CreatedAt; a new record keeps its AuthTime through a round trip.
func TestPackedRecordWithoutAuthTimeCountsFromCreatedAt(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "record-before-acting-customer.hex"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := hex.DecodeString(strings.TrimSpace(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := unpackSession(old)
	if err != nil {
		t.Fatalf("an old record no longer opens: %v", err)
	}
	if !s.AuthTime.IsZero() || s.CreatedAt.IsZero() || !s.LoginTime().Equal(s.CreatedAt) {
		t.Fatalf("old record: auth time %s created %s login time %s, want the login counted from CreatedAt", s.AuthTime, s.CreatedAt, s.LoginTime())
	}
	s.AuthTime = s.CreatedAt.Add(-time.Minute).Truncate(time.Second)
	packed, err := packSession(s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := unpackSession(packed)
	if err != nil {
		t.Fatal(err)
	}
	if !got.LoginTime().Equal(s.AuthTime) {
		t.Errorf("after a round trip the login time is %s, want the auth time %s", got.LoginTime(), s.AuthTime)
	}
}

// jwt builds an unsigned-looking JWT with the payload as given (raw JSON text).
func jwt(payload string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"RS256","typ":"JWT"}`)) + "." + enc([]byte(payload)) + ".c2lnbmF0dXJl"
}
