// Every content page, at desktop and mobile width, is framed by the shell:
// header on top, the page's own content intact, footer after it, in the
// market's language, with no errors in the console.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pages, screenshotName, shellWords } from '../lib/pages.mjs';
import { box, openContext, pagesAtOnce, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();

for (const width of ['desktop', 'mobile']) {
  describe(`shell frame at ${width} width`, { concurrency: pagesAtOnce }, () => {
    for (const page of pages) {
      test(`${page.market} ${page.path}`, async () => {
        const { context, problems } = await openContext(suite.browser, width);
        try {
          const tab = await context.newPage();
          const res = await tab.goto(suite.base + page.path);
          assert.equal(res.status(), 200);
          await waitForShellReady(tab);
          // Before the checks, so a failing page still leaves its picture behind.
          await tab.screenshot({ path: screenshotPath(screenshotName(page, width)), fullPage: true });

          const header = tab.locator('[data-shell="header"] header');
          const footer = tab.locator('[data-shell="footer"] footer');
          const main = tab.locator('main.content');
          await assert.doesNotReject(header.waitFor({ state: 'visible' }), 'header visible');
          await assert.doesNotReject(footer.waitFor({ state: 'visible' }), 'footer visible');
          assert.equal(await tab.locator('[data-shell="header"]').count(), 1, 'exactly one header mount');
          assert.equal(await tab.locator('[data-shell="footer"]').count(), 1, 'exactly one footer mount');

          const [h, f, m] = [await box(header), await box(footer), await box(main)];
          assert.ok(h.width > 0 && h.height > 0, `header has a size: ${JSON.stringify(h)}`);
          assert.ok(f.width > 0 && f.height > 0, `footer has a size: ${JSON.stringify(f)}`);
          const viewportWidth = tab.viewportSize().width;
          // The shell owns the page frame: no default body margin around header and footer.
          assert.ok(Math.abs(h.y) < 1, `header touches the top, y=${h.y}`);
          assert.ok(Math.abs(h.x) < 1 && Math.abs(h.width - viewportWidth) < 1, `header spans the viewport: x=${h.x}, width=${h.width} of ${viewportWidth}`);
          assert.ok(Math.abs(f.x) < 1 && Math.abs(f.width - viewportWidth) < 1, `footer spans the viewport: x=${f.x}, width=${f.width} of ${viewportWidth}`);
          assert.ok(h.y + h.height <= m.y + 0.5, `content starts below the header (header bottom ${h.y + h.height}, content top ${m.y})`);
          assert.ok(f.y >= m.y + m.height - 0.5, `footer after the content (content bottom ${m.y + m.height}, footer top ${f.y})`);

          const scrollWidth = await tab.evaluate(() => document.scrollingElement.scrollWidth);
          assert.ok(scrollWidth <= viewportWidth, `no sideways scrolling: page is ${scrollWidth}px wide in a ${viewportWidth}px viewport`);

          // The page's own content is still there and readable.
          assert.equal(await tab.locator('main.content h1').innerText(), page.h1);
          assert.ok((await tab.locator('main.content table.rates tbody tr').count()) >= 2, 'rates table rows kept');
          assert.equal(await tab.locator('h1').count(), 1, 'the shell adds no h1 of its own');

          // Right language: the market's words are on screen, the other market's are not.
          const words = shellWords[page.market];
          const other = shellWords[page.market === 'de-DE' ? 'en-GB' : 'de-DE'];
          const shellText = await tab.locator('[data-shell="header"], [data-shell="footer"]').allInnerTexts();
          const visible = shellText.join('\n');
          assert.match(visible, new RegExp(words.login), `shell shows "${words.login}"`);
          assert.doesNotMatch(visible, new RegExp(`\\b${other.login}\\b`), `shell does not show "${other.login}"`);
          assert.equal(await tab.locator('html').getAttribute('lang'), page.market === 'de-DE' ? 'de' : 'en-GB', 'page language untouched');

          // A picture with the first menu open (the hamburger on phones).
          const toggle = tab.locator('[data-shell="header"] button[aria-expanded="false"][aria-controls]:visible').first();
          const panelId = await toggle.getAttribute('aria-controls'); // before the click changes what the locator matches
          await toggle.click();
          const panel = tab.locator(`[id="${panelId}"]`);
          await panel.waitFor({ state: 'visible', timeout: 2000 });
          // Let the opening transition end, or the picture shows a half-faded panel.
          await panel.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
          await tab.screenshot({ path: screenshotPath(screenshotName(page, width, 'menu-open')) });
          assert.deepEqual(problems, [], 'no console errors, no failed shell assets');
        } finally {
          await context.close();
        }
      });
    }
  });
}
