// What a phone's first paint waits for. The footer is most of the elements the shell adds to a
// page (about 100 of ~160 styled before the first paint on /festgeld/ at 390 px) and Chromium
// rendered all of it in the first frame: content-visibility: auto keeps a part unrendered only
// when it starts more than one and a half screens below, and the demo's pages are short
// (bench/HISTORY.md, 2026-11-27 "paint", session 14). So the footer is a placeholder in the first
// frame and rendered in the next: an animation that starts at content-visibility: hidden. These
// tests read the stylesheets; they time nothing (bench/visitor measures the paint).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

const src = resolve(import.meta.dirname, '..');
const footerCss = readFileSync(join(src, 'footer/Footer.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const rule = (css: string, selector: string) =>
  [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter((m) => m[1]!.trim() === selector).map((m) => m[2]!);

test("the footer is left out of a page's first frame and rendered in the next", () => {
  const mount = rule(footerCss, "[data-shell='footer']").join(';');
  const animation = /(?:^|;)\s*animation:\s*([\w-]+)\s+(\d+)ms\s*;/.exec(mount);
  expect(
    animation,
    "the footer's mount ([data-shell='footer']) starts an animation from content-visibility: hidden, so the footer's ~100 elements are not styled, laid out and painted before a phone's first paint: without it they were half the shell's work then",
  ).not.toBeNull();
  const [, name, ms] = animation!;
  const keyframes = new RegExp(`@keyframes ${name}\\s*\\{\\s*from\\s*\\{\\s*content-visibility:\\s*hidden;?\\s*\\}\\s*\\}`).exec(footerCss);
  expect(keyframes, `@keyframes ${name} holds only "from { content-visibility: hidden }": the mount's own value (visible) follows at once (auto would hold the market dialog, position: fixed, in a containment box)`).not.toBeNull();
  // Over by the next frame (a frame is 16 ms at 60 Hz): longer would show an empty footer for
  // longer on a page that has it in view.
  expect(Number(ms)).toBeLessThanOrEqual(16);
});

// One frame for the whole footer after the first paint was itself a task of 50-120 ms at 4x CPU
// (bench/HISTORY.md, 2026-11-27 "paint", session 15): its parts come a frame after another, each
// level of the same animation a frame later than its parent's.
test("the footer's parts come in successive frames, each a level below the last", () => {
  const animated = [...footerCss.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter((m) => /animation:\s*shell-footer-after-first-frame\s+1ms/.test(m[2]!))
    .flatMap((m) => m[1]!.split(',').map((s) => s.trim()));
  for (const part of ['.shell-footer__brand', '.shell-footer__intro > div', '.shell-footer__groups', '.shell-footer__base', '.shell-footer__base > *']) {
    expect(
      animated,
      `${part} is kept hidden a frame after its parent renders: without it, the review, social icons, link groups and the base all came in one frame, a task over 50 ms at 4x after the first paint`,
    ).toContain(part);
  }
});

test("a part of the footer still hidden paints nothing that could move when the parts above it come", () => {
  // The base's first row comes after the link groups above it are rendered; a border of its own
  // would be painted while its content is hidden and moved down when the groups come (CLS 0.03
  // at 390 px): its line is a pseudo-element inside it, hidden with its content.
  const baseInner = rule(footerCss, '.shell-footer__base-inner').join(';');
  expect(baseInner, 'the base row has no border of its own').not.toMatch(/border/);
  expect(rule(footerCss, '.shell-footer__base-inner::before').join(';')).toMatch(/border-top:\s*1px solid/);
  // The brand mark comes a frame after the claim below it: hidden, its box keeps the mark's height.
  expect(rule(footerCss, '.shell-footer__brand').join(';')).toMatch(/contain-intrinsic-block-size:\s*32px/);
  expect(rule(footerCss, '.shell-footer__brand .shell-brand').join(';')).toMatch(/height:\s*32px/);
  for (const part of ['.shell-footer__groups', '.shell-footer__base', '.shell-footer__intro', '.shell-footer__brand']) {
    expect(rule(footerCss, part).join(';'), `${part} paints nothing of its own`).not.toMatch(/background|border|box-shadow|outline/);
  }
});

test('the placeholder has about the footer\'s height, at both widths', () => {
  // Without a height the page would end at the content in the first frame and grow a frame later
  // (on a desktop with a classic scrollbar, a short page would gain one and move sideways).
  expect(rule(footerCss, "[data-shell='footer']").join(';')).toMatch(/contain-intrinsic-block-size:\s*\d{3,4}px/);
  const wide = /@media \(min-width: 992px\)\s*\{([\s\S]*?)\n\}/.exec(footerCss)?.[1] ?? '';
  expect(rule(wide, "[data-shell='footer']").join(';')).toMatch(/contain-intrinsic-block-size:\s*\d{3,4}px/);
});

test('no other part of the shell is kept out of the first frame: the header and the banner paint at once', () => {
  const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css') && f !== join('footer', 'Footer.css'));
  expect(sheets.length).toBeGreaterThan(10);
  expect(
    sheets.filter((f) => /content-visibility:\s*hidden/.test(readFileSync(join(src, f), 'utf8'))),
    'a header, banner or menu left out of the first frame would be blank when the page first shows',
  ).toEqual([]);
});
