// What every test file shares: the gateway (the one run.mjs started, or its
// own when a file runs alone), one Chromium, and page helpers.
import { after, before } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactsDir } from './gateway.mjs';
import { startStack } from './stack.mjs';
import { launchBrowser, viewports } from './browser.mjs';

/**
 * Registers file-level hooks; the returned object is filled in before the
 * first test: { base, origin, browser, idp: { base, issuer } }.
 */
export function useSuite() {
  const suite = { base: '', origin: '', browser: null, idp: null };
  let ownGateway = null;
  before(async () => {
    if (process.env.SHELLGATE_E2E_BASE) {
      suite.base = process.env.SHELLGATE_E2E_BASE;
      suite.origin = process.env.SHELLGATE_E2E_ORIGIN;
      suite.idp = { base: process.env.SHELLGATE_E2E_IDP, issuer: process.env.SHELLGATE_E2E_IDP_ISSUER };
    } else {
      const { writeLargePage } = await import('../generate-large-page.mjs');
      await writeLargePage();
      ownGateway = await startStack();
      suite.base = ownGateway.base;
      suite.origin = ownGateway.origin;
      suite.idp = { base: ownGateway.idp.base, issuer: ownGateway.idp.issuer };
    }
    await mkdir(artifactsDir, { recursive: true });
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await ownGateway?.stop();
  });
  return suite;
}

export const screenshotPath = (name) => join(artifactsDir, name);

// How many pages the long per-market and per-page loops open at once in their one Chromium
// (describe's concurrency): the run is bound by waiting on the browser and the gateway more
// than by the CPU. Each test has its own browser context, so nothing is shared between them.
export const pagesAtOnce = Number(process.env.SHELLGATE_E2E_PAGES_AT_ONCE ?? 2);

/**
 * Opens a context at a width ("desktop" or "mobile") and records what a
 * visitor's devtools would show: console errors, page errors, and failed or
 * non-2xx requests for the shell's own assets.
 */
export async function openContext(browser, width, options = {}) {
  const context = await browser.newContext({ ...viewports[width], ...options });
  const problems = [];
  context.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  context.on('weberror', (err) => problems.push(`page error: ${err.error().message}`));
  context.on('requestfailed', (req) => {
    if (new URL(req.url()).pathname.startsWith('/_shell/assets/')) {
      problems.push(`failed request ${req.url()}: ${req.failure()?.errorText}`);
    }
  });
  context.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/_shell/assets/') && res.status() >= 400) {
      problems.push(`${res.status()} for ${res.url()}`);
    }
  });
  return { context, problems };
}

// Resolves once React has hydrated both shell mounts.
// waitForShellReady waits until the shell has hydrated (<html data-shell-ready="true">). On a
// timeout it says where the browser was and what the shell had, so that a failure in a long
// run can be read from the log alone.
export async function waitForShellReady(page, timeout = 10_000) {
  const consoleLines = [];
  const onConsole = (m) => consoleLines.push(`${m.type()}: ${m.text()}`);
  page.on('console', onConsole);
  try {
    // A visitor's page hydrates on the first touch of the shell (hydrateLazily.ts): touch it.
    await page.evaluate(() => document.querySelector('[data-shell="header"], [data-shell="footer"]')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await page.waitForFunction(() => document.documentElement.dataset.shellReady === 'true', null, { timeout });
  } catch (err) {
    const seen = await page
      .evaluate(() => {
        let variant = 'no state';
        try {
          const state = document.querySelector('script[data-shell="state"]');
          if (state) variant = JSON.parse(state.textContent).headerVariant;
        } catch {
          variant = 'unreadable state';
        }
        return { variant, readyState: document.readyState, title: document.title };
      })
      .catch((e) => ({ evaluateFailed: e.message }));
    throw new Error(`the shell did not hydrate within ${timeout} ms at ${page.url()}: ${JSON.stringify(seen)}; console: ${JSON.stringify(consoleLines)}`, { cause: err });
  } finally {
    page.off('console', onConsole);
  }
}

export async function box(locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box: it is not rendered`);
  return b;
}

// settled waits for what may still move a hydrated page, instead of a fixed wait: the load
// event, the web fonts, and two frames (React renders the state its effects set after
// hydration by the next frame).
export async function settled(page) {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

// wheel turns the mouse wheel by dy and waits until the scroll it causes is over, instead of a
// fixed wait: the wheel event has reached the page (mouse.wheel does not wait for that) and the
// page's and every scroller's position has held for three frames, so a smooth scroll has
// ended or never started.
export async function wheel(page, dy) {
  await page.evaluate(() => {
    window.__wheeled = new Promise((resolve) => window.addEventListener('wheel', resolve, { once: true, capture: true, passive: true }));
  });
  await page.mouse.wheel(0, dy);
  await page.evaluate(async () => {
    await window.__wheeled;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const where = () => [window.scrollY, ...[...document.querySelectorAll('*')].filter((el) => el.scrollTop > 0).map((el) => el.scrollTop)].join(',');
    let last = where();
    for (let still = 0; still < 3; ) {
      await frame();
      const now = where();
      still = now === last ? still + 1 : 0;
      last = now;
    }
  });
}

// eachAtOnce runs fn over items, pagesAtOnce at a time (for a loop inside one test); rejects
// with the first failure once every started call has ended.
export async function eachAtOnce(items, fn, atOnce = pagesAtOnce) {
  const queue = [...items];
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(atOnce, queue.length) }, async () => {
      while (queue.length) await fn(queue.shift());
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
