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

export const iconsDir = dirname(fileURLToPath(import.meta.url));
const Gap = 200;

/** BrandMarks are not in the sprite: the header's is inlined so that the header's first frame
 * has it (Logo.css). The footer's (brand-light.svg) is a view of the sprite: a file of its own
 * was one more request and SVG document, before the first paint on a phone whenever the footer
 * starts within one and a half screens (content-visibility: auto renders it then); its words
 * are outlines, so the sprite lays out no text for it. */
export const BrandMarks = new Set(['brand.svg']);

/** iconFiles lists the sprite's icons: every .svg here but the sprite and the header's brand mark. */
export function iconFiles(): string[] {
  return readdirSync(iconsDir)
    .filter((f) => f.endsWith('.svg') && f !== 'sprite.svg' && !BrandMarks.has(f))
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
