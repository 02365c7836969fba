// The private header in a real Chromium, served as the edge's contract says it fills it
// (shell-ui/prerender/README.md): gates decided by flags plus customer facts, customer slots
// filled with escaped text. Until the gateway fills customer slots this file serves the built
// UI (shell-ui/dist) itself, so it tests the UI's half: the first HTML without JavaScript,
// logout without JavaScript, hydration, the menu button, the IBAN copy and its 3 s mark, and
// the loading header turning private. Needs `npm run build -w shell-ui` first.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from '../lib/browser.mjs';
import { sel } from '../lib/classes.mjs';
import { waitForShellReady } from '../lib/suite.mjs';
import { repoRoot } from '../lib/gateway.mjs';

const dist = join(repoRoot, 'shell-ui', 'dist');

const customer = {
  displayName: 'Dr. Anna Schmidt',
  fullName: 'Dr. Anna Schmidt',
  initials: 'AS',
  state: 'ACTIVE',
  isCompanyCustomer: false,
  isPendingActivation: false,
  restricted: false,
  totalBalance: { label: 'Gesamtsaldo', amount: '12.345,67 €', isNegative: false },
  availableBalance: { label: 'Verfügbar', amount: '1.234,50 €', isNegative: false },
  balanceIsNotAvailable: false,
  accountIds: [{ id: 'iban', label: 'IBAN', display: 'DE89 3704 0044 0532 0130 00', copy: 'DE89370400440532013000' }],
  showUnreadMessage: true,
  switchableAccounts: [],
};

function stateFor(variant, path) {
  return {
    locale: 'de-DE',
    market: 'de-DE',
    basePath: '',
    designVersion: 'v1',
    headerVariant: variant,
    path,
    year: 2026,
    isLoggedIn: true,
    canAccess: true,
    isAuthRequired: true,
    customerId: '1000001',
    access: ['HAS_FIXED_DEPOSIT_ACCOUNT', 'term_product_access'],
    flags: { b2cUseNewDashboard: true },
    customer: variant === 'private' ? customer : null,
  };
}

// The edge's half, as prerender/README.md states it (the Go side will be tested against
// shell-ui/prerender/testdata/private-contract.json).
function facts(state) {
  const f = { ...state.flags };
  for (const a of state.access ?? []) f[`access:${a}`] = true;
  const c = state.customer;
  if (!c) return f;
  const amounts = !c.balanceIsNotAvailable && c.totalBalance && c.availableBalance;
  Object.assign(f, {
    'customer:balance': c.state === 'ACTIVE',
    'customer:balance-available': Boolean(amounts),
    'customer:unread': c.showUnreadMessage,
    'customer:restricted': c.restricted,
    'customer:company': c.isCompanyCustomer,
  });
  for (const id of c.accountIds ?? []) f[`customer:id:${id.id}`] = true;
  return f;
}

function holds(condition, f) {
  return condition
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => term.split('|').some((alt) => (alt.startsWith('!') ? f[alt.slice(1)] !== true : f[alt] === true)));
}

const escapeText = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function slotText(c, name) {
  const [part, kind, field] = name.split('.');
  if (name === 'initials' || name === 'displayName') return c[name];
  if (part === 'total' || part === 'available') return c[`${part}Balance`]?.[kind] ?? '';
  if (part === 'notice') return (kind === 'title' ? c.notAvailableMessage?.title : c.notAvailableMessage?.tooltipText) ?? '';
  if (part === 'id') return c.accountIds?.find((a) => a.id === kind)?.[field] ?? '';
  throw new Error(`unknown slot ${name}`);
}

function edgeFill(fragment, state) {
  const f = facts(state);
  const gated = fragment.replace(/<[a-z]+\s[^>]*data-shell-flag="([^"]*)"[^>]*>/g, (tag, cond) => {
    const hidden = /\shidden=""/.test(tag);
    const on = holds(cond.replaceAll('&amp;', '&'), f);
    if (on && hidden) return tag.replace(/\shidden=""/, '');
    if (!on && !hidden) return tag.replace(/(\/?>)$/, ' hidden=""$1');
    return tag;
  });
  // One pass over every slot; inserted text is never scanned again.
  return gated.replace(/\[\[shell:([a-z]+)(?:\.([A-Za-z.]+))?\]\]/g, (marker, kind, name) => {
    if (kind === 'base') return state.basePath;
    if (kind === 'year') return String(state.year);
    if (kind === 'return') return escapeText(state.path);
    if (kind === 'customer') return escapeText(slotText(state.customer, name));
    return marker;
  });
}

let server;
let base;
let browser;
let manifest;
const posts = [];
let stateAnswers = [];

async function page(variant, path) {
  const state = stateFor(variant, path);
  const fragment = await readFile(join(dist, manifest.fragments['de-DE'].header[variant]), 'utf8');
  const head = [
    ...manifest.stylesheets.map((s) => `<link rel="stylesheet" href="/_shell/${s}" data-shell="style">`),
    ...manifest.scripts.map((s) => `<script type="module" src="/_shell/${s}" data-shell="script"></script>`),
  ].join('');
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Konto</title>${head}</head><body><div data-shell="header">${edgeFill(fragment, state)}</div><script type="application/json" id="shell-state" data-shell="state">${json}</script><main><h1>Übersicht</h1></main></body></html>`;
}

const types = { '.js': 'text/javascript', '.css': 'text/css' };

before(async () => {
  try {
    manifest = JSON.parse(await readFile(join(dist, 'shell-manifest.json'), 'utf8'));
  } catch (err) {
    throw new Error(`no UI build in shell-ui/dist (${err.message}); run npm run build -w shell-ui first`, { cause: err });
  }
  assert.ok(manifest.fragments['de-DE'].header.private, 'the UI build has no de-DE private header; rebuild it');
  server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    try {
      if (url.pathname.startsWith('/_shell/assets/')) {
        const body = await readFile(join(dist, 'assets', url.pathname.slice('/_shell/assets/'.length).replace(/\.\./g, '')));
        res.writeHead(200, { 'content-type': types[extname(url.pathname)] ?? 'application/octet-stream' }).end(body);
      } else if (url.pathname === '/_shell/auth/logout' && req.method === 'POST') {
        posts.push(url.pathname);
        res.writeHead(303, { location: '/logged-out/' }).end();
      } else if (url.pathname === '/_shell/state') {
        const answer = stateAnswers.shift() ?? stateFor('private', '/dashboard/');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } else if (url.pathname === '/logged-out/') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Abgemeldet</title><h1>Abgemeldet</h1>');
      } else {
        const variant = url.searchParams.get('variant') ?? 'private';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await page(variant, url.pathname));
      }
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve) ?? resolve());
});

async function openTab(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const errors = [];
  context.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  context.on('weberror', (err) => errors.push(err.error().message));
  const tab = await context.newPage();
  return { context, tab, errors };
}

describe('private header in Chromium', () => {
  test('the dashboard link carries the landing page\'s ad click id for the visit; a hostile one never', async () => {
    const { context, tab, errors } = await openTab();
    const dashboardHrefs = () =>
      tab.locator('[data-shell="header"] nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')).filter((h) => h?.split('?')[0] === '/dashboard/'));
    await tab.goto(`${base}/festgeld/?gclid=EAIaIQ_x-1`); // the landing page, from an ad
    await waitForShellReady(tab);
    await tab.goto(`${base}/konto/`); // a later page of the visit, without it
    await waitForShellReady(tab);
    await tab.waitForFunction(() => [...document.querySelectorAll('[data-shell="header"] nav a')].some((a) => a.getAttribute('href')?.includes('ad-click-id')), null, { timeout: 5000 }).catch(() => {});
    assert.deepEqual(await dashboardHrefs(), ['/dashboard/?ad-click-id=EAIaIQ_x-1']);
    await context.close();

    const hostile = await openTab();
    await hostile.tab.goto(`${base}/festgeld/?gclid=${encodeURIComponent('x&return=//evil.example')}`);
    const tab2 = hostile.tab;
    await waitForShellReady(tab2);
    const hrefs = await tab2.locator('[data-shell="header"] nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.includes('/dashboard/') && !hrefs.some((h) => h?.includes('evil') || h?.includes('ad-click-id')), `links: ${hrefs}`);
    assert.deepEqual([...errors, ...hostile.errors], []);
    await hostile.context.close();
  });

  test('without JavaScript: the customer is in the first HTML and logout works', async () => {
    const { context, tab } = await openTab({ javaScriptEnabled: false });
    await tab.goto(`${base}/dashboard/`);
    const header = tab.locator('[data-shell="header"]');
    assert.equal(await header.locator(sel('.shell-avatar')).innerText(), 'AS');
    assert.equal(await header.locator(sel('.shell-balance')).isVisible(), true);
    assert.match(await header.locator(sel('.shell-balance')).innerText(), /12\.345,67 €[\s\S]*1\.234,50 €/);
    assert.equal(await header.locator(sel('.shell-nav__badge')).isVisible(), true);
    const shown = await header.locator('nav a').evaluateAll((as) => as.filter((a) => !a.closest('[data-shell-flag][hidden]')).map((a) => a.getAttribute('href')));
    assert.ok(shown.includes('/dashboard/') && shown.includes('/#/MyInvestments/TermDeposit') && shown.includes('/products/'), `shown links: ${shown}`);
    assert.ok(!shown.includes('/#/MyInvestments') && !shown.includes('/#/MyInvestments/Overnight'), `shown links: ${shown}`);
    posts.length = 0;
    await header.locator(sel('.shell-logout__button')).click();
    await tab.waitForURL(`${base}/logged-out/`);
    assert.deepEqual(posts, ['/_shell/auth/logout']);
    await context.close();
  });

  test('hydrates without errors; keyboard opens the menu; the IBAN copies with a 3 s mark', async () => {
    const { context, tab, errors } = await openTab();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const before = await (await fetch(`${base}/dashboard/`)).text();
    await tab.goto(`${base}/dashboard/`);
    await waitForShellReady(tab);
    assert.deepEqual(errors, []);
    assert.ok(before.includes('Dr. Anna Schmidt'));

    const button = tab.getByRole('button', { name: 'Kontomenü' });
    await button.focus();
    await tab.keyboard.press('ArrowDown');
    const menu = tab.getByRole('menu', { name: 'Kontomenü' });
    assert.equal(await menu.isVisible(), true);
    const iban = menu.getByRole('menuitem', { name: /DE89 3704/ });
    assert.equal(await iban.evaluate((el) => el === document.activeElement), true);
    await tab.keyboard.press('Enter');
    assert.equal(await tab.evaluate(() => navigator.clipboard.readText()), 'DE89370400440532013000');
    await tab.waitForFunction((copy) => document.querySelector(copy)?.textContent?.includes('Kopiert'), sel('.shell-account__copy'));
    const copiedAt = Date.now();
    await tab.waitForFunction((copy) => !document.querySelector(copy)?.textContent?.includes('Kopiert'), sel('.shell-account__copy'), { timeout: 6000 });
    const shownFor = Date.now() - copiedAt;
    assert.ok(shownFor > 2500 && shownFor < 4500, `the copied mark showed for ${shownFor} ms`);

    await tab.keyboard.press('Escape');
    assert.equal(await menu.isVisible(), false);
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a customer's header loads no public menus; a public header does", async () => {
    const publicMenus = `/_shell/${manifest.publicNavScripts['de-DE']}`;
    for (const [variant, loadsMenus] of [
      ['private', false],
      ['loading', false],
      ['public', true],
    ]) {
      stateAnswers = [stateFor('private', '/dashboard/')];
      const { context, tab, errors } = await openTab();
      const scripts = [];
      tab.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await tab.goto(`${base}/dashboard/?variant=${variant}`);
      await waitForShellReady(tab);
      // The loading header turns private: every chunk that page loads has loaded then.
      if (variant === 'loading') await tab.waitForSelector(sel('.shell-avatar'), { timeout: 10_000 });
      assert.equal(scripts.includes(publicMenus), loadsMenus, `${variant} header loaded ${scripts.join(', ')}`);
      if (loadsMenus) assert.equal(await tab.getByRole('button', { name: 'Sparen' }).isVisible(), true);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test('a loading header becomes the private header from /_shell/state', async () => {
    stateAnswers = [stateFor('loading', '/dashboard/'), stateFor('private', '/dashboard/')];
    const { context, tab, errors } = await openTab();
    await tab.goto(`${base}/dashboard/?variant=loading`);
    assert.equal(await tab.locator(sel('.shell-nav-skeleton__item')).count(), 4);
    await tab.waitForSelector(sel('.shell-avatar'), { timeout: 10_000 });
    assert.equal(await tab.locator(sel('.shell-avatar')).innerText(), 'AS');
    assert.equal(await tab.locator(sel('.shell-nav-skeleton__item')).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
