package customer

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bojanz/currency"
	"github.com/shopspring/decimal"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// amountPattern is a JSON number of a size a balance has. It keeps out exponents such as
// 1e200000000, which would make rounding compute a number of that many digits.
var amountPattern = regexp.MustCompile(`^-?[0-9]{1,20}(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?$`)

// maxShownAmount bounds what FormatAmount shows: past 10^13 an amount is no balance of the
// platform's, and the figures of the header's box have no room for it.
var maxShownAmount = decimal.New(1, 13)

// formatters holds one currency.Formatter per locale (CLDR's patterns, symbols and grouping,
// as browsers format with Intl.NumberFormat). A Formatter is read-only once set up.
var (
	formatters     sync.Map // locale \x00 fraction digits -> *currency.Formatter
	formatterCount atomic.Int32
)

// symbolsAsBrowsers are the symbols where the CLDR subset of bojanz/currency differs from
// what browsers show (ICU's CLDR): Swiss German writes the euro as EUR.
var symbolsAsBrowsers = map[string]map[string]string{
	"de-CH": {"EUR": "EUR"},
}

func formatterFor(locale string, digits uint8) *currency.Formatter {
	key := locale + "\x00" + string(rune('0'+digits))
	if f, ok := formatters.Load(key); ok {
		return f.(*currency.Formatter)
	}
	// An unknown locale formats as English, the fallback header locale.
	loc := currency.NewLocale(locale)
	if loc.IsEmpty() {
		loc = currency.NewLocale("en")
	}
	f := currency.NewFormatter(loc)
	// The amount is rounded before (half away from zero, as browsers) and shown with all
	// the digits of its currency.
	f.MinDigits, f.MaxDigits = digits, digits
	for code, sym := range symbolsAsBrowsers[loc.String()] {
		f.SymbolMap[code] = sym
	}
	// Bounded: locales come from the market configuration and the customer's country, but a
	// request could name any; past 256 the formatter is made per call instead of kept.
	if formatterCount.Add(1) <= 256 {
		formatters.Store(key, f)
	}
	return f
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
// amounts on every request, and formatting (decimal rounding, CLDR patterns) is the most of a cached
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
	if !currency.IsValid(currencyCode) {
		return shellstate.Amount{}, fmt.Errorf("customer: currency %q is not an ISO 4217 code", currencyCode)
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
	scale, _ := currency.GetDigits(currencyCode)
	if currencyCode == "EUR" && scale > 2 {
		scale = 2
	}
	d = d.Round(int32(scale))
	if d.Abs().Cmp(maxShownAmount) >= 0 {
		return shellstate.Amount{}, fmt.Errorf("customer: amount %s is too large to show exactly", d)
	}
	a, err := currency.NewAmount(d.StringFixed(int32(scale)), currencyCode)
	if err != nil {
		return shellstate.Amount{}, fmt.Errorf("customer: amount %s %s: %w", d, currencyCode, err)
	}
	return shellstate.Amount{Amount: formatterFor(locale, scale).Format(a), IsNegative: d.IsNegative()}, nil
}
