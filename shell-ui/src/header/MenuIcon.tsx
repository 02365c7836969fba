import type { MenuIconName } from '../model/header.ts';
import './MenuIcon.css';

// The icon's modifier class: MenuIcon.css paints each one from its SVG in src/icons/ (cached
// with the stylesheet), so a page's HTML carries a class, not the drawing.
export const menuIconModifiers: Record<MenuIconName, string> = {
  overviewIcon: 'overview',
  fixedDepositIcon: 'fixed-deposit',
  overnightMoneyIcon: 'overnight-money',
  terminationPaymentIcon: 'termination-payment',
  etfRoboIcon: 'etf-robo',
  cryptoIcon: 'crypto',
  pensionIcon: 'pension',
  shieldIcon: 'shield',
  bankIcon: 'bank',
  bookIcon: 'book',
};

export interface MenuIconProps {
  name: MenuIconName;
  color?: string;
}

/**
 * MenuIcon shows one named 24 px line icon of an advanced menu item, in its tinted square. An
 * empty element, it has nothing for assistive technology to read or hide.
 */
export function MenuIcon({ name, color }: MenuIconProps) {
  return <span className={`shell-menu-icon shell-menu-icon--${menuIconModifiers[name]}`} style={color ? { color } : undefined} />;
}
