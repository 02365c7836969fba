// What every market's content must give a visitor (spec 2.3), checked across all locales.
import { describe, expect, test } from 'vitest';
import { contentLocales } from './index.ts';
import type { LocaleContent } from '../model/content.ts';

const contents = await Promise.all(contentLocales.map((l) => l.load()));
const byLocale = (locale: string) => contents.find((c) => c.locale === locale)!;

function hrefs(c: LocaleContent): string[] {
  const pub = c.header.variants.public;
  const menu = pub.navItems.flatMap((n) => [n.href, ...Object.values(n.subMenus ?? {}).flatMap((v) => (Array.isArray(v) ? v.map((i) => i.href) : []))]);
  return [...menu, ...pub.actionItems.map((a) => a.href), ...c.footer.footerLinks.flatMap((g) => g.links.map((l) => l.href)), ...c.footer.legalLinks.map((l) => l.href)].filter(
    (h): h is string => h !== undefined,
  );
}

describe('market content', () => {
  test('every market of spec 2.3 has content, each its own locale', () => {
    expect(contents.map((c) => c.locale).sort()).toEqual(
      ['de-AT', 'de-CH', 'de-DE', 'en', 'en-GB', 'en-IE', 'en-US', 'es-ES', 'fi-FI', 'fr-FR', 'it-IT', 'nl-NL', 'pl-PL'].sort(),
    );
  });

  test.each(contents.map((c) => [c.locale, c] as const))('%s: links are locale paths, anchors or absolute; base path on the .com domain', (_, c) => {
    expect(c.basePath).toBe(c.locale === 'de-DE' ? '' : `/${c.locale.toLowerCase()}`);
    for (const h of hrefs(c)) expect(h).toMatch(/^(\/|#|https:\/\/)/);
    // FAQ and help centre links go to an external help centre.
    const help = hrefs(c).filter((h) => /hilfe|help|aide|ayuda|pomoc|apua|aiuto/.test(h));
    if (c.locale !== 'en') expect(help.length).toBeGreaterThan(0);
    for (const h of help) expect(h).toMatch(/^https:\/\//);
  });

  test.each([
    ['de-AT', '/festgeld/'],
    ['en-IE', '/savings-accounts/deposit-accounts/'],
    ['en-IE', '/deposit-guarantee/'],
    ['en-US', '/cd-accounts/no-penalty-cd-rates/'],
    ['fr-FR', '/compte-a-terme/'],
    ['fr-FR', '/livret-epargne/'],
    ['nl-NL', '/spaarrekening/'],
    ['nl-NL', '/deposito/'],
    ['es-ES', '/depositos-a-plazo-fijo/'],
    ['pl-PL', '/lokaty/'],
    ['fi-FI', '/maaraaikaistalletukset/'],
    ['it-IT', '/conti-vincolati/'],
    ['en', '/become-a-partner-bank/'],
  ])('%s links %s', (locale, href) => {
    expect(hrefs(byLocale(locale))).toContain(href);
  });

  test('nl: the Beleggen menu depends on isDWMLaunchNL or ippDwmLaunchNl', () => {
    const beleggen = byLocale('nl-NL').header.variants.public.navItems.find((n) => n.title === 'Beleggen')!;
    expect(beleggen.flags).toEqual(['isDWMLaunchNL', 'ippDwmLaunchNl']);
  });

  test('fr: the referral text offers up to 500 € for recommending', () => {
    const texts = byLocale('fr-FR').header.variants.public.navItems.flatMap((n) => n.subMenus?.sidebar ?? []).map((i) => i.title);
    expect(texts.some((t) => t.includes('jusqu’à 500 €'))).toBe(true);
  });

  test('en-US: the logged-out header is the logo only, login and get-started on the app host', () => {
    const pub = byLocale('en-US').header.variants.public;
    expect(pub.navItems).toEqual([]);
    expect(pub.actionItems.map((a) => a.href)).toEqual(['https://app.shellgate.example/en-us/auth/login/', 'https://app.shellgate.example/en-us/auth/register/']);
  });

  test('en: corporate navigation covers banking as a service, cash solutions, about us, careers and press', () => {
    const all = hrefs(byLocale('en'));
    for (const h of ['/banking-as-a-service/', '/cash-solutions/', '/corporate/', '/careers/', '/press/']) expect(all).toContain(h);
  });
});

describe('public menus, a chunk of their own', () => {
  test.each(contentLocales.map((l) => [l.locale, l] as const))('%s: without them, only the public menus and actions are gone', async (_, l) => {
    const whole = byLocale(l.locale);
    const customers = await l.load({ publicNav: false });
    // Every market's visitor header has actions (login), so the split is not an empty one.
    expect(whole.header.variants.public.actionItems.length).toBeGreaterThan(0);
    expect(customers.header.variants.public.navItems).toEqual([]);
    expect(customers.header.variants.public.actionItems).toEqual([]);
    const { navItems: _n, actionItems: _a, ...rest } = whole.header.variants.public;
    const { navItems: _cn, actionItems: _ca, ...customersRest } = customers.header.variants.public;
    expect(customersRest).toEqual(rest);
    expect(customers.header.labels).toEqual(whole.header.labels);
    expect(customers.footer).toEqual(whole.footer);
    expect(await l.load({ publicNav: true })).toEqual(whole);
  });
});
