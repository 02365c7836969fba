// Package shellstate defines the shell state: the one JSON document that tells the React shell
// what to show for this request. It is inlined in every spliced page and served at
// /_shell/state. Its TypeScript twin in shell-ui/src/model/shellState.gen.ts is generated from
// these types (see typescript_test.go), so the two cannot drift.
package shellstate

// State is everything the shell needs to render for one request. It never holds a token.
type State struct {
	// Locale is the BCP 47 locale of the page, e.g. "de-DE".
	Locale string `json:"locale"`
	// Market is the market's id, e.g. "de-DE"; several locales may share one market host.
	Market string `json:"market"`
	// BasePath is the locale base path that relative shell links are prefixed with, e.g. "" or "/en-gb".
	BasePath string `json:"basePath"`
	// DesignVersion picks the footer layout: "v1" or "v2".
	DesignVersion string `json:"designVersion"`
	// HeaderVariant is the header the edge selected, e.g. "public", "private", "integrated".
	HeaderVariant string `json:"headerVariant"`
	// Path is the request path, used for the active link on the first render.
	Path string `json:"path"`
	// Year is the current year at the edge (copyright line), so the first render matches the server's.
	Year int `json:"year"`
	// IsLoggedIn tells whether a valid session exists.
	IsLoggedIn bool `json:"isLoggedIn"`
	// CanAccess tells whether the access guard lets the visitor see this page.
	CanAccess bool `json:"canAccess"`
	// IsAuthRequired tells whether this page needs a login.
	IsAuthRequired bool `json:"isAuthRequired"`
	// CustomerID is the customer's bacNumber when logged in.
	CustomerID string `json:"customerId,omitempty"`
	// Access lists the customer's product access values (HAS_FIXED_DEPOSIT_ACCOUNT, ...).
	Access []string `json:"access"`
	// Flags are the feature flags evaluated at the edge for this request.
	Flags map[string]bool `json:"flags"`
}
