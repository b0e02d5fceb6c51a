import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

// isolated-vm on Node 20+ needs every process that loads it started with --no-node-snapshot;
// Vitest's fork workers inherit this environment.
if (!(process.env.NODE_OPTIONS ?? '').includes('--no-node-snapshot')) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --no-node-snapshot`.trim();
}

/**
 * electron-vite's `import x from './thread?nodeWorker'` (a worker bundled as its own chunk) for
 * tests: the worker runs from its TypeScript source on Node's type stripping, so such thread
 * files import only Node built-ins and packages.
 */
function nodeWorkerFromSource(): Plugin {
  return {
    name: 'node-worker-from-source',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!id.endsWith('?nodeWorker') || !importer) return undefined;
      const file = resolve(importer, '..', id.slice(0, -'?nodeWorker'.length));
      return `\0node-worker:${file.endsWith('.ts') ? file : `${file}.ts`}`;
    },
    load(id) {
      if (!id.startsWith('\0node-worker:')) return undefined;
      const url = pathToFileURL(id.slice('\0node-worker:'.length)).href;
      return `import { Worker } from 'node:worker_threads';\nexport default (options) => new Worker(new URL(${JSON.stringify(url)}), options);`;
    },
  };
}

/**
 * electron-vite's `import entry from './entry?modulePath'` (a child-process entry bundled as its
 * own chunk) for tests: the path of the TypeScript source; the process pool starts it with
 * Node's TypeScript support and a resolve hook for the sources' extensionless imports.
 */
function modulePathFromSource(): Plugin {
  return {
    name: 'module-path-from-source',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!id.endsWith('?modulePath') || !importer) return undefined;
      const file = resolve(importer, '..', id.slice(0, -'?modulePath'.length));
      return `\0module-path:${file.endsWith('.ts') ? file : `${file}.ts`}`;
    },
    load(id) {
      if (!id.startsWith('\0module-path:')) return undefined;
      return `export default ${JSON.stringify(id.slice('\0module-path:'.length))};`;
    },
  };
}

export default defineConfig({
  plugins: [nodeWorkerFromSource(), modulePathFromSource()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
