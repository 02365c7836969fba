// Package iban parses International Bank Account Numbers (ISO 13616) for display: grouped in
// fours to read, electronic (no spaces, upper case) to copy (spec 5).
//
// This is the edge's own small implementation, not a library: the Go IBAN libraries (for
// example github.com/jbub/banking, github.com/almerlucke/go-iban, github.com/mavolin/standards)
// cannot be fetched from the module proxy this project builds with, and
// github.com/jacoelho/banking is GPL. It checks what a display needs to trust a string as an
// IBAN: characters, the country's length from SWIFT's IBAN registry, and the ISO 7064
// MOD 97-10 check digits. It does not check national BBAN structures or check digits. Parse is
// fuzzed against the rules it states; swap in a library here when one can be had.
package iban

import (
	"errors"
	"fmt"
	"strings"
)

// Errors Parse wraps.
var (
	ErrCharacters = errors.New("iban: only letters, digits and spaces are allowed")
	ErrCountry    = errors.New("iban: unknown country code")
	ErrLength     = errors.New("iban: wrong length for its country")
	ErrChecksum   = errors.New("iban: check digits do not match")
)

// lengths is the IBAN length per country of SWIFT's IBAN registry (as of 2025).
var lengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
	"BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27,
	"DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27,
	"GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28,
	"IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28,
	"LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22,
	"MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23,
	"PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24,
	"SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
	"TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}

// IBAN is a parsed IBAN. The zero value is not an IBAN.
type IBAN struct{ code string }

// Parse reads s, which may be grouped with spaces and in any case.
func Parse(s string) (IBAN, error) {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == ' ' || r == '\u00a0':
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		default:
			return IBAN{}, fmt.Errorf("%w (found %q)", ErrCharacters, r)
		}
	}
	code := b.String()
	if len(code) < 4 {
		return IBAN{}, fmt.Errorf("%w: %d characters", ErrLength, len(code))
	}
	want, ok := lengths[code[:2]]
	if !ok {
		return IBAN{}, fmt.Errorf("%w %q", ErrCountry, code[:2])
	}
	if len(code) != want {
		return IBAN{}, fmt.Errorf("%w: %s IBANs have %d characters, this has %d", ErrLength, code[:2], want, len(code))
	}
	if code[2] < '0' || code[2] > '9' || code[3] < '0' || code[3] > '9' || mod97(code) != 1 {
		return IBAN{}, ErrChecksum
	}
	return IBAN{code: code}, nil
}

// mod97 is ISO 7064 MOD 97-10 over the IBAN rearranged (first four characters moved to the
// end, letters as 10 to 35), computed digit by digit so any length fits.
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

// Electronic is the IBAN without spaces, upper case: the form to copy and to send.
func (i IBAN) Electronic() string { return i.code }

// Grouped is the IBAN in groups of four characters separated by spaces: the form to read.
func (i IBAN) Grouped() string {
	var b strings.Builder
	for n := 0; n < len(i.code); n += 4 {
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(i.code[n:min(n+4, len(i.code))])
	}
	return b.String()
}

// Country is the IBAN's ISO 3166 alpha-2 country code.
func (i IBAN) Country() string {
	if len(i.code) < 2 {
		return ""
	}
	return i.code[:2]
}
