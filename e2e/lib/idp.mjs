// Starts and stops the development identity provider (deploy/dev-idp) for
// browser tests, so logins go through the real OIDC flow the gateway uses.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactsDir, freePort, repoRoot } from './gateway.mjs';

const startTimeoutMs = 20_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The demo customer of deploy/dev-idp/customers.json.
export const demoUser = { username: 'anna', password: 'demo', customerNumber: 'DE1000001' };

/**
 * Starts `node deploy/dev-idp/server.mjs` on a free port (or options.port).
 * options: { port, redirectUris, postLogoutUris, backchannelUri, accessTtl,
 * refreshTtl, sessionTtl } (TTLs in seconds).
 * Returns { issuer, base, port, stats(), resetStats(), stop(), logFile }.
 */
export async function startIdp(options = {}) {
  const port = options.port ?? (await freePort());
  const base = `http://localhost:${port}`;
  const issuer = `${base}/auth/realms/global`;
  const env = { ...process.env, DEV_IDP_PORT: String(port), DEV_IDP_ISSUER: issuer };
  const list = (v) => (Array.isArray(v) ? v.join(',') : v);
  if (options.redirectUris) env.DEV_IDP_REDIRECT_URIS = list(options.redirectUris);
  if (options.postLogoutUris) env.DEV_IDP_POST_LOGOUT_URIS = list(options.postLogoutUris);
  if (options.backchannelUri) env.DEV_IDP_BACKCHANNEL_URI = options.backchannelUri;
  if (options.accessTtl) env.DEV_IDP_ACCESS_TTL = String(options.accessTtl);
  if (options.refreshTtl) env.DEV_IDP_REFRESH_TTL = String(options.refreshTtl);
  if (options.sessionTtl) env.DEV_IDP_SESSION_TTL = String(options.sessionTtl);

  await mkdir(artifactsDir, { recursive: true });
  const logFile = join(artifactsDir, options.logName ?? 'dev-idp.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(repoRoot, 'deploy', 'dev-idp', 'server.mjs')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      const gone = await Promise.race([exited.then(() => true), sleep(3000).then(() => false)]);
      if (!gone) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        await exited;
      }
    }
    log.end();
  };

  const deadline = Date.now() + startTimeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the dev IdP exited with code ${child.exitCode}; its log (${logFile}):\n${await readFile(logFile, 'utf8').catch(() => '')}`);
    }
    try {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
      last = `discovery answered ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await sleep(150);
  }
  if (Date.now() >= deadline) {
    await stop();
    throw new Error(`the dev IdP at ${issuer} did not answer discovery within ${startTimeoutMs} ms (${last}); run npm ci at the repo root`);
  }

  const stats = async () => (await fetch(`${base}/_dev/stats`)).json();
  const resetStats = async () => {
    await fetch(`${base}/_dev/stats/reset`, { method: 'POST' });
  };
  return { issuer, base, port, stats, resetStats, stop, logFile };
}

/**
 * Logs in through the provider's form in a Playwright page that is on (or was
 * sent to) the provider's login page, and waits until the browser is back on
 * the gateway.
 */
export async function logInAtProvider(page, idp, user = demoUser) {
  await page.waitForURL((u) => u.href.startsWith(idp.base), { timeout: 10_000 });
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.href.startsWith(idp.base), { timeout: 10_000 });
}
