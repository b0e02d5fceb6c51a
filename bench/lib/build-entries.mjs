// Builds the main-process entries the benchmarks import into out/bench/ with the project's
// TypeScript sources (vite SSR build: dependencies stay external, native modules load from
// node_modules). Plain `node --no-node-snapshot` can then import them.
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
          headless: join(root, 'src/main/hosts/headless/main.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
      },
    },
  });
  return { sandbox: join(benchOut, 'sandbox.mjs'), headless: join(benchOut, 'headless.mjs') };
}
