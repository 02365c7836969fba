import { defineConfig } from 'vitest/config';

// Two builds share this file: the client bundle (hashed assets the gateway serves under
// /_shell/assets/) and, with --ssr, the prerender that renders the fragments in Node.
export default defineConfig(({ isSsrBuild }) => ({
  oxc: { jsx: { runtime: 'automatic' } },
  publicDir: false,
  // The gateway serves dist/assets/X at /_shell/assets/X.
  base: '/_shell/',
  build: isSsrBuild
    ? {
        outDir: 'prerender/.out',
        emptyOutDir: true,
        ssr: true,
        rolldownOptions: { input: 'prerender/entry.tsx', output: { entryFileNames: 'entry.mjs', format: 'es', codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // One entry script and one stylesheet go in every page's head. The only other chunks
        // are the locales' content (shell-<locale>-[hash].js), so a page loads one market.
        // prerender/write.mjs reads Vite's manifest to tell them apart, then deletes it.
        cssCodeSplit: false,
        modulePreload: false,
        manifest: true,
        target: 'es2020',
        rolldownOptions: {
          input: 'src/main.tsx',
          output: {
            format: 'es',
            entryFileNames: 'assets/shell-[hash].js',
            chunkFileNames: (chunk) => {
              const locale = /content\/([A-Za-z-]+)\/index\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
              return locale ? `assets/shell-${locale}-[hash].js` : 'assets/shell-chunk-[hash].js';
            },
            assetFileNames: 'assets/shell-[hash][extname]',
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
