import { createRequire } from 'node:module';

const requireNative = createRequire(import.meta.url);

/**
 * Loads a native module and turns the opaque "compiled against a different Node.js version"
 * failure into a message that says which runtime it was built for and how to fix it.
 */
export function loadNative<T>(name: 'better-sqlite3' | 'isolated-vm'): T {
  try {
    return requireNative(name) as T;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/NODE_MODULE_VERSION|was compiled against a different|invalid ELF|Module did not self-register/.test(message)) {
      const runtime = process.versions.electron ? `Electron ${process.versions.electron}` : `Node ${process.versions.node}`;
      throw new Error(
        `The native module "${name}" was built for another runtime than this one (${runtime}). ` +
          (process.versions.electron
            ? 'Run `npm run rebuild:electron` before starting the desktop app.'
            : `Run \`npm rebuild ${name}\` to build it for Node.`) +
          `\nOriginal error: ${message}`,
      );
    }
    throw error;
  }
}
