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
	// CustomerID is the customer's bacNumber when logged in: the customer shown, which after
	// an account switch is the account switched to.
	CustomerID string `json:"customerId,omitempty"`
	// LoginCustomerID is the logged-in customer's own bacNumber while an account switch shows
	// another customer (CustomerID); absent while the login shows its own.
	LoginCustomerID string `json:"loginCustomerId,omitempty"`
	// Access lists the customer's product access values (HAS_FIXED_DEPOSIT_ACCOUNT, ...).
	Access []string `json:"access"`
	// AppView tells that the page is shown in the app's embedded view (spec 2.4; the
	// handler's app_view): the footer has no market picker, link groups or app banner, and
	// Flags has embeddedAppView, which the footer's gates name.
	AppView bool `json:"appView"`
	// Flags are the feature flags evaluated at the edge for this request. The JSON lists the
	// flags that are on (AppendJSON): a flag off reads as one absent, on both sides.
	Flags map[string]bool `json:"flags"`
	// Session is the login session's timing; absent when logged out.
	Session *Session `json:"session,omitempty"`
	// Banner is the country banner decision; absent when no banner is shown.
	Banner *Banner `json:"banner,omitempty"`
	// Customer is the header customer block; absent when logged out or while the data is
	// loading (then HeaderVariant is "loading" and the shell fetches /_shell/state).
	Customer *Customer `json:"customer,omitempty"`
	// Redirect is where the customer redirect rule sends the customer (spec 4), when the page
	// went out before the customer's data and /_shell/state found the rule holds: the shell
	// goes there (location.replace). Pages the edge could decide on were redirected with a
	// 302 instead, so an inlined state never has it.
	Redirect string `json:"redirect,omitempty"`
	// Marketing is what the shell's marketing integrations need (spec 6, 7, 9); absent when
	// the gateway's marketing block is not configured.
	Marketing *Marketing `json:"marketing,omitempty"`
}

// Marketing tells the shell which of the platform's marketing integrations run on this page.
// Each is off while its field is empty; none of them ever runs without the visitor's consent.
type Marketing struct {
	// TrackingAppID is the tracking app id of the page's host, which the shell pushes into
	// the data layer as tracking_app_id for the tags there; "" when the host has none.
	TrackingAppID string `json:"trackingAppId,omitempty"`
	// CDPGlobal is the window global of the customer-data platform's browser SDK, e.g.
	// "analytics": on a logged-in customer's page the shell calls its identify once, with the
	// bacNumber, after consent.
	CDPGlobal string `json:"cdpGlobal,omitempty"`
	// SDKBridge is the name of the app's JS bridge to its mobile marketing SDK; set only in
	// the app's embedded view, where the shell tells the SDK once that consent is granted.
	SDKBridge string `json:"sdkBridge,omitempty"`
}

// The fields below are filled by the identity and country-banner steps; they are declared
// here first so that the edge and the shell agree on them before either side is built.

// Session is the timing of a customer's login session, for the countdown (spec 4, session
// lifecycle). Times are Unix milliseconds at the edge; the shell corrects for its own clock
// with ServerTime.
type Session struct {
	// ServerTime is the edge's clock when this state was made.
	ServerTime int64 `json:"serverTime"`
	// ExpiresAt is when the access token expires.
	ExpiresAt int64 `json:"expiresAt"`
	// IdleExpiresAt is when the session ends for lack of activity.
	IdleExpiresAt int64 `json:"idleExpiresAt"`
	// AbsoluteExpiresAt is when the session ends however active the customer is (the
	// gateway's max_session after login); absent when there is no maximum. The countdown
	// counts to the earliest of this, the token's and the idle expiry; extending cannot move it.
	AbsoluteExpiresAt int64 `json:"absoluteExpiresAt,omitempty"`
	// LengthSeconds is the access token's lifetime (exp - iat), 300 when it cannot be read.
	LengthSeconds int `json:"lengthSeconds"`
	// CanExtend tells whether the countdown may offer "Extend session".
	CanExtend bool `json:"canExtend"`
	// AutoExtend tells whether the edge refreshes the token by itself when 120 s or fewer remain.
	AutoExtend bool `json:"autoExtend"`
	// Webview is true in the embedded app view, where only token expiry counts.
	Webview bool `json:"webview"`
	// Monitored tells whether the shell's session monitor runs (spec 4): false on the local
	// environment without the local-timeout flag, where no countdown shows.
	Monitored bool `json:"monitored"`
}

// Banner is the country banner's decision for this request (spec 2.5, 4).
type Banner struct {
	// Show tells whether the banner is rendered at the top of the page.
	Show bool `json:"show"`
	// Reason is why: "region-redirect", "preferred-locale" or "redirect-cookie".
	Reason string `json:"reason,omitempty"`
	// Suggested is the locale of the market the banner suggests, e.g. "en-GB"; "" for none.
	Suggested string `json:"suggested,omitempty"`
}

// Customer is the header customer block of spec 3, derived at the edge from the customer
// APIs. Amounts and identifiers come formatted, so the first HTML and React show the same text.
type Customer struct {
	// DisplayName is the name in the avatar menu, e.g. "Dr. Anna Schmidt".
	DisplayName string `json:"displayName"`
	// FullName is academic title, first name and last name.
	FullName string `json:"fullName"`
	// Initials are the first letters of the first and last words of the name.
	Initials string `json:"initials"`
	// State is the transaction account's state, e.g. "ACTIVE"; the balance box needs ACTIVE.
	State string `json:"state"`
	// IsCompanyCustomer is true for company customers (German company links).
	IsCompanyCustomer bool `json:"isCompanyCustomer"`
	// IsPendingActivation is true before activation: total 0, available equals current.
	IsPendingActivation bool `json:"isPendingActivation"`
	// DistributorID is the customer's distributor.
	DistributorID string `json:"distributorId,omitempty"`
	// Restricted switches the account menu to its reduced set.
	Restricted bool `json:"restricted"`
	// TotalBalance and AvailableBalance are absent when the balance is not available.
	TotalBalance     *Amount `json:"totalBalance,omitempty"`
	AvailableBalance *Amount `json:"availableBalance,omitempty"`
	// BalanceIsNotAvailable shows the not-available notice instead of the amounts.
	BalanceIsNotAvailable bool `json:"balanceIsNotAvailable"`
	// NotAvailableMessage is the notice's title and tooltip (maintenance or fetch error).
	NotAvailableMessage *Notice `json:"notAvailableMessage,omitempty"`
	// AccountIDs are the identifiers shown in the account menu (IBAN, account number, sort code).
	AccountIDs []AccountID `json:"accountIds"`
	// ShowUnreadMessage puts the dot badge on nav items flagged enableBadge.
	ShowUnreadMessage bool `json:"showUnreadMessage"`
	// SwitchableAccounts are the accounts the customer may switch to (flag umtMinorAccountSwitch).
	SwitchableAccounts []SwitchableAccount `json:"switchableAccounts"`
	// Cobranding is the distributor's logo for co-branded headers; absent for the default distributor.
	Cobranding *Cobranding `json:"cobranding,omitempty"`
}

// Amount is a formatted balance.
type Amount struct {
	// Label is the text before the amount, in the page's language.
	Label string `json:"label"`
	// Amount is the formatted amount with its currency, e.g. "1.234,56 €".
	Amount string `json:"amount"`
	// IsNegative marks amounts below zero.
	IsNegative bool `json:"isNegative"`
}

// Notice is a not-available notice with its tooltip.
type Notice struct {
	Title       string `json:"title"`
	TooltipText string `json:"tooltipText"`
}

// AccountID is one identifier of the account menu.
type AccountID struct {
	// ID is the kind: "iban", "accountNumber" or "sortCode".
	ID string `json:"id"`
	// Label is its name in the page's language.
	Label string `json:"label"`
	// Display is the text shown (IBANs grouped in fours).
	Display string `json:"display"`
	// Copy is the text copied (IBANs in electronic format).
	Copy string `json:"copy"`
}

// SwitchableAccount is an account the customer may switch to.
type SwitchableAccount struct {
	FirstName  string `json:"firstName"`
	LastName   string `json:"lastName"`
	CustomerID string `json:"customerId"`
}

// Cobranding is a distributor's logo.
type Cobranding struct {
	DistributorID string `json:"distributorId"`
	LogoURL       string `json:"logoUrl"`
}
