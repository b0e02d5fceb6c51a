// The store maintenance thread (started by ../maintenance-worker.ts; bundled as its own chunk by
// electron-vite's `?nodeWorker`, run from source by Vitest on Node's type stripping, so it imports
// only Node built-ins and better-sqlite3, never project modules). With its own connection it does
// what the serving connection must not wait for:
// (1) WAL checkpoints of the studio database, (2) the lookup-key index of captured events, written
// to its own database file in large transactions, (3) dropping keys of events retention removed,
// (4) once after start, the check of the maintained event counts against count(*) (store/event-counts.ts).
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

export interface MaintenanceConfig {
  /** Resolved path of better-sqlite3 (the thread loads the same copy as the core). */
  module: string;
  file: string;
  keysFile: string;
  sql: { cursor: string; maxSeq: string; insert: string; setCursor: string; prune: string };
  /** SharedArrayBuffer of one Int32 the core increments on every capture. */
  activity: SharedArrayBuffer;
  chunk: number;
  busyChunk: number;
  busyPauseFactor: number;
  intervalMs: number;
  checkpointEveryMs: number;
  restartFrames: number;
  restartLagFrames: number;
  forceRestartFrames: number;
  pruneEveryMs: number;
  /** SQL of the counts check (how many figures differ; the rebuild) and when to run it. */
  countsCheck: { differ: string; rebuild: string; afterMs: number };
}

export type MaintenanceMessage = { error: string } | { stopped: true };

const w = workerData as MaintenanceConfig;
const port = parentPort!;
const Database = createRequire(import.meta.url)(w.module) as typeof BetterSqlite3;
const db = new Database(w.file);
db.pragma('busy_timeout = 2000');
// 2 MB of page cache for the studio database here (better-sqlite3's default is 16 MB): the thread
// reads each captured event once, in seq ranges, and SQLite sizes a sort's memory by this cache
// (the counts check's GROUP BY over every event grew a 32 MB sorter in a heaptrack profile of the
// replay bench; above 2 MB it now spills to a temporary file). Core peak 262 -> 240 MB there.
db.pragma('main.cache_size = -2048');
db.prepare('ATTACH DATABASE ? AS keys').run(w.keysFile);
db.pragma('keys.cache_size = -65536');
db.pragma('keys.journal_size_limit = 67108864');
const cursor = db.prepare<[], { n: number }>(w.sql.cursor);
const maxSeq = db.prepare<[], { n: number }>(w.sql.maxSeq);
const insert = db.prepare(w.sql.insert);
const setCursor = db.prepare(w.sql.setCursor);
const prune = db.prepare(w.sql.prune);
const index = db.transaction((lo: number, hi: number) => {
  insert.run({ lo, hi });
  setCursor.run({ hi });
});
const activity = new Int32Array(w.activity);
const report = (error: unknown) => port.postMessage({ error: String((error as Error)?.message ?? error) } satisfies MaintenanceMessage);

const startedAt = Date.now();
let countsChecked = false;
let lastCheckpoint = 0;
let lastPrune = 0;
let lastActivity = 0;
let stopping = false;
let timer: NodeJS.Timeout | undefined;
const sleep = (ms: number) => new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

function checkpoint(): void {
  lastCheckpoint = Date.now();
  try {
    const [main] = db.pragma('main.wal_checkpoint(PASSIVE)') as CheckpointRow[];
    // Under sustained writes the WAL is never fully copied at the moment a writer starts, so it
    // never restarts and grows: once it is big and nearly all copied, a RESTART checkpoint
    // (it briefly holds off writers) lets it start over; past a hard size, even if not.
    if (main && main.log > w.restartFrames && (main.log - main.checkpointed < w.restartLagFrames || main.log > w.forceRestartFrames)) {
      db.pragma('main.wal_checkpoint(RESTART)');
    }
    db.pragma('keys.wal_checkpoint(PASSIVE)');
  } catch (error) {
    report(error);
  }
}

/** The counts against count(*) in one read snapshot; rebuilt under the write lock when they differ. */
function checkCounts(): void {
  countsChecked = true;
  const differ = db.prepare<[], { n: number }>(w.countsCheck.differ);
  const n = db.transaction(() => differ.get()!.n)();
  if (n === 0) return;
  db.transaction(() => db.exec(w.countsCheck.rebuild)).immediate();
  report(`event counts differed from count(*) in ${n} figure(s): rebuilt`);
}

async function loop(): Promise<void> {
  while (!stopping) {
    try {
      const seen = Atomics.load(activity, 0);
      const busy = seen !== lastActivity;
      lastActivity = seen;
      if (Date.now() - lastCheckpoint >= w.checkpointEveryMs) checkpoint();
      const lo = cursor.get()!.n;
      const hi = Math.min(maxSeq.get()?.n ?? 0, lo + (busy ? w.busyChunk : w.chunk));
      if (hi > lo) {
        const started = Date.now();
        index(lo, hi);
        // While events pour in, index with a small share of the CPU (the queries stay complete).
        await sleep(busy ? Math.max(w.intervalMs, (Date.now() - started) * w.busyPauseFactor) : 0);
        continue;
      }
      if (!countsChecked && Date.now() - startedAt >= w.countsCheck.afterMs) {
        checkCounts();
        continue;
      }
      if (Date.now() - lastPrune > w.pruneEveryMs) {
        lastPrune = Date.now();
        prune.run();
      }
    } catch (error) {
      report(error);
    }
    await sleep(w.intervalMs);
  }
}

void loop();
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  stopping = true;
  clearTimeout(timer);
  checkpoint();
  db.close();
  port.postMessage({ stopped: true } satisfies MaintenanceMessage);
});
