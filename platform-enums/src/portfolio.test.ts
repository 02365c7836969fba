import { describe, expect, it } from 'vitest';
import { DwmTemplates, PortfolioTemplate, RoboTemplates, RurupTemplates, isValidPortfolioName, templateProfile } from './portfolio.ts';

describe('templateProfile maps a template to its type, risk level and scenario', () => {
  it.each([
    ['DWM100', { type: 'DWM', riskLevel: '100', scenario: 'DYNAMIC', dutch: false }],
    ['DWM70', { type: 'DWM', riskLevel: '70', scenario: 'MODERATE', dutch: false }],
    ['DWM50_NL', { type: 'DWM', riskLevel: '50', scenario: 'BALANCED', dutch: true }],
    ['DWM30', { type: 'DWM', riskLevel: '30', scenario: 'CONSERVATIVE', dutch: false }],
    ['DWMMM', { type: 'DWM', riskLevel: 'MM', dutch: false }],
    ['DWMMM_NL', { type: 'DWM', riskLevel: 'MM', dutch: true }],
    ['ROBO30', { type: 'ROBO', riskLevel: '30', scenario: 'CONSERVATIVE', dutch: false }],
    ['RURUP70', { type: 'PE', riskLevel: '70', scenario: 'MODERATE', dutch: false }],
    ['RURUP100', { type: 'PE', riskLevel: '100', scenario: 'DYNAMIC', dutch: false }],
  ])('%s', (template, want) => {
    expect(templateProfile(template)).toEqual(want);
  });

  it.each(['DWM60', 'ROBOMM', 'ROBO30_NL', 'dwm100', '', 'RURUP'])('is undefined for %j, which spec 3 does not list', (template) => {
    expect(templateProfile(template)).toBeUndefined();
  });

  it('gives every listed template a profile whose type matches its list', () => {
    const typeOf = (t: string) => templateProfile(t)?.type;
    expect(DwmTemplates.map(typeOf).every((t) => t === 'DWM')).toBe(true);
    expect(RoboTemplates.map(typeOf).every((t) => t === 'ROBO')).toBe(true);
    expect(RurupTemplates.map(typeOf).every((t) => t === 'PE')).toBe(true);
    expect([...DwmTemplates, ...RoboTemplates, ...RurupTemplates].sort()).toEqual(Object.values(PortfolioTemplate).sort());
  });
});

describe('isValidPortfolioName (spec 5: 1 to 25 letters, digits, umlauts, space, dot, underscore, hyphen)', () => {
  it.each([
    ['a plain name', 'Rente', true],
    ['digits, space, dot, underscore and hyphen', 'Plan 2030_a.b-c', true],
    ['umlauts in both cases and ß', 'Ärger Über Öl straße', true],
    ['one character', 'x', true],
    ['25 characters', 'a'.repeat(25), true],
    ['26 characters', 'a'.repeat(26), false],
    ['empty', '', false],
    ['a slash', 'a/b', false],
    ['an accent outside the umlauts', 'Café', false],
    ['an emoji', 'Plan 🚀', false],
    ['a line break', 'a\nb', false],
    ['an ampersand', 'A & B', false],
  ])('%s: %j', (_name, name, want) => {
    expect(isValidPortfolioName(name)).toBe(want);
  });
});
