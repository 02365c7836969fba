import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { axe } from '../../test/axe.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { markets } from '../market/markets.ts';
import { ShellSettingsProvider } from '../shell/ShellContext.tsx';
import { MarketPicker } from './MarketPicker.tsx';

const picker = <MarketPicker markets={markets} current="fr-FR" label="Choisir votre pays" currentLabel="Pays actuel" closeLabel="Fermer" />;

function atWidth(large: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('min-width') === large, media: q, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('market picker opener', () => {
  test('its name is what it is for plus the visible market, so voice control finds it by what it shows', () => {
    renderInShell(picker, { locale: 'fr-FR' });
    const button = screen.getByRole('button', { name: 'Choisir votre pays: France' });
    expect(button.getAttribute('aria-label')).toBeNull();
  });

  test('below lg it says it opens a dialog, names the open dialog, and gets focus back on close', async () => {
    atWidth(false);
    const user = userEvent.setup();
    const { container } = renderInShell(picker, { locale: 'fr-FR' });
    const button = screen.getByRole('button', { name: /Choisir votre pays/ });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    // The dialog is a chunk of its own: it comes once loaded.
    const dialog = await screen.findByRole('dialog', { name: 'Choisir votre pays' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    expect(await axe(container)).toHaveNoViolations();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  test('from lg it discloses the list of market links in place', async () => {
    atWidth(true);
    const user = userEvent.setup();
    const { container } = renderInShell(picker, { locale: 'fr-FR' });
    const button = screen.getByRole('button', { name: /Choisir votre pays/ });
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list.tagName).toBe('UL');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  test('the prerendered opener is the list opener, whatever the width, so hydration matches', () => {
    atWidth(false);
    const html = renderToString(
      <ShellSettingsProvider value={{ locale: 'fr-FR', basePath: '/fr-fr', serverPath: null, flags: {} }}>{picker}</ShellSettingsProvider>,
    );
    expect(html).not.toContain('aria-haspopup');
    expect(html).toContain('aria-expanded="false"');
  });
});

describe('market links', () => {
  test("a market's site opens in this tab, as the visitor's move to another country, in the list and in the dialog", async () => {
    atWidth(false);
    const user = userEvent.setup();
    renderInShell(picker, { locale: 'fr-FR' });
    const inList = screen.getByRole('link', { name: 'Deutschland', hidden: true });
    expect(inList.getAttribute('href')).toMatch(/^https:\/\//);
    expect(inList.getAttribute('target')).toBeNull();
    expect(inList.getAttribute('rel')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Choisir votre pays/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choisir votre pays' });
    const inDialog = [...dialog.querySelectorAll('a')].find((a) => a.textContent === 'Deutschland')!;
    expect(inDialog.getAttribute('target')).toBeNull();
  });
});
