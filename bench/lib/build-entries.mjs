// Builds the main-process entries the benchmarks import into out/bench/ with the project's
// TypeScript sources (vite SSR build: dependencies stay external, native modules load from
// node_modules). Plain `node --no-node-snapshot` can then import them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = new URL('../..', import.meta.url).pathname;
export const benchOut = join(root, 'out', 'bench');

/** electron-vite's `?modulePath` (a child-process entry as its own chunk) in this plain vite build. */
function modulePath() {
  const prefix = '\0module-path:';
  return {
    name: 'module-path',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (!id.endsWith('?modulePath')) return undefined;
      const resolved = await this.resolve(id.slice(0, -'?modulePath'.length), importer);
      return resolved ? prefix + resolved.id : undefined;
    },
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      const ref = this.emitFile({ type: 'chunk', id: id.slice(prefix.length) });
      return `import { fileURLToPath } from 'node:url';\nexport default fileURLToPath(import.meta.ROLLUP_FILE_URL_${ref});`;
    },
    // The chunk's URL relative to the module that imports it (vite would make it root-relative).
    resolveFileUrl({ relativePath }) {
      return `new URL(${JSON.stringify(relativePath.startsWith('.') ? relativePath : `./${relativePath}`)}, import.meta.url).href`;
    },
  };
}

export async function buildBenchEntries() {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [modulePath()],
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
