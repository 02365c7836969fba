import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInShell } from '../../test/renderInShell.tsx';
import { findContentLocale } from '../content/index.ts';
import { loadCountryBanner } from './loadCountryBanner.tsx';

const noLog = (m: string) => {
  throw new Error(`unexpected log: ${m}`);
};

describe('loadCountryBanner', () => {
  test.each([
    { name: 'no banner in the state', banner: undefined },
    { name: 'a null banner', banner: null },
    { name: 'the edge decided against it', banner: { show: false } },
  ])('$name: nothing to load, nothing before the header', async ({ banner }) => {
    expect(await loadCountryBanner(banner, '/', findContentLocale('de-DE')!.load(), noLog)).toBeUndefined();
  });

  test('a banner: the form the edge rendered, returning to this page', async () => {
    const tree = await loadCountryBanner({ show: true, reason: 'region-redirect', suggested: 'en-GB' }, '/festgeld/', findContentLocale('de-DE')!.load(), noLog);
    renderInShell(<>{tree}</>, { locale: 'de-DE' });
    const form = screen.getByRole('form', { name: 'Markt wählen' });
    expect(new FormData(form as HTMLFormElement).get('return')).toBe('/festgeld/');
    expect(screen.getByRole('button', { name: 'Weiter zu United Kingdom' })).toBeTruthy();
  });
});
