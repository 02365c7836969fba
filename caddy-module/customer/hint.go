package customer

import (
	"strings"
	"time"
)

// A loadHint is what the calls that wait for the customer's answer need of it: the
// distributor (product types, cobranding) and whether the customer is German (pension and
// migrated products). Both rarely change, so the Client remembers them per customer for
// HintTTL, longer than the answers: when the answers have expired, the next Load starts those
// calls beside the customer call instead of after it, and checks the hint when the customer
// answers (what it got wrong is dropped and those calls are made again for the real answer).
//
// For a customer it knows nothing of (the first page after a restart, on another replica, or
// after HintTTL), the Client guesses: the distributor and country of the last customer it
// loaded on the page's locale, the distributor only if it is one of the platform's own (see
// guessFor). Most customers of a market share both, so the guess is mostly right; a wrong one
// costs the calls it started, never the view.
type loadHint struct {
	DistributorID string
	German        bool
}

// DefaultHintTTL is how long a customer's hint is kept after the last answer that confirmed it.
const DefaultHintTTL = 12 * time.Hour

func hintOf(cust *Customer) loadHint {
	return loadHint{DistributorID: cust.DistributorID, German: isGerman(cust.Address.CountryCode)}
}

// hint is the remembered hint for customerNumber.
func (c *Client) hint(customerNumber string) (loadHint, bool) {
	v, _, ok := c.hints.lookup(customerNumber)
	if !ok {
		return loadHint{}, false
	}
	h, ok := v.(loadHint)
	return h, ok
}

func (c *Client) rememberHint(customerNumber string, h loadHint) {
	c.hints.store(customerNumber, h, nil)
}

// guessFor is the hint of a customer the Client knows nothing of, loaded for a page of locale:
// what the last customer loaded on that locale had, or before any, the platform's own
// distributor and the locale's country.
func (c *Client) guessFor(locale string) loadHint {
	if v, ok := c.guesses.Load(locale); ok {
		return v.(loadHint)
	}
	_, region, _ := strings.Cut(locale, "-")
	return loadHint{DistributorID: "", German: isGerman(region)}
}

// learnGuess keeps what a customer's answer says for the next unknown customer on locale. A
// partner distributor is never guessed for another customer: its customers are the few, and
// the calls of a wrong guess would name the partner on someone else's behalf.
func (c *Client) learnGuess(locale string, actual loadHint) {
	prev, seen := c.guesses.Load(locale)
	if !c.IsDefaultDistributor(actual.DistributorID) {
		actual.DistributorID = "" // the platform's own, as guessFor before any customer
		if seen {
			actual.DistributorID = prev.(loadHint).DistributorID
		}
	}
	if seen && prev.(loadHint) == actual {
		return // the common case: no write, no allocation
	}
	c.guesses.Store(locale, actual)
}
