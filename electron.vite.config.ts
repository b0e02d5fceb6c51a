import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin';

// One build for both hosts: main has two entries: `index` (the Electron main process, a
// supervisor) and `headless` (the core: `npm run serve`, and the desktop app's child process).
// Native modules stay external; they load only in the core, under the carried Node.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // typebox is ESM in ~700 small files: bundled, the core's start does not resolve and link
      // each one (docs/decisions/012).
      externalizeDeps: { exclude: ['typebox'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/hosts/desktop/main.ts'),
          headless: resolve(__dirname, 'src/main/hosts/headless/main.ts'),
        },
        external: ['better-sqlite3', 'isolated-vm', 'electron'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot be an ES module: CommonJS, loaded as index.cjs.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), precompress(resolve(__dirname, 'out/renderer'))],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // The renderer's own modules have no side effects but their styles: what a feature's front
        // door (features/<name>/index.ts) re-exports and an importer does not use stays out of
        // its chunk (the pages the shell loads lazily stay lazy).
        treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/renderer/') || id.endsWith('.css') || id.endsWith('.html') },
      },
    },
  },
});
