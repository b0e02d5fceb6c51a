import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { compileCacheDir } from './src/main/hosts/paths';

// isolated-vm on Node 20+ needs every process that loads it started with --no-node-snapshot;
// Vitest's fork workers inherit this environment.
if (!(process.env.NODE_OPTIONS ?? '').includes('--no-node-snapshot')) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --no-node-snapshot`.trim();
}
// The sandbox, debug and host processes the tests start use Node's compile cache, as the core's
// (hosts/paths.ts useCompileCache): ~20 % less CPU per process start (decision 008).
if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = compileCacheDir();

/**
 * An electron-vite import suffix resolved for tests from the TypeScript source next to the
 * importer: `load` turns the source's absolute path into the module the import gets.
 */
function fromSource(suffix: string, load: (file: string) => string): Plugin {
  const prefix = `\0${suffix}:`;
  return {
    name: `${suffix}-from-source`,
    enforce: 'pre',
    resolveId(id, importer) {
      if (!id.endsWith(`?${suffix}`) || !importer) return undefined;
      const file = resolve(importer, '..', id.slice(0, -suffix.length - 1));
      return `${prefix}${file.endsWith('.ts') ? file : `${file}.ts`}`;
    },
    load: (id) => (id.startsWith(prefix) ? load(id.slice(prefix.length)) : undefined),
  };
}

/**
 * `import x from './thread?nodeWorker'` (a worker bundled as its own chunk): the worker runs from
 * its TypeScript source on Node's type stripping, so such thread files import only Node built-ins
 * and packages.
 */
const nodeWorkerFromSource = () =>
  fromSource(
    'nodeWorker',
    (file) => `import { Worker } from 'node:worker_threads';\nexport default (options) => new Worker(new URL(${JSON.stringify(pathToFileURL(file).href)}), options);`,
  );

/**
 * `import entry from './entry?modulePath'` (a child-process entry bundled as its own chunk): the
 * path of the TypeScript source; the process pool starts it with Node's TypeScript support and a
 * resolve hook for the sources' extensionless imports.
 */
const modulePathFromSource = () => fromSource('modulePath', (file) => `export default ${JSON.stringify(file)};`);

export default defineConfig({
  plugins: [nodeWorkerFromSource(), modulePathFromSource()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One fork runs the files one after another without re-importing every module per file: the
    // suite took 575 s isolated and 400 s not, all 182 files passing (decision 008).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    expect: {
      // A test without an assertion fails (a test must be able to fail).
      requireAssertions: true,
      // expect.poll waits for a state that comes by itself (a background re-run, a stream's event):
      // its timeout is a hang guard, not a speed limit, and 1 s (the default) is less than one
      // sandboxed test run takes on a loaded machine. Speed is measured by bench/, not by tests.
      poll: { timeout: 15_000 },
    },
  },
});
