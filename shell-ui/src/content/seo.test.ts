// Page title data (spec 2.7): every market names its site and its default title, in its
// language. prerender/write.mjs carries them to the gateway and fails the build without them.
import { describe, expect, test } from 'vitest';
import { contentLocales } from './index.ts';

interface SiteSEO {
  siteName: string;
  defaultTitle: string;
}

const files = import.meta.glob<SiteSEO>('./*/seo.json', { eager: true, import: 'default' });
const seoOf = (locale: string): SiteSEO => {
  const seo = files[`./${locale}/seo.json`];
  if (!seo) throw new Error(`src/content/${locale}/seo.json is missing: every market needs its siteName and defaultTitle`);
  return seo;
};
const all = contentLocales.map((l) => [l.locale, seoOf(l.locale)] as const);

// Words a default title in each language is expected to use: a title copied from another market
// without translating shows here.
const language: Record<string, RegExp> = {
  de: /vergleichen|Festgeld|Tagesgeld/,
  en: /Compare|Savings|savings/,
  fr: /Comparez|épargne/,
  es: /Compara|ahorro/,
  nl: /Vergelijk|spaar/,
  pl: /Porównaj|oszczędnościowe/,
  fi: /Vertaa|säästö/,
  it: /Confronta|risparmio/,
};

describe('page title data', () => {
  test.each(all)('%s names its site and default title', (locale, seo) => {
    expect(Object.keys(seo).sort()).toEqual(['defaultTitle', 'siteName']);
    expect(seo.siteName.trim()).not.toBe('');
    expect(seo.defaultTitle.trim()).not.toBe('');
    // Search results cut titles at about 60 characters; the site name comes after " | ".
    expect(`${seo.defaultTitle} | ${seo.siteName}`.length).toBeLessThanOrEqual(70);
    const words = language[locale.slice(0, 2)];
    if (!words) throw new Error(`no language words for ${locale}: add its language to this test`);
    expect(seo.defaultTitle).toMatch(words);
  });

  test('markets of different languages do not share a title', () => {
    const byLanguage = new Map<string, string>();
    for (const [locale, seo] of all) byLanguage.set(seo.defaultTitle, byLanguage.get(seo.defaultTitle) ?? locale.slice(0, 2));
    for (const [locale, seo] of all) expect(byLanguage.get(seo.defaultTitle)).toBe(locale.slice(0, 2));
  });
});
