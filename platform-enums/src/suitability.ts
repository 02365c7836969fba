// Suitability questionnaire enumerations, flow types and alert levels of spec 3.
import type { ValueOf } from './enumeration.ts';

/** InvestmentExperienceCount is how many transactions the customer made. */
export const InvestmentExperienceCount = {
  NO_TRANSACTIONS: 'NO_TRANSACTIONS',
  AT_LEAST_ONE: 'AT_LEAST_ONE',
  AT_LEAST_THREE: 'AT_LEAST_THREE',
  AT_LEAST_FIVE: 'AT_LEAST_FIVE',
} as const;
export type InvestmentExperienceCount = ValueOf<typeof InvestmentExperienceCount>;

/**
 * ExperienceDuration is how long the customer has invested. The spec writes the three
 * durations as "one, three, five years"; these spellings are this module's.
 */
export const ExperienceDuration = {
  NO_EXPERIENCE: 'NO_EXPERIENCE',
  ONE_YEAR: 'ONE_YEAR',
  THREE_YEARS: 'THREE_YEARS',
  FIVE_YEARS: 'FIVE_YEARS',
} as const;
export type ExperienceDuration = ValueOf<typeof ExperienceDuration>;

/** InvestmentAmount is the usual size of the customer's investments. */
export const InvestmentAmount = { UP_TO_5K: 'UP_TO_5K', UP_TO_25K: 'UP_TO_25K', UP_TO_50K: 'UP_TO_50K', ABOVE_50K: 'ABOVE_50K' } as const;
export type InvestmentAmount = ValueOf<typeof InvestmentAmount>;

/** KnowledgeAnswer is an answer of the knowledge questions, or none. */
export const KnowledgeAnswer = {
  PRICE_RISK: 'PRICE_RISK',
  RISK_DIVERSIFICATION: 'RISK_DIVERSIFICATION',
  HIGHER_CAPITAL_GAINS: 'HIGHER_CAPITAL_GAINS',
  INVESTMENT_VALUE: 'INVESTMENT_VALUE',
  NO_ANSWER: 'NO_ANSWER',
} as const;
export type KnowledgeAnswer = ValueOf<typeof KnowledgeAnswer>;

/** DependentsInsurance is the pension's cover for dependents (spellings are this module's). */
export const DependentsInsurance = {
  CONTRIBUTION_PHASE_WITH_10_YEAR_PAYOUT_GUARANTEE: 'CONTRIBUTION_PHASE_WITH_10_YEAR_PAYOUT_GUARANTEE',
  CONTRIBUTION_PHASE_WITH_REDUCED_LUMP_SUM_PAYOUT: 'CONTRIBUTION_PHASE_WITH_REDUCED_LUMP_SUM_PAYOUT',
  CONTRIBUTION_PHASE_ONLY: 'CONTRIBUTION_PHASE_ONLY',
} as const;
export type DependentsInsurance = ValueOf<typeof DependentsInsurance>;

/** FlowType is how much of the questionnaire a flow asks. */
export const FlowType = { SHORT: 'SHORT', FULL: 'FULL', MIGRATION: 'MIGRATION', ONBOARDING: 'ONBOARDING' } as const;
export type FlowType = ValueOf<typeof FlowType>;

/** AlertLevel is an alert's severity, highest first. */
export const AlertLevel = { CRITICAL: 'CRITICAL', WARN: 'WARN', INFO: 'INFO' } as const;
export type AlertLevel = ValueOf<typeof AlertLevel>;
