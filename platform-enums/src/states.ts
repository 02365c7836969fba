// State sets of spec section 4. Transitions between states are not part of the spec.
import type { ValueOf } from './enumeration.ts';

/** TransactionAccountState is a transaction account's state. */
export const TransactionAccountState = {
  INITIATED: 'INITIATED',
  REQUESTED: 'REQUESTED',
  ACTIVE: 'ACTIVE',
  CLOSING_IN_PROGRESS: 'CLOSING_IN_PROGRESS',
  CLOSED: 'CLOSED',
  SUSPENDED: 'SUSPENDED',
} as const;
export type TransactionAccountState = ValueOf<typeof TransactionAccountState>;

/** AccountState is the state of an account (the customer-account service's own set). */
export const AccountState = {
  ACTIVE: 'ACTIVE',
  CREATION_IN_PROGRESS: 'CREATION_IN_PROGRESS',
  CREATED: 'CREATED',
  DELETED: 'DELETED',
  DELETION_IN_PROGRESS: 'DELETION_IN_PROGRESS',
} as const;
export type AccountState = ValueOf<typeof AccountState>;

/** ProductInstanceState is a product instance's state. */
export const ProductInstanceState = {
  CREATED: 'CREATED',
  ORDERED: 'ORDERED',
  ACTIVE: 'ACTIVE',
  CLOSING_PENDING: 'CLOSING_PENDING',
  CLOSED: 'CLOSED',
  REJECTED: 'REJECTED',
  REQUESTED: 'REQUESTED',
  ISSUE_IDENTIFIED: 'ISSUE_IDENTIFIED',
} as const;
export type ProductInstanceState = ValueOf<typeof ProductInstanceState>;

/** ProductCategory is a product instance's category (spec 3). */
export const ProductCategory = { LIQUID: 'LIQUID', ILLIQUID: 'ILLIQUID' } as const;
export type ProductCategory = ValueOf<typeof ProductCategory>;

/**
 * CustomerPendingState lists the customer states before activation. The platform names its
 * pending-account-activation state after the partner provider (PENDING_{PROVIDER}_ACTIVATION):
 * PENDING_ACCOUNT_ACTIVATION is the generic spelling; isPendingActivation accepts every
 * provider's.
 */
export const CustomerPendingState = {
  PENDING_KYC: 'PENDING_KYC',
  PENDING_ACCOUNT_ACTIVATION: 'PENDING_ACCOUNT_ACTIVATION',
  UNKNOWN: 'UNKNOWN',
} as const;
export type CustomerPendingState = ValueOf<typeof CustomerPendingState>;

/** OrderState is an order's state. */
export const OrderState = {
  DRAFTED: 'DRAFTED',
  VALIDATED: 'VALIDATED',
  PREPARED: 'PREPARED',
  CONFIRMED: 'CONFIRMED',
  EXPORTED: 'EXPORTED',
  IN_PROGRESS: 'IN_PROGRESS',
  EXECUTED: 'EXECUTED',
  REJECTED: 'REJECTED',
  REVOCATION_REQUESTED: 'REVOCATION_REQUESTED',
  REVOKED: 'REVOKED',
  CANCELLED: 'CANCELLED',
} as const;
export type OrderState = ValueOf<typeof OrderState>;

/** OrderInstructionState is an order instruction's state: every order state plus two. */
export const OrderInstructionState = {
  ...OrderState,
  ISSUE_IDENTIFIED: 'ISSUE_IDENTIFIED',
  FUNDED: 'FUNDED',
} as const;
export type OrderInstructionState = ValueOf<typeof OrderInstructionState>;

/** PortfolioStatus is a portfolio's processing status. */
export const PortfolioStatus = {
  FUNDING_PENDING: 'FUNDING_PENDING',
  ISSUE_IDENTIFIED: 'ISSUE_IDENTIFIED',
  BUY_ORDER_IN_PROGRESS: 'BUY_ORDER_IN_PROGRESS',
  SELL_ORDER_IN_PROGRESS: 'SELL_ORDER_IN_PROGRESS',
  REBALANCING_IN_PROGRESS: 'REBALANCING_IN_PROGRESS',
} as const;
export type PortfolioStatus = ValueOf<typeof PortfolioStatus>;

/**
 * DataValidityStatus is the customer data validity check's status. The spec names only the
 * two the platform acts on; others (such as VALID) pass as plain strings.
 */
export const DataValidityStatus = { EXPIRED: 'EXPIRED', REVALIDATE: 'REVALIDATE' } as const;
export type DataValidityStatus = ValueOf<typeof DataValidityStatus>;
