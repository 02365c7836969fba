import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { axe } from '../../test/axe.ts';
import { content as de } from '../content/de-DE/index.ts';
import { content as en } from '../content/en-GB/index.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { renderToString } from 'react-dom/server';
import { ShellSettingsProvider } from '../shell/ShellContext.tsx';
import { Header } from './Header.tsx';
import { HoverEnterDelay } from './useDropdown.ts';


function renderHeader(content = de, serverPath: string | null = null) {
  return renderInShell(<Header data={content.header.variants.public} labels={content.header.labels} />, {
    locale: content.locale,
    basePath: content.basePath,
    serverPath,
  });
}

const menuButton = (name: string) => screen.getByRole('button', { name });
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

// Only the timers the hover delay uses are faked: React's scheduler keeps its real clock.
function mouseWithFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return {
    enter: (el: HTMLElement) => fireEvent.pointerOver(el, { pointerType: 'mouse' }),
    leave: (el: HTMLElement) => fireEvent.pointerOut(el, { pointerType: 'mouse', relatedTarget: document.body }),
  };
}

describe('Header content', () => {
  test.each([
    { content: de, menus: ['Sparen', 'Investieren', 'So funktioniert’s'], link: 'Kontakt', login: ['Anmelden', '/login/'], register: ['Registrieren', '/register/'] },
    { content: en, menus: ['Savings accounts', 'Guides', 'About us'], link: 'Contact', login: ['Log in', '/en-gb/login/'], register: ['Register', '/en-gb/register/'] },
  ])('$content.locale shows its menus and actions with the base path', ({ content, menus, link, login, register }) => {
    renderHeader(content);
    const nav = screen.getByRole('navigation', { name: content.header.labels.mainNavigation });
    for (const name of menus) {
      const button = within(nav).getByRole('button', { name });
      expect(button).toHaveProperty('ariaExpanded', 'false');
      expect(panelOf(button).hidden).toBe(true);
    }
    expect(within(nav).getByRole('link', { name: link }).getAttribute('href')).toBe(`${content.basePath}/${link === 'Kontakt' ? 'kontakt' : 'contact'}/`);
    for (const [name, href] of [login, register]) {
      const links = screen.getAllByRole('link', { name });
      expect(links.length).toBe(1); // one action bar: beside the menus from lg, the bottom bar below
      for (const a of links) expect(a.getAttribute('href')).toBe(href);
    }
    expect(screen.getAllByRole('link', { name: /Startseite|Home/ })[0]!.getAttribute('href')).toBe(`${content.basePath}/`);
  });

  test('a menu panel shows its advanced items with description and tag, and its arrow link', async () => {
    const user = userEvent.setup();
    renderHeader(en);
    await user.click(menuButton('Savings accounts'));
    const panel = panelOf(menuButton('Savings accounts'));
    const frb = within(panel).getByRole('link', { name: /Fixed rate bonds\s*Popular/ });
    expect(frb.getAttribute('href')).toBe('/en-gb/savings-accounts/fixed-rate-bonds/');
    expect(frb.textContent).toContain('Lock in a fixed rate');
    for (const term of ['1 year', '2 year', '3 year', '5 year']) {
      expect(within(panel).getByRole('link', { name: `${term} fixed rate bonds` }).getAttribute('href')).toBe(
        `/en-gb/savings-accounts/fixed-rate-bonds/${term.replace(' ', '-')}/`,
      );
    }
    expect(within(panel).getByRole('link', { name: /Compare all savings accounts/ })).toBeTruthy();
  });

  test('the integrated header type renders nothing', () => {
    const { container } = renderInShell(<Header data={{ ...de.header.variants.public, type: 'integrated' }} labels={de.header.labels} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('Header dropdown', () => {
  test('click opens a menu and a second click closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const sparen = menuButton('Sparen');
    await user.click(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(sparen).hidden).toBe(false);
    await user.click(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(sparen).hidden).toBe(true);
  });

  test.each(['{Enter}', ' '])('keyboard %j on the focused button opens the menu', async (key) => {
    const user = userEvent.setup();
    renderHeader();
    const sparen = menuButton('Sparen');
    sparen.focus();
    await user.keyboard(key);
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(panelOf(sparen).contains(document.activeElement)).toBe(true);
  });

  test('Escape closes the open menu and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const sparen = menuButton('Sparen');
    await user.click(sparen);
    await user.tab(); // into the panel
    expect(panelOf(sparen).contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(sparen);
  });

  test('only one menu is open at a time', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton('Sparen'));
    await user.click(menuButton('Investieren'));
    expect(menuButton('Sparen').getAttribute('aria-expanded')).toBe('false');
    expect(menuButton('Investieren').getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelectorAll('.shell-nav__panel:not([hidden])').length).toBe(1);
  });

  test('a click away closes the menu', async () => {
    const user = userEvent.setup();
    const outside = document.body.appendChild(document.createElement('p'));
    outside.textContent = 'page content';
    renderHeader();
    await user.click(menuButton('Sparen'));
    await user.click(outside);
    expect(menuButton('Sparen').getAttribute('aria-expanded')).toBe('false');
    outside.remove();
  });

  test('focus leaving the menu closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const sparen = menuButton('Sparen');
    await user.click(sparen);
    act(() => menuButton('Investieren').focus());
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
  });

  test('a resting mouse opens the menu after the enter delay; leaving closes it', () => {
    const mouse = mouseWithFakeClock();
    renderHeader();
    const sparen = menuButton('Sparen');
    mouse.enter(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
    act(() => vi.advanceTimersByTime(HoverEnterDelay));
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
    mouse.leave(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
  });

  test('a mouse that passes through within the delay opens nothing', () => {
    const mouse = mouseWithFakeClock();
    renderHeader();
    const sparen = menuButton('Sparen');
    mouse.enter(sparen);
    act(() => vi.advanceTimersByTime(HoverEnterDelay - 20));
    mouse.leave(sparen);
    act(() => vi.advanceTimersByTime(200));
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
  });

  test('a click on a menu the mouse opened keeps it open', () => {
    const mouse = mouseWithFakeClock();
    renderHeader();
    const sparen = menuButton('Sparen');
    mouse.enter(sparen);
    act(() => vi.advanceTimersByTime(HoverEnterDelay));
    fireEvent.click(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
    mouse.leave(sparen);
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
  });

  test('touch never opens by hover, where a mouse does', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderHeader();
    const sparen = menuButton('Sparen');
    fireEvent.pointerOver(sparen, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(500));
    expect(sparen.getAttribute('aria-expanded')).toBe('false');
    fireEvent.pointerOut(sparen, { pointerType: 'touch' });

    fireEvent.pointerOver(sparen, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(HoverEnterDelay));
    expect(sparen.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('Header active link', () => {
  test.each([
    { path: '/festgeld/', name: /^Festgeld/ },
    { path: '/FESTGELD/', name: /^Festgeld/ },
    { path: '/Kontakt/', name: 'Kontakt' },
  ])('page at $path marks its links, case-insensitively', ({ path, name }) => {
    window.history.replaceState(null, '', path);
    renderHeader(de, path);
    const current = document.querySelectorAll('a[aria-current="page"]');
    expect(current.length).toBeGreaterThan(0);
    for (const a of current) expect(a.getAttribute('href')!.toLowerCase()).toBe(path.toLowerCase());
    expect(screen.getAllByRole('link', { name, hidden: true }).some((a) => a.getAttribute('aria-current') === 'page')).toBe(true);
  });

  test('the menu holding the current page is marked once the client runs, never in the prerender', () => {
    window.history.replaceState(null, '', '/tagesgeld/');
    renderHeader(de, '/tagesgeld/');
    expect(menuButton('Sparen').dataset.current).toBe('true');
    expect(menuButton('Investieren').dataset.current).toBeUndefined();
    const html = renderToString(
      <ShellSettingsProvider value={{ locale: 'de-DE', basePath: '', serverPath: '/tagesgeld/', flags: {} }}>
        <Header data={de.header.variants.public} labels={de.header.labels} />
      </ShellSettingsProvider>,
    );
    expect(html).not.toContain('data-current');
  });

  test('the page hash counts once the client runs', () => {
    window.history.replaceState(null, '', '/kontakt/#formular');
    renderHeader(de, '/kontakt/');
    expect(screen.getByRole('link', { name: 'Kontakt' }).getAttribute('aria-current')).toBeNull();
    act(() => {
      window.history.replaceState(null, '', '/kontakt/');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByRole('link', { name: 'Kontakt' }).getAttribute('aria-current')).toBe('page');
  });

  test('no link is current in the prerender (no path)', () => {
    const html = renderToString(
      <ShellSettingsProvider value={{ locale: 'de-DE', basePath: '', serverPath: null, flags: {} }}>
        <Header data={de.header.variants.public} labels={de.header.labels} />
      </ShellSettingsProvider>,
    );
    expect(html).toContain('href="/festgeld/"');
    expect(html).not.toContain('aria-current');
  });
});

describe('Header accessibility', () => {
  test.each([de, en])('$locale has no axe violations, closed and with a menu open', async (content) => {
    const user = userEvent.setup();
    const { container } = renderHeader(content, `${content.basePath}/`);
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getAllByRole('button', { expanded: false })[1]!);
    expect(await axe(container)).toHaveNoViolations();
  });
});
