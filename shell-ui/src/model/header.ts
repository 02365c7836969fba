// The header data source of spec section 3: what a header renders, per market and variant.
// Content modules under src/content/ fill it; components never hard-code menus or labels.


/** HeaderType is the header variant: public (visitors), private (customers), integrated (hidden). */
export type HeaderType = 'public' | 'private' | 'integrated';

/** LogoItem links the brand logo to the locale home. */
export interface LogoItem {
  id: string;
  href: string;
  /** url of a logo image; empty means the built-in brand mark. */
  url?: string;
  alt: string;
}

/** MenuItemType says how a menu item renders inside a submenu. */
export type MenuItemType = 'basic' | 'advanced' | 'text' | 'image' | 'arrow';

/** MenuIconName names the icons an advanced menu item may show. */
export type MenuIconName =
  | 'overviewIcon'
  | 'fixedDepositIcon'
  | 'overnightMoneyIcon'
  | 'terminationPaymentIcon'
  | 'etfRoboIcon'
  | 'cryptoIcon'
  | 'pensionIcon'
  | 'shieldIcon'
  | 'bankIcon'
  | 'bookIcon';

/** MenuItem is one entry of a submenu. An item without href is a button with a callback. */
export interface MenuItem {
  id: string;
  type: MenuItemType;
  title: string;
  href?: string;
  description?: string;
  icon?: MenuIconName;
  iconColor?: string;
  tag?: string;
  groupName?: string;
  imageUrl?: string;
  /** callback names an action the shell runs instead of navigating (e.g. "openConsentSettings"). */
  callback?: string;
  /**
   * gate, when set, is the condition (lib/flagCondition.ts) the item shows on: flags and, in
   * the private header, the customer's facts (header/private/customerGates.ts).
   */
  gate?: string;
}

/** SubMenuArea is where a group of items sits in an open menu panel. */
export type SubMenuArea = 'top' | 'main' | 'sidebar' | 'bottom';

/** SubMenus are the areas of one nav item's panel; layout "even" gives equal columns. */
export interface SubMenus {
  layout?: 'default' | 'even';
  top?: MenuItem[];
  main?: MenuItem[];
  sidebar?: MenuItem[];
  bottom?: MenuItem[];
}

/** NavItem is a top-level menu entry: a link, or a disclosure button with a panel of submenus. */
export interface NavItem {
  id: string;
  title: string;
  href?: string;
  enableBadge?: boolean;
  /** badgeLabel is what a screen reader hears for the badge ("New messages"); without it the dot is silent. */
  badgeLabel?: string;
  subMenus?: SubMenus;
  /**
   * flags, when set, shows the item only while one of these feature flags is on
   * (state.flags), e.g. the nl Beleggen menu. Fragments never hold such items: the client
   * adds them right after hydration.
   */
  flags?: string[];
  /** gate, when set, is the item's full condition (lib/flagCondition.ts); it wins over flags. */
  gate?: string;
}

/** ActionItem is a header action: login or registration. */
export interface ActionItem {
  id: string;
  title: string;
  href: string;
  type: 'login' | 'registration';
}

/** HeaderLabels are the header's own words (screen-reader labels included). */
export interface HeaderLabels {
  mainNavigation: string;
  openMenu: string;
  closeMenu: string;
  homeLink: string;
  actions: string;
}

/** HeaderDataSource is spec section 3's header data source, without the private customer block. */
export interface HeaderDataSource {
  type: HeaderType;
  logoItems: LogoItem[];
  navItems: NavItem[];
  actionItems: ActionItem[];
  hideCustomerBalance?: boolean;
  isHeaderDataLoading?: boolean;
  /** partner is shown beside the logo (a partner's registration header; src/content/partners.ts). */
  partner?: Partner;
}

/**
 * PublicNav is the public header's menus and actions of one market, a chunk of its own: a
 * customer's header (private, loading) never shows them, so a customer's page never loads them.
 */
export type PublicNav = Pick<HeaderDataSource, 'navItems' | 'actionItems'>;

/** HeaderContent is one market's header content module. */
export interface HeaderContent {
  labels: HeaderLabels;
  /** variants: public, and any variant the market defines itself (others derive from public). */
  variants: { public: HeaderDataSource } & Partial<Record<string, HeaderDataSource>>;
}

/** Partner is what a co-branded header shows of a partner: its logo, else its name. */
export interface Partner {
  name: string;
  /** logoUrl: an https URL, an inline image or a bundle file; anything else shows the name. */
  logoUrl?: string;
}
