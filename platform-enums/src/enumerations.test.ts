import { describe, expect, it } from 'vitest';
import * as enums from './index.ts';
import { isValueOf, valuesOf } from './enumeration.ts';

// The spec's own lists, copied from spec sections 3, 4, 5 and 8: a value renamed, dropped or
// mistyped in the module fails here.
const spec: [string, Readonly<Record<string, string>>, string[]][] = [
  ['TransactionAccountState', enums.TransactionAccountState, ['INITIATED', 'REQUESTED', 'ACTIVE', 'CLOSING_IN_PROGRESS', 'CLOSED', 'SUSPENDED']],
  ['AccountState', enums.AccountState, ['ACTIVE', 'CREATION_IN_PROGRESS', 'CREATED', 'DELETED', 'DELETION_IN_PROGRESS']],
  ['ProductInstanceState', enums.ProductInstanceState, ['CREATED', 'ORDERED', 'ACTIVE', 'CLOSING_PENDING', 'CLOSED', 'REJECTED', 'REQUESTED', 'ISSUE_IDENTIFIED']],
  ['OrderState', enums.OrderState, ['DRAFTED', 'VALIDATED', 'PREPARED', 'CONFIRMED', 'EXPORTED', 'IN_PROGRESS', 'EXECUTED', 'REJECTED', 'REVOCATION_REQUESTED', 'REVOKED', 'CANCELLED']],
  ['OrderInstructionState', enums.OrderInstructionState, ['DRAFTED', 'VALIDATED', 'PREPARED', 'CONFIRMED', 'EXPORTED', 'IN_PROGRESS', 'EXECUTED', 'REJECTED', 'REVOCATION_REQUESTED', 'REVOKED', 'CANCELLED', 'ISSUE_IDENTIFIED', 'FUNDED']],
  ['PortfolioStatus', enums.PortfolioStatus, ['FUNDING_PENDING', 'ISSUE_IDENTIFIED', 'BUY_ORDER_IN_PROGRESS', 'SELL_ORDER_IN_PROGRESS', 'REBALANCING_IN_PROGRESS']],
  ['DataValidityStatus', enums.DataValidityStatus, ['EXPIRED', 'REVALIDATE']],
  ['ProductCategory', enums.ProductCategory, ['LIQUID', 'ILLIQUID']],
  ['PortfolioType', enums.PortfolioType, ['ROBO', 'DWM', 'PE']],
  ['Scenario', enums.Scenario, ['CONSERVATIVE', 'BALANCED', 'MODERATE', 'DYNAMIC']],
  ['RiskLevel', enums.RiskLevel, ['MM', '30', '50', '70', '100']],
  ['OrderType', enums.OrderType, ['DWM_MIGRATION_CONSENT', 'STRATEGY_SWITCH', 'ONBOARDING', 'PRIVATE_EQUITY_ONBOARDING', 'CAPITAL_CALL', 'LIQUID_ONBOARDING', 'LIQUID_OFFBOARDING', 'BUY', 'TOTAL_SELL', 'PARTIAL_SELL', 'SAVINGS_PLAN_CREATE', 'SAVINGS_PLAN_DELETE', 'SAVINGS_PLAN_UPDATE', 'SAVINGS_PLAN_EXECUTION', 'MIGRATION_ONBOARDING', 'REBALANCING', 'ETFC_CRYPTO_TRANSFER_CONSENT', 'RECOMMENDATION', 'SUITABILITY_UPDATE', 'UNDEFINED']],
  ['OrderCategory', enums.OrderCategory, ['PortfolioOrders', 'CustomerOrders']],
  ['OrderDomain', enums.OrderDomain, ['PENSION', 'OBS']],
  ['PortfolioTransactionType', enums.PortfolioTransactionType, ['INFLOWS', 'OUTFLOWS', 'DISTRIBUTIONS', 'BUY_REINVESTMENT', 'FEES', 'FEES_CREDIT', 'TRANSACTION_FOR_FEES', 'SELL_FOR_TAXES', 'EXCEPTIONAL_BUY', 'FRACTIONAL_SELL', 'REBALANCING_BUY', 'REBALANCING_SELL', 'INBOUND_SECURITIES_TRANSFER', 'OUTBOUND_SECURITIES_TRANSFER', 'TAX_CREDIT', 'TAX_DEBIT', 'TAX_PREPAYMENT', 'SELL_FOR_FEES', 'SELL_FOR_FEES_CANCELLATION']],
  ['PortfolioTransactionState', enums.PortfolioTransactionState, ['FILLED', 'SETTLED']],
  ['InvestmentExperienceCount', enums.InvestmentExperienceCount, ['NO_TRANSACTIONS', 'AT_LEAST_ONE', 'AT_LEAST_THREE', 'AT_LEAST_FIVE']],
  ['InvestmentAmount', enums.InvestmentAmount, ['UP_TO_5K', 'UP_TO_25K', 'UP_TO_50K', 'ABOVE_50K']],
  ['FlowType', enums.FlowType, ['SHORT', 'FULL', 'MIGRATION', 'ONBOARDING']],
  ['AlertLevel', enums.AlertLevel, ['CRITICAL', 'WARN', 'INFO']],
  ['PreconditionCode', enums.PreconditionCode, ['savings_plan_not_active', 'pia_has_balance', 'has_orders_in_progress', 'portfolio_balance_is_zero', 'product_instance_must_be_active', 'savings_plan_is_active', 'portfolio_balance_is_not_zero', 'other_order_already_in_progress', 'unexpected']],
  ['OrderLimitKey', enums.OrderLimitKey, ['min', 'max', 'minLeftBalance', 'higherThanLeftOver', 'hasSavingPlan', 'savingPlanInprogress', 'unExpectedError', 'userBlockedTemporarily']],
  ['CustomerType', enums.CustomerType, ['individual', 'company']],
  ['DepositType', enums.DepositType, ['overnight_account', 'notice_account', 'term_deposit']],
];

describe('enumerations hold the spec values in the spec order', () => {
  it.each(spec)('%s', (_name, enumeration, want) => {
    expect(valuesOf(enumeration)).toEqual(want);
  });
});

describe('a key names its own value, except where a value is not an identifier', () => {
  // RiskLevel ("30") and the two camel/lowercase API spellings are the exceptions by design.
  const exceptions = new Set(['RiskLevel', 'OrderCategory', 'CustomerType', 'DepositType']);
  it.each(spec.filter(([name]) => !exceptions.has(name)))('%s', (_name, enumeration) => {
    for (const [key, value] of Object.entries(enumeration)) expect(key).toBe(value);
  });
});

describe('isValueOf', () => {
  it.each([
    ['a known order state', enums.OrderState, 'REVOKED', true],
    ['an instruction-only state is not an order state', enums.OrderState, 'FUNDED', false],
    ['an instruction-only state is an instruction state', enums.OrderInstructionState, 'FUNDED', true],
    ['the wrong case', enums.OrderState, 'revoked', false],
    ['a number', enums.RiskLevel, 30, false],
    ['a risk code as text', enums.RiskLevel, '30', true],
    ['undefined', enums.AlertLevel, undefined, false],
  ] as const)('%s', (_name, enumeration, value, want) => {
    expect(isValueOf(enumeration, value)).toBe(want);
  });
});
