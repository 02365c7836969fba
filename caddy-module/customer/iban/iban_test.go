package iban

import (
	"errors"
	"strings"
	"testing"
	"unicode"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in, grouped, electronic string
		err                     error
	}{
		{"DE89370400440532013000", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000", nil},
		{"de89 3704 0044 0532 0130 00", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000", nil},
		{"GB82 WEST 1234 5698 7654 32", "GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", nil},
		{"NL91ABNA0417164300", "NL91 ABNA 0417 1643 00", "NL91ABNA0417164300", nil},
		{"NO9386011117947", "NO93 8601 1117 947", "NO9386011117947", nil},
		{"FR1420041010050500013M02606", "FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606", nil},
		{"MT84MALT011000012345MTLCAST001S", "MT84 MALT 0110 0001 2345 MTLC AST0 01S", "MT84MALT011000012345MTLCAST001S", nil},
		{"DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000", nil},
		{"DE88370400440532013000", "", "", ErrChecksum}, // one check digit off
		{"DE89370400440532013001", "", "", ErrChecksum}, // one account digit off
		{"DE8937040044053201300", "", "", ErrLength},    // one short
		{"DE893704004405320130000", "", "", ErrLength},  // one long
		{"XX89370400440532013000", "", "", ErrCountry},  // no such country
		{"DE89-3704-0044-0532-0130-00", "", "", ErrCharacters},
		{"DEAB370400440532013000", "", "", ErrChecksum}, // check digits must be digits
		{"", "", "", ErrLength},
		{"DE", "", "", ErrLength},
		{"12345678", "", "", ErrCountry},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("Parse(%q) error = %v, want %v", tt.in, err, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		if got.Grouped() != tt.grouped || got.Electronic() != tt.electronic {
			t.Errorf("Parse(%q) = %q / %q, want %q / %q", tt.in, got.Grouped(), got.Electronic(), tt.grouped, tt.electronic)
		}
		if got.Country() != tt.electronic[:2] {
			t.Errorf("Parse(%q).Country() = %q", tt.in, got.Country())
		}
	}
}

// FuzzParse checks the rules Parse states on any input: what it accepts has its country's
// length and valid check digits, reads back the same from either form, and its forms differ
// only in spaces.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"DE89370400440532013000", "GB82 WEST 1234 5698 7654 32", "NO9386011117947", "", "DE", "de89 3704"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err != nil {
			return
		}
		e := n.Electronic()
		if len(e) != lengths[e[:2]] {
			t.Fatalf("Parse(%q) accepted %q of length %d", s, e, len(e))
		}
		if mod97(e) != 1 {
			t.Fatalf("Parse(%q) accepted %q with wrong check digits", s, e)
		}
		for _, r := range e {
			if !(r >= '0' && r <= '9') && !(r >= 'A' && r <= 'Z') {
				t.Fatalf("Parse(%q).Electronic() = %q has %q", s, e, r)
			}
		}
		if strings.ReplaceAll(n.Grouped(), " ", "") != e {
			t.Fatalf("Grouped %q and Electronic %q differ beyond spaces", n.Grouped(), e)
		}
		for _, form := range []string{e, n.Grouped(), strings.ToLower(n.Grouped())} {
			again, err := Parse(form)
			if err != nil || again != n {
				t.Fatalf("Parse(%q) of its own form gave %v, %v", form, again, err)
			}
		}
		if strings.IndexFunc(n.Grouped(), unicode.IsLower) >= 0 {
			t.Fatalf("Grouped %q has lower case", n.Grouped())
		}
	})
}
