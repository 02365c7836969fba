// The prerendered fragments, as the gateway delivers them, hydrate without a single mismatch:
// React takes over the markup the visitor already sees without changing it.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { contentLocales } from '../src/content/index.ts';
import type { LocaleContent } from '../src/model/content.ts';
import type { ShellState } from '../src/model/shellState.gen.ts';
import { hydrateShell } from '../src/shell/hydrateShell.tsx';
import { gatewaySplice } from '../test/gatewaySplice.ts';
import { HydratedReferences } from '../test/hydratedReferences.ts';
import { headerVariantsOf } from '../src/header/headerVariants.ts';
import { DesignVersions } from './entry.tsx';
import { renderFooterFragment, renderHeaderFragment } from './render.tsx';

interface Page {
  content: LocaleContent;
  variant: string;
  designVersion: string;
  /** basePath is the host's base path: content.basePath on the .com domain, "" on a market's own host. */
  basePath: string;
  /** path is the request path the gateway saw; url is what the browser shows (may add a hash). */
  path: string;
  url: string;
  year: number;
  /** flags are state.flags (none unless given). */
  flags?: Record<string, boolean>;
  /** parts leaves out a mount, as the gateway may. */
  parts?: { header: boolean; footer: boolean };
}

function stateFor(p: Page): ShellState {
  return {
    locale: p.content.locale,
    market: p.content.locale,
    basePath: p.basePath,
    designVersion: p.designVersion,
    headerVariant: p.variant,
    path: p.path,
    year: p.year,
    isLoggedIn: false,
    canAccess: true,
    isAuthRequired: false,
    appView: false,
    access: null,
    flags: p.flags ?? null,
  };
}

/** pageHTML is the body the gateway sends: mounts with the fragments, and the state script. */
function pageHTML(p: Page, gatewayYear = p.year, stateJSON = JSON.stringify(stateFor(p))): string {
  const parts = p.parts ?? { header: true, footer: true };
  const values = { year: gatewayYear, path: p.path, basePath: p.basePath, flags: p.flags };
  const header = parts.header ? `<div data-shell="header">${gatewaySplice(renderHeaderFragment(p.content, p.variant), values)}</div>` : '';
  const footer = parts.footer ? `<div data-shell="footer">${gatewaySplice(renderFooterFragment(p.content, p.designVersion), values)}</div>` : '';
  return `${header}<script type="application/json" id="shell-state" data-shell="state">${stateJSON}</script><main class="content"><h1>Seite</h1></main>${footer}`;
}

async function hydrate(html: string, url: string) {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = html;
  const before = document.body.innerHTML;
  const recoverable: unknown[] = [];
  const consoleErrors: unknown[][] = [];
  const logs: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  let roots: Awaited<ReturnType<typeof hydrateShell>> = [];
  try {
    await act(async () => {
      roots = await hydrateShell(document, { onRecoverableError: (e) => recoverable.push(e), log: (m) => logs.push(m) });
    });
  } finally {
    spy.mockRestore();
  }
  return { recoverable, consoleErrors, logs, roots, before };
}

function firstMenuPage(content: LocaleContent): string | undefined {
  const href = content.header.variants.public.navItems.find((n) => n.subMenus?.main?.[0]?.href)?.subMenus?.main?.[0]?.href;
  return href === undefined ? undefined : content.basePath + href;
}

/** shoutedFooterPage is a page a footer link points at, as a visitor may type it: in capitals. */
function shoutedFooterPage(content: LocaleContent): string {
  const href = content.footer.footerLinks.flatMap((g) => g.links).find((l) => l.href.startsWith('/'))!.href;
  return (content.basePath + href).toUpperCase();
}

const localeContents = await Promise.all(contentLocales.map((l) => l.load()));

// Every page kind with the public header and both footers; every other variant (and the
// integrated header, which has no fragment: the gateway writes an empty mount) on one page.
const pages: Page[] = localeContents.flatMap((content) => {
  const menuPage = firstMenuPage(content);
  const shouted = shoutedFooterPage(content);
  const variant = 'public';
  const publicPages: Page[] = DesignVersions.flatMap((designVersion) => [
    // A market's own host: no base path, whatever the .com base path is.
    { content, variant, designVersion, basePath: '', path: '/', url: '/', year: 2026 },
    { content, variant, designVersion, basePath: content.basePath, path: `${content.basePath}/`, url: `${content.basePath}/`, year: 2026 },
    // The locale's home without its slash: the gateway marks the home link there too.
    ...(content.basePath ? [{ content, variant, designVersion, basePath: content.basePath, path: content.basePath, url: content.basePath, year: 2026 }] : []),
    { content, variant, designVersion, basePath: content.basePath, path: shouted, url: shouted, year: 2027 },
    { content, variant, designVersion, basePath: content.basePath, path: `${content.basePath}/login/`, url: `${content.basePath}/login/#top`, year: 2026 },
    // A page inside a menu: its menu button gets marked after hydration.
    ...(menuPage ? [{ content, variant, designVersion, basePath: content.basePath, path: menuPage, url: menuPage, year: 2026 }] : []),
  ]);
  const otherVariants = [...headerVariantsOf(content).filter((v) => v !== 'public'), 'integrated'];
  return [
    ...publicPages,
    ...otherVariants.map((v) => ({ content, variant: v, designVersion: 'v1', basePath: content.basePath, path: shouted, url: shouted, year: 2026 })),
  ];
});

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('hydration of the prerendered fragments', () => {
  test('every locale the build renders is tested here', () => {
    expect(contentLocales.map((l) => l.locale)).toEqual(localeContents.map((c) => c.locale));
  });

  test.each(pages.map((p) => [`${p.content.locale} header-${p.variant} footer-${p.designVersion} at ${p.url}`, p] as const))('%s', async (_, page) => {
    const html = pageHTML(page);
    const { recoverable, consoleErrors, roots, before } = await hydrate(html, page.url);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(document.documentElement.dataset.shellReady).toBe('true');

    // React keeps the links the gateway marked; with a page hash (#top) that no link carries,
    // the hash rule unmarks them right after hydration.
    const marked = [...document.querySelectorAll('a[aria-current="page"]')].map((a) => a.getAttribute('href'));
    if (page.url.includes('#')) {
      expect(marked).toEqual([]);
    } else {
      expect(marked.length).toBeGreaterThan(0);
      const home = page.path === page.basePath ? `${page.basePath}/` : page.path;
      for (const href of marked) expect(href!.toLowerCase()).toBe(home.toLowerCase());
    }
    expect(document.body.textContent).toContain(String(page.year));
    // A disclosure's button controls its region (aria-controls) once hydrated, when it works;
    // the page's HTML carries neither reference nor id (useHydratedId).
    expect(before).not.toMatch(/aria-controls=/);
    // (An integrated page's footer is not hydrated: the gateway sends it no footer.)
    const disclosures = [...document.querySelectorAll(page.variant === 'integrated' ? '[data-shell="header"] button[aria-expanded]' : '[data-shell] button[aria-expanded]')];
    if (page.variant === 'public') expect(disclosures.length).toBeGreaterThan(0);
    for (const button of disclosures) {
      const region = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(region, button.outerHTML).not.toBeNull();
      expect(button.closest('[data-shell]')!.contains(region)).toBe(true);
    }
    // React took over the markup without changing it, apart from what only the client may
    // add after hydration: the hash rule, the mark on the menu holding the current page, and
    // those references with their ids.
    const after = document.body.innerHTML.replaceAll(' data-current="true"', '').replace(HydratedReferences, '');
    if (!page.url.includes('#')) expect(after === before).toBe(true);
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('a fragment that does not match the state is reported (the check can fail)', async () => {
    const page = pages[0]!;
    // The gateway wrote another year than the state says: the copyright text differs.
    const { recoverable, consoleErrors, roots } = await hydrate(pageHTML(page, page.year - 1), page.url);
    expect(recoverable.length + consoleErrors.length).toBeGreaterThan(0);
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('a page without a footer mount hydrates the header and is ready', async () => {
    const page: Page = { ...pages[0]!, parts: { header: true, footer: false } };
    const { recoverable, consoleErrors, roots } = await hydrate(pageHTML(page), page.url);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(roots.length).toBe(1);
    expect(document.documentElement.dataset.shellReady).toBe('true');
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('footer flags (app banner, a new market) are in the first HTML and hydrate without a mismatch', async () => {
    const content = localeContents.find((c) => c.locale === 'de-DE')!;
    const flags = { mobileAppBanner: true, 'b2cNewMarketLocales:it-it': true };
    const page: Page = { content, variant: 'public', designVersion: 'v2', basePath: '', path: '/', url: '/', year: 2026, flags };
    const html = pageHTML(page);
    // Shown rows are in the first HTML without their conditions; the rows no flag shows are not.
    expect(html).toMatch(/<div class="shell-app-banner" data-region="de"><p/);
    expect(html).toMatch(/<li data-flag="IT"><a href="https:\/\/www.shellgate.it\/"/);
    expect(html).not.toMatch(/data-shell-if|<li data-flag="IT"><a href="\/it-it\/"|value="de-CH"/);
    const { recoverable, consoleErrors, roots } = await hydrate(html, page.url);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(document.querySelector('[data-shell="footer"] .shell-app-banner')).not.toBeNull();
    expect(document.querySelector('[data-shell="footer"] .shell-market__list')!.textContent).toContain('Italia');
    act(() => roots.forEach((r) => r.unmount()));
  });

  test.each(['v1', 'v2'])('inside the app (%s) the footer has no market picker, link groups or app banner, and hydrates without a mismatch', async (designVersion) => {
    const content = localeContents.find((c) => c.locale === 'de-DE')!;
    const flags = { mobileAppBanner: true, embeddedAppView: true };
    const page: Page = { content, variant: 'public', designVersion, basePath: '', path: '/', url: '/', year: 2026, flags };
    const html = pageHTML(page);
    expect(html).not.toMatch(/shell-market|shell-footer__groups|shell-app-banner/); // not even hidden in the first HTML
    const { recoverable, consoleErrors, roots } = await hydrate(html, page.url);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const footer = document.querySelector('[data-shell="footer"]')!;
    for (const part of ['.shell-market', '.shell-footer__groups', '.shell-app-banner']) {
      expect(footer.querySelector(part)).toBeNull();
    }
    // The bank's duties stay: copyright and legal links.
    expect(footer.querySelector('.shell-footer__copyright')!.closest('[hidden]')).toBeNull();
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('an integrated page gets no footer: the empty mount stays empty and the header is ready', async () => {
    const content = localeContents.find((c) => c.locale === 'de-DE')!;
    const page: Page = { content, variant: 'integrated', designVersion: 'v1', basePath: '', path: '/', url: '/', year: 2026 };
    const html = `<div data-shell="header"></div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(stateFor(page))}</script><main>Seite</main><div data-shell="footer"></div>`;
    const { recoverable, consoleErrors, roots } = await hydrate(html, page.url);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(roots.length).toBe(1);
    expect(document.querySelector('[data-shell="footer"]')!.innerHTML).toBe('');
    expect(document.documentElement.dataset.shellReady).toBe('true');
    act(() => roots.forEach((r) => r.unmount()));
  });

  test.each<{ flags: Record<string, boolean> | undefined; beleggen: boolean }>([
    { flags: undefined, beleggen: false },
    { flags: { isDWMLaunchNL: true }, beleggen: true },
    { flags: { ippDwmLaunchNl: true }, beleggen: true },
    { flags: { isDWMLaunchNL: false, other: true }, beleggen: false },
  ])('nl-NL with flags $flags: Beleggen shown $beleggen, without a mismatch', async ({ flags, beleggen }) => {
    const content = localeContents.find((c) => c.locale === 'nl-NL')!;
    const page: Page = { content, variant: 'public', designVersion: 'v1', basePath: content.basePath, path: '/nl-nl/', url: '/nl-nl/', year: 2026, flags };
    const { recoverable, consoleErrors, roots } = await hydrate(pageHTML(page), page.url);
    expect(recoverable).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // Beleggen is always in the markup; its flag decides whether it is hidden.
    const menus = [...document.querySelectorAll('[data-shell="header"] nav button')].filter((b) => b.closest('[hidden]') === null).map((b) => b.textContent);
    expect(menus.some((t) => t?.includes('Beleggen'))).toBe(beleggen);
    expect(menus.some((t) => t?.includes('Sparen'))).toBe(true);
    act(() => roots.forEach((r) => r.unmount()));
  });

  test.each([
    { name: 'missing state script', strip: true, json: '' },
    { name: 'invalid JSON', strip: false, json: '{"locale":' },
    { name: 'state without a year', strip: false, json: '{"locale":"de-DE","basePath":"","designVersion":"v1","headerVariant":"public","path":"/"}' },
    { name: 'unknown locale', strip: false, json: '{"locale":"xx-XX","basePath":"","designVersion":"v1","headerVariant":"public","path":"/","year":2026}' },
  ])('$name: nothing changes and one message is logged', async ({ strip, json }) => {
    const page = pages[0]!;
    let html = pageHTML(page, page.year, json);
    if (strip) html = html.replace(/<script[^>]*>.*?<\/script>/, '');
    const { recoverable, logs, roots, before } = await hydrate(html, page.url);
    expect(roots).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(logs.length).toBe(1);
    expect(document.documentElement.dataset.shellReady).toBeUndefined();
    expect(document.body.innerHTML === before).toBe(true);
  });
});

describe('the base slot', () => {
  test.each(localeContents.map((c) => [c.locale, c] as const))('%s: locale links hold the slot, other links stay as they are', (_, content) => {
    const html = renderHeaderFragment(content, 'public') + renderFooterFragment(content, 'v1');
    const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]!);
    const rootRelative = hrefs.filter((h) => h.startsWith('/'));
    // Root paths outside the locale (the market picker's) are the only ones without the slot.
    expect(rootRelative.every((h) => /^\/([a-z]{2}(-[a-z]{2})?\/|$)/.test(h) || h === '/')).toBe(true);
    expect(hrefs.filter((h) => h.startsWith('[[shell:base]]/')).length).toBeGreaterThan(5);
    expect(hrefs.filter((h) => /^https:\/\//.test(h)).every((h) => !h.includes('[[shell:base]]'))).toBe(true);
  });
});
