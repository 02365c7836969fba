package customer

import "slices"

// What the Client holds of a customer (answers, the hint) goes when the customer's session
// ends: a logout must leave nothing of the customer on the edge for the next one to read.
// A back-channel logout names the provider's session or subject, not the customer, so the
// Client keeps which customers each such owner loaded (Belongs), for as long as it may hold
// their answers.

// Belongs records that owners (e.g. the login's subject and provider session) loaded
// customerNumber, for ForgetOwner. Empty owners are skipped.
func (c *Client) Belongs(customerNumber string, owners ...string) {
	if customerNumber == "" {
		return
	}
	c.ownersMu.Lock()
	defer c.ownersMu.Unlock()
	for _, o := range owners {
		if o == "" {
			continue
		}
		v, _, _ := c.owners.lookup(o)
		numbers, _ := v.([]string)
		if slices.Contains(numbers, customerNumber) {
			continue
		}
		c.owners.store(o, append(slices.Clip(numbers), customerNumber), nil)
	}
}

// ForgetOwner forgets every customer owner loaded (Belongs) and returns how many.
func (c *Client) ForgetOwner(owner string) int {
	if owner == "" {
		return 0
	}
	c.ownersMu.Lock()
	v, _, _ := c.owners.lookup(owner)
	c.owners.remove(owner)
	c.ownersMu.Unlock()
	numbers, _ := v.([]string)
	for _, n := range numbers {
		c.Forget(n)
	}
	return len(numbers)
}
