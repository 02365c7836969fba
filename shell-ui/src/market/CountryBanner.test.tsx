import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { axe } from '../../test/axe.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { CountryBanner } from './CountryBanner.tsx';
import { contentLocales, findContentLocale } from '../content/index.ts';
import { markets } from './markets.ts';

// The banner's texts are the page locale's (content.banner); a market without content of its
// own would get none, which the test of every market below catches.
const contents = await Promise.all(contentLocales.map((l) => l.load()));
const textsOf = (locale: string) => contents.find((c) => c.locale === findContentLocale(locale)?.locale)!.banner;

const form = () => screen.getByRole('form');
const fields = (f: HTMLElement) => [...new FormData(f as HTMLFormElement).entries()];

describe('CountryBanner', () => {
  test('with a suggestion: a form posting the suggested market, or "all good" for this one', () => {
    renderInShell(<CountryBanner banner={{ show: true, reason: 'region-redirect', suggested: 'en-GB' }} texts={textsOf('de-DE')} returnPath="/festgeld/" />, { locale: 'de-DE' });
    const f = form();
    expect(f.getAttribute('method')).toBe('post');
    expect(f.getAttribute('action')).toBe('/_shell/market');
    expect(f.getAttribute('aria-label')).toBe('Markt wählen');
    expect(f.textContent).toContain('Unsere Website für United Kingdom');
    const go = within(f).getByRole('button', { name: 'Weiter zu United Kingdom' });
    expect([go.getAttribute('name'), go.getAttribute('value')]).toEqual(['locale', 'en-GB']);
    const stay = within(f).getByRole('button', { name: 'Alles gut' });
    expect([stay.getAttribute('name'), stay.getAttribute('value')]).toEqual(['confirm', 'de-DE']);
    // The return field brings "all good" back to this page.
    expect(fields(f)).toEqual([['return', '/festgeld/']]);
    expect(within(f).queryByRole('combobox')).toBeNull();
  });

  test('without a suggestion: a list of the other markets; new markets only when flagged', () => {
    renderInShell(<CountryBanner banner={{ show: true, reason: 'redirect-cookie' }} texts={textsOf('fr-FR')} returnPath="/" />, {
      locale: 'fr-FR',
      flags: { 'b2cNewMarketLocales:it-it': true },
    });
    const f = form();
    expect(f.textContent).toContain('Ceci est notre site pour France');
    const list = within(f).getByRole('combobox', { name: 'Marché' });
    const options = [...list.querySelectorAll('option')];
    const shown = options.filter((o) => !o.hidden).map((o) => o.value);
    expect(shown).toContain('it-IT');
    expect(shown).not.toContain('de-CH');
    expect(shown).not.toContain('fr-FR');
    expect(options.map((o) => o.value)).not.toContain('de-CH'); // not in the page: the edge cuts what the flags do not show
    expect(within(f).getByRole('button', { name: 'Continuer' })).toBeTruthy();
    expect(within(f).getByRole('button', { name: 'Tout est bon' }).getAttribute('value')).toBe('fr-FR');
  });

  test.each(markets.map((m) => m.locale))('%s has texts in its language and no axe violations', async (locale) => {
    const suggested = locale === 'en-GB' ? 'de-DE' : 'en-GB';
    const { container } = renderInShell(<CountryBanner banner={{ show: true, suggested }} texts={textsOf(locale)} returnPath="/" />, { locale });
    const texts = textsOf(locale);
    expect(form().getAttribute('aria-label')).toBe(texts.label);
    expect(within(form()).getByRole('button', { name: texts.stay })).toBeTruthy();
    expect(await axe(container)).toHaveNoViolations();
  });

  test('each language has its own texts', () => {
    const labels = new Set(['de-DE', 'en-GB', 'fr-FR', 'es-ES', 'nl-NL', 'pl-PL', 'fi-FI', 'it-IT'].map((l) => textsOf(l).stay));
    expect(labels.size).toBe(8);
    expect(textsOf('de-CH').stay).toBe(textsOf('de-AT').stay);
    expect(textsOf('en-US').suggest('Deutschland')).toBe(textsOf('en-GB').suggest('Deutschland'));
  });

  test('the list variant has no axe violations either', async () => {
    const { container } = renderInShell(<CountryBanner banner={{ show: true }} texts={textsOf('nl-NL')} returnPath="/" />, { locale: 'nl-NL' });
    expect(await axe(container)).toHaveNoViolations();
  });
});
