import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { flagConditionHolds, gateProps } from './flagCondition.ts';

// One table with the edge (caddy-module/flags/markup_test.go reads it too): the edge and the
// client must agree on every condition, or hydration and the first HTML differ.
const cases = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../caddy-module/flags/testdata/conditions.json'), 'utf8'),
) as { holds: { condition: string; flags: Record<string, boolean>; holds: boolean }[]; malformed: string[] };

describe('flagConditionHolds', () => {
  test.each(cases.holds)('$condition with $flags is $holds', ({ condition, flags, holds }) => {
    expect(flagConditionHolds(condition, flags)).toBe(holds);
  });

  // The edge refuses these; the client never shows an element on one, whatever the flags.
  test.each(cases.malformed)('malformed %j never holds', (condition) => {
    const all = { '': true, a: true, b: true, '!a': true, 'a"b': true };
    expect(flagConditionHolds(condition, all)).toBe(false);
    expect(flagConditionHolds(condition, {})).toBe(false);
  });

  test('gateProps hides what does not hold and marks the element', () => {
    expect(gateProps(undefined, {})).toEqual({});
    expect(gateProps('a', {})).toEqual({ 'data-shell-flag': 'a', hidden: true });
    expect(gateProps('a', { a: true })).toEqual({ 'data-shell-flag': 'a', hidden: false });
  });
});
