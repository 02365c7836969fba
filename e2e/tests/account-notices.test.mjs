// Failing customer data in a real Chromium (issue 18, spec 8): a failing accounts list shows
// the balance box with the maintenance or fetch-error notice instead of no box at all, and a
// customer whose data fails for good gets the private header with logout, never the logo-only
// loading header for good. Screenshots account-notice-<user>-<width>.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from '../lib/browser.mjs';
import { logInAtProvider } from '../lib/idp.mjs';
import { startPersonasAPI } from '../lib/personas.mjs';
import { startStack } from '../lib/stack.mjs';
import { sel, shellClasses } from '../lib/classes.mjs';
import { screenshotPath, waitForShellReady } from '../lib/suite.mjs';

let stack;
let browser;
let api;

before(async () => {
  api = await startPersonasAPI();
  stack = await startStack({ env: { SHELLGATE_API_PORT: String(api.port), SHELLGATE_CUSTOMER_BUDGET: '1s' }, logName: 'account-notices' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  api?.stop();
});

const inlineState = (page) =>
  page.evaluate(() => JSON.parse(document.querySelector('script[data-shell="state"]')?.textContent ?? 'null'));

async function logIn(user, width) {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await context.newPage();
  await page.goto(`${stack.base}/login/?return=${encodeURIComponent('/festgeld/')}`);
  await logInAtProvider(page, stack.idp, { username: user, password: 'demo' });
  await waitForShellReady(page);
  return { context, page };
}

describe('failing customer data', () => {
  for (const [user, kind] of [['accounts-down', 'maintenance'], ['accounts-partial', 'maintenance'], ['accounts-error', 'fetch error']]) {
    test(`${user}: the accounts list fails, the balance box shows the ${kind} notice`, async () => {
      for (const width of [1440, 390]) {
        const { context, page } = await logIn(user, width);
        try {
          const state = await inlineState(page);
          assert.equal(state.headerVariant, 'private', 'the private header in the first HTML');
          const notice = state.customer.notAvailableMessage;
          assert.ok(notice?.title, 'the state carries the notice');
          assert.equal(state.customer.state, '', 'the account state is unknown');
          const box = page.locator(sel('[data-shell="header"] .shell-balance')).first();
          if (width === 1440) {
            assert.equal(await box.isVisible(), true, 'the balance box shows');
            assert.ok((await box.innerText()).includes(notice.title), "the notice's title shows");
            await box.locator(sel('.shell-balance__tip-button')).focus();
            const tip = box.locator('[role="tooltip"]');
            await tip.waitFor({ state: 'visible' });
            assert.equal((await tip.innerText()).trim(), notice.tooltipText, 'the tooltip says why');
          } else {
            // On a phone the bar has no balance box: the account menu carries the notice.
            assert.equal(await box.isVisible(), false, 'no balance box in the phone bar');
            await page.locator(sel('[data-shell="header"] .shell-account__button')).click();
            const inMenu = page.locator(sel('[data-shell="header"] .shell-account__notice'));
            await inMenu.waitFor({ state: 'visible' });
            const text = await inMenu.innerText();
            assert.ok(text.includes(notice.title) && text.includes(notice.tooltipText), 'the account menu shows the notice and why');
          }
          await page.screenshot({ path: screenshotPath(`account-notice-${user}-${width}.png`) });
        } finally {
          await context.close();
        }
      }
    });
  }

  test('customer-error: the data fails for good, the header still offers logout, and it works', async () => {
    for (const width of [1440, 390]) {
      const { context, page } = await logIn('customer-error', width);
      try {
        const state = await inlineState(page);
        assert.equal(state.headerVariant, 'private', 'the private header, not the loading one');
        // Every skeleton class of the build (their short names do not say "skeleton").
        const skeletons = Object.entries(shellClasses).filter(([name]) => name.includes('skeleton')).map(([, built]) => `[data-shell="header"] .${built}`);
        assert.ok(skeletons.length > 0, 'the build has skeleton classes');
        assert.equal(await page.locator(skeletons.join(', ')).count(), 0, 'no skeletons');
        const logout = page.locator(sel('[data-shell="header"] form.shell-logout button'));
        assert.equal(await logout.isVisible(), true, 'logout shows');
        if (width === 1440) {
          const box = page.locator(sel('[data-shell="header"] .shell-balance')).first();
          assert.equal(await box.isVisible(), true, 'the balance box holds the not-available notice');
          assert.ok((await box.innerText()).includes(state.customer.notAvailableMessage.title));
        }
        await page.screenshot({ path: screenshotPath(`account-notice-customer-error-${width}.png`) });
        await logout.click();
        await page.waitForURL((u) => !u.href.startsWith(`${stack.base}/festgeld/`), { timeout: 10_000 });
        const now = await (await context.request.get(`${stack.base}/_shell/state?path=/festgeld/`)).json();
        assert.equal(now.isLoggedIn, false, 'logged out');
      } finally {
        await context.close();
      }
    }
  });
});
