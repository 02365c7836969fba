package customer

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

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

// amountPattern is a JSON number of a size a balance has. It keeps out exponents such as
// 1e200000000, which would make rounding compute a number of that many digits.
var amountPattern = regexp.MustCompile(`^-?[0-9]{1,20}(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?$`)

// maxShownAmount bounds what FormatAmount shows: below 10^13 every amount with two fraction
// digits is exact as a float64, which is what x/text formats.
var maxShownAmount = decimal.New(1, 13)

// printers holds one message.Printer per locale: making one costs more than formatting with
// it, and a Printer is immutable once made (each Sprint has its own state).
var printers sync.Map // locale string -> *localePrinter

type localePrinter struct {
	p       *message.Printer
	tag     language.Tag
	symbols sync.Map // currency.Unit -> string
}

// symbol is cur's symbol in this locale, formatted once.
func (lp *localePrinter) symbol(cur currency.Unit) string {
	if s, ok := lp.symbols.Load(cur); ok {
		return s.(string)
	}
	s := lp.p.Sprint(currency.Symbol(cur))
	lp.symbols.Store(cur, s) // at most the ISO 4217 list per locale
	return s
}

func printerFor(locale string) *localePrinter {
	if lp, ok := printers.Load(locale); ok {
		return lp.(*localePrinter)
	}
	tag, _ := language.Parse(locale) // an unknown locale formats as English, the fallback header locale
	lp := &localePrinter{p: message.NewPrinter(tag), tag: tag}
	// Bounded: locales come from the market configuration and the customer's country, but a
	// request could name any; past 256 the printer is made per call instead of kept.
	if printerCount.Add(1) <= 256 {
		printers.Store(locale, lp)
	}
	return lp
}

var printerCount atomic.Int32

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
	key := locale + "\x00" + currencyCode + "\x00" + string(amount)
	if a, ok := formatted.Load(key); ok {
		return a.(shellstate.Amount), nil
	}
	a, err := formatAmount(locale, currencyCode, amount)
	if err == nil && formattedCount.Add(1) <= maxFormatted {
		formatted.Store(key, a)
	}
	return a, err
}

// formatted keeps FormatAmount's results: a cached customer's page formats the same two
// amounts on every request, and formatting (decimal rounding, x/text) is the most of a cached
// page's customer work. Bounded by maxFormatted; past it amounts are formatted per call.
var (
	formatted      sync.Map // locale \x00 currency \x00 amount -> shellstate.Amount
	formattedCount atomic.Int32
)

const maxFormatted = 50000 // about 5 MB

func formatAmount(locale, currencyCode string, amount json.Number) (shellstate.Amount, error) {
	if currencyCode == "" {
		currencyCode = "EUR"
	}
	cur, err := currency.ParseISO(currencyCode)
	if err != nil {
		return shellstate.Amount{}, fmt.Errorf("customer: currency %q is not an ISO 4217 code: %w", currencyCode, err)
	}
	if strings.TrimSpace(string(amount)) == "" {
		return shellstate.Amount{}, errors.New("customer: the amount is missing: the balance answer lacks a field the header shows")
	}
	if !amountPattern.MatchString(strings.TrimSpace(string(amount))) {
		return shellstate.Amount{}, fmt.Errorf("customer: amount %.40q is not a number the header shows", string(amount))
	}
	d, err := decimal.NewFromString(strings.TrimSpace(string(amount)))
	if err != nil {
		return shellstate.Amount{}, fmt.Errorf("customer: amount %q is not a number: %w", amount, err)
	}
	scale, _ := currency.Standard.Rounding(cur)
	if cur == currency.EUR && scale > 2 {
		scale = 2
	}
	d = d.Round(int32(scale))
	if d.Abs().Cmp(maxShownAmount) >= 0 {
		// x/text formats float64: past 2^53 cents the digits shown would not be the amount's.
		return shellstate.Amount{}, fmt.Errorf("customer: amount %s is too large to show exactly", d)
	}
	lp := printerFor(locale)
	p, tag := lp.p, lp.tag
	f := d.InexactFloat64() // exact enough: d is already rounded to the digits shown
	num := p.Sprint(number.Decimal(f, number.Scale(scale)))
	sym := lp.symbol(cur)
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
