// The private header fits (issue 5, spec 2.1, 2.2): in every market that has a private header,
// at every desktop width from the large breakpoint up and at the phone and tablet widths, the
// logo, the nav items, the balance box, the avatar button and the logout control lie side by
// side inside the header bar, no nav label wraps and nothing is cut off.
//
// Each market's header comes through the real path: the dev identity provider (with every
// market host's callback registered) and the gateway with the demo Caddyfile, logged in on the
// market's own demo host (nl.localhost, it.localhost ...; Chromium sends *.localhost to this
// machine), against the persona API serving a copy of testdata/personas whose active customer
// carries long data: a long name with an academic title, seven-digit balances and unread
// messages. The maintenance persona shows the not-available notice.
//
// Screenshots: e2e/artifacts/private-layout-<locale>-<width>[-notice].png (the header strip).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from '../lib/browser.mjs';
import { startPersonasAPI } from '../lib/personas.mjs';
import { freePort, repoRoot, startGateway } from '../lib/gateway.mjs';
import { logInAtProvider, startIdp } from '../lib/idp.mjs';
import { sel, shellClasses } from '../lib/classes.mjs';
import { eachAtOnce, screenshotPath, waitForShellReady } from '../lib/suite.mjs';

/** Widths from the large breakpoint (992) up, where the nav sits in the bar. */
const desktopWidths = [992, 1024, 1200, 1280, 1440, 1920];
/** Tablet and phone: the nav is behind the menu toggle; the customer block stays in the bar. */
const smallWidths = [390, 768];

// The markets with a private header are those with a private content file; their demo hosts
// come from the demo Caddyfile's `hosts` lines (de-DE, the default market, is plain localhost).
async function privateMarkets() {
  const contentDir = join(repoRoot, 'shell-ui', 'src', 'content');
  const locales = [];
  for (const locale of (await readdir(contentDir)).sort()) {
    if (existsSync(join(contentDir, locale, 'private.ts'))) locales.push(locale);
  }
  const caddyfile = await readFile(join(repoRoot, 'Caddyfile'), 'utf8');
  const hosts = Object.fromEntries([...caddyfile.matchAll(/^\s*hosts\s+(\S+)\s+(\S+)\s*$/gm)].map((m) => [m[2], m[1]]));
  return locales.map((locale) => ({ locale, host: hosts[locale] ?? 'localhost' }));
}

// The long customer: the active persona with a longer name, seven-digit balances and unread
// messages. Written into a copy of the personas, so testdata stays as it is.
const longCustomer = { firstName: 'Maximiliane Charlotte', lastName: 'von Hohenzollern-Sigmaringen', current: 1234567.89, available: 1234000.12 };

async function writeLongPersonas(dir) {
  await cp(join(repoRoot, 'testdata', 'personas'), dir, { recursive: true });
  const personaDir = join(dir, 'active-de');
  const customerFile = join(personaDir, 'customer.json');
  const customer = JSON.parse(await readFile(customerFile, 'utf8'));
  const main = customer.persons.find((p) => p.isMainPerson);
  main.firstName = longCustomer.firstName;
  main.lastName = longCustomer.lastName;
  await writeFile(customerFile, JSON.stringify(customer, null, 2));
  const accountsFile = join(personaDir, 'accounts.json');
  const accounts = JSON.parse(await readFile(accountsFile, 'utf8'));
  accounts.data[0].balance = { current: longCustomer.current, available: longCustomer.available, reserved: longCustomer.current - longCustomer.available };
  await writeFile(accountsFile, JSON.stringify(accounts, null, 2));
  await writeFile(join(personaDir, 'unread-count.json'), JSON.stringify({ data: 12 }));
}


let markets;
let personasDir;
let api;
let idp;
let gateway;
let browser;
let port;

before(async () => {
  markets = await privateMarkets();
  personasDir = await mkdtemp(join(tmpdir(), 'private-layout-personas-'));
  await writeLongPersonas(personasDir);
  api = await startPersonasAPI(personasDir);
  port = await freePort();
  const origins = [...new Set(markets.map((m) => `http://${m.host}:${port}`))];
  idp = await startIdp({
    redirectUris: origins.map((o) => `${o}/_shell/auth/callback`),
    postLogoutUris: origins.map((o) => `${o}/`),
    backchannelUri: `http://localhost:${port}/_shell/auth/backchannel-logout`,
    logName: 'private-layout-idp.log',
  });
  // A budget of 2 s: the test is about the private header in the first HTML, not the loading one.
  gateway = await startGateway({
    port,
    env: { SHELLGATE_IDP_ISSUER: idp.issuer, SHELLGATE_API_PORT: String(api.port), SHELLGATE_CUSTOMER_BUDGET: '2s' },
    logName: 'private-layout.log',
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await gateway?.stop();
  await idp?.stop();
  api?.stop();
  if (personasDir) await rm(personasDir, { recursive: true, force: true });
});

/**
 * measureHeader reads the private header as a visitor sees it: the boxes of the bar's parts,
 * which nav labels wrap, which elements cut their content off. Runs in the page, given the
 * built UI's class names (lib/classes.mjs).
 */
function measureHeader(classes) {
  const sel = (selector) => selector.replace(/(?<=\.)shell-[\w-]+/g, (c) => classes[c] ?? c);
  const header = document.querySelector(sel('[data-shell="header"] .shell-header--private'));
  if (!header) return { error: 'no private header on the page' };
  const bar = header.querySelector(sel('.shell-header__bar'));
  const shown = (el) => Boolean(el) && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const boxOf = (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  // lineCount counts the lines an element's visible text takes: the tops of its text's boxes
  // (the dot and the chevron beside the text are not text).
  const lineCount = (el) => {
    const tops = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest(sel('.shell-visually-hidden')) || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.push(r.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((t, i) => i === 0 || t - tops[i - 1] > 2).length;
  };
  // The text a sighted visitor reads: without the screen-reader-only parts.
  const visibleText = (el) => {
    const copy = el.cloneNode(true);
    for (const hidden of copy.querySelectorAll(sel('.shell-visually-hidden'))) hidden.remove();
    return copy.textContent.trim();
  };
  const parts = [];
  const add = (name, el) => {
    if (shown(el)) parts.push({ name, box: boxOf(el) });
  };
  add('logo', header.querySelector(sel('.shell-logo')));
  const navLabels = [];
  const wrapped = [];
  for (const item of header.querySelectorAll(sel('.shell-nav__item'))) {
    const control = item.querySelector(sel(':scope > .shell-nav__button, :scope > .shell-nav__link'));
    if (!shown(control)) continue;
    const label = visibleText(control);
    navLabels.push(label);
    add(`nav "${label}"`, control);
    if (lineCount(control) > 1) wrapped.push(label);
  }
  add('balance box', header.querySelector(sel('.shell-balance')));
  add('avatar button', header.querySelector(sel('.shell-account__button')));
  add('logout control', header.querySelector(sel('.shell-logout__button')));
  add('menu toggle', header.querySelector(sel('.shell-mobile-toggle')));
  const clipped = [];
  const checkClip = (name, el) => {
    if (shown(el) && !el.matches(sel('.shell-visually-hidden, .shell-visually-hidden *')) && el.scrollWidth > el.clientWidth) clipped.push(`${name} (${el.scrollWidth} > ${el.clientWidth})`);
  };
  checkClip('page', document.documentElement);
  checkClip('header bar', bar);
  checkClip('nav', header.querySelector(sel('.shell-nav')));
  checkClip('nav list', header.querySelector(sel('.shell-nav__list')));
  for (const el of header.querySelectorAll(sel('.shell-nav__button, .shell-nav__link'))) checkClip(`nav "${visibleText(el)}"`, el);
  checkClip('customer block', header.querySelector(sel('.shell-private')));
  for (const el of header.querySelectorAll(sel('.shell-balance, .shell-balance *'))) checkClip(`balance ${el.className}`, el);
  checkClip('logout control', header.querySelector(sel('.shell-logout__button')));
  const balance = header.querySelector(sel('.shell-balance'));
  return {
    bar: boxOf(bar),
    viewport: document.documentElement.clientWidth,
    parts,
    navLabels,
    wrapped,
    clipped,
    balanceText: shown(balance) ? balance.innerText : '',
    logoutName: header.querySelector(sel('.shell-logout__button'))?.getAttribute('aria-label') || header.querySelector(sel('.shell-logout__button'))?.textContent.trim() || '',
  };
}

const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** problemsOf lists, in words, what is wrong with a measured header at a width. */
function problemsOf(m, width, { desktop }) {
  if (m.error) return [m.error];
  const problems = [];
  const names = m.parts.map((p) => p.name);
  for (const need of ['logo', 'avatar button', 'logout control']) {
    if (!names.includes(need)) problems.push(`no visible ${need}`);
  }
  if (desktop && m.navLabels.length === 0) problems.push('no nav items in the bar');
  if (width >= 768 && !names.includes('balance box')) problems.push('no visible balance box');
  if (!desktop && names.includes('menu toggle') === false) problems.push('no menu toggle');
  for (let i = 0; i < m.parts.length; i++) {
    for (let j = i + 1; j < m.parts.length; j++) {
      if (overlaps(m.parts[i].box, m.parts[j].box)) problems.push(`${m.parts[i].name} overlaps ${m.parts[j].name}`);
    }
  }
  for (const p of m.parts) {
    const b = p.box;
    if (b.left < m.bar.left - 0.5 || b.right > m.bar.right + 0.5 || b.top < m.bar.top - 0.5 || b.bottom > m.bar.bottom + 0.5) {
      problems.push(`${p.name} sticks out of the header bar (${Math.round(b.left)}..${Math.round(b.right)} in ${Math.round(m.bar.left)}..${Math.round(m.bar.right)})`);
    }
    if (b.right > m.viewport + 0.5) problems.push(`${p.name} runs off the screen`);
  }
  for (const label of m.wrapped) problems.push(`nav label "${label}" wraps`);
  for (const c of m.clipped) problems.push(`clipped: ${c}`);
  return problems;
}

async function logIn(market, user) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  context.on('weberror', (err) => errors.push(err.error().message));
  const page = await context.newPage();
  const site = `http://${market.host}:${port}`;
  await page.goto(`${site}/login/?return=/`);
  await logInAtProvider(page, idp, { username: user, password: 'demo' });
  await waitForShellReady(page, 20_000);
  const state = await page.evaluate(() => JSON.parse(document.querySelector('script[data-shell="state"]')?.textContent ?? 'null'));
  assert.equal(state?.locale, market.locale, `${market.host} is the ${market.locale} market`);
  assert.equal(state?.headerVariant, 'private', `${market.locale}: the private header in the first HTML`);
  return { context, page, errors, state };
}

async function checkWidths(page, market, suffix) {
  const problems = [];
  const seen = {};
  for (const width of [...desktopWidths, ...smallWidths]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const m = await page.evaluate(measureHeader, shellClasses);
    seen[width] = m;
    for (const p of problemsOf(m, width, { desktop: width >= 992 })) problems.push(`${market.locale} at ${width}px: ${p}`);
    await page.screenshot({ path: screenshotPath(`private-layout-${market.locale}-${width}${suffix}.png`), clip: { x: 0, y: 0, width, height: 200 } });
  }
  return { problems, seen };
}

describe('the private header fits at every width in every market', () => {
  test('long customer data (seven-digit balances, long titled name, unread messages)', async () => {
    const problems = [];
    // Markets side by side, each in its own browser context.
    await eachAtOnce(markets, async (market) => {
      const { context, page, errors, state } = await logIn(market, 'active');
      const total = state.customer.totalBalance.amount;
      const available = state.customer.availableBalance.amount;
      const { problems: p, seen } = await checkWidths(page, market, '');
      problems.push(...p);
      // No nav entry is hidden to make room: the bar shows at every desktop width what it
      // shows at the widest.
      const widest = seen[desktopWidths.at(-1)].navLabels;
      for (const width of desktopWidths) {
        const labels = seen[width].navLabels ?? [];
        if (labels.join('|') !== widest.join('|')) problems.push(`${market.locale} at ${width}px: nav shows [${labels}] but [${widest}] at ${desktopWidths.at(-1)}px`);
        // The total balance is in the bar in full wherever the balance box shows.
        if (!seen[width].balanceText.includes(total)) problems.push(`${market.locale} at ${width}px: the bar does not show the total ${total}`);
      }
      // The available balance is one click away where the bar leaves it out: in the account
      // menu, which cuts nothing off either (long name, IBAN with its copy button), on a
      // narrow desktop and on a phone.
      for (const width of [desktopWidths[0], smallWidths[0]]) {
        await page.setViewportSize({ width, height: 900 });
        const inBar = seen[width].balanceText.includes(available);
        const button = page.locator(sel('.shell-account__button'));
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        const popup = page.locator(sel('.shell-account__popup'));
        await popup.waitFor({ state: 'visible', timeout: 5000 });
        const menuText = await popup.innerText();
        if (!inBar && !menuText.includes(available)) problems.push(`${market.locale} at ${width}px: the available balance ${available} is neither in the bar nor in the account menu`);
        const [scroll, client, right] = await popup.evaluate((el) => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right]);
        if (scroll > client) problems.push(`${market.locale} at ${width}px: the account menu's content is wider than the menu (${scroll} > ${client})`);
        if (right > width) problems.push(`${market.locale} at ${width}px: the account menu runs off the screen (right edge ${Math.round(right)})`);
        await page.screenshot({ path: screenshotPath(`private-layout-${market.locale}-${width}-menu.png`), clip: { x: 0, y: 0, width, height: 560 } });
        await button.click();
        await popup.waitFor({ state: 'hidden', timeout: 5000 });
      }
      if (errors.length) problems.push(`${market.locale}: page errors ${errors.join('; ')}`);
      await context.close();
    });
    assert.deepEqual(problems, []);
  });

  test('not-available notice (account under maintenance)', async () => {
    const problems = [];
    // Markets side by side, each in its own browser context.
    await eachAtOnce(markets, async (market) => {
      const { context, page, errors, state } = await logIn(market, 'maintenance');
      const title = state.customer.notAvailableMessage?.title;
      assert.ok(title, `${market.locale}: the maintenance persona has the not-available notice`);
      const { problems: p, seen } = await checkWidths(page, market, '-notice');
      problems.push(...p);
      for (const width of desktopWidths) {
        if (!seen[width].balanceText.includes(title)) problems.push(`${market.locale} at ${width}px: the notice "${title}" is not in the bar`);
      }
      if (errors.length) problems.push(`${market.locale}: page errors ${errors.join('; ')}`);
      await context.close();
    });
    assert.deepEqual(problems, []);
  });
});
