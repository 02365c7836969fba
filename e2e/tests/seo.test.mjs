// Page title, consent and the page's choice of header, as a browser and a crawler see them.
// The demo gateway has no consent configured: its pages get no consent node. A second gateway,
// started here with consent and header_variants configured, sits in front of a small origin of
// this file's own: pages without a title, a page that asks for its header, and a stand-in
// consent manager and tag manager (nothing loads from the internet).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startGateway } from '../lib/gateway.mjs';
import { openContext, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();

// The consent nodes the gateway may insert, by their data-shell value.
const consentNodes = '[data-shell="consent-manager"], [data-shell="consent-default"], [data-shell="tag-manager"]';

const page = (head, body = '<main><h1>Festgeld</h1><p>Zinsen für Ihr Erspartes.</p></main>') =>
  `<!doctype html>\n<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">${head}</head>\n<body>${body}</body></html>\n`;

// The stand-in consent manager offers the API the shell's consent-settings link calls.
const consentManager = `window.UC_UI = { showSecondLayer() { window.__secondLayer = (window.__secondLayer || 0) + 1; } };`;
// The stand-in container records what consent default it found in the data layer when it loaded.
const tagManager = `window.__container = new URLSearchParams(document.currentScript.src.split('?')[1]).get('id');
window.__consentAtLoad = (window.dataLayer || []).map((e) => Array.from(e)).find((e) => e[0] === 'consent' && e[1] === 'default') || null;
window.__redaction = (window.dataLayer || []).map((e) => Array.from(e)).some((e) => e[0] === 'set' && e[1] === 'ads_data_redaction' && e[2] === true);`;

const originPages = {
  '/festgeld/': ['text/html; charset=utf-8', page('<meta name="description" content="Festgeld vergleichen">')],
  '/en-gb/savings/': ['text/html; charset=utf-8', page('')],
  '/titled/': ['text/html; charset=utf-8', page('<title>Unser Festgeld</title>')],
  '/bank/': ['text/html; charset=utf-8', page('<title>Bank</title><meta name="shell-header" content="hidden-navigation">')],
  '/partner-banken/bank-a/': ['text/html; charset=utf-8', page('<title>Bank A</title>')],
  '/demo-consent/cmp.js': ['text/javascript', consentManager],
  '/demo-consent/gtm.js': ['text/javascript', tagManager],
};

async function startConsentGateway() {
  const origin = createServer((req, res) => {
    const found = originPages[new URL(req.url, 'http://x').pathname];
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': found[0] }).end(found[1]);
  });
  await new Promise((resolve) => origin.listen(0, '127.0.0.1', resolve));
  let gateway;
  try {
    gateway = await startGateway({
      logName: 'gateway-seo.log',
      config: ({ port, admin }) => `{
	admin ${admin}
	skip_install_trust
}
http://:${port} {
	shell {
		header_variants /partner-banken/* bank-navigation
		consent {
			manager_script /demo-consent/cmp.js
			manager_attributes id demo-cmp
			manager_attributes data-settings-id demo-settings
			tag_manager german GTM-DEMO01
			tag_manager non_german GTM-DEMO02
			tag_manager_url /demo-consent/gtm.js
		}
	}
	reverse_proxy 127.0.0.1:${origin.address().port}
}
`,
    });
  } catch (err) {
    await new Promise((r) => origin.close(r));
    throw err;
  }
  const stop = async () => {
    await gateway.stop();
    await new Promise((r) => origin.close(r));
  };
  return { base: gateway.base, stop };
}

const rawHTML = async (url) => {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url} answered ${res.status}`);
  return res.text();
};

describe('the demo: pages keep their title and get no consent node', () => {
  for (const path of ['/', '/festgeld/', '/en-gb/']) {
    test(path, async () => {
      const raw = await rawHTML(suite.base + path);
      const origin = await rawHTML(suite.origin + path);
      const own = origin.match(/<title>([^<]*)<\/title>/)[1];
      assert.equal((raw.match(/<title\b/g) ?? []).length, 1, 'one title in the page');
      assert.doesNotMatch(raw, /<title data-shell/, 'the page has a title: the gateway adds none');
      assert.doesNotMatch(raw, /data-shell="(consent-manager|consent-default|tag-manager)"/, 'no consent node without configuration');
      const { context, problems } = await openContext(suite.browser, 'desktop');
      try {
        const tab = await context.newPage();
        await tab.goto(suite.base + path);
        await waitForShellReady(tab);
        assert.equal(await tab.title(), own.replace(/&amp;/g, '&'));
        assert.equal(await tab.locator(consentNodes).count(), 0);
        // The demo's marketing block pushes the host's tracking app id; nothing else may be in
        // the data layer without a consent container (no consent default, no container calls).
        const others = await tab.evaluate(() => (window.dataLayer ?? []).filter((e) => !(e && typeof e === 'object' && !Array.isArray(e) && 'tracking_app_id' in e)).length);
        assert.equal(others, 0, 'no data layer entries but the tracking app id without a container');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a gateway with consent and header routes', () => {
  let gateway;
  before(async () => {
    gateway = await startConsentGateway();
  });
  after(async () => {
    await gateway?.stop();
  });

  test('a page without a title gets the market default, in raw HTML and document.title', async () => {
    for (const [path, want] of [
      ['/festgeld/', 'Festgeld und Tagesgeld vergleichen | Shellgate'],
      ['/en-gb/savings/', 'Compare fixed rate bonds and easy access savings | Shellgate'],
    ]) {
      const raw = await rawHTML(gateway.base + path);
      const head = raw.slice(0, raw.indexOf('<body'));
      assert.ok(head.includes(`<title data-shell="title">${want}</title>`), `${path}: the raw head has the title: ${head}`);
      const { context, problems } = await openContext(suite.browser, 'desktop');
      try {
        const tab = await context.newPage();
        await tab.goto(gateway.base + path);
        await waitForShellReady(tab);
        assert.equal(await tab.title(), want);
        assert.equal(await tab.locator('head > title').count(), 1);
        const description = await tab.locator('meta[name="description"]').evaluateAll((ms) => ms.map((m) => m.content));
        assert.deepEqual(description, path === '/festgeld/' ? ['Festgeld vergleichen'] : [], "the page's own meta is left alone");
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
  });

  test('a page with a title keeps it alone', async () => {
    const raw = await rawHTML(`${gateway.base}/titled/`);
    assert.equal((raw.match(/<title\b/g) ?? []).length, 1);
    assert.match(raw, /<title>Unser Festgeld<\/title>/);
  });

  test('consent default before the container; the settings link opens the manager', async () => {
    const { context, problems } = await openContext(suite.browser, 'desktop');
    try {
      const tab = await context.newPage();
      await tab.goto(`${gateway.base}/festgeld/`);
      await waitForShellReady(tab);
      const nodes = await tab.locator(`head :is(${consentNodes})`).evaluateAll((ns) => ns.map((n) => `${n.dataset.shell}:${n.getAttribute('src') ?? 'inline'}`));
      assert.deepEqual(nodes, [
        'consent-default:inline',
        'consent-manager:/demo-consent/cmp.js',
        'tag-manager:inline',
        'tag-manager:/demo-consent/gtm.js?id=GTM-DEMO01',
      ]);
      assert.equal(await tab.locator('head [data-shell="consent-manager"]').getAttribute('data-settings-id'), 'demo-settings');
      await tab.waitForFunction(() => window.__container !== undefined);
      assert.equal(await tab.evaluate(() => window.__container), 'GTM-DEMO01', 'the German group container');
      const consent = await tab.evaluate(() => window.__consentAtLoad);
      assert.deepEqual(consent, [
        'consent',
        'default',
        { ad_user_data: 'denied', ad_personalization: 'denied', ad_storage: 'denied', analytics_storage: 'denied', wait_for_update: 2000 },
      ]);
      assert.equal(await tab.evaluate(() => window.__redaction), true, 'ads data redaction is set before the container');

      const link = tab.locator('[data-shell="footer"] a[href$="#consent-settings"]').first();
      await link.scrollIntoViewIfNeeded();
      await link.click();
      assert.equal(await tab.evaluate(() => window.__secondLayer), 1, 'the consent manager second layer was asked for');
      assert.ok(!tab.url().endsWith('#consent-settings'), 'the link opens the settings instead of navigating');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a page asks for its header with a meta; a route with header_variant', async () => {
    for (const [path, want] of [
      ['/bank/', 'hidden-navigation'],
      ['/partner-banken/bank-a/', 'bank-navigation'],
      ['/titled/', 'public'],
    ]) {
      const { context, problems } = await openContext(suite.browser, 'desktop');
      try {
        const tab = await context.newPage();
        const res = await tab.goto(gateway.base + path);
        const raw = await res.text();
        const state = JSON.parse(raw.match(/<script[^>]*data-shell="state"[^>]*>([^<]*)<\/script>/)[1]);
        assert.equal(state.headerVariant, want, `${path}: the state names the header`);
        const links = (html) => (html.match(/<a\b/g) ?? []).length;
        const mount = raw.slice(raw.indexOf('<div data-shell="header">'), raw.indexOf('</header>'));
        await waitForShellReady(tab);
        const hydrated = await tab.locator('[data-shell="header"] a').count();
        assert.equal(hydrated, links(mount), `${path}: React shows the header the gateway chose`);
        if (want === 'hidden-navigation') assert.equal(hydrated, 1, 'logo only');
        else assert.ok(hydrated > 1, 'navigation shown');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
  });
});
