// One set of locales (issue 16): the folders of src/content/ are the registry (content/index.ts
// finds them with import.meta.glob), and every other list of markets must name the same set:
// the picker's markets, the countdown's texts, and the gateway's market.Locales in Go.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { contentLocales, DefaultLocale } from './index.ts';
import { privateContentLocales } from '../header/private/privateContentLocales.ts';
import { markets } from '../market/markets.ts';
import { sessionTextsByLocale } from '../session/sessionTexts.ts';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** goLocales reads `var Locales = []string{...}` of caddy-module/market/market.go. */
function goLocales(): string[] {
  const src = readFileSync(resolve(repo, 'caddy-module/market/market.go'), 'utf8');
  const list = /\bvar Locales = \[\]string\{([^}]*)\}/.exec(src)?.[1];
  if (list === undefined) throw new Error('caddy-module/market/market.go no longer has `var Locales = []string{...}`; read the list where it went');
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

const sorted = (l: Iterable<string>) => [...l].sort();
const content = contentLocales.map((l) => l.locale);

describe('locales', () => {
  test('the content registry finds every locale folder, the default first', () => {
    expect(content[0]).toBe(DefaultLocale);
    expect(sorted(content)).toEqual(['de-AT', 'de-CH', 'de-DE', 'en', 'en-GB', 'en-IE', 'en-US', 'es-ES', 'fi-FI', 'fr-FR', 'it-IT', 'nl-NL', 'pl-PL']);
  });

  test("the gateway's market.Locales are the content's locales", () => {
    expect(sorted(goLocales())).toEqual(sorted(content));
    expect(goLocales()[0]).toBe(DefaultLocale);
  });

  test("the picker's markets are the content's locales", () => {
    expect(sorted(markets.map((m) => m.locale))).toEqual(sorted(content));
  });

  test('every locale has countdown texts; private menus only for content locales', () => {
    expect(sorted(Object.keys(sessionTextsByLocale))).toEqual(sorted(content));
    for (const l of Object.keys(privateContentLocales)) expect(content).toContain(l);
    // Every market has private menus; the bare en (corporate pages, country selector) has none.
    expect(sorted(Object.keys(privateContentLocales))).toEqual(sorted(content.filter((l) => l !== 'en')));
  });
});
