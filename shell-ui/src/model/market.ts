/** Market is one entry of the market picker (spec 2.5). */
export interface Market {
  /** locale is the market's BCP 47 locale; "other" for the generic entry. */
  locale: string;
  /** country is the label shown, in the market's own language. */
  country: string;
  /** href is the market's site: a root-relative path on the unified domain or an absolute URL. */
  href: string;
  /** flag is the ISO 3166 alpha-2 code drawn as the market's badge; empty for "other". */
  code: string;
}
