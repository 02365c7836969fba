// Partners as their visitors and customers meet them (spec 2.1, 4): a partner's registration
// shows the partner's logo beside ours (never an empty box) at every width from 390 to 1920 px;
// a visitor who came by a partner distributor's link sees no navigation and only the login, on
// every page of the visit; a logged-in partner customer sees the /customer/cobranding logo.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from '../lib/browser.mjs';
import { logInAtProvider } from '../lib/idp.mjs';
import { startPersonasAPI } from '../lib/personas.mjs';
import { startStack } from '../lib/stack.mjs';
import { sel } from '../lib/classes.mjs';
import { box, openContext, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();
const Header = '[data-shell="header"] > header';
const Partner = sel(`${Header} .shell-header__brand [data-shell-partner]`);

const registrations = [
  ['dkb_retail', '/register/', 'DKB'],
  ['legal_and_general', '/en-gb/register/', 'Legal & General'],
  ['mse_savings_hub', '/en-gb/register/', 'MSE Savings Hub'],
  ['askpaul', '/en-ie/register/', 'AskPaul'],
  ['fairstone', '/en-ie/register/', 'Fairstone'],
];

// fits checks that the partner's logo is loaded, within spec 2.1's logo maximum, beside our
// logo and clear of the actions, and that nothing scrolls sideways.
async function fits(tab, name, width) {
  const logo = tab.locator(`${Partner} img`);
  await logo.waitFor();
  assert.equal(await logo.getAttribute('alt'), name);
  await tab.waitForFunction((sel) => document.querySelector(sel)?.complete, `${Partner} img`);
  assert.ok(await logo.evaluate((img) => img.naturalWidth > 0), `${name}: the logo loaded`);
  const l = await box(logo);
  const [maxW, maxH] = width >= 992 ? [180, 40] : [124, 28];
  assert.ok(l.width > 10 && l.width <= maxW + 0.5 && l.height <= maxH + 0.5, `${name} at ${width}: logo ${l.width}x${l.height}, max ${maxW}x${maxH}`);
  const ours = await box(tab.locator(sel(`${Header} .shell-logo`)));
  assert.ok(l.x >= ours.x + ours.width, `${name} at ${width}: the partner's logo is after ours`);
  for (const action of await tab.locator(sel(`${Header} .shell-actions a`)).all()) {
    if (!(await action.isVisible())) continue;
    const a = await box(action);
    assert.ok(l.x + l.width <= a.x || l.y >= a.y + a.height || a.y >= l.y + l.height, `${name} at ${width}: the logo overlaps an action`);
  }
  const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${name} at ${width}: the page scrolls sideways by ${overflow} px`);
}

describe('partner registration: the partner’s logo and name', () => {
  for (const [width, px] of [['desktop', 1440], ['mobile', 390]]) {
    test(`every partner at ${px} px, and its layout from 390 to 1920 px`, async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        for (const [regflow, path, name] of registrations) {
          await tab.goto(`${suite.base}${path}?regflow=${regflow}`);
          await waitForShellReady(tab);
          assert.equal(await tab.locator(`${Header} nav`).count(), 0, 'registration: no navigation');
          await fits(tab, name, px);
          await tab.screenshot({ path: screenshotPath(`partner-registration-${regflow}-${px}.png`) });
          if (width === 'desktop') {
            for (const w of [1920, 1280, 992, 768, 576, 390]) {
              await tab.setViewportSize({ width: w, height: 900 });
              await fits(tab, name, w);
            }
            await tab.setViewportSize({ width: 1440, height: 900 });
          }
        }
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('partner-distributor visitors: no navigation, only the login', () => {
  for (const [width, px] of [['desktop', 1440], ['mobile', 390]]) {
    test(`at ${px} px, on the partner's link and the next page of the visit`, async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        await tab.goto(`${suite.base}/festgeld/`);
        await waitForShellReady(tab);
        assert.ok((await tab.locator(sel(`${Header} .shell-actions a`)).count()) >= 2, 'a visitor without a partner: login and registration');

        for (const path of ['/festgeld/?distributorId=dkb_retail', '/']) {
          await tab.goto(`${suite.base}${path}`);
          await waitForShellReady(tab);
          assert.equal(await tab.locator(`${Header} nav`).count(), 0, `${path}: no navigation`);
          assert.equal(await tab.locator(`${Header} [aria-expanded]`).count(), 0, `${path}: no menu toggle`);
          const actions = tab.locator(sel(`${Header} .shell-actions a`));
          assert.equal(await actions.count(), 1, `${path}: one action`);
          assert.match(await actions.first().innerText(), /Anmelden/);
          assert.match(new URL(await actions.first().evaluate((a) => a.href)).pathname, /\/login\//);
          await tab.screenshot({ path: screenshotPath(`partner-visitor-${path === '/' ? 'next-page' : 'link'}-${px}.png`) });
        }
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a logged-in partner customer: the cobranding logo', () => {
  let stack;
  let browser;
  let api;
  before(async () => {
    api = await startPersonasAPI();
    stack = await startStack({ env: { SHELLGATE_API_PORT: String(api.port), SHELLGATE_CUSTOMER_BUDGET: '1s' }, logName: 'partner' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    api?.stop();
  });

  for (const px of [1440, 390]) {
    test(`cobranded persona at ${px} px`, async () => {
      const context = await browser.newContext({ viewport: { width: px, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${stack.base}/login/?return=${encodeURIComponent('/festgeld/')}`);
        await logInAtProvider(page, stack.idp, { username: 'cobranded', password: 'demo' });
        await waitForShellReady(page);
        const logo = page.locator(`${Partner} img`);
        await logo.waitFor();
        assert.equal(await logo.getAttribute('alt'), 'Bank Nord');
        assert.match(await logo.getAttribute('src'), /^data:image\/svg\+xml,/);
        await page.screenshot({ path: screenshotPath(`partner-customer-${px}.png`) });
        // The private bar is tight (shell-ui/src/header/private/README.md): the partner's logo
        // must clear the nav and the customer block at every width.
        for (const w of px === 1440 ? [1920, 1440, 1280, 1200, 992] : [576, 390, 360]) {
          await page.setViewportSize({ width: w, height: 900 });
          if (w < 375) {
            assert.equal(await logo.isVisible(), false, `at ${w}: no room beside our logo, the partner steps back`);
            continue;
          }
          const l = await box(logo);
          assert.ok(l.width > 10 && l.width <= 120.5 && l.height <= 28.5, `at ${w}: logo ${l.width}x${l.height}`);
          const blocks = [sel(`${Header} .shell-private`), sel(`${Header} .shell-mobile-toggle`)];
          if (w >= 992) blocks.push(`${Header} nav`);
          for (const sel of blocks) {
            const b = page.locator(sel).first();
            if (!(await b.isVisible())) continue;
            const o = await box(b);
            assert.ok(l.x + l.width <= o.x + 0.5, `at ${w}: the partner's logo (right edge ${l.x + l.width}) runs into ${sel} (at ${o.x})`);
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `at ${w}: the page scrolls sideways by ${overflow} px`);
        }
      } finally {
        await context.close();
      }
    });
  }
});
