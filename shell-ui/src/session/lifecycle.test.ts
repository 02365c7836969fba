import { describe, expect, test } from 'vitest';
import type { Session } from '../model/shellState.gen.ts';
import {
  autoExtendDue,
  countdownShown,
  extendedMinutes,
  idleLengthOf,
  msToNextSecond,
  readTiming,
  secondsLeft,
  toTiming,
  withReportedActivity,
} from './lifecycle.ts';

const T0 = 1_700_000_000_000;

/** session builds a Session made at server time T0 with the given seconds left. */
function session(tokenS: number, idleS: number, extra: Partial<Session> = {}): Session {
  return { serverTime: T0, expiresAt: T0 + tokenS * 1000, idleExpiresAt: T0 + idleS * 1000, lengthSeconds: 300, canExtend: true, autoExtend: true, webview: false, monitored: true, ...extra };
}

describe('toTiming', () => {
  test.each([
    ['browser clock equal', 0],
    ['browser clock 1 h behind the edge', -3_600_000],
    ['browser clock 90 s ahead', 90_000],
  ])('%s: the time left is the edge’s, whatever the browser’s clock says', (_, skew) => {
    const t = toTiming(session(200, 150), T0 + skew);
    const r = readTiming(t, T0 + skew + 10_000);
    expect(r.tokenMs).toBe(190_000);
    expect(r.idleMs).toBe(140_000);
    expect(t.tokenId).toBe(T0 + 200_000);
  });
});

describe('readTiming', () => {
  test.each([
    { name: 'idle runs out first', s: session(300, 100), remaining: 100, tokenBinds: false },
    { name: 'token runs out first', s: session(80, 100), remaining: 80, tokenBinds: true },
    { name: 'webview: only the token counts, even when idle is lower', s: session(250, 30, { webview: true }), remaining: 250, tokenBinds: true },
    { name: 'the maximum lifetime comes first', s: session(300, 200, { absoluteExpiresAt: T0 + 90_000 }), remaining: 90, tokenBinds: false, absoluteBinds: true },
    { name: 'the maximum lifetime counts in the webview too', s: session(300, 30, { webview: true, absoluteExpiresAt: T0 + 90_000 }), remaining: 90, tokenBinds: false, absoluteBinds: true },
    { name: 'the maximum lifetime far off', s: session(300, 200, { absoluteExpiresAt: T0 + 3_600_000 }), remaining: 200, tokenBinds: false },
  ])('$name', ({ s, remaining, tokenBinds, absoluteBinds = false }) => {
    const r = readTiming(toTiming(s, T0), T0);
    expect(r.remainingMs).toBe(remaining * 1000);
    expect(r.tokenBinds).toBe(tokenBinds);
    expect(r.absoluteBinds).toBe(absoluteBinds);
  });
});

describe('countdown near the maximum lifetime', () => {
  test('shows although the token would be refreshed and idle is far', () => {
    const t = toTiming(session(100, 300, { absoluteExpiresAt: T0 + 60_000 }), T0);
    expect(countdownShown(t, readTiming(t, T0), false)).toBe(true);
  });
});

describe('countdownShown', () => {
  test.each([
    { name: '121 s idle left: no countdown', s: session(600, 121), failed: false, shown: false },
    { name: '120 s idle left: countdown', s: session(600, 120), failed: false, shown: true },
    { name: '5 s idle left: countdown', s: session(600, 5), failed: false, shown: true },
    { name: 'token at 100 s with automatic extension: the refresh takes care', s: session(100, 600), failed: false, shown: false },
    { name: 'token at 100 s, automatic extension failed: countdown', s: session(100, 600), failed: true, shown: true },
    { name: 'token at 100 s, no automatic extension: countdown', s: session(100, 600, { autoExtend: false }), failed: false, shown: true },
    { name: 'token at 100 s, extension not offered: countdown', s: session(100, 600, { canExtend: false }), failed: false, shown: true },
    { name: 'webview, idle at 10 s, token at 250 s: no countdown', s: session(250, 10, { webview: true }), failed: false, shown: false },
    { name: 'webview, token at 60 s, no automatic extension: countdown', s: session(60, 600, { webview: true, autoExtend: false }), failed: false, shown: true },
  ])('$name', ({ s, failed, shown }) => {
    const t = toTiming(s, T0);
    expect(countdownShown(t, readTiming(t, T0), failed)).toBe(shown);
  });
});

describe('autoExtendDue', () => {
  test.each([
    { name: 'token at 121 s', s: session(121, 600), due: false },
    { name: 'token at 120 s', s: session(120, 600), due: true },
    { name: 'token at 120 s, automatic extension off', s: session(120, 600, { autoExtend: false }), due: false },
    // A session of 120 s or less with the stop-refreshing flag: canExtend false.
    { name: 'token at 100 s, extension not offered', s: session(100, 600, { canExtend: false, lengthSeconds: 120 }), due: false },
    { name: 'token already expired', s: session(0, 600), due: false },
    // Tokens shorter than 240 s: due at half their lifetime, as the edge refreshes them.
    { name: '60 s token at 31 s', s: session(31, 600, { lengthSeconds: 60 }), due: false },
    { name: '60 s token at 30 s', s: session(30, 600, { lengthSeconds: 60 }), due: true },
    { name: 'fresh 60 s token', s: session(60, 600, { lengthSeconds: 60 }), due: false },
  ])('$name', ({ s, due }) => {
    const t = toTiming(s, T0);
    expect(autoExtendDue(t, readTiming(t, T0))).toBe(due);
  });
});

describe('figures', () => {
  test.each([
    [120_000, 120, 1000],
    [119_500, 120, 500],
    [119_000, 119, 1000],
    [200, 1, 200],
    [0, 0, 1000],
  ])('%i ms left shows %i s and turns in %i ms', (ms, shown, next) => {
    expect(secondsLeft(ms)).toBe(shown);
    expect(msToNextSecond(ms)).toBe(next);
  });

  test.each([
    [300_000, 5],
    [290_000, 5],
    [20_000, 1],
    [3_600_000, 60],
  ])('an extension to %i ms left says %i minutes', (ms, minutes) => {
    expect(extendedMinutes({ tokenMs: ms, idleMs: ms, remainingMs: ms, tokenBinds: true, absoluteBinds: false })).toBe(minutes);
  });
});

describe('idle', () => {
  test('the page’s own state tells the idle timeout', () => {
    expect(idleLengthOf(session(300, 240))).toBe(240_000);
  });

  test('reported activity moves idle expiry out, never in', () => {
    const t = toTiming(session(300, 240), T0);
    expect(withReportedActivity(t, T0 + 60_000, 240_000).idleExpiresAt).toBe(T0 + 300_000);
    expect(withReportedActivity(t, T0 - 60_000, 240_000)).toBe(t);
  });
});
