// What one market's private header shows (spec 2.1, 2.2, 2.3, 6): its menus and account menu,
// written once in src/content/private/ and loaded only on customers' pages.
import type { NavItem } from './header.ts';

/** AccountMenuEntry is one link of the account menu (spec 2.2); gate, when set, is its condition. */
export interface AccountMenuEntry {
  id: string;
  title: string;
  href: string;
  gate?: string;
}

/** PrivateLabels are the private header's own words (screen-reader labels included). */
export interface PrivateLabels {
  /** accountMenu names the avatar button and its menu. */
  accountMenu: string;
  /** balance names the balance box. */
  balance: string;
  /** copy and copied are the identifier copy button's text before and after copying. */
  copy: string;
  copied: string;
  /** switchAccount heads the switchable accounts. */
  switchAccount: string;
  logout: string;
  /** moreInfo names the not-available notice's tooltip button. */
  moreInfo: string;
}

/** PrivateContent is one market's private header content. */
export interface PrivateContent {
  locale: string;
  labels: PrivateLabels;
  /** navItems are the private menus; items and entries carry gates over flags and facts. */
  navItems: NavItem[];
  /** accountMenu lists the account menu's links in order; logout comes last, from labels.logout. */
  accountMenu: AccountMenuEntry[];
}
