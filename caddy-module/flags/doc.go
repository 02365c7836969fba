// Package flags evaluates the platform's feature flags at the edge (spec section 6): an
// operator file, loaded when the gateway is provisioned (so `caddy reload` picks up a change),
// gives each flag a value per locale; Evaluate turns it into the shell state's flags for one
// request. Markup gates the prerendered fragments on those flags, so flag-dependent entries are
// in the first HTML and React hydrates the same markup.
//
// List-valued flags (b2cUnifiedDomainLocales, b2cNewMarketLocales) are written one key per
// value, lowercase: "b2cUnifiedDomainLocales:fr-fr": true. That is how shell-ui reads them.
package flags
