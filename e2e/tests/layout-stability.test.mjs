// Nothing moves when React takes over the prerendered shell: no layout
// shift, the same boxes as with JavaScript off, the same visible text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pages } from '../lib/pages.mjs';
import { box, openContext, pagesAtOnce, settled, useSuite, waitForShellReady } from '../lib/suite.mjs';
import { sel } from '../lib/classes.mjs';

const suite = useSuite();

const parts = {
  'header mount': '[data-shell="header"]',
  header: '[data-shell="header"] header',
  content: 'main.content',
  'footer mount': '[data-shell="footer"]',
  footer: '[data-shell="footer"] footer',
};

// Records every layout shift from the first paint on, with what moved.
function recordLayoutShifts() {
  window.__shifts = [];
  const record = (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      window.__shifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        moved: e.sources.map((s) => {
          const n = s.node;
          if (!n || n.nodeType !== 1) return String(n?.nodeName ?? '?');
          return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ').join('.')}` : ''}`;
        }),
      });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  // The shifts so far, also those whose observer callback has not run yet.
  window.__takeShifts = () => {
    record(observer.takeRecords());
    return window.__shifts;
  };
}

const normalise = (text) => text.replace(/\s+/g, ' ').trim();

async function measure(tab) {
  const boxes = {};
  for (const [name, selector] of Object.entries(parts)) boxes[name] = await box(tab.locator(selector));
  const text = {
    header: normalise(await tab.locator(parts['header mount']).innerText()),
    footer: normalise(await tab.locator(parts['footer mount']).innerText()),
  };
  return { boxes, text };
}

function assertSameBox(name, noJs, hydrated) {
  for (const k of ['x', 'y', 'width', 'height']) {
    assert.ok(Math.abs(noJs[k] - hydrated[k]) <= 1,
      `${name} ${k} moved on hydration: ${noJs[k].toFixed(1)} without JavaScript, ${hydrated[k].toFixed(1)} after (${JSON.stringify({ noJs, hydrated })})`);
  }
}

for (const width of ['desktop', 'mobile']) {
  describe(`no layout shift at ${width} width`, { concurrency: pagesAtOnce }, () => {
    for (const page of pages) {
      test(`${page.market} ${page.path}`, async (t) => {
        const js = await openContext(suite.browser, width);
        const noJs = await openContext(suite.browser, width, { javaScriptEnabled: false });
        try {
          const tab = await js.context.newPage();
          await tab.addInitScript(recordLayoutShifts);
          await tab.goto(suite.base + page.path);
          await waitForShellReady(tab);
          await settled(tab); // a late shift lands in the record
          const shifts = await tab.evaluate(() => window.__takeShifts());
          const cls = shifts.reduce((sum, s) => sum + s.value, 0);
          t.diagnostic(`CLS ${cls.toFixed(4)} (${shifts.length} shifts)`);
          assert.ok(cls < 0.01, `cumulative layout shift ${cls.toFixed(4)} must stay below 0.01: ${JSON.stringify(shifts)}`);
          const hydrated = await measure(tab);

          const plain = await noJs.context.newPage();
          await plain.goto(suite.base + page.path);
          const before = await measure(plain);

          for (const name of Object.keys(parts)) assertSameBox(name, before.boxes[name], hydrated.boxes[name]);
          assert.equal(hydrated.text.header, before.text.header, 'header text is the same before and after hydration');
          assert.equal(hydrated.text.footer, before.text.footer, 'footer text is the same before and after hydration');
          assert.deepEqual(js.problems, [], 'no console errors');
        } finally {
          await js.context.close();
          await noJs.context.close();
        }
      });
    }
  });
}

// On a long page the footer's link groups are left unrendered until the visitor scrolls near
// them (content-visibility in Footer.css): reaching them moves nothing on screen.
describe('a long page: scrolling down to the footer', () => {
  for (const width of ['desktop', 'mobile']) {
    test(`shifts nothing at ${width} width`, async () => {
      const { context, problems } = await openContext(suite.browser, width);
      try {
        const tab = await context.newPage();
        await tab.addInitScript(recordLayoutShifts);
        // The demo's pages are short: the same page with a tall content part.
        await tab.route(suite.base + '/festgeld/', async (route) => {
          const res = await route.fetch();
          const html = (await res.text()).replace('<div data-shell="footer">', '<div style="height:4000px"></div><div data-shell="footer">');
          await route.fulfill({ response: res, body: html });
        });
        await tab.goto(suite.base + '/festgeld/');
        const inner = tab.locator(sel('[data-shell="footer"] .shell-footer__inner'));
        assert.equal(await inner.evaluate((e) => e.firstElementChild.checkVisibility({ contentVisibilityAuto: true })), false, 'the footer\'s links are not rendered far below the fold');
        const height = await tab.evaluate(() => document.documentElement.scrollHeight);
        // Each step is rendered (two frames: content-visibility decides in the rendering update)
        // before the next; a shift would land in the record by then.
        for (let y = 0; y <= height; y += 300) {
          await tab.evaluate(async (to) => {
            window.scrollTo(0, to);
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          }, y);
        }
        await settled(tab);
        assert.equal(await inner.evaluate((e) => e.firstElementChild.checkVisibility({ contentVisibilityAuto: true })), true, 'the footer\'s links render once near');
        const shifts = await tab.evaluate(() => window.__takeShifts());
        assert.deepEqual(shifts, [], 'no layout shift while scrolling to the footer');
        assert.deepEqual(problems, [], 'no console errors');
      } finally {
        await context.close();
      }
    });
  }
});

// What a phone paints first: the header and the page, the footer after it, in parts (its ~100
// elements were most of the shell's work before the first paint, and then, in one frame after
// it, a task over 50 ms at 4x: bench/HISTORY.md, 2026-11-27 "paint", sessions 14 and 15). In the
// frame that first renders the footer's mount it is a placeholder; then the brand column, then
// the base; a few frames on all of it shows, and nothing has moved, also on tall windows where
// the whole footer is in view. (It is CSS alone: the tests above find the same footer with
// JavaScript off.)
function watchFirstFrames(parts) {
  window.__frames = [];
  const look = () => {
    const mount = document.querySelector('[data-shell="footer"]');
    const header = document.querySelector('[data-shell="header"] header');
    if (mount?.querySelector('footer a') && header) {
      const frame = {
        footer: getComputedStyle(mount).contentVisibility,
        header: header.checkVisibility() && header.getBoundingClientRect().height > 0,
      };
      for (const [name, selector] of Object.entries(parts)) frame[name] = mount.querySelector(selector).checkVisibility({ contentVisibilityAuto: true });
      window.__frames.push(frame);
    }
    if (window.__frames.length < 10) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

describe("a page's first frames", () => {
  const sizes = {
    mobile: {},
    desktop: {},
    'mobile, a tall window': { viewport: { width: 390, height: 2600 } },
    'desktop, a tall window': { viewport: { width: 1440, height: 1900 } },
  };
  for (const [name, viewport] of Object.entries(sizes)) {
    test(`have the header, the footer comes after in parts, nothing moves (${name})`, async () => {
      const { context, problems } = await openContext(suite.browser, name.split(',')[0], viewport);
      try {
        const tab = await context.newPage();
        const parts = { brand: sel('.shell-footer__claim'), groups: sel('.shell-footer__groups button'), base: sel('.shell-footer__copyright'), fineprint: sel('.shell-credits img') };
        await tab.addInitScript(watchFirstFrames, parts);
        await tab.addInitScript(recordLayoutShifts);
        await tab.goto(suite.base + '/festgeld/');
        await tab.waitForFunction(() => window.__frames.length >= 10);
        const frames = await tab.evaluate(() => window.__frames);
        const seen = JSON.stringify(frames);
        assert.deepEqual(frames[0], { footer: 'hidden', header: true, brand: false, groups: false, base: false, fineprint: false }, `the first frame with the footer has the header and the footer's placeholder: ${seen}`);
        assert.ok(frames.some((f) => f.brand && !f.base), `a frame has the footer's brand column but not yet its base: ${seen}`);
        assert.ok(frames.some((f) => f.base && !f.fineprint), `a frame has the footer's base but not yet its fine print: ${seen}`);
        assert.deepEqual(frames.at(-1), { footer: 'visible', header: true, brand: true, groups: true, base: true, fineprint: true }, `a few frames on all of the footer shows: ${seen}`);
        await settled(tab);
        assert.deepEqual(await tab.evaluate(() => window.__takeShifts()), [], 'no layout shift while the footer comes');
        assert.deepEqual(problems, [], 'no console errors');
      } finally {
        await context.close();
      }
    });
  }
});
