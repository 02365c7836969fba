// Package customer loads a logged-in customer's data from the platform's APIs (spec section 7)
// and derives what the edge needs from it: the header customer block of the shell state
// (spec 3), the product access that picks menu entries (spec 6), and the inputs of the customer
// redirect rule (spec 4).
//
// The pieces, one file each:
//
//   - client.go: Client, one method per call of section 7, the bearer token passed in per call;
//   - cache.go: answers kept for the de-duplication interval of section 9, one call in flight
//     per customer and call;
//   - load.go: Load, running the calls in parallel and applying the error catalogue of
//     section 8;
//   - view.go: View, the derived customer view; name.go, balance.go, locale.go, labels.go and
//     the iban sub-package hold its rules;
//   - enums.go: the platform's enumerations that the edge uses.
//
// The package never imports Caddy: the handler owns the Client and calls Load.
package customer
