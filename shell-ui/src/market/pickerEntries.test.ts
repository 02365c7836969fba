import { describe, expect, test } from 'vitest';
import { flagConditionHolds } from '../lib/flagCondition.ts';
import { markets, pickerMarkets } from './markets.ts';
import { pickerEntries } from './pickerEntries.ts';

const shown = (current: string, flags: Record<string, boolean>) =>
  pickerEntries(markets, current)
    .filter((e) => e.gate === undefined || flagConditionHolds(e.gate, flags))
    .map((e) => [e.market.locale, e.market.locale === current ? 'current' : e.href]);

// The gated rows must show exactly what the picker's rule lists, for every flag combination a
// visitor may meet; on the unified domain the origin is the page's own, i.e. a root path.
describe('pickerEntries', () => {
  test.each<{ current: string; flags: Record<string, boolean> }>([
    { current: 'de-DE', flags: {} },
    { current: 'de-DE', flags: { 'b2cNewMarketLocales:de-ch': true } },
    { current: 'it-IT', flags: {} },
    { current: 'en', flags: { 'b2cNewMarketLocales:de-ch': true, 'b2cNewMarketLocales:it-it': true } },
    { current: 'de-DE', flags: { 'b2cUnifiedDomainLocales:fr-fr': true, 'b2cUnifiedDomainLocales:pl-pl': true } },
    { current: 'fr-FR', flags: { 'b2cUnifiedDomainLocales:fr-fr': true, 'b2cUnifiedDomainLocales:de-ch': true } },
    { current: 'de-DE', flags: { 'b2cUnifiedDomainLocales:de-ch': true, 'b2cNewMarketLocales:de-ch': true } },
  ])('$current with $flags', ({ current, flags }) => {
    // The current market is no link: its href does not count.
    const rule = pickerMarkets(markets, { current, flags, origin: '' }).map((m) => [m.locale, m.locale === current ? 'current' : m.href]);
    expect(shown(current, flags)).toEqual(rule);
  });

  test('only the current market and the generic entry show whatever the flags', () => {
    const rows = pickerEntries(markets, 'de-DE');
    expect(rows.filter((r) => r.gate === undefined).map((r) => r.market.locale)).toEqual(['de-DE', 'en']);
    // Each other market has a row for its own site and one for the unified domain.
    expect(rows.filter((r) => r.market.locale === 'fr-FR').map((r) => r.href)).toEqual(['https://www.shellgate.fr/', '/fr-fr/']);
  });
});
