// Inside the app (spec 2.4): the app's view sends X-App-Platform (the demo Caddyfile's
// app_view); its footer has no market picker, no link groups and no "download our app" banner,
// already in the first HTML and still after React took over, and a page of the app reached
// without the header (a link) stays so. An ordinary browser gets the whole footer.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sel } from '../lib/classes.mjs';
import { openContext, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();
const Footer = '[data-shell="footer"] footer';
const Parts = { picker: sel(`${Footer} .shell-market`), links: sel(`${Footer} .shell-footer__groups`), appBanner: sel(`${Footer} .shell-app-banner`) };

async function visibleParts(tab) {
  const out = {};
  for (const [name, selector] of Object.entries(Parts)) out[name] = await tab.locator(selector).isVisible();
  out.copyright = await tab.locator(sel(`${Footer} .shell-footer__copyright`)).isVisible();
  return out;
}

for (const width of ['desktop', 'mobile']) {
  const px = width === 'desktop' ? 1440 : 390;
  describe(`the app's embedded view at ${px} px`, () => {
    test('an ordinary browser sees the picker, the link groups and the app banner', async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        await tab.goto(`${suite.base}/festgeld/`);
        await waitForShellReady(tab);
        assert.deepEqual(await visibleParts(tab), { picker: true, links: true, appBanner: true, copyright: true });
        await tab.locator(Footer).screenshot({ path: screenshotPath(`app-view-browser-footer-${px}.png`) });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('in the app the footer keeps only the bank\'s own lines, also on the next page without the header', async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        // Only the first page carries the app's header, as a page the app opens does.
        await tab.route('**/festgeld/', (route) => route.continue({ headers: { ...route.request().headers(), 'x-app-platform': 'ios' } }));
        await tab.goto(`${suite.base}/festgeld/`);
        const first = await visibleParts(tab); // before React: the first HTML
        await waitForShellReady(tab);
        assert.deepEqual(first, { picker: false, links: false, appBanner: false, copyright: true }, 'first HTML');
        assert.deepEqual(await visibleParts(tab), first, 'after React took over');
        await tab.screenshot({ path: screenshotPath(`app-view-app-${px}.png`), fullPage: true });
        await tab.locator(Footer).screenshot({ path: screenshotPath(`app-view-app-footer-${px}.png`) });

        let sentHeader = null;
        tab.on('request', (r) => {
          if (new URL(r.url()).pathname === '/tagesgeld/') sentHeader = r.headers()['x-app-platform'] ?? '';
        });
        await tab.goto(`${suite.base}/tagesgeld/`);
        await waitForShellReady(tab);
        assert.equal(sentHeader, '', 'the second page came without the app header');
        assert.deepEqual(await visibleParts(tab), first, 'the next page of the app');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  });
}

// The app's mobile marketing SDK (spec 6: only on mobile devices, only with consent): the demo
// Caddyfile names its bridge, shellgateDemoApp; the app's view has it on window (Android's
// shape: postMessage of a JSON string), which this test puts in as the app would. The page's
// timers run on Playwright's clock, so the shell's consent looks (300 ms apart) run at once.
describe("the app's marketing SDK", () => {
  const ShellLooks = 1500;
  const sdkMessages = (tab) => tab.evaluate(() => (window.sdkMessages ?? []).map((m) => JSON.parse(m)));
  const grantAds = (tab) => tab.evaluate(() => window.dataLayer.push(['consent', 'update', { ad_storage: 'granted' }]));
  async function letShellLook(tab) {
    await tab.waitForLoadState('networkidle'); // the marketing chunk has loaded and run
    await tab.clock.runFor(ShellLooks);
  }
  async function appContext(inApp) {
    const { context, problems } = await openContext(suite.browser, 'mobile');
    await context.clock.install();
    await context.addInitScript(() => {
      window.shellgateDemoApp = { postMessage: (m) => (window.sdkMessages ??= []).push(m) };
    });
    const tab = await context.newPage();
    // Only the first page carries the app's header, as a page the app opens does.
    if (inApp) await tab.route('**/festgeld/', (route) => route.continue({ headers: { ...route.request().headers(), 'x-app-platform': 'android' } }));
    return { context, problems, tab };
  }

  test('in the app it is told of consent once, after ad_storage is granted, also on the next page without the header', async () => {
    const { context, problems, tab } = await appContext(true);
    try {
      for (const path of ['/festgeld/', '/tagesgeld/']) {
        await tab.goto(`${suite.base}${path}`);
        await waitForShellReady(tab);
        await letShellLook(tab);
        assert.deepEqual(await sdkMessages(tab), [], `${path}: nothing before consent`);
        await grantAds(tab);
        await tab.clock.runFor(ShellLooks);
        await grantAds(tab); // a second grant on the same page
        await tab.clock.runFor(ShellLooks);
        assert.deepEqual(await sdkMessages(tab), [{ type: 'consent', granted: true, trackingAppId: 'demo-web-de' }], `${path}: one message, no personal data`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an ordinary browser with the same window global is never posted to', async () => {
    const { context, problems, tab } = await appContext(false);
    try {
      await tab.goto(`${suite.base}/festgeld/`);
      await waitForShellReady(tab);
      await grantAds(tab);
      await letShellLook(tab);
      assert.deepEqual(await sdkMessages(tab), [], 'no message outside the app');
      assert.equal(await tab.evaluate(() => JSON.parse(document.querySelector('script[data-shell="state"]').textContent).marketing?.sdkBridge), undefined);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
