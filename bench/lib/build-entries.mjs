// Builds the main-process entries the benchmarks import into out/bench/ with the project's
// TypeScript sources (vite SSR build: dependencies stay external, native modules load from
// node_modules). Plain `node --no-node-snapshot` can then import them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = new URL('../..', import.meta.url).pathname;
export const benchOut = join(root, 'out', 'bench');

export async function buildBenchEntries() {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: benchOut,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rollupOptions: {
        input: {
          sandbox: join(root, 'src/main/sandbox/index.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
      },
    },
  });
  // The headless host is the app's own build (electron-vite bundles its worker-thread chunks).
  const headless = join(root, 'out', 'main', 'headless.js');
  if (!existsSync(headless)) throw new Error(`${headless} is missing: build first with \`npm run build\``);
  return { sandbox: join(benchOut, 'sandbox.mjs'), headless };
}
