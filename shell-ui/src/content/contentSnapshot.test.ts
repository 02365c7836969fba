// The built content of every locale (private menus, public header, footer) as it was before
// the content was written once (issue 16 step 5): a refactor of the content files must build
// the same objects. After a deliberate content change, rewrite the snapshot with
// UPDATE_CONTENT_SNAPSHOT=1 npm test -w shell-ui -- contentSnapshot, and review its diff.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { contentLocales } from './index.ts';
import { privateContentLocales } from '../header/private/privateContentLocales.ts';

const file = resolve(dirname(fileURLToPath(import.meta.url)), 'testdata/content-snapshot.json');

async function built(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const l of [...contentLocales].sort((a, b) => a.locale.localeCompare(b.locale))) {
    const c = await l.load();
    const load = privateContentLocales[l.locale];
    out[l.locale] = {
      basePath: c.basePath,
      header: c.header,
      footer: c.footer,
      private: load ? await load() : null,
    };
  }
  // Through JSON, as the snapshot file holds it (undefined fields drop out on both sides).
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

describe('content snapshot', () => {
  test('every locale builds the same header, footer and private menus as the snapshot', async () => {
    const now = await built();
    if (process.env.UPDATE_CONTENT_SNAPSHOT) writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
    const want = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(now).sort()).toEqual(Object.keys(want).sort());
    for (const locale of Object.keys(want)) expect({ locale, ...(now[locale] as object) }).toEqual({ locale, ...(want[locale] as object) });
  });
});
