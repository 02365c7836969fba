// The feature-flag service (docs/reference.md, "flag_service"): a gateway of this file's own,
// in front of the demo's origin, asks a stand-in OFREP service for the flags. The service's
// mobileAppBanner off hides the footer's "download our app" banner that the flag file shows;
// a service that never answers leaves the page as the flag file has it, without a long wait.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startGateway } from '../lib/gateway.mjs';
import { sel } from '../lib/classes.mjs';
import { openContext, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();

// startFlagService answers OFREP bulk evaluation with flags, or never when flags is null.
async function startFlagService(flags) {
  const contexts = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      contexts.push(JSON.parse(body).context);
      if (flags === null) return; // never answers
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ flags }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, contexts, stop: () => new Promise((r) => server.closeAllConnections() || server.close(r)) };
}

// timeout: the answering service gets the longest the gateway allows, so a loaded machine does
// not make the page fall back to the flag file; the silent one the short one it must wait out.
async function startFlagGateway(serviceURL, logName, timeout) {
  return startGateway({
    logName,
    config: ({ port, admin }) => `{
	admin ${admin}
	skip_install_trust
}
http://:${port} {
	shell {
		flag_service ${serviceURL} {
			timeout ${timeout}
		}
	}
	reverse_proxy ${new URL(suite.origin).host}
}
`,
  });
}

const widths = [
  ['desktop', 1440],
  ['mobile', 390],
];

describe('a gateway with a flag service', () => {
  let service, gateway, silent, slowGateway;
  before(async () => {
    service = await startFlagService([{ key: 'mobileAppBanner', value: false, reason: 'STATIC' }]);
    gateway = await startFlagGateway(service.url, 'gateway-flag-service.log', '2s');
    silent = await startFlagService(null);
    slowGateway = await startFlagGateway(silent.url, 'gateway-flag-service-silent.log', '150ms');
  });
  after(async () => {
    await gateway?.stop();
    await slowGateway?.stop();
    await service?.stop();
    await silent?.stop();
  });

  for (const [width, px] of widths) {
    test(`the service's flag hides the app banner the flag file shows (${px} px)`, async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        await tab.goto(`${suite.base}/festgeld/`);
        await waitForShellReady(tab);
        const fileBanner = tab.locator(sel('[data-shell="footer"] .shell-app-banner'));
        await fileBanner.scrollIntoViewIfNeeded();
        assert.ok(await fileBanner.isVisible(), 'the demo (flag file only) shows the app banner');

        await tab.goto(`${gateway.base}/festgeld/`);
        await waitForShellReady(tab);
        assert.equal(await tab.locator(sel('[data-shell="footer"] .shell-app-banner:visible')).count(), 0, 'the service turned the banner off');
        const footer = tab.locator('[data-shell="footer"]');
        await footer.scrollIntoViewIfNeeded();
        await tab.screenshot({ path: screenshotPath(`flag-service-banner-off-${px}.png`) });
        const sent = service.contexts.at(-1);
        assert.match(sent.targetingKey, /^device-[0-9a-f-]{36}$/, 'the anonymous device is the targeting key');
        assert.ok(['mobile', 'desktop'].includes(sent.deviceKind), `device kind ${sent.deviceKind}`); // from the User-Agent
        assert.equal(sent.locale, 'de-de');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }

  test('a service that never answers: the page as the flag file has it, after at most the timeout', async () => {
    const { context, problems } = await openContext(suite.browser, 'desktop');
    try {
      const tab = await context.newPage();
      const start = Date.now();
      const res = await tab.goto(`${slowGateway.base}/festgeld/`);
      const took = Date.now() - start;
      assert.equal(res.status(), 200);
      assert.ok(took < 3000, `the page took ${took} ms`);
      await waitForShellReady(tab);
      const banner = tab.locator(sel('[data-shell="footer"] .shell-app-banner'));
      await banner.scrollIntoViewIfNeeded();
      assert.ok(await banner.isVisible(), "the flag file's app banner shows");
      await tab.screenshot({ path: screenshotPath('flag-service-silent-1440.png') });
      assert.ok(silent.contexts.length >= 1, 'the service was asked');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
