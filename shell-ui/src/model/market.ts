/** Market is one entry of the market picker (spec 2.5). */
export interface Market {
  /** locale is the market's BCP 47 locale; the bare "en" for the generic EU/other entry. */
  locale: string;
  /** country is the label shown, in the market's own language; the picker sorts by it. */
  country: string;
  /** href is the market's own site (absolute), or a root path outside any locale. */
  href: string;
  /** code is the ISO 3166 alpha-2 code drawn as the market's badge; empty for "other". */
  code: string;
  /** isNewMarket: listed only when flag b2cNewMarketLocales names it (or it is the current one). */
  isNewMarket?: boolean;
}

/** EdgeMarket is a market as the gateway reads it (markets.json, written by the build). */
export interface EdgeMarket extends Market {
  /** preferredLocale is the code stored as the visitor's preferred locale when chosen. */
  preferredLocale: string;
  /** redirectCountries are the visitor countries the country banner sends to this market. */
  redirectCountries: string[];
}

/** CountryBannerTexts are the country banner's texts in one market's language. */
export interface CountryBannerTexts {
  /** label names the banner's form landmark. */
  label: string;
  /** suggest says why the suggested market may suit the visitor better. */
  suggest: (market: string) => string;
  /** choose is the text when no market is suggested: this site's market, and the choice. */
  choose: (current: string) => string;
  /** go is the button to the suggested market. */
  go: (market: string) => string;
  /** goChoice is the button to the market chosen in the list. */
  goChoice: string;
  /** select labels the market list. */
  select: string;
  /** stay is the "all good" button: keep this market and hide the banner. */
  stay: string;
}
