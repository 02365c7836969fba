// What the shell's stylesheets cost a phone before its first paint. Chromium builds a whole SVG
// document (page, frame, parser, layout) for each distinct SVG image a page paints, and for an
// image inlined as a data URI it does so inside the style recalculation before the first paint:
// fourteen inlined icons were ~300 ms of it on a 4x slowed phone (bench/HISTORY.md, 2026-11-27
// "style"). So the footer's icons and brand mark come from one raster grid (no document at all),
// the header's other icons from one file, the sprite, as views (one document for all), and only
// the header's brand mark is inlined, to be in the first frame. These tests count, they time
// nothing; the build (prerender/write.mjs) checks the built stylesheet the same way.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { iconsDir } from './sprite.ts';

const src = resolve(iconsDir, '..');
const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
const images = sheets.flatMap((file) =>
  [...readFileSync(join(src, file), 'utf8').matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)].map((m) => ({
    file,
    url: m[1]!,
    icon: relative(src, resolve(src, file, '..', m[1]!.replace(/[?#].*$/, ''))),
  })),
);

test("the shell stylesheets paint every icon from the sprite or the footer's grid but the header brand mark", () => {
  expect(images.length).toBeGreaterThan(10);
  const own = images.filter((i) => i.icon !== 'icons/sprite.svg' || !i.url.includes('#'));
  expect(
    own.map((i) => `${i.file}: ${i.url}`),
    "each image a stylesheet names besides a view of icons/sprite.svg (sprite.svg#name) and the footer's grid (icons/grid.css) is one more request, and as an SVG one more document the browser builds on every page: add the icon to src/icons and name its view or its grid cell",
  ).toEqual(['header/Logo.css: ../icons/brand.svg', ...['3', '1', '2', '3'].map((n) => `icons/grid.css: ./grid-${n}x.png?no-inline`)]);
});

test('the footer paints its icons from its raster grid: no SVG image, no view of the sprite', () => {
  // Each view of sprite.svg painted is a layout and paint of the sprite's document again (~13 in
  // the footer's frame on a phone, bench/HISTORY.md 2026-11-27 "icons"), and any SVG image is a
  // document built and laid out on the page's main thread (14-50 ms at 4x); a PNG is decoded on
  // the raster threads (2026-11-27 "raster").
  const svgs = images.filter((i) => (i.file.startsWith('footer/') || i.file === 'icons/grid.css') && /\.svg([?#]|$)/.test(i.url));
  expect(svgs.map((i) => `${i.file}: ${i.url}`)).toEqual([]);
});

test('only the header brand mark may be inlined: every other image is a file of its own', () => {
  // Vite inlines a file under 4 KB as a data URI unless its URL says ?no-inline or names a view.
  const inlined = images.filter((i) => !i.url.includes('#') && !i.url.includes('?no-inline'));
  expect(
    inlined.map((i) => i.url),
    'an image inlined in the stylesheet has its SVG document built in the style recalculation before the first paint (~15 ms each on a 4x slowed phone): name a view of the sprite or add ?no-inline',
  ).toEqual(['../icons/brand.svg']);
});

test('no SVG image of the shell lays out text: brand marks and partner logos draw their words as outlines', () => {
  // An SVG image's <text> is laid out (font matching, shaping, text chunks) each time the
  // image's document is laid out: the wordmark and the footer's partner logo did 70-100 ms of
  // text layout on a customer's page at 4x after the first paint (bench/HISTORY.md, 2026-11-27
  // "task"). As outlines they need no font and look the same on every phone.
  const svgs = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg') && !f.includes('partners/'));
  expect(svgs.length).toBeGreaterThan(20);
  expect(svgs.filter((f) => /<text[\s>]/.test(readFileSync(join(src, f), 'utf8')))).toEqual([]);
});

test("the phone's menu button draws its hamburger without an image, so the first frame has it", () => {
  // The sprite arrives after the first paint; the one control a phone visitor needs at once
  // must not be blank until then (its cross, shown once the panel is open, may come from it).
  const css = readFileSync(join(src, 'header/MobilePanel.css'), 'utf8');
  const closed = /\.shell-mobile-toggle::before\s*\{([^}]*)\}/.exec(css)?.[1];
  expect(closed, 'MobilePanel.css draws the toggle in .shell-mobile-toggle::before').toBeDefined();
  expect(closed, 'the closed toggle names no image (no url(), no mask)').not.toMatch(/url\(|mask/);
  expect(closed).toMatch(/box-shadow/);
});
