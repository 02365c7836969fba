import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { content as de } from '../content/de-DE/index.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { Header } from './Header.tsx';


function renderHeader() {
  return renderInShell(<Header data={de.header.variants.public} labels={de.header.labels} />);
}

describe('MobilePanel', () => {
  test('the hamburger opens the panel and locks the page scroll; its close button unlocks it', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'auto';
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.dataset.open).toBeUndefined(); // closed: the stylesheet hides a panel without data-open
    expect(panel.querySelector('nav')).not.toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Menü schließen');
    expect(panel.dataset.open).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(toggle);
    expect(panel.dataset.open).toBeUndefined(); // closed: the stylesheet hides a panel without data-open
    expect(document.body.style.overflow).toBe('auto');
  });

  test('Escape closes the panel and returns focus to the toggle; an open submenu closes first', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    await user.click(toggle);
    const sparen = screen.getByRole('button', { name: 'Sparen' });
    await user.click(sparen);

    await user.keyboard('{Escape}');
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(document.body.style.overflow).toBe('');
  });

  test('following a link closes the panel', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    await user.click(toggle);
    const kontakt = screen.getByRole('link', { name: 'Kontakt' });
    kontakt.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate
    await user.click(kontakt);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('MobilePanel on a scrolled page', () => {
  test('opening brings a scrolled-away header back into view', async () => {
    const user = userEvent.setup();
    renderHeader();
    const header = document.querySelector('header')!;
    const scrolled = vi.fn();
    header.scrollIntoView = scrolled;
    header.getBoundingClientRect = () => ({ top: -400, bottom: -336, left: 0, right: 390, width: 390, height: 64, x: 0, y: -400, toJSON: () => ({}) });
    await user.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    expect(scrolled).toHaveBeenCalledOnce();
  });
});

describe('MobilePanel over the page', () => {
  const rect = (top: number, height: number) => ({ top, bottom: top + height, left: 0, right: 390, width: 390, height, x: 0, y: top, toJSON: () => ({}) });

  function openWithLayout(headerTop: number) {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    const header = document.querySelector('header')!;
    header.scrollIntoView = vi.fn();
    header.getBoundingClientRect = () => rect(headerTop, 65);
    toggle.parentElement!.getBoundingClientRect = () => rect(headerTop, 64);
    return { toggle, panel: document.getElementById(toggle.getAttribute('aria-controls')!)! };
  }

  test('a closed panel carries no position of its own, so the prerendered markup matches', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.getAttribute('style')).toBeNull();
  });

  test.each([
    { case: 'header at the top', headerTop: 0, top: '64px' },
    { case: 'a 48 px banner above the header', headerTop: 48, top: '112px' },
    { case: 'header scrolled away (brought back first)', headerTop: -400, top: '64px' },
  ])('opens right under the header bar: $case', async ({ headerTop, top }) => {
    const user = userEvent.setup();
    const { toggle, panel } = openWithLayout(headerTop);
    await user.click(toggle);
    expect(panel.style.top).toBe(top);
    await user.click(toggle);
    expect(panel.style.top).toBe('');
  });
});

describe('MobilePanel sections', () => {
  test('a press on the next section keeps the open one until the click, so nothing slides under the finger', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const sparen = screen.getByRole('button', { name: 'Sparen' });
    const investieren = screen.getByRole('button', { name: 'Investieren' });
    await user.click(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('true');

    await user.pointer({ keys: '[MouseLeft>]', target: investieren });
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
    await user.pointer({ keys: '[/MouseLeft]', target: investieren });
    expect(investieren.getAttribute('aria-expanded')).toBe('true');
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
  });

  test('a press outside the open panel still folds its section', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const sparen = screen.getByRole('button', { name: 'Sparen' });
    await user.click(sparen);
    await user.pointer({ keys: '[MouseLeft]', target: document.body });
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
  });
});
