// Code generated from caddy-module/shellstate by `go test ./caddy-module/shellstate -update`. DO NOT EDIT.

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
  /** CustomerID is the customer's bacNumber when logged in. */
  customerId?: string;
  /** Access lists the customer's product access values (HAS_FIXED_DEPOSIT_ACCOUNT, ...). */
  access: string[] | null;
  /** Flags are the feature flags evaluated at the edge for this request. */
  flags: Record<string, boolean> | null;
}
