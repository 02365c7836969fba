import { defineConfig } from 'vitest/config';

// Two builds share this file: the client bundle (hashed assets the gateway serves under
// /_shell/assets/) and, with --ssr, the prerender that renders the fragments in Node.
export default defineConfig(({ isSsrBuild }) => ({
  oxc: { jsx: { runtime: 'automatic' } },
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'prerender/.out',
        emptyOutDir: true,
        ssr: true,
        rolldownOptions: { input: 'prerender/entry.tsx', output: { entryFileNames: 'entry.mjs', format: 'es' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // One script and one stylesheet: the gateway puts both in every page's head.
        cssCodeSplit: false,
        modulePreload: false,
        target: 'es2020',
        rolldownOptions: {
          input: 'src/main.tsx',
          output: {
            format: 'es',
            entryFileNames: 'assets/shell-[hash].js',
            chunkFileNames: 'assets/shell-[hash].js',
            assetFileNames: 'assets/shell-[hash][extname]',
            codeSplitting: false,
          },
        },
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'prerender/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    css: false,
  },
}));
