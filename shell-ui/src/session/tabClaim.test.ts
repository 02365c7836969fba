import { afterEach, describe, expect, test, vi } from 'vitest';
import { TabClaimName, browserTabClaim } from './tabClaim.ts';

// jsdom has no Web Locks: this one grants the lock to one caller at a time, in order, as the
// browser does for an exclusive lock.
function serialLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => T): Promise<T> {
      const run = queue.then(() => callback());
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('browserTabClaim', () => {
  test('the first claim of a key wins, later claims of it lose, other keys are free', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: serialLocks() });
    const tabA = browserTabClaim();
    const tabB = browserTabClaim();
    const results = await Promise.all([tabA('expired:1'), tabB('expired:1'), tabB('auto-extend:1')]);
    expect(results).toEqual([true, false, true]);
    expect(await tabA('expired:2')).toBe(true);
  });

  test('claims older than six hours are forgotten; a damaged record counts as none', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: serialLocks() });
    let clock = 1_000_000;
    const claim = browserTabClaim(TabClaimName, () => clock);
    expect(await claim('expired:1')).toBe(true);
    clock += 6 * 60 * 60 * 1000;
    expect(await claim('expired:1')).toBe(true);
    localStorage.setItem(TabClaimName, 'not json');
    expect(await claim('expired:1')).toBe(true);
    expect(await claim('expired:1')).toBe(false);
  });

  test('without Web Locks every claim wins: the tab channel is the only guard then', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const claim = browserTabClaim();
    expect(await claim('expired:1')).toBe(true);
    expect(await claim('expired:1')).toBe(true);
  });
});
