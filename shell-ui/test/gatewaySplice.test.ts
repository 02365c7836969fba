// The shell's twin of the gateway (gatewaySplice.ts), which the hydration tests use to see what a
// browser gets, held to the edge's own output: caddy-module/flags/testdata/fragments.json is
// written by the edge's code (its Go test checks it against the edge on every run).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { gatewaySplice } from './gatewaySplice.ts';

interface FragmentCase {
  name: string;
  fragment: string;
  flags: Record<string, boolean>;
  year: number;
  basePath: string;
  path: string;
  want: string;
}

const table = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../caddy-module/flags/testdata/fragments.json'), 'utf8'),
) as { cases: FragmentCase[] };

describe('gatewaySplice makes of a fragment what the gateway does', () => {
  test('the table has cases', () => {
    expect(table.cases.length).toBeGreaterThan(10);
  });
  test.each(table.cases)('$name', (c) => {
    expect(gatewaySplice(c.fragment, { year: c.year, path: c.path, basePath: c.basePath, flags: c.flags })).toBe(c.want);
  });
});
