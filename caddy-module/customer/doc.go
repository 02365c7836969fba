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
//   - enums.go: the platform's enumerations that the edge uses;
//   - hint.go: what the calls that wait for the customer's answer need of it (distributor,
//     country), remembered per customer for HintTTL (12 hours) and, for a customer the Client
//     knows nothing of, guessed from the last customer loaded on the page's locale (a
//     partner's distributor is never guessed for another customer). Answers started on a hint
//     or a guess are kept only where the customer's answer confirms them, distributor and
//     country each on its own: a wrong guess costs the calls it made, never the view;
//   - forget.go: a session's end drops the cached answers and the hint of the login's customer
//     and of the account it switched to, on this replica (others keep theirs until the TTL);
//   - investments.go: HAS_CRYPTO and HAS_ETF_CONFIGURATOR come from the product instances the
//     edge already reads, with the managed portfolio's rule (a LIQUID instance neither
//     REJECTED nor CLOSED), by template id prefix (ETFC, CRYPTO), the one place to change
//     them; the product-types call and the deposit types were weighed and set aside (the
//     first says only which offers a customer may open, the second is savings only);
//   - logo.go: the cobranding logo reaches the header only as an https URL or an inline image
//     (data:image/png, jpeg, webp, gif or svg+xml, at most 64 KiB);
//   - switch.go: the switchable accounts a login may act for.
//
// The package never imports Caddy: the handler owns the Client and calls Load.
package customer
