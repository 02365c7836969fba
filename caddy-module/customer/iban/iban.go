// Package iban reads International Bank Account Numbers (ISO 13616) for display: grouped in
// fours to read, electronic (no spaces, upper case) to copy (spec 5).
//
// The checks are github.com/almerlucke/go-iban's (public domain): the country's length, its
// national BBAN format, the ISO 7064 MOD 97-10 check digits. It is the one Go IBAN library the
// module proxy this project builds with serves (github.com/jbub/banking and
// github.com/mavolin/standards are refused there; github.com/jacoelho/banking is GPL). This
// package only prepares what a customer API may send (spaces, no-break spaces, lower case) and
// gives the two forms the account menu shows.
package iban

import (
	"errors"
	"fmt"
	"strings"

	goiban "github.com/almerlucke/go-iban/iban"
)

// ErrInvalid is what Parse wraps for a string that is not an IBAN; the message says why.
var ErrInvalid = errors.New("iban: not an IBAN")

// spaces drops the spaces a grouped IBAN may come with; a Replacer is safe for concurrent use.
var spaces = strings.NewReplacer(" ", "", "\u00a0", "")

// IBAN is a parsed IBAN. The zero value is not an IBAN.
type IBAN struct{ code string }

// Parse reads s, which may be grouped with spaces (also no-break spaces) and in any case.
func Parse(s string) (IBAN, error) {
	s = spaces.Replace(s)
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return IBAN{}, fmt.Errorf("%w: only letters, digits and spaces are allowed (found %q)", ErrInvalid, r)
		}
	}
	n, err := goiban.NewIBAN(s)
	if err != nil {
		return IBAN{}, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return IBAN{code: n.Code}, nil
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
