// Code generated from caddy-module/shellstate by `make contracts`. DO NOT EDIT.

/** State is everything the shell needs to render for one request. It never holds a token. */
export interface ShellState {
  /** Locale is the BCP 47 locale of the page, e.g. "de-DE". */
  locale: string;
  /** Market is the market's id, e.g. "de-DE"; several locales may share one market host. */
  market: string;
  /** BasePath is the locale base path that relative shell links are prefixed with, e.g. "" or "/en-gb". */
  basePath: string;
  /** DesignVersion picks the footer layout: "v1" or "v2". */
  designVersion: string;
  /** HeaderVariant is the header the edge selected, e.g. "public", "private", "integrated". */
  headerVariant: string;
  /** Path is the request path, used for the active link on the first render. */
  path: string;
  /** Year is the current year at the edge (copyright line), so the first render matches the server's. */
  year: number;
  /** IsLoggedIn tells whether a valid session exists. */
  isLoggedIn: boolean;
  /** CanAccess tells whether the access guard lets the visitor see this page. */
  canAccess: boolean;
  /** IsAuthRequired tells whether this page needs a login. */
  isAuthRequired: boolean;
  /** CustomerID is the customer's bacNumber when logged in: the customer shown, which after an account switch is the account switched to. */
  customerId?: string;
  /** LoginCustomerID is the logged-in customer's own bacNumber while an account switch shows another customer (CustomerID); absent while the login shows its own. */
  loginCustomerId?: string;
  /** Access lists the customer's product access values (HAS_FIXED_DEPOSIT_ACCOUNT, ...). */
  access: string[] | null;
  /** AppView tells that the page is shown in the app's embedded view (spec 2.4; the handler's app_view): the footer has no market picker, link groups or app banner, and Flags has embeddedAppView, which the footer's gates name. */
  appView: boolean;
  /** Flags are the feature flags evaluated at the edge for this request. The JSON lists the flags that are on (AppendJSON): a flag off reads as one absent, on both sides. */
  flags: Record<string, boolean> | null;
  /** Session is the login session's timing; absent when logged out. */
  session?: Session | null;
  /** Banner is the country banner decision; absent when no banner is shown. */
  banner?: Banner | null;
  /** Customer is the header customer block; absent when logged out or while the data is loading (then HeaderVariant is "loading" and the shell fetches /_shell/state). */
  customer?: Customer | null;
  /** Redirect is where the customer redirect rule sends the customer (spec 4), when the page went out before the customer's data and /_shell/state found the rule holds: the shell goes there (location.replace). Pages the edge could decide on were redirected with a 302 instead, so an inlined state never has it. */
  redirect?: string;
  /** Marketing is what the shell's marketing integrations need (spec 6, 7, 9); absent when the gateway's marketing block is not configured. */
  marketing?: Marketing | null;
}

/** Marketing tells the shell which of the platform's marketing integrations run on this page. Each is off while its field is empty; none of them ever runs without the visitor's consent. */
export interface Marketing {
  /** TrackingAppID is the tracking app id of the page's host, which the shell pushes into the data layer as tracking_app_id for the tags there; "" when the host has none. */
  trackingAppId?: string;
  /** CDPGlobal is the window global of the customer-data platform's browser SDK, e.g. "analytics": on a logged-in customer's page the shell calls its identify once, with the bacNumber, after consent. */
  cdpGlobal?: string;
  /** SDKBridge is the name of the app's JS bridge to its mobile marketing SDK; set only in the app's embedded view, where the shell tells the SDK once that consent is granted. */
  sdkBridge?: string;
}

/** Session is the timing of a customer's login session, for the countdown (spec 4, session lifecycle). Times are Unix milliseconds at the edge; the shell corrects for its own clock with ServerTime. */
export interface Session {
  /** ServerTime is the edge's clock when this state was made. */
  serverTime: number;
  /** ExpiresAt is when the access token expires. */
  expiresAt: number;
  /** IdleExpiresAt is when the session ends for lack of activity. */
  idleExpiresAt: number;
  /** AbsoluteExpiresAt is when the session ends however active the customer is (the gateway's max_session after login); absent when there is no maximum. The countdown counts to the earliest of this, the token's and the idle expiry; extending cannot move it. */
  absoluteExpiresAt?: number;
  /** LengthSeconds is the access token's lifetime (exp - iat), 300 when it cannot be read. */
  lengthSeconds: number;
  /** CanExtend tells whether the countdown may offer "Extend session". */
  canExtend: boolean;
  /** AutoExtend tells whether the edge refreshes the token by itself when 120 s or fewer remain. */
  autoExtend: boolean;
  /** Webview is true in the embedded app view, where only token expiry counts. */
  webview: boolean;
  /** Monitored tells whether the shell's session monitor runs (spec 4): false on the local environment without the local-timeout flag, where no countdown shows. */
  monitored: boolean;
}

/** Banner is the country banner's decision for this request (spec 2.5, 4). */
export interface Banner {
  /** Show tells whether the banner is rendered at the top of the page. */
  show: boolean;
  /** Reason is why: "region-redirect", "preferred-locale" or "redirect-cookie". */
  reason?: string;
  /** Suggested is the locale of the market the banner suggests, e.g. "en-GB"; "" for none. */
  suggested?: string;
}

/** Customer is the header customer block of spec 3, derived at the edge from the customer APIs. Amounts and identifiers come formatted, so the first HTML and React show the same text. */
export interface Customer {
  /** DisplayName is the name in the avatar menu, e.g. "Dr. Anna Schmidt". */
  displayName: string;
  /** FullName is academic title, first name and last name. */
  fullName: string;
  /** Initials are the first letters of the first and last words of the name. */
  initials: string;
  /** State is the transaction account's state, e.g. "ACTIVE"; the balance box needs ACTIVE. */
  state: string;
  /** IsCompanyCustomer is true for company customers (German company links). */
  isCompanyCustomer: boolean;
  /** IsPendingActivation is true before activation: total 0, available equals current. */
  isPendingActivation: boolean;
  /** DistributorID is the customer's distributor. */
  distributorId?: string;
  /** Restricted switches the account menu to its reduced set. */
  restricted: boolean;
  /** TotalBalance and AvailableBalance are absent when the balance is not available. */
  totalBalance?: Amount | null;
  availableBalance?: Amount | null;
  /** BalanceIsNotAvailable shows the not-available notice instead of the amounts. */
  balanceIsNotAvailable: boolean;
  /** NotAvailableMessage is the notice's title and tooltip (maintenance or fetch error). */
  notAvailableMessage?: Notice | null;
  /** AccountIDs are the identifiers shown in the account menu (IBAN, account number, sort code). */
  accountIds: AccountID[] | null;
  /** ShowUnreadMessage puts the dot badge on nav items flagged enableBadge. */
  showUnreadMessage: boolean;
  /** SwitchableAccounts are the accounts the customer may switch to (flag umtMinorAccountSwitch). */
  switchableAccounts: SwitchableAccount[] | null;
  /** Cobranding is the distributor's logo for co-branded headers; absent for the default distributor. */
  cobranding?: Cobranding | null;
}

/** Amount is a formatted balance. */
export interface Amount {
  /** Label is the text before the amount, in the page's language. */
  label: string;
  /** Amount is the formatted amount with its currency, e.g. "1.234,56 €". */
  amount: string;
  /** IsNegative marks amounts below zero. */
  isNegative: boolean;
}

/** Notice is a not-available notice with its tooltip. */
export interface Notice {
  title: string;
  tooltipText: string;
}

/** AccountID is one identifier of the account menu. */
export interface AccountID {
  /** ID is the kind: "iban", "accountNumber" or "sortCode". */
  id: string;
  /** Label is its name in the page's language. */
  label: string;
  /** Display is the text shown (IBANs grouped in fours). */
  display: string;
  /** Copy is the text copied (IBANs in electronic format). */
  copy: string;
}

/** SwitchableAccount is an account the customer may switch to. */
export interface SwitchableAccount {
  firstName: string;
  lastName: string;
  customerId: string;
}

/** Cobranding is a distributor's logo. */
export interface Cobranding {
  distributorId: string;
  logoUrl: string;
}

/** ExtendRequest is the JSON body of POST /_shell/session/extend. No body at all reads as the zero value: an automatic extension. */
export interface ExtendRequest {
  /** ByCustomer is true when the customer pressed "Extend session" in the countdown, which is the customer's activity and restarts the idle clock. The shell's automatic extension (the token has 120 s left) sends false: it refreshes the token only and never the idle clock, so that an unattended tab still idles out (ASVS 4.0.3 3.3.2). */
  byCustomer: boolean;
}

/** SessionList is the JSON answer of GET /_shell/session/list: the customer's own sessions (ASVS 4.0.3 3.3.4), most recently active first. It never carries a session id or token. */
export interface SessionList {
  sessions: SessionEntry[] | null;
  /** FreshLogin is true while the current login is recent enough to end sessions; when false, ending one sends the customer to log in again first. */
  freshLogin: boolean;
}

/** SessionEntry is one session in the customer's list. */
export interface SessionEntry {
  /** Handle names the session to POST /_shell/session/end. It is a one-way digest: it cannot be presented as a cookie. */
  handle: string;
  /** Device is the coarse device kind at login: "desktop", "mobile", "tablet" or "" (unknown). */
  device: string;
  /** Browser is the browser family at login, e.g. "Firefox", "Other", or "" (unknown). */
  browser: string;
  /** Market is the market locale of the session, e.g. "de-DE"; "" when unknown. */
  market: string;
  /** StartedAt is when the login completed, RFC 3339 in UTC. */
  startedAt: string;
  /** LastActiveAt is the customer's last recorded activity, RFC 3339 in UTC. */
  lastActiveAt: string;
  /** Current is true for the session of the request that asked. */
  current: boolean;
}

/** EndSessionRequest is the JSON body of POST /_shell/session/end: one session by its handle, or with all true every session but the current one. */
export interface EndSessionRequest {
  handle?: string;
  all?: boolean;
}

/** EndSessionResult is the JSON answer of POST /_shell/session/end. */
export interface EndSessionResult {
  /** Ended is how many sessions were ended. */
  ended: number;
  /** LoggedOut is true when the current session was among them: the browser is logged out. */
  loggedOut: boolean;
}

/** ReauthRequired is the 401 answer of POST /_shell/session/end when the login is not recent enough: the customer logs in again at Login (a same-site path), then retries. */
export interface ReauthRequired {
  error: string;
  login: string;
}

/** LogoutReasonField is the form field of POST /_shell/auth/logout (a form post, so that it works as a navigation) that says why the shell logs out; without it the customer logged out. */
export const LogoutReasonField = "reason";

/** LogoutReasonValues are the values of LogoutReason, in the order of their Go constants. */
export const LogoutReasonValues = ["expired"] as const;
/** LogoutReason is a value of LogoutReasonField. */
export type LogoutReason = (typeof LogoutReasonValues)[number];

/** CustomerSlotPrefix starts a slot marker in the prerendered header: "[[shell:customer.initials]]". */
export const CustomerSlotPrefix = "[[shell:customer.";

/** CustomerSlotSuffix ends a slot marker. */
export const CustomerSlotSuffix = "]]";

/** CustomerSlotValues are the values of CustomerSlot, in the order of their Go constants. */
export const CustomerSlotValues = ["initials", "displayName", "total.label", "total.amount", "available.label", "available.amount", "notice.title", "notice.tooltip", "id.iban.label", "id.iban.display", "id.accountNumber.label", "id.accountNumber.display", "id.sortCode.label", "id.sortCode.display"] as const;
/** CustomerSlot names a customer text of the private header, in the order the header lists them. */
export type CustomerSlot = (typeof CustomerSlotValues)[number];

/** CustomerFactValues are the values of CustomerFact, in the order of their Go constants. */
export const CustomerFactValues = ["customer:balance", "customer:balance-available", "customer:total-negative", "customer:available-negative", "customer:restricted", "customer:company", "customer:unread"] as const;
/** CustomerFact is a fact about the customer that a gate of the private header tests; a fact holds or is absent. */
export type CustomerFact = (typeof CustomerFactValues)[number];

/** AccessFactPrefix starts the fact of a product access value: "access:HAS_CRYPTO". */
export const AccessFactPrefix = "access:";

/** IdentifierFactPrefix starts the fact that the customer has an identifier of a kind: "customer:id:iban". */
export const IdentifierFactPrefix = "customer:id:";

/** DistributorFactPrefix starts the fact of the customer's distributor: "distributor:dkb". */
export const DistributorFactPrefix = "distributor:";

/** IdentifierKindValues are the values of IdentifierKind, in the order of their Go constants. */
export const IdentifierKindValues = ["iban", "accountNumber", "sortCode"] as const;
/** IdentifierKind is a kind of account identifier the account menu shows, in its order. */
export type IdentifierKind = (typeof IdentifierKindValues)[number];
