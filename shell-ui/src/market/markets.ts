import type { Market } from '../model/market.ts';

// Markets of the picker (spec 2.5); what only the edge needs of them is in
// marketRedirects.ts, so the client does not carry it. Switzerland and Italy are the newer markets that flag
// b2cNewMarketLocales switches on. Listed in the picker's order, country names as English
// collation orders them (Österreich with the Os), the generic entry last; markets.test.ts holds
// the order. The client never sorts them: a page's first localeCompare builds the browser's
// collator, a 45-80 ms task on a slow phone's first touch of the picker.
export const markets: readonly Market[] = [
  { locale: 'de-DE', country: 'Deutschland', href: 'https://www.shellgate.de/', code: 'DE' },
  { locale: 'es-ES', country: 'España', href: 'https://www.shellgate.es/', code: 'ES' },
  { locale: 'fr-FR', country: 'France', href: 'https://www.shellgate.fr/', code: 'FR' },
  { locale: 'en-IE', country: 'Ireland', href: 'https://www.shellgate.ie/', code: 'IE' },
  { locale: 'it-IT', country: 'Italia', href: 'https://www.shellgate.it/', code: 'IT', isNewMarket: true },
  { locale: 'nl-NL', country: 'Nederland', href: 'https://www.shellgate.nl/', code: 'NL' },
  { locale: 'de-AT', country: 'Österreich', href: 'https://www.shellgate.at/', code: 'AT' },
  { locale: 'pl-PL', country: 'Polska', href: 'https://www.shellgate.com/pl-pl/', code: 'PL' },
  { locale: 'de-CH', country: 'Schweiz', href: 'https://www.shellgate.ch/', code: 'CH', isNewMarket: true },
  { locale: 'fi-FI', country: 'Suomi', href: 'https://www.shellgate.com/fi-fi/', code: 'FI' },
  { locale: 'en-GB', country: 'United Kingdom', href: 'https://www.shellgate.co.uk/', code: 'GB' },
  { locale: 'en-US', country: 'United States', href: 'https://www.shellgate.com/en-us/', code: 'US' },
  // The generic EU/other entry is the bare en: the country selector's market.
  { locale: 'en', country: 'Other', href: '/en/select-country/', code: '' },
];

/** UnifiedDomainFlag and NewMarketFlag prefix the per-locale flags of state.flags. */
export const UnifiedDomainFlag = 'b2cUnifiedDomainLocales';
export const NewMarketFlag = 'b2cNewMarketLocales';

export interface PickerContext {
  /** current is the page's locale. */
  current: string;
  /**
   * flags are state.flags. The two list flags arrive one key per locale, lowercase (spec 5):
   * "b2cUnifiedDomainLocales:fr-fr": true, "b2cNewMarketLocales:de-ch": true.
   */
  flags: Readonly<Record<string, boolean>>;
  /** origin is the page's origin ("https://www.shellgate.com"), unknown in the prerender. */
  origin: string | null;
}

/** isGeneric tells the generic EU/other entry (no country badge) from the markets. */
export const isGeneric = (m: Market) => m.code === '';

const listed = (flags: Readonly<Record<string, boolean>>, flag: string, locale: string) => flags[`${flag}:${locale.toLowerCase()}`] === true;

/**
 * pickerMarkets is what the picker lists: new markets only when flagged (the current market
 * always), markets on the unified domain linked to {origin}/{locale}/, in the order of all
 * (markets: by country name, the generic entry last).
 */
export function pickerMarkets(all: readonly Market[], ctx: PickerContext): Market[] {
  const current = ctx.current.toLowerCase();
  return all
    .filter((m) => !m.isNewMarket || m.locale.toLowerCase() === current || listed(ctx.flags, NewMarketFlag, m.locale))
    .map((m) => (ctx.origin !== null && !isGeneric(m) && listed(ctx.flags, UnifiedDomainFlag, m.locale) ? { ...m, href: `${ctx.origin}/${m.locale.toLowerCase()}/` } : m));
}
