import { describe, expect, test } from 'vitest';
import { flagConditionHolds, gateProps } from './flagCondition.ts';

// The same table as caddy-module/flags/markup_test.go: the edge and the client must agree.
describe('flagConditionHolds', () => {
  test.each<{ cond: string; flags: Record<string, boolean>; want: boolean }>([
    { cond: 'isDWMLaunchNL|ippDwmLaunchNl', flags: { ippDwmLaunchNl: true }, want: true },
    { cond: 'isDWMLaunchNL|ippDwmLaunchNl', flags: { isDWMLaunchNL: false }, want: false },
    { cond: 'mobileAppBanner !embeddedAppView', flags: { mobileAppBanner: true }, want: true },
    { cond: 'mobileAppBanner !embeddedAppView', flags: { mobileAppBanner: true, embeddedAppView: true }, want: false },
    { cond: 'mobileAppBanner !embeddedAppView', flags: {}, want: false },
    { cond: 'b2cNewMarketLocales:de-ch !b2cUnifiedDomainLocales:de-ch', flags: { 'b2cNewMarketLocales:de-ch': true }, want: true },
    { cond: '!a|!b', flags: { a: true, b: true }, want: false },
    { cond: '!a|!b', flags: { a: true }, want: true },
    { cond: '', flags: { a: true }, want: false },
  ])('$cond with $flags is $want', ({ cond, flags, want }) => {
    expect(flagConditionHolds(cond, flags)).toBe(want);
  });

  test('gateProps hides what does not hold and marks the element', () => {
    expect(gateProps(undefined, {})).toEqual({});
    expect(gateProps('a', {})).toEqual({ 'data-shell-flag': 'a', hidden: true });
    expect(gateProps('a', { a: true })).toEqual({ 'data-shell-flag': 'a', hidden: false });
  });
});
