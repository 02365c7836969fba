// The private header as the edge delivers it: the prerendered fragment with its gates decided
// by the request's flags plus the customer's facts and its slots filled with the customer's
// escaped texts. React hydrates it without a single mismatch, and the first HTML already shows
// the customer's header. The contract file testdata/private-contract.json gives the edge's
// implementation the facts and slot texts to produce (UPDATE_GOLDEN=1 rewrites it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { findContentLocale } from '../src/content/index.ts';
import { customerFacts } from '../src/header/private/customerGates.ts';
import { CustomerSlotNames, customerSlotValues, slotMarker } from '../src/header/private/customerSlots.ts';
import { privateContentLocales } from '../src/header/private/privateContentLocales.ts';
import { EveryAccess, Personas, privateState } from '../src/header/private/testing/personas.ts';
import type { Customer, ShellState } from '../src/model/shellState.gen.ts';
import { hydrateShell } from '../src/shell/hydrateShell.tsx';
import { gatewaySplice } from '../test/gatewaySplice.ts';
import { HydratedReferences } from '../test/hydratedReferences.ts';
import { renderPrivateHeaderFragment } from './render.tsx';

// Vitest runs in shell-ui/ (npm test -w shell-ui).
const contractFile = join(process.cwd(), 'prerender/testdata/private-contract.json');

/** escapeText is what the edge writes for a slot: text safe in an element and in an attribute. */
function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * edgeFill is the edge's fill of the customer slots: one left-to-right pass, every marker
 * replaced by its escaped text, inserted text never scanned again.
 */
function edgeFill(html: string, customer: Customer): string {
  const values = customerSlotValues(customer);
  return html.replace(/\[\[shell:customer\.([A-Za-z.]+)\]\]/g, (marker, name: string) => {
    const value = (values as Record<string, string>)[name];
    if (value === undefined) throw new Error(`unknown slot ${marker}`);
    return escapeText(value);
  });
}

const fragments = new Map<string, string>();
async function fragmentOf(locale: string): Promise<string> {
  if (!fragments.has(locale)) {
    const content = await findContentLocale(locale)!.load();
    fragments.set(locale, renderPrivateHeaderFragment(content, await privateContentLocales[locale]!()));
  }
  return fragments.get(locale)!;
}

/** pageHTML is what the edge sends for a private page; filled may differ from the state's customer. */
async function pageHTML(state: ShellState, filled: Customer = state.customer!): Promise<string> {
  const facts = { ...(state.flags ?? {}), ...customerFacts(state) };
  const spliced = gatewaySplice(await fragmentOf(state.locale), { year: state.year, path: state.path, basePath: state.basePath, flags: facts });
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<div data-shell="header">${edgeFill(spliced, filled)}</div><script type="application/json" id="shell-state" data-shell="state">${json}</script><main><h1>Konto</h1></main>`;
}

async function hydrate(html: string, url: string) {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = html;
  const before = document.body.innerHTML;
  const recoverable: unknown[] = [];
  const consoleErrors: unknown[][] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  let roots: Awaited<ReturnType<typeof hydrateShell>> = [];
  try {
    await act(async () => {
      roots = await hydrateShell(document, { onRecoverableError: (e) => recoverable.push(e), log: () => {} });
    });
  } finally {
    spy.mockRestore();
  }
  return { recoverable, consoleErrors, roots, before };
}

/** shownText is the header's text outside gated-off parts and closed panels, as a visitor sees it. */
function shownText(root: Element): string {
  const clone = root.cloneNode(true) as Element;
  for (const el of clone.querySelectorAll('[hidden]')) el.remove();
  return clone.textContent ?? '';
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

const locales = Object.keys(privateContentLocales);
const personas: [string, Customer, string[], Record<string, boolean>][] = [
  ['active with every product', Personas.active, EveryAccess, { b2cUseNewDashboard: true, dbtShowNewMyDepositsPage: true, customerShowPaymentMethodScreens: true }],
  ['unread, legacy pages', Personas.unread, ['HAS_FIXED_DEPOSIT_ACCOUNT'], {}],
  ['maintenance', Personas.maintenance, ['HAS_OVERNIGHT_DEPOSIT_ACCOUNT'], {}],
  ['restricted', Personas.restricted, [], {}],
  ['company', Personas.company, ['term_product_access'], {}],
  ['uk identifiers', Personas.uk, [], {}],
  ['hostile texts', Personas.hostile, [], {}],
];

describe('hydration of the edge-filled private header', () => {
  test.each(locales.flatMap((locale) => personas.map(([name, customer, access, flags]) => [`${locale} ${name}`, locale, customer, access, flags] as const)))(
    '%s',
    async (_name, locale, customer, access, flags) => {
      const content = await findContentLocale(locale)!.load();
      const state = privateState(locale, customer, access, flags, content.basePath);
      const { recoverable, consoleErrors, roots, before } = await hydrate(await pageHTML(state), state.path);
      expect(recoverable).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(document.documentElement.dataset.shellReady).toBe('true');
      // Unchanged but for the disclosures' references React adds once they work (useHydratedId).
      expect(document.body.innerHTML.replace(HydratedReferences, '') === before.replace(HydratedReferences, '')).toBe(true);
      act(() => roots.forEach((r) => r.unmount()));
    },
  );

  test('the first HTML shows the customer: initials, balance, unread dot, menus by access', async () => {
    const state = privateState('de-DE', Personas.unread, ['HAS_FIXED_DEPOSIT_ACCOUNT', 'term_product_access'], { b2cUseNewDashboard: true });
    document.body.innerHTML = await pageHTML(state);
    const header = document.querySelector('[data-shell="header"]')!;
    const text = shownText(header);
    expect(text).toContain('AS');
    expect(text).toContain('12.345,67 €');
    expect(text).toContain('1.234,50 €');
    expect(text).not.toContain('[[shell:');
    expect(header.querySelector('.shell-nav__badge:not([hidden])')).not.toBeNull();
    const hrefs = [...header.querySelectorAll('nav a')].filter((a) => a.closest('[data-shell-flag][hidden]') === null).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/dashboard/', '/#/MyInvestments/TermDeposit', '/products/']));
    expect(hrefs).not.toContain('/#/MyInvestments');
    expect(hrefs).not.toContain('/#/MyInvestments/Overnight');
  });

  test('customer texts are escaped and never read as slots or markup', async () => {
    const state = privateState('de-DE', Personas.hostile);
    const html = await pageHTML(state);
    expect(html).not.toContain('<img src=x');
    document.body.innerHTML = html;
    expect(document.querySelector('[data-shell="header"] img')).toBeNull();
    expect(document.querySelector('.shell-account__name')!.textContent).toBe(Personas.hostile.displayName);
    expect(document.querySelector('.shell-avatar')!.textContent).toBe('<b>');
    expect(document.querySelector('.shell-account__id-value')!.textContent).toBe('[[shell:year]]');
  });

  test('a fragment filled for another customer is reported (the check can fail)', async () => {
    const state = privateState('de-DE', Personas.active);
    const { recoverable, consoleErrors, roots } = await hydrate(await pageHTML(state, Personas.company), state.path);
    expect(recoverable.length + consoleErrors.length).toBeGreaterThan(0);
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('switchable accounts appear right after hydration, inside the closed menu', async () => {
    const state = privateState('de-DE', Personas.switching);
    const { recoverable, consoleErrors, roots } = await hydrate(await pageHTML(state), state.path);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect([...document.querySelectorAll('.shell-account__switch input[name="customerId"]')].map((i) => (i as HTMLInputElement).value)).toEqual(['4711', '4712']);
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('every slot the fragment holds is a known slot, each the only content of its element', async () => {
    for (const locale of locales) {
      const html = await fragmentOf(locale);
      const found = [...html.matchAll(/>(\[\[shell:customer\.[A-Za-z.]+\]\])</g)].map((m) => m[1]);
      const all = [...html.matchAll(/\[\[shell:customer\.[A-Za-z.]+\]\]/g)].map((m) => m[0]);
      expect(found, locale).toEqual(all);
      expect(new Set(all), locale).toEqual(new Set(CustomerSlotNames.map(slotMarker)));
    }
  });
});

describe('the edge contract (testdata/private-contract.json)', () => {
  const cases = Object.entries(Personas).map(([name, customer]) => {
    const access = name === 'active' ? EveryAccess : ['HAS_FIXED_DEPOSIT_ACCOUNT'];
    return { name, input: { access, customer }, facts: Object.keys(customerFacts({ access, customer })).sort(), slots: customerSlotValues(customer) };
  });

  test('facts and slot texts per persona match the contract file', () => {
    const want = `${JSON.stringify({ slots: CustomerSlotNames.map(slotMarker), cases }, null, 2)}\n`;
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(contractFile, want);
    expect(readFileSync(contractFile, 'utf8')).toBe(want);
  });
});
