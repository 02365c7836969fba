// A visitor without JavaScript, or a crawler, gets every link of the shell
// in the HTML itself: each link React shows after hydration (menus opened
// one by one) is already in the bytes the gateway sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contentHrefs, renderedHref } from '../lib/content.mjs';
import { pages } from '../lib/pages.mjs';
import { fetchSpliced, linkHrefs } from '../lib/raw.mjs';
import { openContext, pagesAtOnce, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();

// Every href under a mount after opening each closed disclosure a visitor
// can see; a few passes, because the phone's menu buttons sit in a panel.
async function hydratedHrefs(tab, mount) {
  const hrefs = new Set();
  const collect = async () => {
    for (const h of await tab.locator(`[data-shell="${mount}"] a[href]`).evaluateAll((as) => as.map((a) => a.getAttribute('href')))) hrefs.add(h);
  };
  await collect();
  const buttons = tab.locator(`[data-shell="${mount}"] button[aria-expanded][aria-controls]`);
  const opened = new Set();
  for (let pass = 0; pass < 3; pass++) {
    let clicked = false;
    for (let i = 0; i < (await buttons.count()); i++) {
      const button = buttons.nth(i);
      const id = await button.getAttribute('aria-controls');
      if (opened.has(id) || !(await button.isVisible())) continue;
      if (await tab.locator(`[id="${id}"]`).isVisible()) continue; // already open (e.g. link groups on desktop)
      // Centre it first: on phones a fixed action bar covers the bottom edge.
      await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await button.click({ timeout: 5000 });
      opened.add(id);
      clicked = true;
      await collect();
    }
    if (!clicked) break;
  }
  return hrefs;
}

describe('shell links are in the raw HTML', { concurrency: pagesAtOnce }, () => {
  for (const page of pages) {
    test(`${page.market} ${page.path}`, async () => {
      const raw = await fetchSpliced(suite.base, suite.origin, page.path);
      assert.match(raw.res.headers.get('content-type'), /^text\/html/);
      const [header] = raw.mounts('header');
      const [footer] = raw.mounts('footer');
      assert.ok(header, 'raw HTML has the header mount');
      assert.ok(footer, 'raw HTML has the footer mount');
      assert.match(header.html, /<header\b/, 'the header is prerendered, not an empty mount');
      assert.match(footer.html, /<footer\b/, 'the footer is prerendered, not an empty mount');
      const rawHeader = new Set(linkHrefs(header.html));
      const rawFooter = new Set(linkHrefs(footer.html));
      assert.ok(rawHeader.size >= 5, `header has its nav links in the HTML, found ${[...rawHeader]}`);
      assert.ok(rawFooter.size >= 5, `footer has its link groups in the HTML, found ${[...rawFooter]}`);

      // Every link the market's content gives a visitor is in the fragment.
      for (const [part, found] of [['header', rawHeader], ['footer', rawFooter]]) {
        const missing = (await contentHrefs(page.market, part)).map((h) => renderedHref(page.market, h)).filter((h) => !found.has(h));
        assert.deepEqual(missing, [], `${part} links of shell-ui/src/content/${page.market}/${part}.ts missing from the raw HTML`);
      }

      for (const width of ['desktop', 'mobile']) {
        const { context } = await openContext(suite.browser, width);
        try {
          // A fresh page per mount: an open phone menu would cover the footer.
          const hydrated = {};
          for (const mount of ['header', 'footer']) {
            const tab = await context.newPage();
            await tab.goto(suite.base + page.path);
            await waitForShellReady(tab);
            hydrated[mount] = await hydratedHrefs(tab, mount);
            await tab.close();
          }
          const missingHeader = [...hydrated.header].filter((h) => !rawHeader.has(h));
          const missingFooter = [...hydrated.footer].filter((h) => !rawFooter.has(h));
          assert.deepEqual(missingHeader, [], `${width}: header links only JavaScript users get`);
          assert.deepEqual(missingFooter, [], `${width}: footer links only JavaScript users get`);
        } finally {
          await context.close();
        }
      }
    });
  }
});
