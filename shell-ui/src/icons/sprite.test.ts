// sprite.svg and the grid (grid.svg, rasterized as grid-<n>x.png) are what the stylesheets paint
// the icons from: they must hold every icon file as it is now (an edited icon that is not in them
// would never reach a visitor), and each of the footer's icons must show its own cell of the grid
// at the size it is painted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { footerGrid, GridScales, gridRaster, gridRasterFile, iconSprite, iconsDir } from './sprite.ts';

test('sprite.svg holds every icon file as it is (npx vitest run src/icons/sprite.test.ts --update rewrites it)', async () => {
  await expect(iconSprite()).toMatchFileSnapshot('./sprite.svg');
});

test('grid.svg and grid.css hold the footer icons as they are (--update rewrites them)', async () => {
  const grid = footerGrid();
  await expect(grid.svg).toMatchFileSnapshot('./grid.svg');
  await expect(grid.css).toMatchFileSnapshot('./grid.css');
});

// What the visitor's browser paints is the PNG of its pixel ratio, not grid.svg: each must be
// grid.svg as it is now, rendered at its scale (an icon edited in its file but not here would
// never reach a visitor). The PNGs are written by the same --update.
// vitest's --update is read from a test's snapshot state (the test workers do not see the argument).
const updating = () => (expect.getState().snapshotState as unknown as { _updateSnapshot?: string })._updateSnapshot === 'all';
test.each([...GridScales])('grid-%dx.png is grid.svg rendered at that scale, cells on whole pixels (--update rewrites it)', (scale) => {
  const file = join(iconsDir, gridRasterFile(scale));
  const want = gridRaster(footerGrid().svg, scale);
  if (updating()) writeFileSync(file, want);
  const have = readFileSync(file);
  // The PNG's own header says its size: the grid's at this scale, so a cell's CSS px is scale x scale pixels.
  expect([have.readUInt32BE(16), have.readUInt32BE(20)], `${gridRasterFile(scale)}'s size`).toEqual([gridWidth! * scale, gridHeight! * scale]);
  expect(have.equals(want), `${gridRasterFile(scale)} is grid.svg at ${scale}x: npx vitest run src/icons/sprite.test.ts --update rewrites it`).toBe(true);
});

test('grid.css names each PNG of the grid for its pixel ratio, and the largest where image-set() is not read', () => {
  const set = /@supports \(background-image: image-set\([^)]*\) 1x\)\) \{\s*\.shell-footer,\s*\.shell-header \{\s*--shell-icon-grid: image-set\(([^;]*)\);/.exec(gridCss)?.[1];
  expect(set, 'grid.css sets --shell-icon-grid to an image set where image-set() is read').toBeDefined();
  expect([...set!.matchAll(/url\('\.\/grid-(\d)x\.png\?no-inline'\) (\d)x/g)].map((m) => [Number(m[1]), Number(m[2])])).toEqual(GridScales.map((s) => [s, s]));
  expect(gridCss).toMatch(/^\.shell-footer,\n\.shell-header \{\n {2}--shell-icon-grid: url\('\.\/grid-3x\.png\?no-inline'\);$/m);
});

// What a visitor sees of a cell painted as `mask: var(--shell-icon-<name>)` on an element of
// the cell's size: the part of grid.svg at the position's negation, as large as the element.
const gridSvg = readFileSync(join(iconsDir, 'grid.svg'), 'utf8');
const gridCss = readFileSync(join(iconsDir, 'grid.css'), 'utf8');
const [, gridWidth, gridHeight] = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(gridSvg)!.map(Number);
/** drawn lists what grid.svg draws: each icon's body and the box it is drawn in. */
const drawn = [...gridSvg.matchAll(/<svg(?: id="[^"]+")? x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" viewBox="([^"]+)">(.*)<\/svg>/g)].map((m) => ({
  x: Number(m[1]),
  y: Number(m[2]),
  width: Number(m[3]),
  height: Number(m[4]),
  viewBox: m[5]!,
  body: m[6]!,
}));
/** layers are grid.css's custom properties: where each icon's element shows the grid. */
const layers = new Map(
  [...gridCss.matchAll(/--shell-icon-([\w-]+): var\(--shell-icon-grid\) (0|-\d+px) (0|-\d+px) \/ (\d+)px (\d+)px no-repeat;/g)].map((m) => [
    m[1]!,
    { x: -parseInt(m[2]!), y: -parseInt(m[3]!), width: Number(m[4]), height: Number(m[5]) },
  ]),
);

/** iconBody is an icon file's drawing and viewBox, as the grid copies them. */
function iconBody(icon: string): { viewBox: string; body: string } {
  const source = readFileSync(join(iconsDir, `${icon}.svg`), 'utf8').trim();
  const root = /^<svg\b[^>]*>/.exec(source)![0];
  return { viewBox: /\sviewBox="([^"]+)"/.exec(root)![1]!, body: source.slice(root.length, -'</svg>'.length) };
}

/** shown is what grid.svg draws in the width x height box at (x, y): the icons whose box starts
 * in it, relative to it, and whether one starting outside reaches into it (a neighbour showing). */
function shown(x: number, y: number, width: number, height: number) {
  const inside = drawn.filter((d) => d.x >= x && d.y >= y && d.x < x + width && d.y < y + height);
  const cut = drawn.some((d) => !inside.includes(d) && d.x < x + width && d.x + d.width > x && d.y < y + height && d.y + d.height > y);
  return { icons: inside.map((d) => ({ at: [d.x - x, d.y - y, d.width, d.height], viewBox: d.viewBox, body: d.body })), cut };
}

// Each rule that paints a footer icon, the element's size and what it must show: the icon file,
// at that size (the review's stars: five tiles of 22x20, the 108 px element cuts the last one's gap).
const painted: { sheet: string; icon: string; layer: string; width: number; height: number; tiles?: number }[] = [
  { sheet: 'footer/Footer.css', icon: 'brand-light', layer: 'brand-light', width: 144, height: 32 },
  { sheet: 'footer/ReviewRating.css', icon: 'star', layer: 'star-row', width: 108, height: 20, tiles: 5 },
  { sheet: 'footer/FooterLinkGroup.css', icon: 'chevron-down', layer: 'chevron-down', width: 16, height: 16 },
  { sheet: 'footer/MarketPicker.css', icon: 'chevron-up', layer: 'chevron-up', width: 16, height: 16 },
  ...['facebook', 'instagram', 'linkedin', 'x', 'youtube'].map((n) => ({ sheet: 'footer/SocialIcons.css', icon: `social-${n}`, layer: `social-${n}`, width: 16, height: 16 })),
  ...['app-store', 'google-play'].map((n) => ({ sheet: 'footer/FooterBlocks.css', icon: `store-${n}`, layer: `store-${n}`, width: 20, height: 20 })),
  { sheet: 'header/private/PrivateHeader.css', icon: 'logout', layer: 'logout', width: 20, height: 20 },
  { sheet: 'header/NavItem.css', icon: 'chevron-down', layer: 'chevron-down', width: 16, height: 16 },
];

test.each(painted)('$icon: its element shows its own icon file from grid.svg, whole and alone', ({ icon, layer, width, height, tiles }) => {
  const at = layers.get(layer);
  expect(at, `grid.css has --shell-icon-${layer}`).toBeDefined();
  expect([at!.width, at!.height], 'the layer is the grid at its own size').toEqual([gridWidth, gridHeight]);
  const { icons, cut } = shown(at!.x, at!.y, width, height);
  expect(cut, `the ${width}x${height} element at (${at!.x}, ${at!.y}) shows part of a neighbour`).toBe(false);
  const file = iconBody(icon);
  const tileWidth = tiles ? 22 : width;
  expect(icons).toEqual(Array.from({ length: tiles ?? 1 }, (_, i) => ({ at: [i * tileWidth, 0, tileWidth, height], ...file })));
});

test.each(painted)('$sheet paints $icon on a $width x $height element from --shell-icon-$layer', ({ sheet, icon, layer, width, height }) => {
  const text = readFileSync(resolve(iconsDir, '..', sheet), 'utf8');
  const rules = [...text.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({ selector: m[1]!.replace(/\/\*[\s\S]*?\*\//g, '').trim(), body: m[2]! }));
  const naming = rules.find((r) => r.body.includes(`var(--shell-icon-${layer})`));
  expect(naming, `a rule in ${sheet} names var(--shell-icon-${layer})`).toBeDefined();
  // The element's size: in the rule, or in the rule that paints the custom property it sets
  // (.shell-social__link--x sets --shell-social-glyph, ::before paints it), or in the rule for
  // the same element without the footer's variant (.shell-brand).
  const property = /(--[\w-]+):\s*var\(--shell-icon-/.exec(naming!.body)?.[1];
  const element = property ? rules.find((r) => r.body.includes(`var(${property})`))! : naming!;
  const sized = [element, ...rules.filter((r) => r.selector.split(' ').at(-1) === element.selector.split(' ').at(-1))].find((r) => /\bwidth:/.test(r.body) && /\bheight:/.test(r.body));
  const px = (prop: string) => Number(new RegExp(`(?:^|[\\s;])${prop}:\\s*(\\d+)px`).exec(sized!.body)?.[1]);
  expect([px('width'), px('height')], `${icon}'s element in ${sheet}`).toEqual([width, height]);
});

test('every icon of the grid is painted by a rule', () => {
  expect([...layers.keys()].sort()).toEqual([...new Set(painted.map((p) => p.layer))].sort());
});
