// Logging in at the edge in a real browser: the customer area sends a visitor
// to the provider's login, the customer comes back logged in to the page they
// asked for, no token ever reaches the browser, and logout ends the session.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { demoUser, logInAtProvider } from '../lib/idp.mjs';
import { openContext, useSuite } from '../lib/suite.mjs';

const suite = useSuite();

// Reads the shell state the gateway inlined in the page.
const inlineState = (page) =>
  page.evaluate(() => JSON.parse(document.querySelector('script[data-shell="state"]')?.textContent ?? 'null'));

describe('login at the edge', () => {
  test('the customer area sends a visitor to the provider and back, logged in', async () => {
    const { context, problems } = await openContext(suite.browser, 'desktop');
    const page = await context.newPage();
    try {
      // A protected page without a session: the guard sends the visitor to the locale's
      // login, which starts the login at the provider.
      await page.goto(`${suite.base}/en-gb/documents/`);
      assert.ok(page.url().startsWith(suite.idp.base), `on the provider's login page, not ${page.url()}`);
      const start = await fetch(`${suite.base}/en-gb/login/`, { redirect: 'manual' });
      assert.match(start.headers.get('location') ?? '', /ui_locales=en-GB/, 'the provider is asked for the market language');

      // Start again from a page with content, to land somewhere the origin serves.
      await page.goto(`${suite.base}/login/?return=${encodeURIComponent('/festgeld/')}&product=overnight`);
      await logInAtProvider(page, suite.idp);
      const landed = new URL(page.url());
      assert.equal(landed.origin, suite.base, 'back on the gateway');
      assert.equal(landed.pathname, '/festgeld/', 'on the page the login was started for');
      assert.equal(landed.searchParams.get('product'), 'overnight', 'the product survives the round trip');

      const state = await inlineState(page);
      assert.equal(state.isLoggedIn, true, 'logged in');
      assert.equal(state.customerId, demoUser.customerNumber, 'the customer number from the session');
      assert.ok(state.session?.expiresAt > state.session?.serverTime, 'the session timing for the countdown');

      // No token in the page, in a cookie JavaScript can read, or in /_shell/state.
      const html = await page.content();
      const jsCookies = await page.evaluate(() => document.cookie);
      const viaRoute = await page.evaluate(async () => (await fetch('/_shell/state?path=/festgeld/')).text());
      const cookies = await context.cookies(suite.base);
      const session = cookies.find((c) => c.name === 'shellgate');
      assert.ok(session, `a session cookie: ${cookies.map((c) => c.name)}`);
      assert.equal(session.httpOnly, true, 'the session cookie is HttpOnly');
      assert.equal(session.sameSite, 'Lax', 'the session cookie is SameSite=Lax');
      for (const [where, text] of [['page', html], ['document.cookie', jsCookies], ['/_shell/state', viaRoute]]) {
        assert.doesNotMatch(text, /eyJ[\w-]+\.eyJ[\w-]+\./, `no JWT in the ${where}`);
        assert.ok(!text.includes(session.value), `no session id in the ${where}`);
      }

      // The customer area opens now (the demo origin has no such page: its 404 comes
      // through, not a redirect to login).
      const area = await context.request.get(`${suite.base}/documents/`, { maxRedirects: 0 });
      assert.notEqual(area.status(), 302, 'no detour through login once logged in');

      // Logout from the page: a same-origin form post.
      await page.goto(`${suite.base}/festgeld/`);
      await page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/_shell/auth/logout';
        document.body.append(form);
        form.submit();
      });
      await page.waitForURL((u) => u.href.startsWith(suite.idp.base), { timeout: 10_000 });
      const after = await (await context.request.get(`${suite.base}/_shell/state?path=/festgeld/`)).json();
      assert.equal(after.isLoggedIn, false, 'logged out after the logout');
      // The provider's own page (its favicon) is not the gateway's business.
      const ours = problems.filter((p) => !p.includes(suite.idp.base));
      assert.deepEqual(ours, [], 'no console errors or failed shell requests');
    } finally {
      await context.close();
    }
  });

  test('a cross-site logout post is refused', async () => {
    const res = await fetch(`${suite.base}/_shell/auth/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      redirect: 'manual',
    });
    assert.equal(res.status, 403);
  });
});
