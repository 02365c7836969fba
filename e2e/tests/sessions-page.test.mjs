// The customer's signed-in devices (ASVS 4.0.3 3.3.4) in a real browser: a customer logged in
// on a laptop and a phone sees both at /en-gb/account/sessions/ (linked from the account
// menu), ends the phone's session from the laptop, and the phone is logged out.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from '../lib/browser.mjs';
import { artifactsDir } from '../lib/gateway.mjs';
import { logInAtProvider } from '../lib/idp.mjs';
import { startPersonasAPI } from '../lib/personas.mjs';
import { startStack } from '../lib/stack.mjs';
import { sel } from '../lib/classes.mjs';
import { openContext, screenshotPath, waitForShellReady } from '../lib/suite.mjs';

// Its own stack with the persona API, so the header shows the customer (and its account menu).
const suite = { base: '', idp: null, browser: null };
let stack;
let api;
before(async () => {
  api = await startPersonasAPI();
  stack = await startStack({ env: { SHELLGATE_API_PORT: String(api.port), SHELLGATE_CUSTOMER_BUDGET: '1s' }, logName: 'sessions-page' });
  suite.base = stack.base;
  suite.idp = stack.idp;
  await mkdir(artifactsDir, { recursive: true });
  suite.browser = await launchBrowser();
});
after(async () => {
  await suite.browser?.close();
  await stack?.stop();
  api?.stop();
});
const persona = { username: 'active', password: 'demo' };

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const sessionsPage = '/en-gb/account/sessions/';

async function logIn(context) {
  const page = await context.newPage();
  await page.goto(`${suite.base}${sessionsPage}`);
  await logInAtProvider(page, suite.idp, persona);
  assert.equal(new URL(page.url()).pathname, sessionsPage, 'back on the sessions page after the login');
  await waitForShellReady(page);
  return page;
}

const loggedIn = async (context) => (await (await context.request.get(`${suite.base}/_shell/state?path=/en-gb/`)).json()).isLoggedIn;

describe('signed-in devices', () => {
  test('a customer sees the laptop and the phone, and ends the phone from the laptop', async () => {
    const laptop = await openContext(suite.browser, 'desktop');
    const phone = await openContext(suite.browser, 'mobile', { userAgent: iPhone });
    try {
      const phonePage = await logIn(phone.context);
      const page = await logIn(laptop.context);

      const items = page.locator(sel('.shell-sessions__item'));
      await items.first().waitFor();
      assert.equal(await items.count(), 2, 'both sessions listed');
      const headings = await page.locator(sel('.shell-sessions__device')).allTextContents();
      assert.ok(headings.some((h) => h.includes('(This device)')), `the current one marked: ${headings}`);
      assert.ok(headings.some((h) => h.startsWith('Phone · Safari')), `the phone listed: ${headings}`);

      // The account menu links here.
      // The header shows the customer once their data are in (a loading header first).
      await page.waitForSelector(sel('.shell-avatar'), { timeout: 10_000 });
      const menuLinks = await page.locator(sel('.shell-account a')).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      await page.screenshot({ path: screenshotPath('sessions-page-1440.png'), fullPage: true });
      assert.ok(menuLinks.includes(sessionsPage), `the account menu links to the sessions page: ${menuLinks}`);

      // No session id or token in what the page holds.
      const cookie = (await laptop.context.cookies(suite.base)).find((c) => c.name === 'shellgate');
      const list = await page.evaluate(async () => (await fetch('/_shell/session/list')).text());
      assert.ok(!list.includes(cookie.value) && !(await page.content()).includes(cookie.value), 'no session id in the list or page');
      assert.doesNotMatch(list, /eyJ[\w-]+\.eyJ[\w-]+\./, 'no JWT in the list');

      await phonePage.reload();
      await phonePage.locator(sel('.shell-sessions__item')).first().waitFor();
      await phonePage.waitForSelector(sel('.shell-avatar'), { timeout: 10_000 });
      await phonePage.screenshot({ path: screenshotPath('sessions-page-390.png'), fullPage: true });

      // End the phone's session from the laptop.
      const phoneItem = items.filter({ hasText: 'Phone' });
      await phoneItem.getByRole('button', { name: 'End session' }).click();
      await page.getByText('1 session ended.').waitFor();
      // The list drops the phone's row once it has the new list (after the message, maybe).
      await phoneItem.waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
      assert.equal(await items.count(), 1, 'only this device left');
      assert.equal(await loggedIn(phone.context), false, 'the phone is logged out');
      assert.equal(await loggedIn(laptop.context), true, 'the laptop is still logged in');

      const ours = [...laptop.problems, ...phone.problems].filter((p) => !p.includes(suite.idp.base));
      assert.deepEqual(ours, [], 'no console errors or failed shell requests');
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  });

  test('a cross-site end is refused', async () => {
    const res = await fetch(`${suite.base}/_shell/session/end`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
      body: '{"all":true}',
    });
    assert.equal(res.status, 403);
  });
});
