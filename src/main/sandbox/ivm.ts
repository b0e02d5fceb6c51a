import type IsolatedVM from 'isolated-vm';
import { StudioError } from '../errors';
import { loadNative } from '../native';

export type Ivm = typeof IsolatedVM;

let loaded: Ivm | undefined;

/** True when this process runs with the startup snapshot off, which isolated-vm needs on Node 20+. */
export function snapshotDisabled(): boolean {
  if (process.versions.electron) return true; // the desktop entry passes --no-node-snapshot through js-flags
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.includes('--no-node-snapshot');
}

/**
 * Loads isolated-vm on first use. Without `--no-node-snapshot` creating an isolate can crash the
 * whole process on Node 20+, so that case becomes a clear sandbox error instead.
 */
export function ivm(): Ivm {
  if (loaded) return loaded;
  if (!snapshotDisabled()) {
    throw new StudioError(
      'sandbox_error',
      'The sandbox needs Node started with --no-node-snapshot (isolated-vm on Node 20+): use `npm run serve` or set NODE_OPTIONS=--no-node-snapshot.',
    );
  }
  loaded = loadNative<Ivm>('isolated-vm');
  return loaded;
}
