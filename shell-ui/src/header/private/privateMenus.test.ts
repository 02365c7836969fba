// The private menus' data across markets: every gate names a real access value, a known fact
// or a flag of spec 6, every market has the account menu of spec 2.2, and the market rules
// (payment methods, tax exemption order, Italian and Swiss menus) hold in the data itself.
import { ProductAccess } from '@shellgate/platform-enums';
import { describe, expect, test } from 'vitest';
import type { MenuItem, NavItem } from '../../model/header.ts';
import { CustomerFact, IdentifierKinds } from './customerGates.ts';
import type { PrivateContent } from './privateContent.ts';
import { privateContentLocales } from './privateContentLocales.ts';

const contents: PrivateContent[] = await Promise.all(Object.values(privateContentLocales).map((load) => load()));

// Spec 6's flags the private header reads.
const flags = ['b2cUseNewDashboard', 'dbtShowNewMyDepositsPage', 'customerShowPaymentMethodScreens', 'isDWMLaunchNL', 'ippDwmLaunchNl'];
const facts = new Set<string>([...Object.values(CustomerFact), ...IdentifierKinds.map((k) => `customer:id:${k}`)]);

function gatesOf(c: PrivateContent): string[] {
  const entries = (n: NavItem): MenuItem[] => (n.subMenus ? [n.subMenus.top, n.subMenus.main, n.subMenus.sidebar, n.subMenus.bottom].flatMap((a) => a ?? []) : []);
  return [...c.navItems.flatMap((n) => [n.gate, ...entries(n).map((e) => e.gate)]), ...c.accountMenu.map((e) => e.gate)].filter((g): g is string => g !== undefined);
}

function keysOf(gate: string): string[] {
  return gate.split(/[\s|]+/).filter(Boolean).map((k) => k.replace(/^!/, ''));
}

describe.each(contents.map((c) => [c.locale, c] as const))('%s private content', (locale, c) => {
  test("every entry has its language's title (a missing one would show as its id)", () => {
    const entries = (n: NavItem): MenuItem[] => Object.values(n.subMenus ?? {}).flatMap((v) => (Array.isArray(v) ? (v as MenuItem[]) : []));
    const all = [...c.navItems.flatMap((n) => [n, ...entries(n)]), ...c.accountMenu];
    expect(all.filter((e) => e.title === e.id || e.title.trim() === '').map((e) => e.id)).toEqual([]);
  });

  test('gates name access values, customer facts, distributors or spec 6 flags only', () => {
    for (const key of gatesOf(c).flatMap(keysOf)) {
      if (key === 'access:FINANCE_HIDDEN') continue; // the edge's marker for hide_finance_for, not a product access
      if (key.startsWith('access:')) expect(Object.values(ProductAccess), key).toContain(key.slice('access:'.length));
      else if (key.startsWith('distributor:')) expect(key).toMatch(/^distributor:[a-z0-9_]+$/);
      else if (key.startsWith('customer:')) expect(facts, key).toContain(key);
      else expect(flags, key).toContain(key);
    }
  });

  test('the account menu has the entries of spec 2.2 with the restricted set ungated', () => {
    const ids = c.accountMenu.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['messages', 'documents', 'transactions', 'withdraw', 'security', 'sessions', 'my-data', 'notifications']));
    const unrestricted = c.accountMenu.filter((e) => !e.gate?.includes('!customer:restricted')).map((e) => e.id);
    expect(unrestricted).toEqual(['messages', 'documents', 'security', 'sessions']);
    expect(ids.includes('payment-methods')).toBe(locale === 'de-DE' || locale === 'nl-NL');
    expect(ids.includes('exemption-order')).toBe(locale === 'de-DE');
  });

  test('Italian and Swiss menus use the dashboard and new deposit pages without flags; others choose by flag', () => {
    const hrefs = c.navItems.flatMap((n) => [n.href, ...(n.subMenus?.main ?? []).map((e) => e.href)]);
    const flagged = gatesOf(c).some((g) => g.includes('b2cUseNewDashboard') || g.includes('dbtShowNewMyDepositsPage'));
    if (locale === 'it-IT' || locale === 'de-CH') {
      expect(hrefs).toEqual(expect.arrayContaining(['/dashboard/', '/dashboard/savings/term/', '/dashboard/savings/overnight/']));
      expect(hrefs.some((h) => h?.includes('#/'))).toBe(false);
      expect(flagged).toBe(false);
    } else {
      expect(hrefs).toEqual(expect.arrayContaining(['/dashboard/', '/#/MyInvestments/TermDeposit', '/dashboard/savings/term/']));
      expect(flagged).toBe(true);
    }
  });

  test('labels are all there', () => {
    for (const [key, text] of Object.entries(c.labels)) expect(text.trim(), key).not.toBe('');
  });
});
