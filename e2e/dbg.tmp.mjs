import { launchBrowser, viewports } from './lib/browser.mjs';
const b = await launchBrowser();
for (const w of ['desktop', 'mobile']) {
  const ctx = await b.newContext(viewports[w]);
  const p = await ctx.newPage();
  await p.goto('http://localhost:18080/festgeld/');
  await p.waitForFunction(() => document.documentElement.dataset.shellReady === 'true');
  const t = p.locator('[data-shell="header"] button[aria-expanded="false"][aria-controls]:visible').first();
  console.log(w, await t.evaluate((e) => e.outerHTML.slice(0, 120)));
  const id = await t.getAttribute('aria-controls');
  await t.click();
  for (const ms of [0, 100, 300, 1000]) { await p.waitForTimeout(ms); console.log(ms, await p.locator(`[id="${id}"]`).evaluate((e) => e.hidden), await p.locator(`[aria-controls="${id}"]`).getAttribute('aria-expanded')); }
}
await b.close();
