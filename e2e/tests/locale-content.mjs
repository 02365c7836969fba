// Every market's shell content as the UI build sees it: the content modules of
// shell-ui/src/content/<locale>/ and the market list, compiled from their
// TypeScript source with rolldown (Vite's bundler), so the browser tests
// expect what the content team wrote, for whatever locales exist.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { repoRoot } from '../lib/gateway.mjs';

const src = join(repoRoot, 'shell-ui', 'src');

/**
 * Loads { locales: [{ locale, basePath, path, content }], markets, headerData, pickerMarkets }.
 * path is the locale's home page on the demo site (basePath + "/").
 */
export async function loadLocaleContent() {
  // A locale is a folder with an index.ts; private/, partners/ and testdata/ are shared parts.
  const dirs = (await readdir(join(src, 'content'), { withFileTypes: true }))
    .filter((d) => d.isDirectory() && existsSync(join(src, 'content', d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
  if (dirs.length === 0) throw new Error(`no locale folders in ${join(src, 'content')}: the content layout changed; update e2e/tests/locale-content.mjs`);
  const tmp = await mkdtemp(join(tmpdir(), 'shellgate-content-'));
  try {
    const entry = join(tmp, 'entry.ts');
    await writeFile(
      entry,
      [
        `export { headerData } from ${JSON.stringify(join(src, 'header', 'headerVariants.ts'))};`,
        `export { markets, pickerMarkets } from ${JSON.stringify(join(src, 'market', 'markets.ts'))};`,
        ...dirs.map((d, i) => `import { content as c${i} } from ${JSON.stringify(join(src, 'content', d, 'index.ts'))};`),
        `export const contents = [${dirs.map((_, i) => `c${i}`).join(', ')}];`,
      ].join('\n'),
    );
    // Content files import their images by URL (Vite's `?no-inline`): these tests read texts and
    // links, so an image stands for its file name here.
    const imageURLs = {
      name: 'image-urls',
      resolveId: (id) => (/\.svg\?no-inline$/.test(id) ? `\0image:${id}` : null),
      load: (id) => (id.startsWith('\0image:') ? `export default ${JSON.stringify(id.slice('\0image:'.length))};` : null),
    };
    const bundle = await rolldown({ input: entry, logLevel: 'silent', plugins: [imageURLs] });
    await bundle.write({ dir: tmp, format: 'es', entryFileNames: 'content.mjs', codeSplitting: false });
    await bundle.close();
    const { contents, markets, headerData, pickerMarkets } = await import(pathToFileURL(join(tmp, 'content.mjs')).href);
    const locales = contents.map((content) => ({ locale: content.locale, basePath: content.basePath, path: `${content.basePath}/`, content }));
    return { locales, markets, headerData, pickerMarkets };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
