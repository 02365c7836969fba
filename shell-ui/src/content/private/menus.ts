// The private header's menus (spec 2.1-2.3, 6), written once. Each language gives the words
// (private/<language>.ts); each market (content/<locale>/private.ts) says only how its menus
// differ from the common ones, as i18next falls back from en-GB to en: en-IE is en-GB with two
// links of its own. Gates: lib/flagCondition.ts over flags and customer facts
// (header/private/customerGates.ts).
import type { MenuIconName, MenuItem, NavItem } from '../../model/header.ts';
import type { AccountMenuEntry, PrivateContent, PrivateLabels } from '../../model/private.ts';

/** InvestmentId names the entries of the investments menu. */
export type InvestmentId = 'wealth' | 'robo' | 'etf' | 'crypto' | 'pension';

/** FinanceId names the entries of the finance menu; the -company ones are for company customers. */
export type FinanceId = 'tax' | 'tax-company' | 'protection' | 'protection-company';

/** AccountExtraId names the account menu entries only some markets have. */
export type AccountExtraId = 'payment-methods' | 'exemption-order';

type CommonId =
  | 'dashboard' | 'savings' | 'term' | 'overnight' | 'offers' | 'offers-all' | 'offers-overnight' | 'postbox'
  | 'messages' | 'documents' | 'transactions' | 'withdraw' | 'security' | 'sessions' | 'my-data' | 'notifications';

/**
 * PrivateTexts are the private header's words in one language. titles are by entry id; an old
 * page's entry (id "<id>-legacy") has its new page's title. A language gives the titles of the
 * menus its markets have beyond the common ones.
 */
export interface PrivateTexts {
  labels: PrivateLabels;
  titles: Record<CommonId, string> & Partial<Record<'notice' | 'offers-notice' | 'investments' | InvestmentId | 'finance' | FinanceId | AccountExtraId, string>>;
  /** newMessages is what a screen reader hears for the inbox's badge. */
  newMessages: string;
}

/** PrivateMarket is what one market's private header differs in; unset means the common menus. */
export interface PrivateMarket {
  locale: string;
  texts: PrivateTexts;
  /**
   * legacyPages: beside each new page its old one, flags b2cUseNewDashboard and
   * dbtShowNewMyDepositsPage choosing (default true); false gives the new pages only.
   */
  legacyPages?: boolean;
  /** noticeAccounts: the notice accounts' entries and offers (default true). */
  noticeAccounts?: boolean;
  /** investments: the investments menu's entries; its gate is any entry's unless given. */
  investments?: { items: InvestmentId[]; gate?: string };
  /**
   * finance: the finance menu's links by entry (entries without a link are left out; an entry
   * with a company twin shows to private customers only). hideable hides the menu for the
   * partner distributors of the gateway's hide_finance_for.
   */
  finance?: { links: Partial<Record<FinanceId, string>>; hideable?: boolean };
  /** accountExtras are the account menu entries the market adds. */
  accountExtras?: AccountExtraId[];
}

const Investments: Record<InvestmentId, { href: string; icon: MenuIconName; access: string }> = {
  wealth: { href: '/investments/wealth-management/dashboard', icon: 'overviewIcon', access: 'HAS_MANAGED_PORTFOLIO' },
  robo: { href: '/dashboard/investments/robo', icon: 'etfRoboIcon', access: 'HAS_MIGRATED_ROBO' },
  etf: { href: '/dashboard/investments/etf-configurator', icon: 'etfRoboIcon', access: 'HAS_ETF_CONFIGURATOR' },
  crypto: { href: '/dashboard/investments/crypto', icon: 'cryptoIcon', access: 'HAS_CRYPTO' },
  pension: { href: '/dashboard/investments/pension', icon: 'pensionIcon', access: 'HAS_PENSION_PRODUCT' },
};

// The savings accounts: the new page, the old one, and the customer access that shows both.
const Deposits = [
  { id: 'term', href: '/dashboard/savings/term/', legacy: '/#/MyInvestments/TermDeposit', icon: 'fixedDepositIcon', access: 'access:HAS_FIXED_DEPOSIT_ACCOUNT|access:HAS_FLEX_DEPOSIT_ACCOUNT' },
  { id: 'overnight', href: '/dashboard/savings/overnight/', legacy: '/#/MyInvestments/Overnight', icon: 'overnightMoneyIcon', access: 'access:HAS_OVERNIGHT_DEPOSIT_ACCOUNT' },
  { id: 'notice', href: '/dashboard/savings/notice/', legacy: '/#/MyInvestments/Notice', icon: 'terminationPaymentIcon', access: 'access:HAS_NOTICE_DEPOSIT_ACCOUNT' },
] as const;

const Restricted = '!customer:restricted';

const Account: { id: CommonId | AccountExtraId; href: string; gate?: string }[] = [
  { id: 'messages', href: '/postbox/messages' },
  { id: 'documents', href: '/documents' },
  { id: 'transactions', href: '/account-transactions/', gate: Restricted },
  { id: 'withdraw', href: '/account-withdrawal', gate: Restricted },
  { id: 'payment-methods', href: '/payment-methods', gate: `customerShowPaymentMethodScreens ${Restricted}` },
  { id: 'security', href: '/user-account' },
  { id: 'sessions', href: '/account/sessions/' },
  { id: 'my-data', href: '/my-details', gate: Restricted },
  { id: 'exemption-order', href: '/exemption-order/overview', gate: Restricted },
  { id: 'notifications', href: '/notifications', gate: Restricted },
];
const AccountExtras: readonly string[] = ['payment-methods', 'exemption-order'] satisfies AccountExtraId[];

// gated gives the item with its gate, and without a gate field when there is none.
const gated = <T extends object>(item: T, gate: string | undefined): T & { gate?: string } => (gate ? { ...item, gate } : item);

/** privateMenus builds one market's private header content from the common menus. */
export function privateMenus(m: PrivateMarket): PrivateContent {
  const { titles } = m.texts;
  const legacy = m.legacyPages ?? true;
  const notice = m.noticeAccounts ?? true;
  // A title the language lacks shows as its id; privateMenus.test.ts refuses that.
  const title = (id: string): string => (titles as Partial<Record<string, string>>)[id] ?? id;
  const deposits = Deposits.filter((d) => notice || d.id !== 'notice');
  const savings: MenuItem[] = deposits.flatMap((d) => {
    const item: MenuItem = { id: d.id, type: 'advanced', title: title(d.id), href: d.href, icon: d.icon };
    if (!legacy) return [{ ...item, gate: d.access }];
    return [
      { ...item, gate: `${d.access} dbtShowNewMyDepositsPage` },
      { ...item, id: `${d.id}-legacy`, href: d.legacy, gate: `${d.access} !dbtShowNewMyDepositsPage` },
    ];
  });
  const offers: MenuItem[] = [
    { id: 'offers-all', type: 'basic', title: title('offers-all'), href: '/products/' },
    { id: 'offers-overnight', type: 'basic', title: title('offers-overnight'), href: '/products/overnight/' },
    ...(notice ? [{ id: 'offers-notice', type: 'basic' as const, title: title('offers-notice'), href: '/products/notice/' }] : []),
  ];
  const navItems: NavItem[] = [
    ...(legacy
      ? [
          { id: 'dashboard', title: title('dashboard'), href: '/dashboard/', gate: 'b2cUseNewDashboard' },
          { id: 'dashboard-legacy', title: title('dashboard'), href: '/#/MyInvestments', gate: '!b2cUseNewDashboard' },
        ]
      : [{ id: 'dashboard', title: title('dashboard'), href: '/dashboard/' }]),
    { id: 'savings', title: title('savings'), gate: deposits.map((d) => d.access).join('|'), subMenus: { layout: 'default', main: savings } },
  ];
  if (m.investments) {
    const items = m.investments.items.map((id): MenuItem => {
      const i = Investments[id];
      return { id, type: 'advanced', title: title(id), href: i.href, icon: i.icon, gate: `access:${i.access}` };
    });
    navItems.push({ id: 'investments', title: title('investments'), gate: m.investments.gate ?? items.map((i) => i.gate).join('|'), subMenus: { layout: 'default', main: items } });
  }
  navItems.push({ id: 'offers', title: title('offers'), gate: 'access:term_product_access|access:overnight_product_access', subMenus: { layout: 'default', main: offers } });
  if (m.finance) {
    const { links } = m.finance;
    const items = (['tax', 'tax-company', 'protection', 'protection-company'] as const).flatMap((id): MenuItem[] => {
      const href = links[id];
      if (href === undefined) return [];
      const company = id.endsWith('-company') ? 'customer:company' : links[`${id}-company` as FinanceId] !== undefined ? '!customer:company' : undefined;
      return [gated({ id, type: 'basic', title: title(id), href }, company)];
    });
    // hideable: distributors from the gateway's hide_finance_for.
    navItems.push(gated({ id: 'finance', title: title('finance'), subMenus: { layout: 'default', main: items } }, m.finance.hideable ? '!access:FINANCE_HIDDEN' : undefined));
  }
  navItems.push({ id: 'postbox', title: title('postbox'), href: '/postbox/messages', enableBadge: true, badgeLabel: m.texts.newMessages });
  const accountMenu: AccountMenuEntry[] = Account.filter((e) => !AccountExtras.includes(e.id) || m.accountExtras?.includes(e.id as AccountExtraId)).map((e) =>
    gated({ id: e.id, title: title(e.id), href: e.href }, e.gate),
  );
  return { locale: m.locale, labels: m.texts.labels, navItems, accountMenu };
}
