// Last step of `npm run build`: writes the prerendered fragments and the manifest beside the
// client bundle, precompresses the assets, and fails the build when a size budget is broken.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const assetsDir = join(dist, 'assets');

// Budgets of the gzipped bundle (React included), in bytes.
// atLoad: what a page runs before the visitor touches anything (the entry and the content; 85 KB
// until the shell hydrated at load, React included). The header and footer work as HTML until
// the first interaction or an idle moment, so React and the components stay out of it.
// js: everything a page loads, the shell's code on interaction or idle included: about 2.5 KB more
// than when it was one entry (86 KB; 88.0 KB for a customer with the banner), for the hydration chunk and its shared chunk are gzipped
// apart from the entry.
export const Budget = { atLoad: 8 * 1024, js: 89 * 1024, css: 12 * 1024 };
// SVG images inlined in the stylesheet: Chromium builds each one's document inside the style
// recalculation before the first paint (~15 ms each on a 4x slowed phone); only the header's
// brand mark is (src/icons/stylesheetImages.test.ts says the same of the sources).
export const InlinedSvgBudget = 1;

const { renderAll, marketList } = await import(pathToFileURL(join(root, 'prerender/.out/entry.mjs')).href);

// The slots of src/shell/slots.ts. YearSlot is where the gateway writes the year.
const YearSlot = '[[shell:year]]';
// BaseSlot is where the gateway writes state.basePath.
const BaseSlot = '[[shell:base]]';
// ReturnSlot is where the gateway writes the page's path into the country banner's form.
const ReturnSlot = '[[shell:return]]';

// checkFragment fails the build on a fragment the gateway cannot splice as it is: it must be
// exactly one <header> or <footer> element (the mount's whole inner HTML, no whitespace
// around), hold no raw-text element (the gateway rewrites text to character references), and
// a footer must hold the year slot.
function checkFragment(name, part, html) {
  const problems = [];
  // A banner fragment is the country banner's <form>, with the slot of its return field.
  const tag = part === 'banner' ? 'form' : part;
  if (!html.startsWith(`<${tag} `) || !html.endsWith(`</${tag}>`)) problems.push(`is not one <${tag}> element without whitespace around it`);
  if (part === 'banner' && !html.includes(ReturnSlot)) problems.push(`lacks the return slot ${ReturnSlot}`);
  if (/<(script|style|textarea|title)\b/i.test(html)) problems.push('holds a raw-text element');
  if (part === 'footer' && !html.includes(YearSlot)) problems.push(`lacks the year slot ${YearSlot}`);
  // Every header links its logo to the locale home: without the base slot, the build wrote a
  // base path into a fragment that every host shares.
  if (part === 'header' && !html.includes(BaseSlot)) problems.push(`lacks the base slot ${BaseSlot}`);
  if (problems.length > 0) throw new Error(`fragment ${name} ${problems.join(', ')}; fix the component tree in src/`);
}

// 1. Fragments.
const fragments = {};
const rendered = await renderAll();
for (const { locale, header, footer, banner } of rendered) {
  const dir = join(dist, 'fragments', locale);
  await mkdir(dir, { recursive: true });
  fragments[locale] = { header: {}, footer: {}, banner: {} };
  for (const [part, variants] of [['header', header], ['footer', footer], ['banner', banner]]) {
    for (const [variant, html] of Object.entries(variants)) {
      checkFragment(`${locale} ${part}-${variant}`, part, html);
      const file = join(dir, `${part}-${variant}.html`);
      await writeFile(file, html);
      fragments[locale][part][variant] = relative(dist, file).split('\\').join('/');
    }
  }
}

// 1b. Page title data (spec 2.7): each locale's src/content/<locale>/seo.json names the site
// and the default title; the gateway gives a page without a <title> "<defaultTitle> | <siteName>".
const seo = {};
for (const { locale } of rendered) {
  const file = join(root, 'src/content', locale, 'seo.json');
  let data;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(`${relative(root, file)}: ${err.message}; every locale needs its seo.json with siteName and defaultTitle`, { cause: err });
  }
  for (const key of ['siteName', 'defaultTitle']) {
    if (typeof data[key] !== 'string' || data[key].trim() === '') throw new Error(`${relative(root, file)} lacks a ${key} text`);
  }
  seo[locale] = { siteName: data.siteName.trim(), defaultTitle: data.defaultTitle.trim() };
}

// 2. Assets: the entry script, one content chunk per locale and the stylesheet, each
// precompressed. Vite's manifest tells which file is which; it is not shipped.
const viteManifestFile = join(dist, '.vite', 'manifest.json');
const viteManifest = JSON.parse(await readFile(viteManifestFile, 'utf8'));
await rm(join(dist, '.vite'), { recursive: true, force: true });
const chunks = Object.values(viteManifest);
const scripts = chunks.filter((c) => c.isEntry).map((c) => c.file);
// Customer chunks load only for a logged-in customer: the private header's modules (by module
// name: PrivateHeader, upgradeLoadingHeader) and each market's private menus (by locale).
const privateContentOf = (c) => /content\/([A-Za-z-]+)\/private\.ts$/.exec(c.src ?? '')?.[1];
// Each locale's content is its base (every page) and its public header's menus (pages whose
// header shows them, not a customer's).
const baseContentOf = (c) => /content\/([A-Za-z-]+)\/base\.ts$/.exec(c.src ?? '')?.[1];
const publicNavOf = (c) => /content\/([A-Za-z-]+)\/publicNav\.ts$/.exec(c.src ?? '')?.[1];
const privateModuleOf = (c) => /header\/private\/([A-Za-z]+)\.tsx?$/.exec(c.src ?? '')?.[1];
const isPrivateHeader = (c) => privateModuleOf(c) !== undefined;
const customerScripts = Object.fromEntries(
  chunks.filter((c) => c.isDynamicEntry && (privateContentOf(c) || isPrivateHeader(c))).map((c) => [privateContentOf(c) ?? privateModuleOf(c), c.file]),
);
// The private menus are written once (src/content/private/); vite.config.ts copies the menus'
// code and the language's words into each market's chunk, so a market's private menus are the
// one file the gateway preloads. Should a chunk that only markets' private menus import appear
// anyway, it is a customer chunk too, named "private:<chunk>", and counted with its market's.
const importersOf = (key) => chunks.filter((c) => (c.imports ?? []).includes(key));
for (const [key, c] of Object.entries(viteManifest)) {
  const importers = importersOf(key);
  if (!c.isEntry && !c.isDynamicEntry && importers.length > 0 && importers.every((i) => privateContentOf(i))) customerScripts[`private:${c.name}`] = c.file;
}
// chunkWithImports lists a chunk's file and those of every chunk it imports, transitively.
const chunkWithImports = (file) => {
  const [key, c] = Object.entries(viteManifest).find(([, m]) => m.file === file) ?? [];
  return [...new Set([file, ...(c?.imports ?? []).flatMap((k) => (k === key ? [] : chunkWithImports(viteManifest[k].file)))])];
};
const publicNavScripts = Object.fromEntries(chunks.filter((c) => c.isDynamicEntry && publicNavOf(c)).map((c) => [publicNavOf(c), c.file]));
const localeScripts = Object.fromEntries(
  chunks.filter((c) => c.isDynamicEntry && !privateContentOf(c) && !isPrivateHeader(c) && !publicNavOf(c)).map((c) => [baseContentOf(c) ?? c.name, c.file]),
);
const assetNames = (await readdir(assetsDir)).filter((n) => !n.endsWith('.br') && !n.endsWith('.gz')).sort();
const stylesheets = assetNames.filter((n) => n.endsWith('.css')).map((n) => `assets/${n}`);
// The shell's code (React, the components) is the hydration chunk (shell/hydrateShell.tsx) and the
// chunks it shares with the other on-demand chunks: the entry loads it on the visitor's first
// interaction or when the browser is idle (shell/hydrateLazily.ts). A content chunk never
// imports code, so no shared chunk may have one as its importer.
const isContent = (c) => Boolean(baseContentOf(c) || publicNavOf(c));
const sharedCode = chunks.filter((c) => !c.isEntry && !c.isDynamicEntry && !importersOf(Object.keys(viteManifest).find((k) => viteManifest[k] === c)).some(isContent)).map((c) => c.file);
const strays = assetNames.filter(
  (n) =>
    n.endsWith('.js') &&
    ![...scripts, ...Object.values(localeScripts), ...Object.values(publicNavScripts), ...Object.values(customerScripts), ...sharedCode].includes(`assets/${n}`),
);
if (scripts.length !== 1 || stylesheets.length !== 1 || strays.length > 0) {
  throw new Error(
    `expected one entry script, one stylesheet and one content chunk per locale in dist/assets, found ${assetNames.join(', ')}; a shared chunk means a content module imports code: keep src/content data only`,
  );
}
for (const { locale } of rendered) {
  if (!localeScripts[locale]) throw new Error(`no content chunk for ${locale}; list it in src/content/index.ts with a dynamic import`);
  if (!publicNavScripts[locale]) throw new Error(`no public menus chunk for ${locale}; list it in src/content/index.ts with a dynamic import`);
}
const gzSizes = {};
for (const name of assetNames) {
  const file = join(assetsDir, name);
  const body = await readFile(file);
  // Zopfli writes standard gzip 3-4 % smaller than zlib's best level; it is slow (seconds for
  // the whole build), which a build that compresses once for every response can afford.
  const gz = Buffer.from(await gzipAsync(body, { numiterations: 15 }));
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(`${file}.gz`, gz);
  await writeFile(`${file}.br`, br);
  gzSizes[`assets/${name}`] = { raw: body.length, gz: gz.length, br: br.length };
}

// 3. Manifest: the version is a hash of every output, so it changes whenever one does.
const hash = createHash('sha256');
const outputs = [...assetNames.map((n) => `assets/${n}`), ...Object.values(fragments).flatMap((f) => [...Object.values(f.header), ...Object.values(f.footer), ...Object.values(f.banner)])].sort();
for (const rel of outputs) {
  hash.update(rel).update('\0').update(await readFile(join(dist, rel))).update('\0');
}
const manifest = {
  version: hash.digest('hex').slice(0, 20),
  stylesheets,
  scripts,
  locales: rendered.map((r) => r.locale),
  fragments,
  seo,
  // localeScripts: the content chunk the entry imports for each locale; a page may
  // <link rel="modulepreload"> its own to save a round trip before hydration.
  localeScripts,
  // publicNavScripts: each locale's public header menus and actions, which the entry imports
  // for every header but a customer's (private, loading); a page with such a header may
  // <link rel="modulepreload"> its own beside its localeScripts chunk.
  publicNavScripts,
  // customerScripts: the private header's chunks (PrivateHeader; upgradeLoadingHeader for a
  // loading header) and each locale's private menus, which the entry imports for customers only.
  customerScripts,
};
await writeFile(join(dist, 'shell-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// The market list, for the gateway's country banner and its market route (one source: markets.ts).
await writeFile(join(dist, 'markets.json'), `${JSON.stringify(marketList, null, 2)}\n`);
await rm(join(root, 'prerender/.out'), { recursive: true, force: true });

// 4. Size report and budget (gzip, React included). A page loads at once the entry, its locale's
// content chunk and its public header's menus unless the header is a customer's (the head
// preloads them), and the country banner's chunk when the edge rendered a banner; a customer's
// page also the private header's chunks the head preloads (PrivateHeader, upgradeLoadingHeader
// when the header went out loading) and its market's private menus. The shell's code (React and
// the components: the hydration chunk and what it imports) comes on the visitor's first
// interaction or when the browser is idle, and for a customer the session monitor with it.
// Budgets: js for all of it, atLoad for what a page runs before the visitor has touched anything.
// Chunks that load on a click or later (the market dialog; the countdown's view, a minute before
// the countdown can show) are listed, not counted. The budgets hold for the largest locale's page.
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sum = (parts) => parts.filter(Boolean).reduce((t, p) => ({ raw: t.raw + p.raw, gz: t.gz + p.gz, br: t.br + p.br }), { raw: 0, gz: 0, br: 0 });
const sizes = (t) => `${kb(t.raw)} raw, ${kb(t.gz)} gzip, ${kb(t.br)} brotli`;
// sizeOf: the files of some chunks and of every chunk they import, each counted once.
const sizeOf = (files) => sum([...new Set(files.filter(Boolean).flatMap(chunkWithImports))].map((f) => gzSizes[f]));
const isLocale = (k) => /^[a-z]{2}(-[A-Z]{2})?$/.test(k);
const largestOf = (scriptsByName) => Object.entries(scriptsByName).filter(([k]) => isLocale(k) && rendered.some((r) => r.locale === k)).sort((a, b) => gzSizes[b[1]].gz - gzSizes[a[1]].gz)[0];
const entry = gzSizes[scripts[0]];
const hydration = localeScripts.hydrateShell;
if (!hydration) throw new Error('no hydration chunk (src/shell/hydrateShell.tsx as a dynamic import of the entry); the entry must not hold React');
const shellCode = sizeOf([hydration]);
// A visitor's page: the locale whose content and public menus together are the largest.
const [largestLocale, largestFile] = Object.entries(localeScripts)
  .filter(([k]) => isLocale(k) && rendered.some((r) => r.locale === k))
  .sort(([a, fa], [b, fb]) => gzSizes[fb].gz + gzSizes[publicNavScripts[b]].gz - (gzSizes[fa].gz + gzSizes[publicNavScripts[a]].gz))[0];
const largest = gzSizes[largestFile];
const largestNav = gzSizes[publicNavScripts[largestLocale]];
const visitorAtLoad = [scripts[0], largestFile, publicNavScripts[largestLocale]];
const jsAtLoad = sizeOf(visitorAtLoad);
const js = sizeOf([...visitorAtLoad, hydration]);
// A customer's page: the largest content chunk without public menus.
const [largestBaseLocale, largestBaseFile] = largestOf(localeScripts);
const largestBase = gzSizes[largestBaseFile];
const bannerFile = localeScripts.CountryBanner;
const banner = bannerFile ? gzSizes[bannerFile] : undefined;
const css = gzSizes[stylesheets[0]];
// A market's private menus are its chunk and the shared chunks it imports (menus, language).
const [largestPrivateLocale, largestPrivateFile] =
  Object.entries(customerScripts)
    .filter(([k]) => isLocale(k) && rendered.some((r) => r.locale === k))
    .sort((a, b) => sizeOf([b[1]]).gz - sizeOf([a[1]]).gz)[0] ?? [];
const privateModules = Object.entries(customerScripts).filter(([k]) => !isLocale(k) && !k.startsWith('private:'));
const monitorFile = localeScripts.mountSessionCountdown;
// At load a customer's page runs the entry; the head preloads (fetches, runs nothing of) the rest.
const customerAtLoad = [scripts[0], largestBaseFile, ...privateModules.map(([, f]) => f), largestPrivateFile];
const customerFiles = [...customerAtLoad, hydration, monitorFile];
const customerJs = sizeOf(customerFiles);
const withBanner = (files) => sizeOf([...files, bannerFile]);
const later = Object.entries(localeScripts).filter(([k]) => !isLocale(k) && !['CountryBanner', 'mountSessionCountdown', 'hydrateShell'].includes(k));
console.log(`shell-ui: manifest ${manifest.version}, ${manifest.locales.length} locales, ${outputs.length - assetNames.length} fragments`);
console.log(
  `shell-ui: JS at load  ${sizes(jsAtLoad)} (budget ${kb(Budget.atLoad)} gzip; entry ${scripts[0]} ${kb(entry.gz)}, ${largestLocale} content ${kb(largest.gz)}, public menus ${kb(largestNav.gz)})`,
);
console.log(`shell-ui: JS on first interaction or idle: the shell's code  ${sizes(shellCode)} (React and the components)`);
console.log(`shell-ui: JS of a page, all  ${sizes(js)} (budget ${kb(Budget.js)} gzip)`);
if (banner) console.log(`shell-ui: JS of a page with the country banner  ${sizes(withBanner([...visitorAtLoad, hydration]))} (banner ${kb(banner.gz)})`);
console.log(
  `shell-ui: JS of a customer's page, all  ${sizes(customerJs)} (budget ${kb(Budget.js)} gzip; ${largestBaseLocale} content ${kb(largestBase.gz)}, ${privateModules
    .map(([k, f]) => `${k} ${kb(gzSizes[f].gz)}`)
    .join(', ')}, ${largestPrivateLocale} private menus ${largestPrivateFile ? kb(sizeOf([largestPrivateFile]).gz) : '-'}, session monitor ${monitorFile ? kb(gzSizes[monitorFile].gz) : '-'})`,
);
if (banner) console.log(`shell-ui: JS of a customer's page with the country banner  ${sizes(withBanner(customerFiles))}`);
console.log(`shell-ui: JS loaded on demand, not counted: ${later.map(([k, f]) => `${k} ${kb(gzSizes[f].gz)}`).join(', ')}`);
console.log(`shell-ui: CSS ${stylesheets[0]}  ${sizes(css)} (budget ${kb(Budget.css)} gzip)`);
const over = [];
if (jsAtLoad.gz > Budget.atLoad) over.push(`JS a page runs at load is ${kb(jsAtLoad.gz)} gzip, over its ${kb(Budget.atLoad)} budget: keep React and the components out of the entry`);
if (js.gz > Budget.js) over.push(`JS is ${kb(js.gz)} gzip, over its ${kb(Budget.js)} budget`);
if (banner && withBanner([...visitorAtLoad, hydration]).gz > Budget.js) over.push(`JS of a page with the country banner is ${kb(withBanner([...visitorAtLoad, hydration]).gz)} gzip, over the ${kb(Budget.js)} budget`);
if (css.gz > Budget.css) over.push(`CSS is ${kb(css.gz)} gzip, over its ${kb(Budget.css)} budget`);
const inlinedSvgs = (await readFile(join(dist, stylesheets[0]), 'utf8')).match(/url\(\s*['"]?data:image\/svg\+xml/g)?.length ?? 0;
if (inlinedSvgs > InlinedSvgBudget) {
  over.push(`CSS inlines ${inlinedSvgs} SVG images (at most ${InlinedSvgBudget}): each is an SVG document built before the first paint; paint icons from src/icons/sprite.svg`);
}
// A customer's page starts the session monitor when idle, shows the countdown when it is due,
// and a loading header's page asks for its customer, without React (shell/hydrateLazily.ts,
// session/countdownView.ts): evaluating React's chunk is a task of 40-80 ms on a slow phone,
// which only the first touch may bring.
const reactFile = Object.values(viteManifest).find((m) => m.name === 'shell-react')?.file;
const chunkNamed = (name) => Object.values(viteManifest).find((m) => m.name === name)?.file;
for (const [what, file] of [['the session monitor', monitorFile], ["the countdown's view", chunkNamed('countdownView')], ["a loading header's request for its customer", chunkNamed('fetchPrivateState')]]) {
  if (!reactFile || !file) over.push(`cannot tell whether ${what} loads React (no ${reactFile ? 'chunk for it' : 'shell-react chunk'})`);
  else if (chunkWithImports(file).includes(reactFile)) over.push(`${what} (${file}) imports React's chunk (${reactFile}) through ${chunkWithImports(file).join(', ')}: keep it to modules without React`);
}
if (customerJs.gz > Budget.js) over.push(`JS of a customer's page is ${kb(customerJs.gz)} gzip, over the ${kb(Budget.js)} budget`);
if (banner && withBanner(customerFiles).gz > Budget.js) {
  over.push(`JS of a customer's page with the country banner is ${kb(withBanner(customerFiles).gz)} gzip, over the ${kb(Budget.js)} budget`);
}
if (over.length > 0) {
  console.error(`shell-ui: size budget broken: ${over.join('; ')}. Remove code or styles before raising a budget.`);
  process.exit(1);
}
