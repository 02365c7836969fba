// Portfolio templates of spec 3, mapped to their type, risk level and scenario.
import type { ValueOf } from './enumeration.ts';

/** PortfolioType is the kind of product a template belongs to: robo ETF, wealth management, pension. */
export const PortfolioType = { ROBO: 'ROBO', DWM: 'DWM', PE: 'PE' } as const;
export type PortfolioType = ValueOf<typeof PortfolioType>;

/** Scenario is a template's risk scenario, from the lowest risk level to the highest. */
export const Scenario = { CONSERVATIVE: 'CONSERVATIVE', BALANCED: 'BALANCED', MODERATE: 'MODERATE', DYNAMIC: 'DYNAMIC' } as const;
export type Scenario = ValueOf<typeof Scenario>;

/** RiskLevel is a template's risk-level code; MM is the money-market level. */
export const RiskLevel = { MM: 'MM', R30: '30', R50: '50', R70: '70', R100: '100' } as const;
export type RiskLevel = ValueOf<typeof RiskLevel>;

/** PortfolioTemplate lists every template id of spec 3. */
export const PortfolioTemplate = {
  DWM100: 'DWM100',
  DWM70: 'DWM70',
  DWM50: 'DWM50',
  DWM30: 'DWM30',
  DWMMM: 'DWMMM',
  DWM100_NL: 'DWM100_NL',
  DWM70_NL: 'DWM70_NL',
  DWM50_NL: 'DWM50_NL',
  DWM30_NL: 'DWM30_NL',
  DWMMM_NL: 'DWMMM_NL',
  ROBO30: 'ROBO30',
  ROBO50: 'ROBO50',
  ROBO70: 'ROBO70',
  ROBO100: 'ROBO100',
  RURUP30: 'RURUP30',
  RURUP50: 'RURUP50',
  RURUP70: 'RURUP70',
  RURUP100: 'RURUP100',
} as const;
export type PortfolioTemplate = ValueOf<typeof PortfolioTemplate>;

const T = PortfolioTemplate;

/** DwmTemplates are the managed-portfolio (wealth management) templates, the Dutch ones included. */
export const DwmTemplates: readonly PortfolioTemplate[] = [T.DWM100, T.DWM70, T.DWM50, T.DWM30, T.DWMMM, T.DWM100_NL, T.DWM70_NL, T.DWM50_NL, T.DWM30_NL, T.DWMMM_NL];
/** RoboTemplates are the robo ETF templates. */
export const RoboTemplates: readonly PortfolioTemplate[] = [T.ROBO30, T.ROBO50, T.ROBO70, T.ROBO100];
/** RurupTemplates are the pension (Rürup) templates. */
export const RurupTemplates: readonly PortfolioTemplate[] = [T.RURUP30, T.RURUP50, T.RURUP70, T.RURUP100];

/** ScenarioOfRiskLevel maps risk levels to scenarios; the money-market level has none. */
export const ScenarioOfRiskLevel: Readonly<Partial<Record<RiskLevel, Scenario>>> = {
  '30': Scenario.CONSERVATIVE,
  '50': Scenario.BALANCED,
  '70': Scenario.MODERATE,
  '100': Scenario.DYNAMIC,
};

/** TemplateProfile is what a template id says about its portfolio. */
export interface TemplateProfile {
  type: PortfolioType;
  riskLevel: RiskLevel;
  /** scenario is absent for the money-market templates. */
  scenario?: Scenario;
  /** dutch marks the _NL variants of the Dutch managed-portfolio launch. */
  dutch: boolean;
}

const prefixes: readonly [string, PortfolioType][] = [
  ['DWM', PortfolioType.DWM],
  ['ROBO', PortfolioType.ROBO],
  ['RURUP', PortfolioType.PE],
];

/** templateProfile reads a template id; undefined for an id spec 3 does not list. */
export function templateProfile(template: string): TemplateProfile | undefined {
  if (!(Object.values(PortfolioTemplate) as string[]).includes(template)) return undefined;
  const dutch = template.endsWith('_NL');
  const bare = dutch ? template.slice(0, -3) : template;
  for (const [prefix, type] of prefixes) {
    if (!bare.startsWith(prefix)) continue;
    const riskLevel = bare.slice(prefix.length) as RiskLevel;
    const scenario = ScenarioOfRiskLevel[riskLevel];
    return scenario ? { type, riskLevel, scenario, dutch } : { type, riskLevel, dutch };
  }
  return undefined;
}

/** PortfolioNameMaxLength is the longest portfolio name (spec 9). */
export const PortfolioNameMaxLength = 25;

// Letters, digits, German umlauts (and ß), space, dot, underscore, hyphen; the i flag makes
// the umlauts' capitals count too.
const portfolioName = new RegExp(`^[a-z0-9äöüß ._-]{1,${PortfolioNameMaxLength}}$`, 'i');

/** isValidPortfolioName applies spec 5's rule: 1 to 25 of letters, digits, umlauts, space, dot, underscore, hyphen. */
export function isValidPortfolioName(name: string): boolean {
  return portfolioName.test(name);
}
