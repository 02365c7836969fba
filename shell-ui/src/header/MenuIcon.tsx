import type { MenuIconName } from '../model/header.ts';
import './MenuIcon.css';

// The icon's modifier class: MenuIcon.css paints each one from its SVG in src/icons/ (cached
// with the stylesheet), so a page's HTML carries a class, not the drawing. Whole class names,
// never built from parts: the build shortens each one (shell-ui/shortClassNames.ts).
export const menuIconModifiers: Record<MenuIconName, string> = {
  overviewIcon: 'shell-menu-icon--overview',
  fixedDepositIcon: 'shell-menu-icon--fixed-deposit',
  overnightMoneyIcon: 'shell-menu-icon--overnight-money',
  terminationPaymentIcon: 'shell-menu-icon--termination-payment',
  etfRoboIcon: 'shell-menu-icon--etf-robo',
  cryptoIcon: 'shell-menu-icon--crypto',
  pensionIcon: 'shell-menu-icon--pension',
  shieldIcon: 'shell-menu-icon--shield',
  bankIcon: 'shell-menu-icon--bank',
  bookIcon: 'shell-menu-icon--book',
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
  return <span className={`shell-menu-icon ${menuIconModifiers[name]}`} style={color ? { color } : undefined} />;
}
