import type { NavItem as NavItemData } from '../model/header.ts';
import { useHydrated } from '../lib/useHydrated.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';
import { NavItem } from './NavItem.tsx';
import { useDropdown } from './useDropdown.ts';
import './NavBar.css';

export interface NavBarProps {
  items: NavItemData[];
  label: string;
  onNavigate?: () => void;
}

/** NavBar is the main navigation: one disclosure menu open at a time. */
export function NavBar({ items, label, onNavigate }: NavBarProps) {
  const dropdown = useDropdown();
  const { flags } = useShellSettings();
  const hydrated = useHydrated();
  const shown = items.filter((item) => item.flags === undefined || (hydrated && item.flags.some((f) => flags[f] === true)));
  if (shown.length === 0) return null;
  return (
    <nav className="shell-nav" aria-label={label}>
      <ul className="shell-nav__list">
        {shown.map((item) => (
          <NavItem key={item.id} item={item} dropdown={dropdown} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
