// The browser's collator is set up on the first localeCompare of a page: 50-80 ms of one task on
// a slow phone (bench/HISTORY.md, 2026-11-27 "task", session 14: the countdown's texts sorted
// their locale codes with it when the countdown's view came). The modules a customer's page or
// the first touch evaluates order their tables by code, as strings, without it.
import { afterEach, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

test.each([
  ['the countdown’s texts', () => import('../session/sessionTexts.ts')],
  ['the locales’ content (hydration)', () => import('../content/index.ts')],
])('%s load without the browser’s collator', async (_, load) => {
  vi.resetModules();
  const collate = vi.spyOn(String.prototype, 'localeCompare');
  await load();
  expect(collate).not.toHaveBeenCalled();
});

// The picker and the banner list the markets in the data file's order (markets.test.ts holds
// it to the collation): their first render on a tap must not build the collator either.
test('the picker’s rows and the banner’s choices are listed without the browser’s collator', async () => {
  vi.resetModules();
  const { markets, pickerMarkets } = await import('../market/markets.ts');
  const { pickerEntries } = await import('../market/pickerEntries.ts');
  const collate = vi.spyOn(String.prototype, 'localeCompare');
  pickerEntries(markets, 'de-DE');
  pickerMarkets(markets, { current: 'fr-FR', flags: {}, origin: null });
  expect(collate).not.toHaveBeenCalled();
});
