// Customer blocks as the edge sends them, for the private header's tests: one per state the
// header shows differently (spec 2.2, 4, 8).
import type { Customer, ShellState } from '../../../model/shellState.gen.ts';

const base: Customer = {
  displayName: 'Dr. Anna Schmidt',
  fullName: 'Dr. Anna Schmidt',
  initials: 'AS',
  state: 'ACTIVE',
  isCompanyCustomer: false,
  isPendingActivation: false,
  restricted: false,
  totalBalance: { label: 'Gesamtsaldo', amount: '12.345,67 €', isNegative: false },
  availableBalance: { label: 'Verfügbar', amount: '1.234,50 €', isNegative: false },
  balanceIsNotAvailable: false,
  accountIds: [{ id: 'iban', label: 'IBAN', display: 'DE89 3704 0044 0532 0130 00', copy: 'DE89370400440532013000' }],
  showUnreadMessage: false,
  switchableAccounts: [],
};

/** Personas are customer blocks by what they show. */
export const Personas = {
  active: base,
  unread: { ...base, showUnreadMessage: true },
  company: { ...base, displayName: 'Muster GmbH', fullName: 'Muster GmbH', initials: 'MG', isCompanyCustomer: true },
  restricted: { ...base, state: 'SUSPENDED', restricted: true },
  negative: { ...base, availableBalance: { label: 'Verfügbar', amount: '-20,00 €', isNegative: true } },
  maintenance: {
    ...base,
    totalBalance: null,
    availableBalance: null,
    balanceIsNotAvailable: true,
    notAvailableMessage: { title: 'Saldo nicht verfügbar', tooltipText: 'Wir warten gerade unser System.' },
  },
  // The accounts list failed: the state is unknown, the box holds the fetch-error notice (spec 8).
  accountsListFailing: {
    ...base,
    state: '',
    accountIds: [],
    totalBalance: null,
    availableBalance: null,
    balanceIsNotAvailable: true,
    notAvailableMessage: { title: 'Saldo nicht verfügbar', tooltipText: 'Ihr Saldo konnte nicht geladen werden.' },
  },
  // No account yet and no failure: no box at all.
  noAccountYet: { ...base, state: '', accountIds: [], totalBalance: null, availableBalance: null },
  // The customer's data failed for good (customer.Unavailable): nothing known but the notice.
  dataUnavailable: {
    ...base,
    displayName: '',
    fullName: '',
    initials: '',
    state: '',
    accountIds: [],
    totalBalance: null,
    availableBalance: null,
    balanceIsNotAvailable: true,
    notAvailableMessage: { title: 'Saldo nicht verfügbar', tooltipText: 'Ihr Saldo konnte nicht geladen werden.' },
  },
  // Identity without customer data: nothing known, no notice.
  noCustomerData: { ...base, displayName: '', fullName: '', initials: '', state: '', accountIds: [], totalBalance: null, availableBalance: null },
  pending: { ...base, isPendingActivation: true, totalBalance: { label: 'Gesamtsaldo', amount: '0,00 €', isNegative: false } },
  uk: {
    ...base,
    displayName: 'Jane Doe',
    initials: 'JD',
    accountIds: [
      { id: 'accountNumber', label: 'Account number', display: '31926819', copy: '31926819' },
      { id: 'sortCode', label: 'Sort code', display: '60-16-13', copy: '601613' },
    ],
  },
  switching: {
    ...base,
    switchableAccounts: [
      { firstName: 'Lena', lastName: 'Schmidt', customerId: '4711' },
      { firstName: 'Paul', lastName: 'Schmidt', customerId: '4712' },
    ],
  },
  partner: { ...base, distributorId: 'dkb_retail' },
  hostile: { ...base, displayName: '<img src=x onerror=alert(1)> [[shell:base]] & "Co"', initials: '<b>', accountIds: [{ id: 'iban', label: 'IBAN', display: '[[shell:year]]', copy: 'x' }] },
} satisfies Record<string, Customer>;

/** EveryAccess is every product access value the private menus test. */
export const EveryAccess = [
  'HAS_FIXED_DEPOSIT_ACCOUNT',
  'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
  'HAS_NOTICE_DEPOSIT_ACCOUNT',
  'term_product_access',
  'overnight_product_access',
  'HAS_PENSION_PRODUCT',
  'HAS_MANAGED_PORTFOLIO',
  'HAS_MIGRATED_ROBO',
  'HAS_CRYPTO',
  'HAS_ETF_CONFIGURATOR',
];

/** privateState is a logged-in page's state with a customer. */
export function privateState(locale: string, customer: Customer, access: string[] = [], flags: Record<string, boolean> = {}, basePath = ''): ShellState {
  return {
    locale,
    market: locale,
    basePath,
    designVersion: 'v1',
    headerVariant: 'private',
    path: `${basePath}/dashboard/`,
    year: 2026,
    isLoggedIn: true,
    canAccess: true,
    isAuthRequired: true,
    appView: false,
    customerId: '1000001',
    access,
    flags,
    customer,
  };
}
