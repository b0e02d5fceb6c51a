import type IsolatedVM from 'isolated-vm';
import { StudioError } from '../../errors';
import { loadNative } from '../../native';

export type Ivm = typeof IsolatedVM;

let loaded: Ivm | undefined;

/** True when this process runs with the startup snapshot off, which isolated-vm needs on Node 20+. */
export function snapshotDisabled(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.includes('--no-node-snapshot');
}

/**
 * Loads isolated-vm on first use. Without `--no-node-snapshot` creating an isolate can crash the
 * whole process on Node 20+, so that case becomes a clear sandbox error instead.
 */
export function ivm(): Ivm {
  if (loaded) return loaded;
  if (process.versions.electron) {
    // Electron's V8 sandbox requires ArrayBuffer memory inside its cage; isolated-vm allocates outside it.
    throw new StudioError('sandbox_error', 'isolated-vm cannot run inside Electron: the desktop app runs the core as a plain-Node child process.');
  }
  if (!snapshotDisabled()) {
    throw new StudioError(
      'sandbox_error',
      'The sandbox needs Node started with --no-node-snapshot (isolated-vm on Node 20+): use `npm run serve` or set NODE_OPTIONS=--no-node-snapshot.',
    );
  }
  loaded = loadNative<Ivm>('isolated-vm');
  return loaded;
}
