import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { axe } from '../../test/axe.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { contentLocales } from '../content/index.ts';
import { Partners } from '../content/partners.ts';
import { Header } from './Header.tsx';
import { headerData, headerVariantsOf, RegflowPartners, SkeletonNavItems } from './headerVariants.ts';

const contents = await Promise.all(contentLocales.map((l) => l.load()));
const byLocale = (locale: string) => contents.find((c) => c.locale === locale)!;

function renderVariant(locale: string, variant: string) {
  const content = byLocale(locale);
  return renderInShell(<Header data={headerData(content, variant)} labels={content.header.labels} />, {
    locale,
    basePath: content.basePath,
  });
}

const navigation = () => screen.queryByRole('navigation');
const links = () => screen.queryAllByRole('link').map((a) => a.getAttribute('aria-label') ?? a.textContent?.trim());

describe('header variants', () => {
  test.each([
    // variant, what a visitor sees besides the logo
    { locale: 'de-DE', variant: 'public', nav: true, actions: ['Anmelden', 'Registrieren'] },
    { locale: 'de-DE', variant: 'partner', nav: false, actions: ['Anmelden'] },
    { locale: 'en-GB', variant: 'login', nav: false, actions: [] },
    { locale: 'en-GB', variant: 'hidden-navigation', nav: false, actions: [] },
    { locale: 'fr-FR', variant: 'registration', nav: false, actions: ['Se connecter'] },
    { locale: 'en-GB', variant: 'bank-navigation', nav: true, actions: [] },
    { locale: 'en', variant: 'corporate', nav: true, actions: ['Log in'] },
    { locale: 'en', variant: 'country-selector', nav: false, actions: [] },
    // A variant the locale has no fragment for shows the public header, as the gateway serves it.
    { locale: 'de-DE', variant: 'corporate', nav: true, actions: ['Anmelden', 'Registrieren'] },
    { locale: 'de-DE', variant: 'no-such-variant', nav: true, actions: ['Anmelden', 'Registrieren'] },
  ])('$locale $variant: navigation $nav, actions $actions', async ({ locale, variant, nav, actions }) => {
    const { container } = renderVariant(locale, variant);
    expect(navigation() !== null).toBe(nav);
    const logo = byLocale(locale).header.variants.public.logoItems[0]!.alt;
    expect(links()[0]).toContain(logo);
    const group = screen.queryAllByRole('group')[0];
    const shown = group ? [...group.querySelectorAll('a')].map((a) => a.textContent) : [];
    expect(shown).toEqual(actions);
    expect(await axe(container)).toHaveNoViolations();
  });

  test('loading: the logo and 4 placeholders in the nav, no menus, the header busy', async () => {
    const { container } = renderVariant('de-DE', 'loading');
    expect(navigation()).toBeNull();
    expect(container.querySelectorAll('.shell-nav-skeleton__item').length).toBe(SkeletonNavItems);
    expect(SkeletonNavItems).toBe(4);
    expect(container.querySelector('header')!.getAttribute('aria-busy')).toBe('true');
    expect(links().length).toBe(1);
    expect(await axe(container)).toHaveNoViolations();
  });

  test.each(Object.entries(RegflowPartners))('a partner registration (%s) shows the partner’s logo and name beside ours, no empty box', (regflow, locale) => {
    const { container, unmount } = renderVariant(locale, `registration-${regflow}`);
    const logo = container.querySelector<HTMLImageElement>('.shell-header__brand [data-shell-partner] img');
    expect(logo?.getAttribute('src')).toMatch(new RegExp(`${regflow}[^/]*\\.svg`));
    expect(logo?.alt).toBe(Partners[regflow]!.name);
    expect(screen.getByRole('img', { name: Partners[regflow]!.name })).toBe(logo);
    expect(navigation()).toBeNull();
    unmount();
  });

  test('the generic co-branded header names no partner: no empty slot', () => {
    const { container } = renderVariant('de-DE', 'cobranded');
    expect(container.querySelector('[data-shell-partner]')).toBeNull();
  });

  test('integrated renders nothing', () => {
    const { container } = renderVariant('en-GB', 'integrated');
    expect(container.innerHTML).toBe('');
  });

  test('partner registration headers exist only in the regflow partner’s locale', () => {
    for (const content of contents) {
      const partnerFlows = headerVariantsOf(content).filter((v) => v.startsWith('registration-'));
      const expected = Object.entries(RegflowPartners)
        .filter(([, locale]) => locale === content.locale)
        .map(([flow]) => `registration-${flow}`);
      expect(partnerFlows).toEqual(expected);
    }
    expect(headerVariantsOf(byLocale('en-IE'))).toContain('registration-fairstone');
    expect(headerVariantsOf(byLocale('en-US'))).not.toContain('registration-fairstone');
  });

  test('integrated never has a fragment; corporate and country selector belong to en', () => {
    for (const content of contents) {
      const variants = headerVariantsOf(content);
      expect(variants).not.toContain('integrated');
      expect(variants.includes('corporate')).toBe(content.locale === 'en');
      expect(variants.includes('country-selector')).toBe(content.locale === 'en');
    }
  });
});
