import type { EdgeMarket, Market } from '../model/market.ts';

// What the edge needs of the markets beside the picker's data (spec 2.5, 4): the visitor
// countries the country banner sends to each market. Only the build reads this file (it writes
// markets.json for the gateway); the client never needs it.
const redirectCountries: Readonly<Record<string, readonly string[]>> = {
  'de-AT': ['AT'],
  'fr-FR': ['FR', 'BE', 'LU', 'MC'],
  'de-DE': ['DE'],
  'en-IE': ['IE'],
  'nl-NL': ['NL'],
  'es-ES': ['ES', 'PT'],
  'en-GB': ['GB', 'GG', 'JE', 'IM'],
  'en-US': ['US'],
  'pl-PL': ['PL'],
  'fi-FI': ['FI'],
  'de-CH': ['CH', 'LI'],
  'it-IT': ['IT', 'SM', 'VA'],
};

/**
 * edgeMarkets are the markets as the gateway reads them (markets.json): each with the locale
 * stored as the visitor's preferred one when chosen (the market's, in lowercase) and its
 * redirect countries (none for the generic entry).
 */
export function edgeMarkets(markets: readonly Market[]): EdgeMarket[] {
  return markets.map((m) => ({ ...m, preferredLocale: m.locale.toLowerCase(), redirectCountries: [...(redirectCountries[m.locale] ?? [])] }));
}
