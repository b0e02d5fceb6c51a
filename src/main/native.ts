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
            ? 'Native modules load only in the core, a plain-Node child process of the desktop app; never inside Electron.'
            : `Start it with the project's own Node (npm scripts do; see .nvmrc) and reinstall with \`npm ci\` (prebuilt binaries).`) +
          `\nOriginal error: ${message}`,
      );
    }
    throw error;
  }
}
