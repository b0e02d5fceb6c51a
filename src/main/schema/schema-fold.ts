import type { SchemaRepo } from '../store/schema-repo';
import { foldEvents, MAX_PATHS_PER_BUCKET } from './schema-builder';

// The background job that keeps the learned schema up to date. It reads captured events past
// its cursor (the `seq` of captured_events) in batches, folds them into day buckets and stores
// them in one transaction per batch. The event API's capture never waits for it: the only thing
// the hot path does is `noteActivity()` (one assignment). While events pour in, the fold takes a
// small share of the core's CPU (about 1 %: batches of 200, a second or more apart) and catches
// up in batches of 500 once no event came for a second (with 2,000 the core stayed 40-50 MB larger
// after catching up, for a fold ~15 % faster: docs/decisions/010).

export interface SchemaFoldOptions {
  /** Events per batch when the event API is quiet. */
  idleBatch?: number;
  /** Events per batch while events are being captured. */
  busyBatch?: number;
  /** Share of the core's time the fold may take while events are being captured. */
  busyShare?: number;
  /** Pause when there is nothing to fold. */
  intervalMs?: number;
  /** How often buckets of days retention removed are forgotten. */
  forgetEveryMs?: number;
  maxPaths?: number;
  onError?: (message: string) => void;
}

const QUIET_MS = 1_000;
/** While events pour in: at least this pause between batches (200 events a second at most)… */
const MIN_BUSY_PAUSE_MS = 1_000;
/** …and a slow batch (a cold start) does not hold the fold back for longer than this. */
const MAX_BUSY_PAUSE_MS = 3_000;

export function createSchemaFold(repo: SchemaRepo, options: SchemaFoldOptions = {}) {
  const idleBatch = options.idleBatch ?? 500;
  const busyBatch = options.busyBatch ?? 200;
  const busyShare = options.busyShare ?? 0.01;
  const intervalMs = options.intervalMs ?? 500;
  const forgetEveryMs = options.forgetEveryMs ?? 60_000;
  let lastActivity = 0;
  let lastForget = 0;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loopDone: Promise<void> | undefined;

  /** Folds up to `limit` events after the cursor; returns how many were read. */
  function step(limit: number): number {
    const rows = repo.readAfter(repo.foldedUpto(), limit);
    if (rows.length === 0) return 0;
    repo.apply(foldEvents(rows, options.maxPaths ?? MAX_PATHS_PER_BUCKET).values(), rows.at(-1)!.seq, options.maxPaths);
    return rows.length;
  }

  /** Forgets buckets of days before the oldest stored event (all of them when none is left). */
  function forgetRetained(): number {
    lastForget = Date.now();
    return repo.forgetBefore(repo.oldestEventDay() ?? '9999-12-31');
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = ms === 0 ? undefined : setTimeout(resolve, ms);
      if (ms === 0) setImmediate(resolve);
      else timer?.unref();
    });

  async function loop(): Promise<void> {
    while (!stopped) {
      let pause = intervalMs;
      try {
        const busy = Date.now() - lastActivity < QUIET_MS;
        const started = performance.now();
        const n = step(busy ? busyBatch : idleBatch);
        const took = performance.now() - started;
        if (n > 0) pause = busy ? Math.min(MAX_BUSY_PAUSE_MS, Math.max(MIN_BUSY_PAUSE_MS, took / busyShare)) : 0;
        else if (Date.now() - lastForget >= forgetEveryMs) forgetRetained();
      } catch (error) {
        options.onError?.(`schema fold: ${(error as Error).message}`);
      }
      await sleep(pause);
    }
  }

  return {
    /** The event API captured events (called on its path: keep it trivial). */
    noteActivity(): void {
      lastActivity = Date.now();
    },
    step,
    forgetRetained,
    /** Folds everything captured so far, now (tests, benches, a rebuild the user waits for). */
    catchUp(): number {
      let total = 0;
      for (let n = step(idleBatch); n > 0; n = step(idleBatch)) total += n;
      return total;
    },
    /** Wakes the loop now (after a rebuild). */
    kick(): void {
      clearTimeout(timer);
      wake?.();
    },
    start(): void {
      if (!stopped) return;
      stopped = false;
      loopDone = loop();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loopDone;
    },
  };
}
export type SchemaFold = ReturnType<typeof createSchemaFold>;
