// The shell's icons as one SVG file (sprite.svg), each a <view> the stylesheets name by
// fragment: url('../icons/sprite.svg#menu'). Chromium builds a whole SVG document (page, frame,
// parser, layout) for every SVG image a page paints, synchronously inside style recalculation
// when the image is a data URI: fourteen inlined icons cost a 4x slowed phone ~300 ms of style
// recalculation before its first paint (bench/HISTORY.md, 2026-11-27 "style"). One file is one
// document for all of them, built when it arrives rather than in the first style
// recalculation; a fragment does not change which resource is loaded (the cache drops it).
//
// Each icon keeps its own viewBox in a nested <svg>, stacked in one column with a gap wider
// than any icon so that no view shows a neighbour. The file is checked in and kept equal to
// iconSprite() by sprite.test.ts (`npx vitest run src/icons/sprite.test.ts --update` rewrites it).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

export const iconsDir = dirname(fileURLToPath(import.meta.url));
const Gap = 200;

/** BrandMarks are not in the sprite: the header's is inlined so that the header's first frame
 * has it (Logo.css). The footer's (brand-light.svg) is a view of the sprite and a cell of the
 * footer's grid (footerGrid, which the footer paints): a file of its own was one more request and
 * SVG document, before the first paint on a phone whenever the footer starts within one and a
 * half screens (content-visibility: auto renders it then); its words are outlines, so no text
 * is laid out for it. */
export const BrandMarks = new Set(['brand.svg']);

/** iconFiles lists the sprite's icons: every .svg here but the sprite, the footer's grid and the header's brand mark. */
export function iconFiles(): string[] {
  return readdirSync(iconsDir)
    .filter((f) => f.endsWith('.svg') && f !== 'sprite.svg' && f !== 'grid.svg' && !BrandMarks.has(f))
    .sort();
}

/** iconSprite stacks every icon file into one SVG with a <view> per icon, named after its file. */
export function iconSprite(): string {
  let y = 0;
  const views: string[] = [];
  const icons: string[] = [];
  for (const file of iconFiles()) {
    const source = readFileSync(join(iconsDir, file), 'utf8').trim();
    const root = /^<svg\b[^>]*>/.exec(source)?.[0];
    const viewBox = root && /\sviewBox="([^"]+)"/.exec(root)?.[1];
    if (!root || !viewBox || !source.endsWith('</svg>')) throw new Error(`${file}: an icon is one <svg viewBox="..."> element`);
    const [, , width, height] = viewBox.split(/[\s,]+/).map(Number);
    if (!(width! > 0 && height! > 0 && width! < Gap)) throw new Error(`${file}: viewBox ${viewBox} must be positive and narrower than ${Gap}`);
    const name = file.replace(/\.svg$/, '');
    views.push(`<view id="${name}" viewBox="0 ${y} ${width} ${height}"/>`);
    icons.push(`<svg y="${y}" width="${width}" height="${height}" viewBox="${viewBox}">${source.slice(root.length, -'</svg>'.length)}</svg>`);
    y += height! + Gap;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${views.join('\n')}\n${icons.join('\n')}\n</svg>\n`;
}

// The footer's icons as a grid: each drawn once at the size its stylesheet paints it, side by
// side in one SVG without views (grid.svg), rasterized at 1x, 2x and 3x (grid-<n>x.png), and
// each painted as the classic CSS sprite: the one image at its own size, moved so that the
// icon's cell is under the element (grid.css: --shell-icon-<name>). A view of sprite.svg is laid
// out and painted again for each view (~13 in the footer's frame at 4x), and any SVG image costs
// the page's main thread a whole document built and laid out (14-50 ms at 4x); a PNG is decoded
// on the raster threads and needs neither (bench/HISTORY.md, 2026-11-27 "icons" and "raster").
// grid.svg, grid.css and the PNGs are checked in and kept equal to footerGrid() and
// gridRaster() by sprite.test.ts.

/** GridCell is an icon at the size the footer paints it; repeat draws it that many times in a row. */
export interface GridCell {
  name: string;
  icon: string;
  width: number;
  height: number;
  repeat?: number;
}

/** FooterGridRows are the footer's icons, a row each size: the brand mark (Footer.css), the
 * review's five stars (a 20 px star and the 2 px gap after it, ReviewRating.css), the 16 px
 * chevrons and social glyphs, the stores' 20 px marks (FooterBlocks.css); and the customer
 * header's logout mark, the one view of the sprite a customer's page painted: from the grid,
 * that page builds one SVG document for its icons, not two. */
export const FooterGridRows: GridCell[][] = [
  [{ name: 'brand-light', icon: 'brand-light', width: 144, height: 32 }],
  [{ name: 'star-row', icon: 'star', width: 22, height: 20, repeat: 5 }],
  ['chevron-down', 'chevron-up', 'social-facebook', 'social-instagram', 'social-linkedin', 'social-x', 'social-youtube'].map((icon) => ({ name: icon, icon, width: 16, height: 16 })),
  ['store-app-store', 'store-google-play', 'logout'].map((icon) => ({ name: icon, icon, width: 20, height: 20 })),
];

/** GridGap keeps a cell's antialiased edge off its neighbour's element (px). */
const GridGap = 4;

/** PlacedCell is a cell where footerGrid put it. */
export interface PlacedCell extends GridCell {
  x: number;
  y: number;
}

/** footerGrid lays FooterGridRows out, row under row, and returns grid.svg and grid.css. */
export function footerGrid(): { cells: PlacedCell[]; width: number; height: number; svg: string; css: string } {
  const cells: PlacedCell[] = [];
  let y = 0;
  let width = 0;
  for (const row of FooterGridRows) {
    let x = 0;
    for (const cell of row) {
      cells.push({ ...cell, x, y });
      x += cell.width * (cell.repeat ?? 1) + GridGap;
    }
    width = Math.max(width, x - GridGap);
    y += Math.max(...row.map((c) => c.height)) + GridGap;
  }
  const height = y - GridGap;
  const drawn = cells.map((cell) => {
    const source = readFileSync(join(iconsDir, `${cell.icon}.svg`), 'utf8').trim();
    const root = /^<svg\b[^>]*>/.exec(source)?.[0];
    const viewBox = root && /\sviewBox="([^"]+)"/.exec(root)?.[1];
    if (!root || !viewBox || !source.endsWith('</svg>')) throw new Error(`${cell.icon}.svg: an icon is one <svg viewBox="..."> element`);
    const body = source.slice(root.length, -'</svg>'.length);
    return Array.from({ length: cell.repeat ?? 1 }, (_, i) => {
      const id = i === 0 ? ` id="${cell.name}"` : '';
      return `<svg${id} x="${cell.x + i * cell.width}" y="${cell.y}" width="${cell.width}" height="${cell.height}" viewBox="${viewBox}">${body}</svg>`;
    }).join('\n');
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${drawn.join('\n')}\n</svg>\n`;
  const px = (n: number) => (n === 0 ? '0' : `${-n}px`);
  const rasters = GridScales.map((scale) => `url('./${gridRasterFile(scale)}?no-inline') ${scale}x`).join(', ');
  const largest = `url('./${gridRasterFile(GridScales.at(-1)!)}?no-inline')`;
  const vars = cells.map((c) => `  --shell-icon-${c.name}: var(--shell-icon-grid) ${px(c.x)} ${px(c.y)} / ${width}px ${height}px no-repeat;`);
  const css = `/* The footer's icons and the customer header's logout mark, each a cell of grid.svg (${width}x${height} px)
   as a PNG: a layer for mask or background, on an element of the cell's size. Written by sprite.ts
   (footerGrid), kept by sprite.test.ts. */
.shell-footer,
.shell-header {
  --shell-icon-grid: ${largest};
${vars.join('\n')}
}

/* The PNG for the screen's pixel ratio where image-set() is read in full (the build writes its
   ratios as dppx, which the older -webkit-image-set does not read: there the largest PNG above,
   scaled down, rather than no mask and a filled square). */
@supports (background-image: image-set(linear-gradient(#fff, #fff) 1x)) {
  .shell-footer,
  .shell-header {
    --shell-icon-grid: image-set(${rasters});
  }
}
`;
  return { cells, width, height, svg, css };
}

/** GridScales are the pixel ratios the grid is rasterized at: a desktop's 1x and 2x, a phone's 2x
 * and 3x (a ratio between two takes the larger file). */
export const GridScales = [1, 2, 3] as const;

/** gridRasterFile is the checked-in PNG of the grid at a scale. */
export const gridRasterFile = (scale: number) => `grid-${scale}x.png`;

/** gridRaster renders grid.svg's source at a scale with resvg (prebuilt, no system libraries;
 * the grid draws no text, so no font is involved): each CSS px of the grid is scale x scale
 * pixels, cells on whole pixels at every scale. */
export function gridRaster(svg: string, scale: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'zoom', value: scale } }).render().asPng());
}
