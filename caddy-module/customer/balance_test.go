package customer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// The figures are what the platform's browsers show for the same amount
// (Intl.NumberFormat with style currency, EUR at most 2 fraction digits: ICU 78, CLDR 48), one
// row at least per market of the spec: a customer must not see the header's balance written
// otherwise than the amounts on the platform's own pages.
func TestFormatAmount(t *testing.T) {
	const (
		nb  = "\u00a0" // no-break space
		nnb = "\u202f" // narrow no-break space (French grouping)
	)
	tests := []struct {
		locale, currency string
		amount           json.Number
		want             string
		negative         bool
	}{
		{"de-DE", "EUR", "1234.56", "1.234,56" + nb + "€", false},
		{"de-DE", "", "1234.5", "1.234,50" + nb + "€", false},      // no currency: EUR
		{"de-DE", "EUR", "1234.565", "1.234,57" + nb + "€", false}, // half away from zero, as browsers
		{"de-DE", "EUR", "1234.5649", "1.234,56" + nb + "€", false},
		{"de-DE", "EUR", "-0.5", "-0,50" + nb + "€", true},
		{"de-DE", "EUR", "-1234.565", "-1.234,57" + nb + "€", true},
		{"de-DE", "EUR", "0", "0,00" + nb + "€", false},
		{"de-DE", "EUR", "1000000", "1.000.000,00" + nb + "€", false},
		{"de-DE", "EUR", "9999999999999.99", "9.999.999.999.999,99" + nb + "€", false}, // the largest shown exactly
		{"de-AT", "EUR", "1234.56", "€" + nb + "1.234,56", false},
		{"de-AT", "EUR", "-12.5", "-€" + nb + "12,50", true},
		{"de-CH", "EUR", "1234.56", "EUR" + nb + "1'234.56", false},
		{"de-CH", "CHF", "1234.56", "CHF" + nb + "1'234.56", false},
		{"en-GB", "GBP", "1234.56", "£1,234.56", false},
		{"en-GB", "GBP", "-12.5", "-£12.50", true},
		{"en-GB", "EUR", "99.999", "€100.00", false},
		{"en-IE", "EUR", "1234.5", "€1,234.50", false},
		{"en-US", "USD", "1234.5", "$1,234.50", false},
		{"en", "EUR", "1234.5", "€1,234.50", false},
		{"fr-FR", "EUR", "1234.56", "1" + nnb + "234,56" + nb + "€", false},
		{"nl-NL", "EUR", "-12.5", "€" + nb + "-12,50", true},
		{"nl-NL", "EUR", "1234.5", "€" + nb + "1.234,50", false},
		{"es-ES", "EUR", "12345.6", "12.345,60" + nb + "€", false},
		{"es-ES", "EUR", "1234.5", "1234,50" + nb + "€", false}, // Spanish groups from five digits on
		{"it-IT", "EUR", "12345.6", "12.345,60" + nb + "€", false},
		{"pl-PL", "PLN", "1234.5", "1234,50" + nb + "zł", false}, // Polish too
		{"pl-PL", "PLN", "12345.5", "12" + nb + "345,50" + nb + "zł", false},
		{"pl-PL", "EUR", "12345.5", "12" + nb + "345,50" + nb + "€", false},
		{"fi-FI", "EUR", "-1234.5", "−1" + nb + "234,50" + nb + "€", true},
		{"de-DE", "JPY", "1234.5", "1.235" + nb + "¥", false}, // other currencies: the currency's own digits
		{"xx-YY", "EUR", "1234.5", "€1,234.50", false},        // an unknown locale formats as English (the header falls back to en-US)
	}
	// The second pass reads FormatAmount's kept results.
	for _, pass := range []string{"formatted", "kept"} {
		for _, tt := range tests {
			got, err := FormatAmount(tt.locale, tt.currency, tt.amount)
			if err != nil {
				t.Errorf("%s: FormatAmount(%q, %q, %q): %v", pass, tt.locale, tt.currency, tt.amount, err)
				continue
			}
			if got.Amount != tt.want || got.IsNegative != tt.negative {
				t.Errorf("%s: FormatAmount(%q, %q, %q) = %q (negative %v), want %q (negative %v)",
					pass, tt.locale, tt.currency, tt.amount, got.Amount, got.IsNegative, tt.want, tt.negative)
			}
		}
	}
}

func TestFormatAmountRefusesWhatItCannotShowRight(t *testing.T) {
	tests := []struct {
		currency string
		amount   json.Number
		want     string
	}{
		{"EUR", "12,50", "not a number"},
		{"EUR", "abc", "not a number"},
		{"EUR", "0e200000000", "not a number"},
		{"EUR", "1.5e-9999", "not a number"},
		{"EURO", "1", "ISO 4217"},
		{"€", "1", "ISO 4217"},
		{"EUR", "", "missing"},
		{"EUR", "1e70", "too large"},
		{"EUR", "-10000000000000", "too large"},
	}
	for _, tt := range tests {
		_, err := FormatAmount("de-DE", tt.currency, tt.amount)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("FormatAmount(de-DE, %q, %q) error = %v, want one saying %q", tt.currency, tt.amount, err, tt.want)
		}
	}
}

// FuzzFormatAmount checks, for any amount in the platform's locales, that FormatAmount
// either refuses it or shows exactly that amount rounded to two digits: reading the digits,
// the locale's decimal separator and the sign back gives the rounded number.
func FuzzFormatAmount(f *testing.F) {
	locales := []struct{ tag, decimal string }{{"de-DE", ","}, {"en-GB", "."}, {"fr-FR", ","}, {"nl-NL", ","}, {"de-CH", "."}, {"fi-FI", ","}}
	for _, s := range []string{"1234.56", "-0.005", "0", "1e6", "-1234567.891", "abc", "", "0.994999"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, amount string, which uint8) {
		loc := locales[int(which)%len(locales)]
		got, err := FormatAmount(loc.tag, "EUR", json.Number(amount))
		if err != nil {
			return
		}
		d, derr := decimal.NewFromString(strings.TrimSpace(amount))
		if derr != nil {
			t.Fatalf("FormatAmount accepted %q, which is not a number", amount)
		}
		want := d.Round(2)
		if got.IsNegative != want.IsNegative() {
			t.Fatalf("%q: IsNegative %v for %q", amount, got.IsNegative, got.Amount)
		}
		if !strings.Contains(got.Amount, "€") && !strings.Contains(got.Amount, "EUR") {
			t.Fatalf("%q in %s: no symbol in %q", amount, loc.tag, got.Amount)
		}
		var b strings.Builder
		if got.IsNegative {
			b.WriteByte('-')
		}
		for _, r := range got.Amount {
			switch {
			case r >= '0' && r <= '9':
				b.WriteRune(r)
			case string(r) == loc.decimal:
				b.WriteByte('.')
			}
		}
		back, err := decimal.NewFromString(b.String())
		if err != nil || !back.Equal(want) || !strings.HasSuffix(b.String(), want.StringFixed(2)[len(want.StringFixed(2))-3:]) {
			t.Fatalf("%q in %s shown as %q, reads back as %q, want %s", amount, loc.tag, got.Amount, b.String(), want.StringFixed(2))
		}
	})
}

// What formatting one amount costs when FormatAmount has not kept it (a new amount).
func BenchmarkFormatAmountUncached(b *testing.B) {
	rows := []struct{ locale, currency string }{{"de-DE", "EUR"}, {"en-GB", "GBP"}, {"fr-FR", "EUR"}, {"de-CH", "EUR"}}
	for b.Loop() {
		for _, r := range rows {
			if _, err := formatAmount(r.locale, r.currency, "-1234567.891"); err != nil {
				b.Fatal(err)
			}
		}
	}
}
