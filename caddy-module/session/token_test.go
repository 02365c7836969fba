package session

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"
)

// jwt builds an unsigned-looking JWT with the payload as given (raw JSON text).
func jwt(payload string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"RS256","typ":"JWT"}`)) + "." + enc([]byte(payload)) + ".c2lnbmF0dXJl"
}

func TestTokenTimes(t *testing.T) {
	exp := time.Unix(1795000300, 0).UTC()
	iat := time.Unix(1795000000, 0).UTC()
	tests := []struct {
		name    string
		token   string
		want    Times
		wantErr bool
	}{
		{
			name:  "exp, iat and azp",
			token: jwt(`{"exp":1795000300,"iat":1795000000,"azp":"portal","sub":"u1"}`),
			want:  Times{Expiry: exp, IssuedAt: iat, AZP: "portal"},
		},
		{
			name:  "no azp: client login",
			token: jwt(`{"exp":1795000300,"iat":1795000000}`),
			want:  Times{Expiry: exp, IssuedAt: iat, AZP: "login"},
		},
		{
			name:  "fractional seconds",
			token: jwt(`{"exp":1795000300.5,"iat":1795000000,"azp":"login"}`),
			want:  Times{Expiry: exp.Add(500 * time.Millisecond), IssuedAt: iat, AZP: "login"},
		},
		{
			name:  "padded payload segment is still read",
			token: "e30." + base64.URLEncoding.EncodeToString([]byte(`{"exp":1795000300,"iat":1795000000}`)) + ".x",
			want:  Times{Expiry: exp, IssuedAt: iat, AZP: "login"},
		},
		{
			name:    "missing iat: issuance 0, expiry kept",
			token:   jwt(`{"exp":1795000300}`),
			want:    Times{Expiry: exp, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "opaque token: all defaults",
			token:   "2YotnFZFEjr1zCsicMWpAA",
			want:    Times{Expiry: epoch, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "empty token",
			token:   "",
			want:    Times{Expiry: epoch, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "payload not base64",
			token:   "a.!!!.c",
			want:    Times{Expiry: epoch, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "payload not JSON",
			token:   "a." + base64.RawURLEncoding.EncodeToString([]byte("exp=1")) + ".c",
			want:    Times{Expiry: epoch, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "exp as a string",
			token:   jwt(`{"exp":"1795000300","iat":1795000000}`),
			want:    Times{Expiry: epoch, IssuedAt: iat, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "exp absurdly large",
			token:   jwt(`{"exp":1e300,"iat":1795000000}`),
			want:    Times{Expiry: epoch, IssuedAt: iat, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "payload null",
			token:   jwt(`null`),
			want:    Times{Expiry: epoch, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
		{
			name:    "negative iat",
			token:   jwt(`{"exp":1795000300,"iat":-5}`),
			want:    Times{Expiry: exp, IssuedAt: epoch, AZP: "login"},
			wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := TokenTimes(tt.token)
			if (err != nil) != tt.wantErr {
				t.Fatalf("TokenTimes error = %v, want error %v", err, tt.wantErr)
			}
			if !got.Expiry.Equal(tt.want.Expiry) || !got.IssuedAt.Equal(tt.want.IssuedAt) || got.AZP != tt.want.AZP {
				t.Errorf("TokenTimes = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestLocalFakeToken(t *testing.T) {
	tok, err := LocalFakeToken("local", now)
	if err != nil {
		t.Fatalf("LocalFakeToken(local): %v", err)
	}
	times, err := TokenTimes(tok)
	if err != nil {
		t.Fatalf("the edge cannot read its own fake token: %v", err)
	}
	s := &Session{Tokens: Tokens{Expiry: times.Expiry, IssuedAt: times.IssuedAt}, LastActivity: now}
	got := TimingOf(s, now, Lifecycle{Local: true, LocalTimeout: true})
	if got.TokenRemaining != 220*time.Second || got.LengthSeconds != 240 {
		t.Errorf("fake token: %v remaining, length %d s; want 220 s remaining of a 240 s session", got.TokenRemaining, got.LengthSeconds)
	}

	for _, env := range []string{"production", "staging", "development", ""} {
		if tok, err := LocalFakeToken(env, now); err == nil || tok != "" {
			t.Errorf("LocalFakeToken(%q) = %q, %v; want refusal off the local environment", env, tok, err)
		}
	}
}

func FuzzTokenTimes(f *testing.F) {
	f.Add(jwt(`{"exp":1795000300,"iat":1795000000,"azp":"portal"}`))
	f.Add(jwt(`{"exp":1e300}`))
	f.Add("a.b.c")
	f.Add("..")
	f.Add("")
	f.Fuzz(func(t *testing.T, token string) {
		got, err := TokenTimes(token)
		if got.AZP == "" {
			t.Fatalf("TokenTimes(%q) has no azp; the refresh call would send an empty client_id", token)
		}
		for _, v := range []time.Time{got.Expiry, got.IssuedAt} {
			if v.Before(epoch) || v.Year() > 9999 {
				t.Fatalf("TokenTimes(%q) = %v, outside 1970..9999", token, v)
			}
		}
		if len(strings.Split(token, ".")) != 3 && err == nil {
			t.Fatalf("TokenTimes(%q) read a token that is not three segments", token)
		}
		// Whatever came in, the lifecycle rules must give an answer without panicking.
		_ = TimingOf(&Session{Tokens: Tokens{Expiry: got.Expiry, IssuedAt: got.IssuedAt}}, now, Lifecycle{})
	})
}
