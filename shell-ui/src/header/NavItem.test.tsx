import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInShell } from '../../test/renderInShell.tsx';
import type { NavItem as NavItemData } from '../model/header.ts';
import { ShellSettingsProvider } from '../shell/ShellContext.tsx';
import { NavBar } from './NavBar.tsx';

const asLink: NavItemData = { id: 'savings', title: 'Savings accounts', href: '/savings/' };
const asMenu: NavItemData = {
  id: 'savings',
  title: 'Savings accounts',
  subMenus: { main: [{ id: 'fixed', type: 'basic', title: 'Fixed-term deposits', href: '/savings/fixed/' }] },
};
const settings = { locale: 'en-GB', basePath: '', serverPath: null, flags: {} };

// The same entry (same id, so React keeps its component) turning from a link into a menu or
// back, as when the header's content changes under a mounted shell. A hook called only on the
// menu path breaks this re-render ("Rendered more hooks than during the previous render").
describe('NavItem re-rendered with new content', () => {
  test.each([
    { from: asLink, to: asMenu, shows: 'button' as const },
    { from: asMenu, to: asLink, shows: 'link' as const },
  ])('an entry that becomes a $shows shows as one', ({ from, to, shows }) => {
    const nav = <NavBar items={[from]} label="Main navigation" />;
    const { rerender } = renderInShell(nav, settings);
    rerender(
      <ShellSettingsProvider value={settings}>
        <NavBar items={[to]} label="Main navigation" />
      </ShellSettingsProvider>,
    );
    const bar = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(bar).getByRole(shows, { name: 'Savings accounts' })).toBeTruthy();
  });
});
