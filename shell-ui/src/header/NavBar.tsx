import type { NavItem as NavItemData } from '../model/header.ts';
import { NavItem } from './NavItem.tsx';
import { useDropdown } from './useDropdown.ts';
import './NavBar.css';

export interface NavBarProps {
  items: NavItemData[];
  label: string;
  onNavigate?: () => void;
}

/**
 * NavBar is the main navigation: one disclosure menu open at a time. Flag-dependent items (the
 * nl Beleggen menu) are always rendered, hidden unless a flag holds: the gateway unhides them
 * in the first HTML, and the client renders them by the same rule.
 */
export function NavBar({ items, label, onNavigate }: NavBarProps) {
  const dropdown = useDropdown();
  if (items.length === 0) return null;
  return (
    <nav className="shell-nav" aria-label={label}>
      <ul className="shell-nav__list">
        {items.map((item) => (
          <NavItem key={item.id} item={item} dropdown={dropdown} onNavigate={onNavigate} gate={item.gate ?? item.flags?.join('|')} />
        ))}
      </ul>
    </nav>
  );
}
