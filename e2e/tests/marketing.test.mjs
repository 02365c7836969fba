// The platform's marketing integrations in a real browser, against the demo's stand-in CDP
// (testdata/site/cdp/fake-cdp.js, served by the demo origin, which records every call): the
// CDP's identify runs exactly once, only after consent, with the logged-in customer's
// bacNumber, and never for a visitor; each demo host's page carries its own tracking app id.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { demoUser, logInAtProvider } from '../lib/idp.mjs';
import { openContext, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();

const cdpCalls = (page) => page.evaluate(() => window.shellgateDemoCDP?.calls ?? null);
// The consent manager's accept, as it writes it in Google's consent mode.
const grantAnalytics = (page) => page.evaluate(() => window.dataLayer.push(['consent', 'update', { analytics_storage: 'granted' }]));
const inlineState = (page) => page.evaluate(() => JSON.parse(document.querySelector('script[data-shell="state"]')?.textContent ?? 'null'));
// The page's timers run on Playwright's clock (installed before the first page), so the tests
// can let the shell's consent polls run (ConsentPollMs apart) without waiting in real time.
const ShellLooks = 1500; // five of the shell's consent looks and the SDK's
// Once the marketing chunk has loaded and run (the network is idle), the shell's looks.
async function letShellLook(page) {
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(ShellLooks);
}
const pushedAppIds = (page) => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e && 'tracking_app_id' in e).map((e) => e.tracking_app_id));

describe('the CDP identify', () => {
  test('a visitor is never identified, even with consent', async () => {
    const { context, problems } = await openContext(suite.browser, 'desktop');
    await context.clock.install();
    const page = await context.newPage();
    try {
      await page.goto(`${suite.base}/festgeld/`);
      await waitForShellReady(page);
      await page.waitForFunction(() => window.shellgateDemoCDP !== undefined);
      await grantAnalytics(page);
      await letShellLook(page);
      assert.deepEqual(await cdpCalls(page), [], 'no CDP call for a visitor');
      assert.deepEqual(problems, [], 'no console errors or failed shell requests');
    } finally {
      await context.close();
    }
  });

  for (const width of ['desktop', 'mobile']) {
    test(`a customer is identified once, after consent, with the bacNumber (${width})`, async () => {
      const { context, problems } = await openContext(suite.browser, width);
      await context.clock.install();
      const page = await context.newPage();
      try {
        await page.goto(`${suite.base}/login/?return=${encodeURIComponent('/festgeld/')}`);
        await logInAtProvider(page, suite.idp);
        await waitForShellReady(page);
        await page.waitForFunction(() => window.shellgateDemoCDP !== undefined);
        assert.equal((await inlineState(page)).isLoggedIn, true, 'logged in');
        await letShellLook(page);
        assert.deepEqual(await cdpCalls(page), [], 'no identify before consent');

        await grantAnalytics(page);
        await page.waitForFunction(() => window.shellgateDemoCDP.calls.length > 0, null, { timeout: 5000 });
        await grantAnalytics(page); // a second grant on the same page
        await letShellLook(page);
        assert.deepEqual(
          await cdpCalls(page),
          [{ method: 'identify', userId: demoUser.customerNumber, traits: { bac_number: demoUser.customerNumber } }],
          'exactly one identify, with the bacNumber',
        );
        await page.screenshot({ path: screenshotPath(`marketing-identified-${width === 'desktop' ? 1440 : 390}.png`) });

        // The next page without the consent manager's grant in its data layer: nothing.
        await page.goto(`${suite.base}/tagesgeld/`);
        await waitForShellReady(page);
        await page.waitForFunction(() => window.shellgateDemoCDP !== undefined);
        await letShellLook(page);
        assert.deepEqual(await cdpCalls(page), [], 'no identify on a page without consent');
        const ours = problems.filter((p) => !p.includes(suite.idp.base));
        assert.deepEqual(ours, [], 'no console errors or failed shell requests');
      } finally {
        await context.close();
      }
    });
  }
});

describe('tracking app ids', () => {
  test('each demo host has its own, a host without one none', async () => {
    const { context } = await openContext(suite.browser, 'desktop');
    const page = await context.newPage();
    const port = new URL(suite.base).port;
    try {
      for (const [host, path, want] of [
        ['localhost', '/festgeld/', 'demo-web-de'],
        ['uk.localhost', '/', 'demo-web-uk'],
        ['at.localhost', '/', undefined],
      ]) {
        await page.goto(`http://${host}:${port}${path}`);
        await waitForShellReady(page);
        const state = await inlineState(page);
        assert.equal(state.marketing?.trackingAppId, want, `${host}: the state's app id`);
        await page.waitForFunction(() => window.shellgateDemoCDP !== undefined);
        await page.waitForLoadState('networkidle'); // the marketing chunk has loaded and run
        assert.deepEqual(await pushedAppIds(page), want ? [want] : [], `${host}: the data layer's app id`);
      }
    } finally {
      await context.close();
    }
  });
});
