// The shell's icons are CSS masks over the SVG files in this folder (the HTML carries only a
// class): a class without its rule, or a rule naming a missing file or view, shows an empty square
// where a visitor expects an icon. Vitest does not apply CSS (css: false), so these tests read
// the stylesheets the build bundles.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { contentLocales } from '../content/index.ts';
import { menuIconModifiers } from '../header/MenuIcon.tsx';
import { privateContentLocales } from '../header/private/privateContentLocales.ts';
import type { MenuItem, NavItem } from '../model/header.ts';
import { starScore } from '../footer/reviewRating.ts';
import { FooterGridRows } from './sprite.ts';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const css = (file: string) => readFileSync(join(src, file), 'utf8');

/** ruleBody is the declarations of the rule whose selector list is exactly selector. */
function ruleBody(sheet: string, selector: string): string | undefined {
  const at = sheet.indexOf(`\n${selector} {`);
  if (at < 0) return undefined;
  return sheet.slice(sheet.indexOf('{', at) + 1, sheet.indexOf('}', at));
}

const sprite = readFileSync(join(src, 'icons/sprite.svg'), 'utf8');

const gridCss = readFileSync(join(src, 'icons/grid.css'), 'utf8');
const gridIcons = new Map(FooterGridRows.flat().map((c) => [c.name, c.icon]));

/** urlsIn lists the files a rule's url()s name, resolved from the stylesheet's folder: a view of
 * the sprite (sprite.svg#menu) names its icon's file (menu.svg) when the sprite has that view,
 * and a name no file has when it does not; a ?query (?no-inline) is the build's, not the file's.
 * A cell of the footer's grid (var(--shell-icon-star-row)) names its icon's file (star.svg) when
 * grid.css has it (--shell-icon-grid is the image itself: its url()s are the files). */
function urlsIn(cssFile: string, body: string): string[] {
  const cells = [...body.matchAll(/var\(--shell-icon-(?!grid\))([\w-]+)\)/g)].map((m) =>
    gridCss.includes(`--shell-icon-${m[1]}: `) && gridIcons.has(m[1]!) ? join(src, 'icons', `${gridIcons.get(m[1]!)}.svg`) : `--shell-icon-${m[1]} (no such cell)`,
  );
  return cells.concat([...body.matchAll(/url\('([^']+)'\)/g)].map((m) => {
    const [path, view] = m[1]!.replace(/\?[^#]*/, '').split('#');
    const file = join(src, dirname(cssFile), path!);
    if (view === undefined) return file;
    return sprite.includes(`<view id="${view}" `) ? join(dirname(file), `${view}.svg`) : `${file}#${view} (no such view)`;
  }));
}

const contents = await Promise.all(contentLocales.map((l) => l.load()));
const privateContents = await Promise.all(Object.values(privateContentLocales).map((load) => load()));

function iconsOf(items: NavItem[]): string[] {
  return items
    .flatMap((n) => (n.subMenus ? [n.subMenus.top, n.subMenus.main, n.subMenus.sidebar, n.subMenus.bottom] : []))
    .flatMap((area: MenuItem[] | undefined) => area ?? [])
    .flatMap((m) => (m.icon ? [m.icon] : []));
}

describe('menu icons', () => {
  const sheet = css('header/MenuIcon.css');
  test.each(Object.entries(menuIconModifiers))('%s is painted from an SVG that exists', (_, modifier) => {
    const body = ruleBody(sheet, `.${modifier}`);
    expect(body, `a .${modifier} rule in MenuIcon.css`).toBeDefined();
    const files = urlsIn('header/MenuIcon.css', body!);
    expect(files).toHaveLength(1);
    expect(existsSync(files[0]!), files[0]).toBe(true);
  });

  test('every icon a market menu names has a modifier', () => {
    const used = new Set<string>();
    for (const content of contents) {
      for (const variant of Object.values(content.header.variants)) iconsOf(variant?.navItems ?? []).forEach((i) => used.add(i));
    }
    for (const own of privateContents) iconsOf(own.navItems).forEach((i) => used.add(i));
    expect(used.size).toBeGreaterThan(0);
    for (const icon of used) expect(menuIconModifiers, icon).toHaveProperty(icon);
  });
});

test('every social network a market links to has its glyph', () => {
  const sheet = css('footer/SocialIcons.css');
  const networks = new Set(contents.flatMap((c) => c.footer.socialMediaIcons.map((i) => i.uid)));
  expect(networks.size).toBeGreaterThan(0);
  for (const network of networks) {
    const body = ruleBody(sheet, `.shell-social__link--${network}`);
    expect(body, `a .shell-social__link--${network} rule in SocialIcons.css`).toBeDefined();
    const files = urlsIn('footer/SocialIcons.css', body!);
    expect(files, `.shell-social__link--${network} paints social-${network}.svg`).toEqual([join(src, 'icons', `social-${network}.svg`)]);
    expect(existsSync(files[0]!), files[0]).toBe(true);
  }
});

test('every star score is painted: green up to the score, in 20 px stars 2 px apart', () => {
  const sheet = css('footer/ReviewRating.css');
  const scores = [...new Set(Array.from({ length: 61 }, (_, i) => starScore(i / 10 - 0.5)))];
  expect(scores).toHaveLength(11);
  for (const score of scores) {
    const body = score === 0 ? ruleBody(sheet, '.shell-review__stars') : ruleBody(sheet, `.shell-review__stars[data-stars='${score}']`);
    expect(body, `a rule for data-stars ${score}`).toBeDefined();
    const green = /--shell-stars-green: (\d+)px;/.exec(body!)?.[1];
    const full = Math.floor(score);
    // Each full star and its gap, then the left half of a half star; five stars are the row.
    expect(Number(green), `green reach at ${score}`).toBe(Math.min(full * 22 + (score > full ? 10 : 0), 108));
  }
});

test('every url() in the shell stylesheets names a file that exists', () => {
  const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
  const missing = sheets.flatMap((file) => urlsIn(file, css(file)).filter((f) => !existsSync(f)));
  expect(missing).toEqual([]);
});
