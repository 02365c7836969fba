// The spec's numbers as a browser draws them (spec 2.4, 2.5, 2.8; issue 18 row 10), at 1440
// and 390 px on the en-GB home page, whose footer has every block: 30 px social icons, link
// groups in two columns from lg, a flag per market in the picker, the app banner's store badges
// with their marks, the pre-login header within 1272 px; and none of it fetched from elsewhere.
// The private header keeps the 1272 px too (docs/spec-deviations.md: private-layout.test.mjs
// finds its nav clipped in a 1200 px bar).
// Screenshots: e2e/artifacts/spec-numbers-<width>[-picker].png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { sel } from '../lib/classes.mjs';
import { openContext, screenshotPath, useSuite, waitForShellReady } from '../lib/suite.mjs';

// Where each footer icon sits in the footer's icon grid (shell-ui/src/icons/grid.css): the
// position that shows that icon's cell of the one grid image.
const gridCss = readFileSync(new URL('../../shell-ui/src/icons/grid.css', import.meta.url), 'utf8');
const gridPosition = (icon) => {
  const m = new RegExp(`--shell-icon-${icon}: var\\(--shell-icon-grid\\) (\\S+) (\\S+) /`).exec(gridCss);
  return m && [m[1], m[2]].map((v) => (v === '0' ? '0px' : v)).join(' ');
};

const suite = useSuite();

for (const width of ['desktop', 'mobile']) {
  describe(`the spec's numbers at ${width} width`, () => {
    test('en-GB home: footer, picker and header', async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        const elsewhere = [];
        tab.on('request', (r) => {
          const url = new URL(r.url());
          if (url.protocol !== 'data:' && url.origin !== new URL(suite.base).origin) elsewhere.push(r.url());
        });
        const res = await tab.goto(suite.base + '/en-gb/');
        assert.equal(res.status(), 200);
        await waitForShellReady(tab);
        const viewport = tab.viewportSize().width;
        const footer = tab.locator('[data-shell="footer"] footer');
        await footer.scrollIntoViewIfNeeded();
        await tab.screenshot({ path: screenshotPath(`spec-numbers-${viewport}.png`), fullPage: true });

        // 2.4: social icons 30 px.
        const icons = await tab.locator(sel('.shell-social__link')).evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.width, r.height]));
        assert.ok(icons.length > 0, 'social icons shown');
        for (const size of icons) assert.deepEqual(size, [30, 30], 'social icon is 30 px');

        // 2.4: link groups in two columns from lg, an accordion (one column) below.
        const lefts = await tab.locator(sel('.shell-footer__groups > *')).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
        assert.ok(lefts.length >= 3, `link groups: ${lefts.length}`);
        assert.equal(new Set(lefts).size, viewport >= 992 ? 2 : 1, `columns of link groups at ${viewport}px: lefts ${lefts}`);

        // 2.4: the app banner's badges, named by their store, each with the store's mark.
        for (const [name, view] of [
          [/App Store/, 'store-app-store'],
          [/Google Play/, 'store-google-play'],
        ]) {
          const badge = tab.getByRole('link', { name });
          await badge.waitFor({ state: 'visible' });
          const mark = await badge.evaluate((el) => {
            const s = getComputedStyle(el, '::before');
            return { image: s.maskImage || s.webkitMaskImage, position: s.maskPosition || s.webkitMaskPosition, width: s.width, height: s.height };
          });
          // The store's own cell of the footer's icon grid (src/icons/grid.svg as PNGs, one per
          // pixel ratio).
          assert.match(mark.image, /^image-set\(url\(".*\/_shell\/assets\/shell-[^"/#]+\.png"\) 1dppx, .*3dppx\)$/, `${name} badge's mark is the shell's icon grid`);
          assert.ok(gridPosition(view), `grid.css has ${view}`);
          assert.equal(mark.position, gridPosition(view), `${name} badge shows its store's mark`);
          assert.deepEqual([mark.width, mark.height], ['20px', '20px']);
        }

        // 2.8: the pre-login header bar within 1272 px.
        const bar = await tab.locator(sel('[data-shell="header"] .shell-header__bar')).evaluate((el) => el.getBoundingClientRect().width);
        assert.equal(bar, Math.min(viewport, 1272), `header bar width at ${viewport}px`);

        // 2.5: the picker shows the current market's flag; opened, a flag before every market.
        const button = tab.locator(sel('.shell-market__button'));
        // The flag is the ::before of the button and of each row's link (or current market).
        const flagOf = (loc) =>
          loc.evaluate((el) => {
            const s = getComputedStyle(el, '::before');
            return { width: parseFloat(s.width), height: parseFloat(s.height), painted: s.content !== 'none' && s.backgroundImage !== 'none' };
          });
        assert.deepEqual(await flagOf(button), { width: 21, height: 14, painted: true });
        await button.click();
        const list = viewport >= 992 ? tab.locator(sel('.shell-market > .shell-market__list')) : tab.getByRole('dialog').locator(sel('.shell-market__list'));
        await list.waitFor({ state: 'visible' });
        const rows = await list.locator('li:visible').count();
        const flags = list.locator('li:visible > *');
        assert.ok(rows >= 10, `markets listed: ${rows}`);
        assert.equal(await flags.count(), rows, 'a flag in every row');
        for (let i = 0; i < rows; i++) assert.deepEqual(await flagOf(flags.nth(i)), { width: 21, height: 14, painted: true });
        await tab.screenshot({ path: screenshotPath(`spec-numbers-${viewport}-picker.png`) });

        assert.deepEqual(elsewhere, [], 'nothing fetched from another origin');
        assert.deepEqual(problems, [], 'no console errors, no failed shell assets');
      } finally {
        await context.close();
      }
    });
  });
}
