import type { Market } from '../model/market.ts';
import { isGeneric, NewMarketFlag, UnifiedDomainFlag } from './markets.ts';

/** PickerEntry is one row the picker renders: a market, its link, and the flags it shows on. */
export interface PickerEntry {
  key: string;
  market: Market;
  href: string;
  /** gate is the flag condition of the row (lib/flagCondition.ts); undefined: always shown. */
  gate?: string;
}

const both = (...terms: (string | undefined)[]) => terms.filter((t) => t !== undefined).join(' ');

/**
 * pickerEntries is pickerMarkets as markup that does not depend on the flags: every market the
 * flags may show, each row gated on its flags, so the prerender can hold them all and the
 * gateway show the right ones in the first HTML. A new market's row waits for
 * b2cNewMarketLocales (the current market never does); a market on the unified domain has a
 * second row linking {host}/{locale}/, shown while b2cUnifiedDomainLocales names it instead of
 * the first. The rows the flags show are exactly what pickerMarkets lists, in its order.
 */
export function pickerEntries(all: readonly Market[], current: string): PickerEntry[] {
  const here = current.toLowerCase();
  return all.flatMap((m): PickerEntry[] => {
    const l = m.locale.toLowerCase();
    if (l === here) return [{ key: m.locale, market: m, href: m.href }];
    const isNew = m.isNewMarket ? `${NewMarketFlag}:${l}` : undefined;
    if (isGeneric(m)) return [{ key: m.locale, market: m, href: m.href, gate: isNew }];
    return [
      { key: m.locale, market: m, href: m.href, gate: both(isNew, `!${UnifiedDomainFlag}:${l}`) },
      { key: `${m.locale}-unified`, market: m, href: `/${l}/`, gate: both(isNew, `${UnifiedDomainFlag}:${l}`) },
    ];
  });
}
