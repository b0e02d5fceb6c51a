import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

// The worker's own connection checkpoints the WAL (copies it into the database file and
// syncs) so the connection that serves requests does not do it inside its commits.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let busy = false;
const timer = setInterval(() => {
  if (busy) return;
  busy = true;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage({ error: String(error && error.message || error) }); }
  busy = false;
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the serving connection: a worker thread checkpoints every
 * `intervalMs`, and the serving connection only checkpoints itself as a fallback when the
 * WAL grows past `fallbackPages` (e.g. when the worker cannot start).
 */
export function startWalCheckpointer(db: Db, options: { intervalMs?: number; fallbackPages?: number; onError?: (message: string) => void } = {}): WalCheckpointer {
  if (db.memory) return { stop: async () => {} };
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { module: modulePath, file: db.name, intervalMs: options.intervalMs ?? 500 } });
  } catch (error) {
    options.onError?.(`WAL checkpointer not started: ${(error as Error).message}`);
    return { stop: async () => {} };
  }
  db.pragma(`wal_autocheckpoint = ${options.fallbackPages ?? 10_000}`);
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(`WAL checkpoint failed: ${message.error}`);
  });
  worker.on('error', (error) => options.onError?.(`WAL checkpointer stopped: ${error.message}`));
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 3_000);
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
