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
