// A tab left alone while automatic extension is on (ASVS 4.0.3 3.3.2): the shell refreshes
// the short access token by itself several times, and that is not the customer's activity, so
// the tab is still logged out at the idle timeout: the countdown shows, the tab posts the
// logout and lands on the provider's form asking for the password (not signed straight back
// in), and the old session cookie logs in no more.
//
// The file starts its own stack (dev IdP with 30 s access tokens, the demo Caddyfile with a
// 60 s idle timeout; the shell extends a 30 s token at 15 s left, so about three times before
// the idle timeout); logs land in e2e/artifacts/idle-auto-extend*.log and screenshots in
// e2e/artifacts/idle-auto-extend-logged-out-<width>.png. Runs about 70 s: the idle timeout
// itself, both widths at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, viewports } from '../lib/browser.mjs';
import { screenshotPath } from '../lib/suite.mjs';
import { startStack } from '../lib/stack.mjs';

const TokenSeconds = 30;
const IdleSeconds = 60;

const stack = { base: '', browser: null, gateway: null };

before(async () => {
  stack.gateway = await startStack({ accessTtl: TokenSeconds, idleTimeout: `${IdleSeconds}s`, logName: 'idle-auto-extend' });
  stack.base = stack.gateway.base;
  stack.browser = await launchBrowser();
});

after(async () => {
  await stack.browser?.close();
  await stack.gateway?.stop();
});

/** logIn signs anna in through the dev IdP's form and lands on the home page. */
async function logIn(page) {
  await page.goto(`${stack.base}/login/`);
  await page.fill('#username', 'anna');
  await page.fill('#password', 'demo');
  await Promise.all([page.waitForURL(`${stack.base}/**`), page.click('button[type=submit]')]);
}

/** stateWith asks the edge whether these cookies log in, as a browser holding them would. */
async function stateWith(cookies) {
  const res = await fetch(`${stack.base}/_shell/state?path=/`, {
    headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), Accept: 'application/json' },
  });
  assert.equal(res.status, 200);
  return res.json();
}

/** leaveAlone logs in at a width, then touches nothing until the tab is logged out. */
async function leaveAlone(width) {
  const context = await stack.browser.newContext(viewports[width]);
  const page = await context.newPage();
  const extends_ = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/_shell/session/extend') extends_.push(req.postData());
  });
  try {
    await logIn(page);
    const lastActivity = Date.now(); // the landing page is the customer's last activity
    const cookies = await context.cookies();
    assert.equal((await stateWith(cookies)).isLoggedIn, true, 'logged in after the login');

    const timeout = (IdleSeconds + 30) * 1000;
    const logout = page.waitForRequest((req) => new URL(req.url()).pathname === '/_shell/auth/logout', { timeout });
    // The idle countdown shows before the end (the token's own is the refresh's to handle).
    await page.getByRole('alertdialog').waitFor({ timeout });
    await logout;
    const loggedOutAfter = (Date.now() - lastActivity) / 1000;
    // Logged out means the provider asks for the password again: its session ended with the
    // edge's, so the login page does not sign the customer straight back in.
    await page.locator('#password').waitFor({ timeout: 15_000 });

    assert.ok(extends_.length >= 1, 'the shell extended the token by itself at least once');
    for (const body of extends_) assert.equal(body, '{"byCustomer":false}', 'only automatic extensions, never the customer\'s');
    assert.ok(
      loggedOutAfter >= IdleSeconds - 3 && loggedOutAfter <= IdleSeconds + 10,
      `the tab was logged out ${loggedOutAfter.toFixed(1)} s after the last activity, want about the ${IdleSeconds} s idle timeout (it extended ${extends_.length} times)`,
    );
    assert.equal((await stateWith(cookies)).isLoggedIn, false, 'the old session cookie still logs in after the idle timeout');
    assert.equal((await stateWith(await context.cookies())).isLoggedIn, false, 'the tab is still logged in');
    await page.screenshot({ path: screenshotPath(`idle-auto-extend-logged-out-${width === 'desktop' ? 1440 : 390}.png`) });
    return extends_.length;
  } finally {
    await context.close();
  }
}

test('a tab left alone is extended automatically, yet logged out at the idle timeout', async () => {
  // Both widths at once: the wait is the idle timeout, not the browser.
  const counts = await Promise.all([leaveAlone('desktop'), leaveAlone('mobile')]);
  console.log(`automatic extensions before the idle timeout: ${counts.join(', ')}`);
});
