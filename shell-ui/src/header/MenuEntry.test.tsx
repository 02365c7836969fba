import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInShell } from '../../test/renderInShell.tsx';
import { MenuEntry } from './MenuEntry.tsx';

describe('an advanced menu entry', () => {
  test('is one link with its title and description; its icon is drawn from its classes, in the item’s iconColor', () => {
    renderInShell(
      <MenuEntry
        item={{ id: 'fd', type: 'advanced', title: 'Festgeld', description: 'Feste Zinsen', href: '/festgeld/', icon: 'fixedDepositIcon', iconColor: '#123456', tag: 'Neu' }}
      />,
    );
    const link = screen.getByRole('link', { name: /^Festgeld/ });
    // Title (with its tag) and description, nothing else: no icon element in every page's HTML.
    expect([...link.children].map((c) => c.tagName)).toEqual(['B', 'SMALL']);
    expect(link.classList.contains('shell-menu-icon--fixed-deposit')).toBe(true);
    expect(link.style.getPropertyValue('--shell-menu-icon-color')).toBe('#123456');
  });

  test('without an icon it has neither icon class nor colour', () => {
    renderInShell(<MenuEntry item={{ id: 'x', type: 'advanced', title: 'Banken', href: '/bank/', iconColor: '#123456' }} />);
    const link = screen.getByRole('link', { name: 'Banken' });
    expect(link.className).toBe('shell-menu-entry');
    expect(link.getAttribute('style')).toBeNull();
  });
});
