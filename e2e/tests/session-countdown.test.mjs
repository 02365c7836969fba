// The session countdown for a logged-in customer, in Chromium, against the real gateway and
// the dev identity provider with 40-second access tokens: the countdown shows at once (40 s
// is under the 120 s warning), two tabs show one figure, "Sitzung verlängern" in one tab
// confirms in both, and at zero every tab posts the logout (reason=expired) and goes to login.
//
// The file starts its own dev IdP and gateway (identity on, automatic extension off, so the
// countdown is the customer's to act on; keycloak_logout on, so a timeout ends the provider's
// session too); logs land in e2e/artifacts/session-*.log. It needs a bin/shellgate with
// identity (make build); SHELLGATE_E2E_BINARY and SHELLGATE_E2E_UI_DIR point elsewhere.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser } from '../lib/browser.mjs';
import { artifactsDir, freePort, repoRoot } from '../lib/gateway.mjs';

const binary = process.env.SHELLGATE_E2E_BINARY ?? join(repoRoot, 'bin', 'shellgate');
// SHELLGATE_E2E_UI_DIR serves another UI build than the one in the binary.
const uiDir = process.env.SHELLGATE_E2E_UI_DIR;
const TokenSeconds = 40;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const stack = { base: '', browser: null, stops: [] };

/** start runs a process in its own group, logging to artifacts/<name>.log, until stop(). */
function start(name, command, args, env) {
  const log = createWriteStream(join(artifactsDir, `${name}.log`));
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stack.stops.push(async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([exited, sleep(5000)]);
    }
    log.end();
  });
  return child;
}

async function waitFor200(url, child, what) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}; see e2e/artifacts/`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${what} not up at ${url} after 30 s; see e2e/artifacts/`);
}

before(async () => {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run make build at the repo root first`);
  const [idpPort, port, originPort, adminPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const issuer = `http://localhost:${idpPort}/auth/realms/global`;
  stack.base = `http://localhost:${port}`;

  const idp = start('session-idp', process.execPath, ['deploy/dev-idp/server.mjs'], {
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_ISSUER: issuer,
    DEV_IDP_REDIRECT_URIS: `${stack.base}/_shell/auth/callback`,
    DEV_IDP_POST_LOGOUT_URIS: `${stack.base}/`,
    DEV_IDP_BACKCHANNEL_URI: `${stack.base}/_shell/auth/backchannel-logout`,
    DEV_IDP_ACCESS_TTL: String(TokenSeconds),
  });
  await waitFor200(`${issuer}/.well-known/openid-configuration`, idp, 'the dev IdP');

  const home = await mkdtemp(join(tmpdir(), 'shellgate-session-e2e-'));
  stack.stops.push(() => rm(home, { recursive: true, force: true }));
  const caddyfile = join(home, 'Caddyfile');
  await writeFile(
    caddyfile,
    `{
	admin localhost:${adminPort}
}

http://:${port} {
	shell {
		${uiDir ? `ui_dir ${uiDir}` : ''}
		identity {
			provider DEU ${issuer} {
				client_id login
				logout keycloak
			}
			environment development
			auto_extend off
			keycloak_logout on
		}
	}
	reverse_proxy localhost:${originPort}
}

http://:${originPort} {
	bind 127.0.0.1
	root * testdata/site
	file_server
}
`,
  );
  const gateway = start('session-gateway', binary, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
  });
  await waitFor200(`${stack.base}/_shell/healthz`, gateway, 'the gateway (a binary without identity fails here: run make build)');
  stack.browser = await launchBrowser();
});

after(async () => {
  await stack.browser?.close();
  for (const stop of stack.stops.reverse()) await stop();
});

/** logIn signs anna in through the dev IdP's form and lands on the home page. */
async function logIn(page) {
  await page.goto(`${stack.base}/login/`);
  await page.fill('#username', 'anna');
  await page.fill('#password', 'demo');
  await Promise.all([page.waitForURL(`${stack.base}/**`), page.click('button[type=submit]')]);
}

/** twoTabs logs in in tab A and opens the home page in tab B of the same browser. */
async function twoTabs(prepare = async () => {}) {
  const context = await stack.browser.newContext();
  await prepare(context);
  const a = await context.newPage();
  await logIn(a);
  const b = await context.newPage();
  await b.goto(`${stack.base}/`);
  return { context, a, b };
}

const countdownText = (page) => page.getByRole('alertdialog').textContent();

test('two tabs show one countdown; extending in one confirms in both', async () => {
  const { context, a, b } = await twoTabs();
  try {
    await a.getByRole('alertdialog', { name: /^Sie werden in 0:\d\d abgemeldet\.$/ }).waitFor();
    await b.getByRole('alertdialog').waitFor();
    // Right after a turn of A's figure, B shows the same one, three times over.
    for (let i = 0; i < 3; i += 1) {
      const before = await countdownText(a);
      await a.waitForFunction((t) => document.querySelector('[role="alertdialog"]')?.textContent !== t, before, { polling: 20 });
      await sleep(150);
      assert.equal(await countdownText(b), await countdownText(a));
    }

    const expiresBefore = (await (await a.request.get(`${stack.base}/_shell/state?path=/`)).json()).session.expiresAt;
    await a.getByRole('button', { name: 'Sitzung verlängern' }).click();
    for (const page of [a, b]) {
      await page.getByRole('status').filter({ hasText: 'Ihre Sitzung wurde erfolgreich um 1 Minute verlängert' }).waitFor({ timeout: 5000 });
    }
    const after = (await (await a.request.get(`${stack.base}/_shell/state?path=/`)).json()).session;
    assert.ok(after.expiresAt > expiresBefore, 'the edge holds a new token after the extension');
    // A fresh 40 s token: both tabs count from near 0:40 again, with one figure.
    await sleep(150);
    const seconds = (text) => Number(/0:(\d\d)/.exec(text)[1]);
    assert.ok(seconds(await countdownText(a)) >= TokenSeconds - 5, await countdownText(a));
    assert.ok(Math.abs(seconds(await countdownText(a)) - seconds(await countdownText(b))) <= 1);
  } finally {
    await context.close();
  }
});

test('at zero every tab posts the logout with reason=expired and goes to login; expired is reported once', async () => {
  const seen = { a: [], b: [], events: [] };
  // Beacons carry their body as a Blob, which the browser's request events do not show: the
  // test reads the events as the page hands them to sendBeacon.
  const { context, a, b } = await twoTabs(async (context) => {
    await context.exposeBinding('recordShellEvent', (_source, text) => seen.events.push(JSON.parse(text).action));
    await context.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/_shell/events') && data instanceof Blob) void data.text().then((t) => window.recordShellEvent(t));
        return send(url, data);
      };
    });
  });
  for (const [name, page] of [['a', a], ['b', b]]) {
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path === '/_shell/auth/logout') seen[name].push(`logout ${req.postData()}`);
      if (path === '/login/' && req.isNavigationRequest()) seen[name].push('login');
    });
  }
  try {
    await a.getByRole('alertdialog').waitFor();
    const deadline = Date.now() + (TokenSeconds + 20) * 1000;
    while (!(seen.a.includes('login') && seen.b.includes('login')) && Date.now() < deadline) await sleep(250);
    for (const name of ['a', 'b']) {
      assert.ok(seen[name].includes('logout reason=expired'), `tab ${name} posted the logout with reason=expired: ${seen[name]}`);
      assert.ok(seen[name].indexOf('login') > seen[name].indexOf('logout reason=expired'), `tab ${name} went to login after the logout: ${seen[name]}`);
    }
    assert.equal(seen.events.filter((e) => e === 'expired').length, 1, `events: ${seen.events}`);
  } finally {
    await context.close();
  }
});
