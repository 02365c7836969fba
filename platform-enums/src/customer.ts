// Customer, account and access values of spec sections 3, 4 and 6, and the rules on them.
import type { ValueOf } from './enumeration.ts';
import { CustomerPendingState, DataValidityStatus, ProductCategory, ProductInstanceState, TransactionAccountState } from './states.ts';
import { DwmTemplates, RoboTemplates } from './portfolio.ts';

/** CustomerType tells individual from company customers. */
export const CustomerType = { INDIVIDUAL: 'individual', COMPANY: 'company' } as const;
export type CustomerType = ValueOf<typeof CustomerType>;

/** DepositType is a deposit type of the deposit types call. */
export const DepositType = {
  OVERNIGHT_ACCOUNT: 'overnight_account',
  NOTICE_ACCOUNT: 'notice_account',
  TERM_DEPOSIT: 'term_deposit',
} as const;
export type DepositType = ValueOf<typeof DepositType>;

/**
 * ProductAccess is a value of the shell state's access list. The first four are the deposit
 * access of spec 3; the three *_product_access are its product-type flags; the last five are
 * this module's names for the product availability spec 6 lists without naming (pension,
 * wealth management, migrated robo, crypto, ETF configurator): the edge derives them and the
 * menus test them.
 */
export const ProductAccess = {
  HAS_OVERNIGHT_DEPOSIT_ACCOUNT: 'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
  HAS_NOTICE_DEPOSIT_ACCOUNT: 'HAS_NOTICE_DEPOSIT_ACCOUNT',
  HAS_FIXED_DEPOSIT_ACCOUNT: 'HAS_FIXED_DEPOSIT_ACCOUNT',
  HAS_FLEX_DEPOSIT_ACCOUNT: 'HAS_FLEX_DEPOSIT_ACCOUNT',
  term_product_access: 'term_product_access',
  overnight_product_access: 'overnight_product_access',
  notice_product_access: 'notice_product_access',
  HAS_PENSION_PRODUCT: 'HAS_PENSION_PRODUCT',
  HAS_MANAGED_PORTFOLIO: 'HAS_MANAGED_PORTFOLIO',
  HAS_MIGRATED_ROBO: 'HAS_MIGRATED_ROBO',
  HAS_CRYPTO: 'HAS_CRYPTO',
  HAS_ETF_CONFIGURATOR: 'HAS_ETF_CONFIGURATOR',
} as const;
export type ProductAccess = ValueOf<typeof ProductAccess>;

/** DepositAccess maps each deposit type to its access value (spec 3, deposit access). */
export const DepositAccess: Readonly<Record<DepositType, ProductAccess>> = {
  overnight_account: ProductAccess.HAS_OVERNIGHT_DEPOSIT_ACCOUNT,
  notice_account: ProductAccess.HAS_NOTICE_DEPOSIT_ACCOUNT,
  term_deposit: ProductAccess.HAS_FIXED_DEPOSIT_ACCOUNT,
};

/** AccountIdKind names an account identifier of the account menu (spec 3). */
export const AccountIdKind = { IBAN: 'iban', ACCOUNT_NUMBER: 'accountNumber', SORT_CODE: 'sortCode' } as const;
export type AccountIdKind = ValueOf<typeof AccountIdKind>;

/** CountryCode lists the platform's country codes (spec 9); GBR customers owe origin of funds. */
export const CountryCode = { GBR: 'GBR', DEU: 'DEU', NLD: 'NLD' } as const;
export type CountryCode = ValueOf<typeof CountryCode>;

/** HeaderAccountStates make an account the header's: the first account in one of them wins. */
export const HeaderAccountStates: readonly TransactionAccountState[] = [
  TransactionAccountState.ACTIVE,
  TransactionAccountState.SUSPENDED,
  TransactionAccountState.CLOSED,
  TransactionAccountState.CLOSING_IN_PROGRESS,
];

/** headerAccount is the account the header uses (spec 4): the first in a header state, else the first. */
export function headerAccount<A extends { state: string }>(accounts: readonly A[]): A | undefined {
  return accounts.find((a) => (HeaderAccountStates as readonly string[]).includes(a.state)) ?? accounts[0];
}

/** isPendingActivation tells whether a customer status is before activation (KYC or the provider's activation). */
export function isPendingActivation(status: string): boolean {
  return status === CustomerPendingState.PENDING_KYC || (status.startsWith('PENDING_') && status.endsWith('_ACTIVATION'));
}

/** needsDataValidityCheck tells whether a data validity status sends a non-UK customer to the CDVC page. */
export function needsDataValidityCheck(status: string | undefined): boolean {
  return status === DataValidityStatus.EXPIRED || status === DataValidityStatus.REVALIDATE;
}

/** ProductInstance is the part of a product instance the access rules read (spec 3). */
export interface ProductInstance {
  product_category: string;
  state: string;
  instance_template_domain_id: string;
}

const endedInstance: readonly string[] = [ProductInstanceState.REJECTED, ProductInstanceState.CLOSED];

function liveLiquidWith(templates: readonly string[], instance: ProductInstance): boolean {
  return instance.product_category === ProductCategory.LIQUID && templates.includes(instance.instance_template_domain_id) && !endedInstance.includes(instance.state);
}

/** isManagedPortfolio tells whether an instance counts as a managed-portfolio (DWM) product (spec 4). */
export function isManagedPortfolio(instance: ProductInstance): boolean {
  return liveLiquidWith(DwmTemplates, instance);
}

/** isMigratedRobo tells whether an instance counts as a migrated robo product (spec 4). */
export function isMigratedRobo(instance: ProductInstance): boolean {
  return liveLiquidWith(RoboTemplates, instance);
}
