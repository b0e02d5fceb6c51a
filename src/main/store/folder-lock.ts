import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

// One process per data folder: two cores on one database (two desktop windows, the desktop app
// and `npm run serve`) would fight over the pipeline cursors and the maintenance worker. The
// lock is a file created exclusively; a lock left by a process that no longer runs (kill -9,
// power loss) is taken over.

export const LOCK_FILE = 'studio.lock';

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export class FolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Transformation Studio process (pid ${holder.pid} on ${holder.host}, ` +
        `started ${holder.startedAt}). Stop that process first, or start this one with another --data-dir.`,
    );
    this.name = 'FolderLockedError';
  }
}

export interface FolderLock {
  file: string;
  release(): void;
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readHolder(file: string): LockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.startedAt === 'string') return value as LockHolder;
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return undefined;
}

/** Takes the data folder's lock or throws FolderLockedError naming the process that holds it. */
export function lockDataFolder(dataDir: string): FolderLock {
  const file = join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      let holder = readHolder(file);
      if (!holder) {
        // Possibly created this instant and not yet written: look again before calling it stale.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        holder = readHolder(file);
      }
      // Another machine's process (a shared folder) cannot be checked: only a local dead one is stale.
      if (holder && (holder.host !== me.host || isRunning(holder.pid))) throw new FolderLockedError(dataDir, holder);
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first; try again
      }
    }
  }
  return {
    file,
    release() {
      if (readHolder(file)?.pid !== me.pid) return;
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}
