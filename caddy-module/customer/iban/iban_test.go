package iban

import (
	"errors"
	"strings"
	"testing"
	"unicode"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in, grouped, electronic string
		invalid                       bool
	}{
		{name: "German", in: "DE89370400440532013000", grouped: "DE89 3704 0044 0532 0130 00", electronic: "DE89370400440532013000"},
		{name: "grouped, lower case", in: "de89 3704 0044 0532 0130 00", grouped: "DE89 3704 0044 0532 0130 00", electronic: "DE89370400440532013000"},
		{name: "British, letters in the BBAN", in: "GB82 WEST 1234 5698 7654 32", grouped: "GB82 WEST 1234 5698 7654 32", electronic: "GB82WEST12345698765432"},
		{name: "Dutch", in: "NL91ABNA0417164300", grouped: "NL91 ABNA 0417 1643 00", electronic: "NL91ABNA0417164300"},
		{name: "Norwegian, the shortest", in: "NO9386011117947", grouped: "NO93 8601 1117 947", electronic: "NO9386011117947"},
		{name: "French, a letter mid-account", in: "FR1420041010050500013M02606", grouped: "FR14 2004 1010 0505 0001 3M02 606", electronic: "FR1420041010050500013M02606"},
		{name: "Maltese, 31 characters", in: "MT84MALT011000012345MTLCAST001S", grouped: "MT84 MALT 0110 0001 2345 MTLC AST0 01S", electronic: "MT84MALT011000012345MTLCAST001S"},
		{name: "no-break spaces", in: "DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000", grouped: "DE89 3704 0044 0532 0130 00", electronic: "DE89370400440532013000"},
		{name: "one check digit off", in: "DE88370400440532013000", invalid: true},
		{name: "one account digit off", in: "DE89370400440532013001", invalid: true},
		{name: "one short", in: "DE8937040044053201300", invalid: true},
		{name: "one long", in: "DE893704004405320130000", invalid: true},
		{name: "no such country", in: "XX89370400440532013000", invalid: true},
		{name: "dashes", in: "DE89-3704-0044-0532-0130-00", invalid: true},
		{name: "check digits must be digits", in: "DEAB370400440532013000", invalid: true},
		{name: "right check digits, a letter where the German BBAN has digits", in: "DE59370400440532O13000", invalid: true},
		{name: "empty", in: "", invalid: true},
		{name: "a country alone", in: "DE", invalid: true},
		{name: "digits alone", in: "12345678", invalid: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.invalid {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("Parse(%q) = %q, %v; want ErrInvalid", tt.in, got.Electronic(), err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got.Grouped() != tt.grouped || got.Electronic() != tt.electronic {
				t.Errorf("Parse(%q) = %q / %q, want %q / %q", tt.in, got.Grouped(), got.Electronic(), tt.grouped, tt.electronic)
			}
			if got.Country() != tt.electronic[:2] {
				t.Errorf("Parse(%q).Country() = %q", tt.in, got.Country())
			}
		})
	}
}

// FuzzParse checks, on any input, what the account menu relies on: what Parse accepts has
// valid check digits (by this test's own MOD 97-10, not the library's), only upper-case
// letters and digits, reads back the same from either form, and its forms differ only in
// spaces.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"DE89370400440532013000", "GB82 WEST 1234 5698 7654 32", "NO9386011117947", "", "DE", "de89 3704", "DE89\u00a03704"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err != nil {
			return
		}
		e := n.Electronic()
		if len(e) < 5 || mod97(e) != 1 {
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

// mod97 is ISO 7064 MOD 97-10 over the IBAN rearranged (first four characters moved to the
// end, letters as 10 to 35): the fuzz target's own check of what the library accepts.
func mod97(code string) int {
	rem := 0
	for i := 0; i < len(code); i++ {
		c := code[(i+4)%len(code)]
		if c >= 'A' {
			rem = (rem*100 + int(c-'A'+10)) % 97
		} else {
			rem = (rem*10 + int(c-'0')) % 97
		}
	}
	return rem
}

// The BBAN case above is rejected for its format, not its check digits (which are right):
// the check the library adds over MOD 97-10.
func TestBBANFormatCaseHasValidCheckDigits(t *testing.T) {
	if mod97("DE59370400440532O13000") != 1 {
		t.Fatal("the BBAN format case must have valid check digits, or it tests nothing new")
	}
}
