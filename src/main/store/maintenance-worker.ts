import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { Db } from './database';
import { INDEX_CHUNK, indexingSql, keysFileOf } from './event-keys';
import { COUNTS_CHECK_SQL } from './event-counts';

import createMaintenanceThread from './maintenance/thread?nodeWorker';
import type { MaintenanceConfig, MaintenanceMessage } from './maintenance/thread';

// Store maintenance (WAL checkpoints, the lookup-key index of captured events, pruning their keys)
// runs in a worker thread with its own connection (./maintenance/thread.ts), so the connection
// that serves requests never waits for it. If the thread cannot start or dies, the serving
// connection indexes in small steps on a timer instead (slower to catch up, same results).

const FALLBACK_CHUNK = 2_000;
const FALLBACK_INTERVAL_MS = 250;

export interface StoreMaintenance {
  /** Events were just written: the worker keeps its indexing share small for a while. */
  noteActivity(): void;
  stop(): Promise<void>;
}

/**
 * Starts the maintenance worker for a studio database. The serving connection keeps a large
 * WAL auto-checkpoint only as a fallback (when the worker cannot run or falls behind).
 */
export function startStoreMaintenance(
  db: Db,
  options: {
    intervalMs?: number;
    fallbackPages?: number;
    onError?: (message: string) => void;
    /** One indexing step on the serving connection: used when the thread cannot run. */
    indexStep?: (limit: number) => number;
    /** When the thread checks the maintained event counts against count(*) (once; default 10 s after start). */
    countsCheckAfterMs?: number;
    /** Starts the thread (tests replace it to exercise the fallback). */
    startThread?: typeof createMaintenanceThread;
  } = {},
): StoreMaintenance {
  const idle = { noteActivity: () => {}, stop: async () => {} };
  if (db.memory) return idle;
  db.pragma(`wal_autocheckpoint = ${options.fallbackPages ?? 250_000}`);
  db.pragma('journal_size_limit = 67108864');
  // Without the thread: small steps on this connection, so filters do not slow down for ever.
  let fallback: NodeJS.Timeout | undefined;
  const startFallback = (reason: string) => {
    options.onError?.(`${reason}; indexing on the serving connection instead`);
    if (fallback || !options.indexStep) return;
    db.pragma('wal_autocheckpoint = 1000');
    fallback = setInterval(() => {
      try {
        options.indexStep!(FALLBACK_CHUNK);
      } catch (error) {
        options.onError?.(`store maintenance (fallback): ${(error as Error).message}`);
      }
    }, FALLBACK_INTERVAL_MS);
    fallback.unref();
  };
  const stopFallback = { noteActivity: () => {}, stop: async () => clearInterval(fallback) };
  const activity = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker;
  try {
    worker = (options.startThread ?? createMaintenanceThread)({
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: db.name,
        keysFile: keysFileOf(db.name),
        sql: indexingSql('main', 'keys'),
        activity: activity.buffer as SharedArrayBuffer,
        chunk: INDEX_CHUNK,
        busyChunk: 5_000,
        busyPauseFactor: 4,
        intervalMs: options.intervalMs ?? 100,
        checkpointEveryMs: 500,
        restartFrames: 8_000,
        restartLagFrames: 2_000,
        forceRestartFrames: 100_000,
        pruneEveryMs: 60_000,
        countsCheck: { ...COUNTS_CHECK_SQL, afterMs: options.countsCheckAfterMs ?? 10_000 },
      } satisfies MaintenanceConfig,
    });
  } catch (error) {
    startFallback(`store maintenance worker not started: ${(error as Error).message}`);
    return stopFallback;
  }
  worker.unref();
  worker.on('message', (message: MaintenanceMessage) => {
    if ('error' in message) options.onError?.(`store maintenance: ${message.error}`);
  });
  worker.on('error', (error) => startFallback(`store maintenance worker stopped: ${error.message}`));
  let stopped: Promise<void> | undefined;
  return {
    noteActivity: () => void Atomics.add(activity, 0, 1),
    stop() {
      clearInterval(fallback);
      stopped ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5_000);
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.once('message', () => void worker.terminate());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
