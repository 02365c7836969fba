// Orders and portfolio transactions of spec 3, precondition codes of spec 8, order-limit keys of spec 5.
import type { ValueOf } from './enumeration.ts';

/** OrderType is what an order does. */
export const OrderType = {
  DWM_MIGRATION_CONSENT: 'DWM_MIGRATION_CONSENT',
  STRATEGY_SWITCH: 'STRATEGY_SWITCH',
  ONBOARDING: 'ONBOARDING',
  PRIVATE_EQUITY_ONBOARDING: 'PRIVATE_EQUITY_ONBOARDING',
  CAPITAL_CALL: 'CAPITAL_CALL',
  LIQUID_ONBOARDING: 'LIQUID_ONBOARDING',
  LIQUID_OFFBOARDING: 'LIQUID_OFFBOARDING',
  BUY: 'BUY',
  TOTAL_SELL: 'TOTAL_SELL',
  PARTIAL_SELL: 'PARTIAL_SELL',
  SAVINGS_PLAN_CREATE: 'SAVINGS_PLAN_CREATE',
  SAVINGS_PLAN_DELETE: 'SAVINGS_PLAN_DELETE',
  SAVINGS_PLAN_UPDATE: 'SAVINGS_PLAN_UPDATE',
  SAVINGS_PLAN_EXECUTION: 'SAVINGS_PLAN_EXECUTION',
  MIGRATION_ONBOARDING: 'MIGRATION_ONBOARDING',
  REBALANCING: 'REBALANCING',
  ETFC_CRYPTO_TRANSFER_CONSENT: 'ETFC_CRYPTO_TRANSFER_CONSENT',
  RECOMMENDATION: 'RECOMMENDATION',
  SUITABILITY_UPDATE: 'SUITABILITY_UPDATE',
  UNDEFINED: 'UNDEFINED',
} as const;
export type OrderType = ValueOf<typeof OrderType>;

/** OrderCategory names the two order lists. */
export const OrderCategory = { PORTFOLIO_ORDERS: 'PortfolioOrders', CUSTOMER_ORDERS: 'CustomerOrders' } as const;
export type OrderCategory = ValueOf<typeof OrderCategory>;

/** OrderDomain is the domain an order belongs to. */
export const OrderDomain = { PENSION: 'PENSION', OBS: 'OBS' } as const;
export type OrderDomain = ValueOf<typeof OrderDomain>;

/**
 * PortfolioTransactionType is a portfolio transaction's kind. The spec also mentions
 * "historical robo fee and tax types" without naming them; they are not listed here, and
 * isValueOf tells them apart as unknown.
 */
export const PortfolioTransactionType = {
  INFLOWS: 'INFLOWS',
  OUTFLOWS: 'OUTFLOWS',
  DISTRIBUTIONS: 'DISTRIBUTIONS',
  BUY_REINVESTMENT: 'BUY_REINVESTMENT',
  FEES: 'FEES',
  FEES_CREDIT: 'FEES_CREDIT',
  TRANSACTION_FOR_FEES: 'TRANSACTION_FOR_FEES',
  SELL_FOR_TAXES: 'SELL_FOR_TAXES',
  EXCEPTIONAL_BUY: 'EXCEPTIONAL_BUY',
  FRACTIONAL_SELL: 'FRACTIONAL_SELL',
  REBALANCING_BUY: 'REBALANCING_BUY',
  REBALANCING_SELL: 'REBALANCING_SELL',
  INBOUND_SECURITIES_TRANSFER: 'INBOUND_SECURITIES_TRANSFER',
  OUTBOUND_SECURITIES_TRANSFER: 'OUTBOUND_SECURITIES_TRANSFER',
  TAX_CREDIT: 'TAX_CREDIT',
  TAX_DEBIT: 'TAX_DEBIT',
  TAX_PREPAYMENT: 'TAX_PREPAYMENT',
  SELL_FOR_FEES: 'SELL_FOR_FEES',
  SELL_FOR_FEES_CANCELLATION: 'SELL_FOR_FEES_CANCELLATION',
} as const;
export type PortfolioTransactionType = ValueOf<typeof PortfolioTransactionType>;

/** PortfolioTransactionState is a portfolio transaction's state. */
export const PortfolioTransactionState = { FILLED: 'FILLED', SETTLED: 'SETTLED' } as const;
export type PortfolioTransactionState = ValueOf<typeof PortfolioTransactionState>;

/** PreconditionCode is why an order cannot be placed (spec 8). */
export const PreconditionCode = {
  savings_plan_not_active: 'savings_plan_not_active',
  pia_has_balance: 'pia_has_balance',
  has_orders_in_progress: 'has_orders_in_progress',
  portfolio_balance_is_zero: 'portfolio_balance_is_zero',
  product_instance_must_be_active: 'product_instance_must_be_active',
  savings_plan_is_active: 'savings_plan_is_active',
  portfolio_balance_is_not_zero: 'portfolio_balance_is_not_zero',
  other_order_already_in_progress: 'other_order_already_in_progress',
  unexpected: 'unexpected',
} as const;
export type PreconditionCode = ValueOf<typeof PreconditionCode>;

/** OrderLimitKey is an order-limit error key (spec 5); thresholds and messages are not in the spec. */
export const OrderLimitKey = {
  min: 'min',
  max: 'max',
  minLeftBalance: 'minLeftBalance',
  higherThanLeftOver: 'higherThanLeftOver',
  hasSavingPlan: 'hasSavingPlan',
  savingPlanInprogress: 'savingPlanInprogress',
  unExpectedError: 'unExpectedError',
  userBlockedTemporarily: 'userBlockedTemporarily',
} as const;
export type OrderLimitKey = ValueOf<typeof OrderLimitKey>;
