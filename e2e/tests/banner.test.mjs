// The country banner and the edge's flags, as a visitor meets them: the banner is in the first
// HTML at the top of the page (no shift when React takes over), works as a plain form without
// JavaScript, and its cookies decide when it shows; flag-dependent entries are in the raw HTML.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { sel, shellClass } from '../lib/classes.mjs';
import { openContext, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const Banner = sel('[data-shell="header"] > form.shell-banner');
const PreferredCookie = 'shell_preferred_locale';
const RedirectCookie = 'shell_region_redirect';

async function cookiesOf(context) {
  return Object.fromEntries((await context.cookies(suite.base)).map((c) => [c.name, c.value]));
}

async function axeViolations(tab) {
  await tab.addScriptTag({ content: axeSource });
  return tab.evaluate(async (form) => {
    const result = await window.axe.run({ include: [document.querySelector(form)] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, sel('form.shell-banner'));
}

for (const width of ['desktop', 'mobile']) {
  describe(`country banner at ${width === 'desktop' ? 1440 : 390} px`, () => {
    test('region redirect from the UK: banner on top in the first HTML, choosing goes to the UK site', async () => {
      const { context, problems } = await openContext(suite.browser, width, { extraHTTPHeaders: { 'CF-IPCountry': 'GB' } });
      try {
        await context.addCookies([{ name: RedirectCookie, value: '1', url: suite.base }]);
        // Without any script: the banner is there, first in the page.
        const noJS = await openContext(suite.browser, width, { extraHTTPHeaders: { 'CF-IPCountry': 'GB' }, javaScriptEnabled: false });
        let raw;
        try {
          const plain = await noJS.context.newPage();
          await plain.goto(`${suite.base}/festgeld/?region_redirect=1`);
          raw = await plain.locator(Banner).boundingBox();
          assert.ok(raw, 'banner rendered without JavaScript');
          assert.equal(raw.y, 0, 'banner at the very top of the page');
          const header = await plain.locator('[data-shell="header"] > header').boundingBox();
          assert.ok(header.y >= raw.y + raw.height - 1, 'header below the banner');
        } finally {
          await noJS.context.close();
        }
        const tab = await context.newPage();
        await tab.goto(`${suite.base}/festgeld/?region_redirect=1`);
        // With JavaScript: React takes it over without moving it.
        await waitForShellReady(tab);
        const hydrated = await tab.locator(Banner).boundingBox();
        assert.deepEqual(hydrated, raw, 'banner did not move or resize when React took over');
        const text = await tab.locator(Banner).innerText();
        assert.match(text, /United Kingdom/);
        assert.deepEqual(await axeViolations(tab), []);
        await tab.screenshot({ path: screenshotPath(`banner-de-DE-suggest-${width === 'desktop' ? 1440 : 390}.png`) });

        await Promise.all([tab.waitForURL(/uk\.localhost/), tab.getByRole('button', { name: 'Weiter zu United Kingdom' }).click()]);
        const cookies = await cookiesOf(context);
        assert.equal(cookies[PreferredCookie], 'en-gb', 'preferred locale stored');
        assert.equal(cookies[RedirectCookie], undefined, 'redirect cookie cleared');
        assert.equal(new URL(tab.url()).pathname, '/');
        assert.equal(await tab.evaluate(() => JSON.parse(document.getElementById('shell-state').textContent).locale), 'en-GB');
        assert.equal(await tab.locator(Banner).count(), 0, 'no banner on the chosen market');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('preferred locale elsewhere: "all good" keeps this market and the banner goes', async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        await context.addCookies([{ name: PreferredCookie, value: 'fr-fr', url: suite.base }]);
        const tab = await context.newPage();
        await tab.goto(`${suite.base}/en-gb/about-us/`);
        await waitForShellReady(tab);
        assert.match(await tab.locator(Banner).innerText(), /France/);
        await Promise.all([tab.waitForNavigation(), tab.getByRole('button', { name: 'All good' }).click()]);
        assert.equal(new URL(tab.url()).pathname, '/en-gb/about-us/', 'back on the same page');
        assert.equal((await cookiesOf(context))[PreferredCookie], 'en-gb');
        assert.equal(await tab.locator(Banner).count(), 0, 'banner gone');
        await tab.reload();
        assert.equal(await tab.locator(Banner).count(), 0, 'and stays gone');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('without JavaScript: the list of markets works as a plain form', async () => {
      const { context } = await openContext(suite.browser, width, { javaScriptEnabled: false });
      try {
        const tab = await context.newPage();
        await tab.goto(`${suite.base}/nl-nl/?region_redirect=1`);
        const banner = tab.locator(Banner);
        assert.match(await banner.innerText(), /Dit is onze website voor Nederland/);
        await banner.getByRole('combobox').selectOption('fr-FR');
        await Promise.all([tab.waitForURL(/fr\.localhost/), banner.getByRole('button', { name: 'Verder' }).click()]);
        assert.equal((await cookiesOf(context))[PreferredCookie], 'fr-fr');
        assert.equal(await tab.locator('html').getAttribute('lang') !== null, true);
        assert.equal(await tab.evaluate(() => JSON.parse(document.getElementById('shell-state').textContent).locale), 'fr-FR');
      } finally {
        await context.close();
      }
    });
  });
}

describe('flags at the edge', () => {
  test('nl Beleggen, the app banner and the flagged markets are in the raw HTML', async () => {
    const nl = await (await fetch(`${suite.base}/nl-nl/`)).text();
    assert.match(nl, new RegExp(`<li class="${shellClass('shell-nav__item')}" data-shell-flag="isDWMLaunchNL\\|ippDwmLaunchNl"(?! hidden)[^>]*>`), 'Beleggen shown');
    assert.match(nl, /<li data-flag="CH"><a /, 'Schweiz listed');
    assert.match(nl, /<li data-flag="PL"><a href="\/pl-pl\/"/, 'Polska on this host');
    const de = await (await fetch(`${suite.base}/festgeld/`)).text();
    assert.match(de, new RegExp(`<div class="${shellClass('shell-app-banner')}" data-region="de">`), 'app banner shown');
  });

  test('a visitor sees what the raw HTML shows: Beleggen visible after hydration too', async () => {
    const { context, problems } = await openContext(suite.browser, 'desktop');
    try {
      const tab = await context.newPage();
      await tab.goto(`${suite.base}/nl-nl/`);
      await waitForShellReady(tab);
      assert.equal(await tab.locator('[data-shell="header"] nav').getByRole('button', { name: /Beleggen/ }).isVisible(), true);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
