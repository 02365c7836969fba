// Every link of every market's public and private menus and footers, as the shell renders it
// (lib/href.ts with the locale's base path on the .com domain), goes somewhere real (issue 18
// row 5): no doubled locale segment ("/en-us/en-us/deposit-insurance/", a content href that
// already held the base path) and no host outside the markets' and the services' the content
// names on purpose (testdata/link-hosts.json).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { contentLocales } from './index.ts';
import { privateContentLocales } from '../header/private/privateContentLocales.ts';
import { resolveHref } from '../lib/href.ts';
import { markets } from '../market/markets.ts';

const hosts = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), 'testdata/link-hosts.json'), 'utf8')) as { market: string[]; external: string[] };
const locales = new Set(contentLocales.map((l) => l.locale.toLowerCase()));

/** linksOf gives every href and link of a content object, with where it is, and the links of its rich text. */
function linksOf(value: unknown, where: string): { where: string; href: string }[] {
  if (typeof value === 'string') return [...value.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => ({ where, href: m[1]! }));
  if (Array.isArray(value)) return value.flatMap((v, i) => linksOf(v, `${where}[${(v as { id?: string })?.id ?? i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => ((k === 'href' || k === 'link') && typeof v === 'string' ? [{ where: `${where}.${k}`, href: v }] : linksOf(v, `${where}.${k}`)));
}

/** problemOf says what is wrong with a rendered href, or undefined. */
export function problemOf(href: string): string | undefined {
  if (href.startsWith('#') || href.startsWith('?')) return undefined;
  let url: URL;
  try {
    url = new URL(href, 'https://www.shellgate.com');
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return undefined;
  if (url.protocol !== 'https:') return `uses ${url.protocol}`;
  if (![...hosts.market, ...hosts.external].includes(url.hostname)) return `names the unknown host ${url.hostname}`;
  const segments = url.pathname.split('/').filter((s) => locales.has(s.toLowerCase()));
  if (segments.length > 1) return `holds the locale segment twice (${segments.join(', ')})`;
  return undefined;
}

const rendered = await Promise.all(
  contentLocales.map(async (l) => {
    const content = await l.load();
    const privateContent = await privateContentLocales[l.locale]?.();
    const links = [...linksOf(content.header, 'header'), ...linksOf(content.footer, 'footer'), ...linksOf(privateContent ?? null, 'private')];
    return { locale: l.locale, links: links.flatMap(({ where, href }) => {
      const r = resolveHref(href, content.basePath);
      return r === undefined ? [] : [{ where, href: r }];
    }) };
  }),
);

describe('links', () => {
  test('problemOf refuses a doubled locale, an unknown host and http', () => {
    expect(problemOf('/en-us/en-us/deposit-insurance/')).toMatch(/twice/);
    expect(problemOf('https://www.shellgate.com/EN-US/en-us/')).toMatch(/twice/);
    expect(problemOf('https://evil.example/')).toMatch(/unknown host/);
    expect(problemOf('http://www.shellgate.de/')).toMatch(/http:/);
    expect(problemOf('/en-us/deposit-insurance/')).toBeUndefined();
    expect(problemOf('#consent-settings')).toBeUndefined();
  });

  test("the market hosts are the picker's markets' hosts", () => {
    const picker = markets.filter((m) => /^https:/.test(m.href)).map((m) => new URL(m.href).hostname);
    expect([...new Set(picker)].sort()).toEqual([...hosts.market].sort());
  });

  test.each(rendered.map((r) => [r.locale, r.links] as const))('%s: every rendered link of its menus and footer goes somewhere real', (_, links) => {
    expect(links.length).toBeGreaterThan(0);
    expect(links.flatMap(({ where, href }) => (problemOf(href) ? [`${where} ${href} ${problemOf(href)}`] : []))).toEqual([]);
  });

  test('every host of the list is still named by some link (else drop it)', () => {
    const named = new Set(rendered.flatMap((r) => r.links.map((l) => new URL(l.href, 'https://www.shellgate.com').hostname)));
    for (const h of hosts.external) expect(named, h).toContain(h);
  });
});
