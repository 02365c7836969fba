import type { CSSProperties } from 'react';
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

/**
 * menuIconClasses are the classes that give an advanced menu entry its named 24 px line icon
 * in its tinted square: the entry's own pseudo-elements draw it (MenuIcon.css), so a page's
 * HTML carries two classes, not an element. Decorative: nothing for assistive technology to
 * read or hide.
 */
export function menuIconClasses(name: MenuIconName): string {
  return `shell-menu-icon ${menuIconModifiers[name]}`;
}

/** menuIconStyle paints the icon in the item's iconColor, when it has one. */
export function menuIconStyle(color: string | undefined): CSSProperties | undefined {
  return color ? ({ '--shell-menu-icon-color': color } as CSSProperties) : undefined;
}
