package customer

import "time"

// A loadHint is what the calls that wait for the customer's answer need of it: the
// distributor (product types, cobranding) and whether the customer is German (pension and
// migrated products). Both rarely change, so the Client remembers them per customer for
// HintTTL, longer than the answers: when the answers have expired, the next Load starts those
// calls beside the customer call instead of after it, and checks the guess when the customer
// answers (a wrong guess is dropped and the calls are made again for the real answer).
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
