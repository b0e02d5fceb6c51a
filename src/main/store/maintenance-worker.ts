import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';
import { INDEX_CHUNK, indexingSql, keysFileOf } from './event-keys';

// Store maintenance in a worker thread with its own connection, so the connection that
// serves requests does neither: (1) WAL checkpoints of the studio database (copying the WAL
// back and syncing), (2) the lookup-key index of captured events (event-keys.ts), written to
// its own database file in large transactions, (3) dropping keys of events retention removed.
const WORKER = `
const { parentPort, workerData: w } = require('node:worker_threads');
const Database = require(w.module);
const db = new Database(w.file);
db.pragma('busy_timeout = 2000');
db.prepare('ATTACH DATABASE ? AS keys').run(w.keysFile);
db.pragma('keys.cache_size = -65536');
db.pragma('keys.journal_size_limit = 67108864');
const cursor = db.prepare(w.sql.cursor);
const maxSeq = db.prepare(w.sql.maxSeq);
const insert = db.prepare(w.sql.insert);
const setCursor = db.prepare(w.sql.setCursor);
const prune = db.prepare(w.sql.prune);
const index = db.transaction((lo, hi) => { insert.run({ lo, hi }); setCursor.run({ hi }); });
const activity = new Int32Array(w.activity);
const report = (error) => parentPort.postMessage({ error: String((error && error.message) || error) });
let lastCheckpoint = 0;
let lastPrune = 0;
let lastActivity = 0;
let stopping = false;
let timer;
const sleep = (ms) => new Promise((resolve) => { timer = setTimeout(resolve, ms); });
const checkpoint = () => {
  lastCheckpoint = Date.now();
  try {
    const [main] = db.pragma('main.wal_checkpoint(PASSIVE)');
    // Under sustained writes the WAL is never fully copied at the moment a writer starts, so it
    // never restarts and grows: once it is big and nearly all copied, a RESTART checkpoint
    // (it briefly holds off writers) lets it start over; past a hard size, even if not.
    if (main && main.log > w.restartFrames && (main.log - main.checkpointed < w.restartLagFrames || main.log > w.forceRestartFrames)) {
      db.pragma('main.wal_checkpoint(RESTART)');
    }
    db.pragma('keys.wal_checkpoint(PASSIVE)');
  } catch (error) { report(error); }
};
const loop = async () => {
  while (!stopping) {
    try {
      const seen = Atomics.load(activity, 0);
      const busy = seen !== lastActivity;
      lastActivity = seen;
      if (Date.now() - lastCheckpoint >= w.checkpointEveryMs) checkpoint();
      const lo = cursor.get().n;
      const hi = Math.min((maxSeq.get() || { n: 0 }).n, lo + (busy ? w.busyChunk : w.chunk));
      if (hi > lo) {
        const started = Date.now();
        index(lo, hi);
        // While events pour in, index with a small share of the CPU (the queries stay complete).
        await sleep(busy ? Math.max(w.intervalMs, (Date.now() - started) * w.busyPauseFactor) : 0);
        continue;
      }
      if (Date.now() - lastPrune > w.pruneEveryMs) { lastPrune = Date.now(); prune.run(); }
    } catch (error) { report(error); }
    await sleep(w.intervalMs);
  }
};
void loop();
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  stopping = true;
  clearTimeout(timer);
  checkpoint();
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

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
  options: { intervalMs?: number; fallbackPages?: number; onError?: (message: string) => void } = {},
): StoreMaintenance {
  const idle = { noteActivity: () => {}, stop: async () => {} };
  if (db.memory) return idle;
  const activity = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker;
  try {
    worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: db.name,
        keysFile: keysFileOf(db.name),
        sql: indexingSql('main', 'keys'),
        activity: activity.buffer,
        chunk: INDEX_CHUNK,
        busyChunk: 5_000,
        busyPauseFactor: 4,
        intervalMs: options.intervalMs ?? 100,
        checkpointEveryMs: 500,
        restartFrames: 8_000,
        restartLagFrames: 2_000,
        forceRestartFrames: 100_000,
        pruneEveryMs: 60_000,
      },
    });
  } catch (error) {
    options.onError?.(`store maintenance worker not started: ${(error as Error).message}`);
    return idle;
  }
  db.pragma(`wal_autocheckpoint = ${options.fallbackPages ?? 250_000}`);
  db.pragma('journal_size_limit = 67108864');
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(`store maintenance: ${message.error}`);
  });
  worker.on('error', (error) => options.onError?.(`store maintenance worker stopped: ${error.message}`));
  let stopped: Promise<void> | undefined;
  return {
    noteActivity: () => void Atomics.add(activity, 0, 1),
    stop() {
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
