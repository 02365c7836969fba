package customer

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
	"github.com/shopspring/decimal"
	"golang.org/x/text/currency"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// symbolPlacement is where a language puts the currency symbol (CLDR's standard currency
// pattern). golang.org/x/text formats the number and knows the symbols, but always writes the
// symbol first; the placement is taken from CLDR here for the platform's languages.
type symbolPlacement int

const (
	symbolBeforeTight  symbolPlacement = iota // ¤#,##0.00 (en): £1,234.50, -£1,234.50
	symbolBeforeSpaced                        // ¤ #,##0.00 (nl, de-AT, de-CH): € 1.234,50
	symbolAfterSpaced                         // #,##0.00 ¤ (de, fr, es, it, pl, fi): 1.234,50 €
)

const nbsp = "\u00a0"

func placementFor(tag language.Tag) symbolPlacement {
	base, _ := tag.Base()
	region, _ := tag.Region()
	switch base.String() {
	case "en":
		return symbolBeforeTight
	case "nl":
		return symbolBeforeSpaced
	case "de":
		if r := region.String(); r == "AT" || r == "CH" || r == "LI" {
			return symbolBeforeSpaced
		}
	}
	return symbolAfterSpaced
}

// FormatAmount formats an amount of a currency (ISO 4217, "" for EUR) for locale: EUR with
// at most 2 fraction digits and its symbol, other currencies with their own digits (spec 9),
// rounded half away from zero as browsers do. An amount or currency that does not parse is an
// error, so the caller shows the not-available notice instead of a wrong figure.
func FormatAmount(locale, currencyCode string, amount json.Number) (shellstate.Amount, error) {
	if currencyCode == "" {
		currencyCode = "EUR"
	}
	cur, err := currency.ParseISO(currencyCode)
	if err != nil {
		return shellstate.Amount{}, fmt.Errorf("customer: currency %q is not an ISO 4217 code: %w", currencyCode, err)
	}
	d, err := decimal.NewFromString(strings.TrimSpace(amountText(amount)))
	if err != nil {
		return shellstate.Amount{}, fmt.Errorf("customer: amount %q is not a number: %w", amount, err)
	}
	scale, _ := currency.Standard.Rounding(cur)
	if cur == currency.EUR && scale > 2 {
		scale = 2
	}
	d = d.Round(int32(scale))
	tag, _ := language.Parse(locale) // an unknown locale formats as English, the fallback header locale
	p := message.NewPrinter(tag)
	f, _ := d.Float64() // exact enough: d is already rounded to the digits shown
	num := p.Sprint(number.Decimal(f, number.Scale(scale)))
	sym := p.Sprint(currency.Symbol(cur))
	neg := d.IsNegative()
	var out string
	switch placementFor(tag) {
	case symbolBeforeTight:
		if neg {
			out = "-" + sym + p.Sprint(number.Decimal(-f, number.Scale(scale)))
		} else {
			out = sym + num
		}
	case symbolBeforeSpaced:
		out = sym + nbsp + num
	default:
		out = num + nbsp + sym
	}
	return shellstate.Amount{Amount: out, IsNegative: neg}, nil
}
