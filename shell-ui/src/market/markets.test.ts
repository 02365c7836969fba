import { describe, expect, test } from 'vitest';
import { edgeMarkets } from './marketRedirects.ts';
import { markets, pickerMarkets } from './markets.ts';

const names = (ms: { country: string }[]) => ms.map((m) => m.country);

describe('markets', () => {
  // The client lists them as they are (no collator on a phone's first touch): the data file
  // must already be in the picker's order, as English collation orders the country names.
  test('are in the picker’s order: by country name as English collation has it, the generic entry last', () => {
    const collated = [...markets].sort((a, b) => Number(a.code === '') - Number(b.code === '') || a.country.localeCompare(b.country, 'en'));
    expect(names([...markets])).toEqual(names(collated));
  });
});

describe('pickerMarkets', () => {
  test('sorted by country name, the generic entry last, new markets hidden without the flag', () => {
    expect(names(pickerMarkets(markets, { current: 'de-DE', flags: {}, origin: null }))).toEqual([
      'Deutschland',
      'España',
      'France',
      'Ireland',
      'Nederland',
      'Österreich',
      'Polska',
      'Suomi',
      'United Kingdom',
      'United States',
      'Other',
    ]);
  });

  test.each<{ name: string; current: string; flags: Record<string, boolean>; shows: string[]; hides: string[] }>([
    { name: 'flagged new market is listed', current: 'de-DE', flags: { 'b2cNewMarketLocales:de-ch': true }, shows: ['Schweiz'], hides: ['Italia'] },
    { name: 'both new markets', current: 'de-DE', flags: { 'b2cNewMarketLocales:de-ch': true, 'b2cNewMarketLocales:it-it': true }, shows: ['Schweiz', 'Italia'], hides: [] },
    { name: 'a flag set to false hides', current: 'de-DE', flags: { 'b2cNewMarketLocales:it-it': false }, shows: [], hides: ['Italia', 'Schweiz'] },
    { name: 'the current market is always listed', current: 'it-IT', flags: {}, shows: ['Italia'], hides: ['Schweiz'] },
  ])('$name', ({ current, flags, shows, hides }) => {
    const listed = names(pickerMarkets(markets, { current, flags, origin: null }));
    for (const s of shows) expect(listed).toContain(s);
    for (const h of hides) expect(listed).not.toContain(h);
  });

  test.each<{ flags: Record<string, boolean>; origin: string | null; want: string }>([
    { flags: {}, origin: 'https://www.shellgate.com', want: 'https://www.shellgate.fr/' },
    { flags: { 'b2cUnifiedDomainLocales:fr-fr': true }, origin: 'https://www.shellgate.com', want: 'https://www.shellgate.com/fr-fr/' },
    // The prerender does not know the host: the market's own site until the client runs.
    { flags: { 'b2cUnifiedDomainLocales:fr-fr': true }, origin: null, want: 'https://www.shellgate.fr/' },
  ])('unified domain $flags at $origin links France to $want', ({ flags, origin, want }) => {
    const fr = pickerMarkets(markets, { current: 'de-DE', flags, origin }).find((m) => m.locale === 'fr-FR')!;
    expect(fr.href).toBe(want);
  });

  test('on the country selector (en) the generic entry is the current one', () => {
    const generic = pickerMarkets(markets, { current: 'en', flags: {}, origin: null }).at(-1)!;
    expect(generic.locale).toBe('en');
    expect(generic.href).toBe('/en/select-country/');
  });

  test('every market has a preferred locale and, but the generic one, redirect countries', () => {
    for (const m of edgeMarkets(markets)) {
      expect(m.preferredLocale).toBe(m.code === '' ? 'en' : m.locale.toLowerCase());
      if (m.code !== '') expect(m.redirectCountries).toContain(m.code);
    }
  });
});

describe('edgeMarkets', () => {
  test('every market of the picker, with the countries the banner sends to it', () => {
    const edge = edgeMarkets(markets);
    expect(edge.map((m) => m.locale)).toEqual(markets.map((m) => m.locale));
    expect(edge.find((m) => m.locale === 'fr-FR')!.redirectCountries).toEqual(['FR', 'BE', 'LU', 'MC']);
    expect(edge.find((m) => m.locale === 'en')!).toMatchObject({ preferredLocale: 'en', redirectCountries: [] });
    // A country goes to one market only.
    const countries = edge.flatMap((m) => m.redirectCountries);
    expect(new Set(countries).size).toBe(countries.length);
  });
});
