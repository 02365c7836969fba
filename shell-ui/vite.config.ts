import { fileURLToPath } from 'node:url';
import { visualizer } from 'rollup-plugin-visualizer';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { shortClassNames } from './shortClassNames.ts';

// Both builds shorten the shell's class names with the same map (shortClassNames.ts).
const srcDir = fileURLToPath(new URL('./src/', import.meta.url));

// SHELL_ANALYZE=<file> writes a bundle analysis of the client build (modules per chunk, their
// minified sizes read from the sourcemap) to <file>: `.json` gives raw data, `.txt` a list,
// anything else the treemap page. `npm run analyze` builds it beside the shipped build, in
// .cache/ at the repository root, so dist/ never holds sourcemaps.
const analyze = process.env.SHELL_ANALYZE;

// Vite wraps every dynamic import() in its preload helper, which adds <link rel=modulepreload>
// and CSS links for the chunk's dependencies and reports failures as a vite:preloadError event.
// This build needs neither (modulePreload: false, and all CSS in the one stylesheet of the head)
// and nothing listens for that event, so the helper is 1.7 KB of dead code in the entry: replace it with a
// plain call. A Vite that renames the helper only makes the entry bigger; the budget says so.
const PreloadHelperId = '\0vite/preload-helper.js';
const plainDynamicImports: Plugin = {
  name: 'shell:plain-dynamic-imports',
  enforce: 'pre',
  apply: 'build',
  resolveId: (id) => (id === PreloadHelperId ? id : undefined),
  load: (id) => (id === PreloadHelperId ? 'export const __vitePreload = (load) => load();' : undefined),
};

// The entry names the files of the shell's code (the hydration chunk and the chunks it imports)
// so that it can preload them when the browser is idle without running them
// (shell/hydrateLazily.ts): the build writes their names where the entry says __SHELL_CODE__.
// The hydration chunk's name is in the entry already (its import()), and its imports' names in
// that chunk, so the entry's hash covers the names written here.
const ShellCodePlaceholder = /([`'"])__SHELL_CODE__\1/;
const shellCodeFiles: Plugin = {
  name: 'shell:shell-code-files',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry);
    const hydration = chunks.find((c) => c.facadeModuleId?.endsWith('/src/shell/hydrateShell.tsx'));
    if (!entry || !hydration || !ShellCodePlaceholder.test(entry.code)) return;
    const files = [hydration.fileName, ...hydration.imports.filter((f) => f !== entry.fileName)].map((f) => f.replace(/^assets\//, ''));
    entry.code = entry.code.replace(ShellCodePlaceholder, JSON.stringify(files.join(' ')));
  },
};

// Each market's private menus (src/content/<locale>/private.ts) import the menus' code and their
// language's words from src/content/private/ (en-IE also en-GB's market). Shared, those would be
// chunks of their own, and a customer's page would fetch three or four small chunks that gzip
// worse than one and that the gateway does not preload. Importing them under a name per market
// (a "?market=<locale>" suffix) makes Rollup copy them into each market's chunk: a page loads
// only its own market's private menus, in the one file the manifest's customerScripts names.
const PrivateMarketOf = /\/src\/content\/([A-Za-z-]+)\/private\.ts(?:\?market=([A-Za-z-]+))?$/;
const PrivateShared = /\/src\/content\/(?:private\/[a-z]+|[A-Za-z-]+\/private)\.ts$/;
const marketPrivateMenus: Plugin = {
  name: 'shell:market-private-menus',
  enforce: 'pre',
  apply: 'build',
  async resolveId(source, importer, options) {
    const [, folder, copyFor] = PrivateMarketOf.exec(importer ?? '') ?? [];
    if (!folder) return undefined;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || !PrivateShared.test(resolved.id)) return resolved;
    return { ...resolved, id: `${resolved.id}?market=${copyFor ?? folder}` };
  },
};

// Two builds share this file: the client bundle (hashed assets the gateway serves under
// /_shell/assets/) and, with --ssr, the prerender that renders the fragments in Node.
export default defineConfig(({ isSsrBuild }) => ({
  oxc: { jsx: { runtime: 'automatic' } },
  publicDir: false,
  plugins: isSsrBuild
    ? [shortClassNames(srcDir, { writeMap: false })]
    : [
        shortClassNames(srcDir, { writeMap: true }),
        plainDynamicImports,
        marketPrivateMenus,
        shellCodeFiles,
        ...(analyze ? [visualizer({ filename: analyze, template: analyze.endsWith('.json') ? 'raw-data' : analyze.endsWith('.txt') ? 'list' : 'treemap', sourcemap: true, gzipSize: true })] : []),
      ],
  // The gateway serves dist/assets/X at /_shell/assets/X.
  base: '/_shell/',
  build: isSsrBuild
    ? {
        outDir: 'prerender/.out',
        emptyOutDir: true,
        ssr: true,
        // Assets a component imports by URL (a content file's logo) get the client build's
        // names, so the fragments link the files the client build wrote.
        rolldownOptions: {
          input: 'prerender/entry.tsx',
          output: { entryFileNames: 'entry.mjs', format: 'es', codeSplitting: false, assetFileNames: 'assets/shell-[hash][extname]' },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // One entry script and one stylesheet go in every page's head. The only other chunks
        // are the locales' content (shell-<locale>-[hash].js, and its public header's menus
        // shell-<locale>-nav-[hash].js) and what only some pages load, so a page loads one market.
        // prerender/write.mjs reads Vite's manifest to tell them apart, then deletes it.
        cssCodeSplit: false,
        modulePreload: false,
        // The analysis reads module sizes from the sourcemap; the shipped build has none.
        sourcemap: Boolean(analyze),
        manifest: true,
        target: 'es2020',
        rolldownOptions: {
          input: 'src/main.tsx',
          output: {
            format: 'es',
            entryFileNames: 'assets/shell-[hash].js',
            chunkFileNames: (chunk) => {
              const [, locale, part] = /content\/([A-Za-z-]+)\/(base|publicNav)\.ts$/.exec(chunk.facadeModuleId ?? '') ?? [];
              if (!locale) return 'assets/shell-chunk-[hash].js';
              return part === 'base' ? `assets/shell-${locale}-[hash].js` : `assets/shell-${locale}-nav-[hash].js`;
            },
            assetFileNames: 'assets/shell-[hash][extname]',
            // React and the modules the on-demand chunks share with the hydration chunk go into
            // one chunk beside it (not one small chunk each, which gzip worse): the entry loads
            // both on the visitor's first interaction or when the browser is idle.
            // React itself is a chunk of its own, so that a customer's page can run it in one
            // task and the components in the next (shell/hydrateLazily.ts).
            codeSplitting: {
              groups: [
                { name: 'shell-react', test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 2 },
                // Not the model's constants nor a loading header's request for its customer: the
                // session monitor and the entry load them when idle, without React (prerender/write.mjs).
                { name: 'shell-code', test: (id: string) => !/\/src\/(content|model)\/|\/fetchPrivateState\.ts$/.test(id), minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'prerender/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    css: false,
    // axe in jsdom is slow on a loaded two-core CI machine; speed is not what these tests measure.
    testTimeout: 30_000,
  },
}));
