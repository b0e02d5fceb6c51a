import type { ReplaySummary } from '../../shared/api/replay';
import type { Sandbox } from '../sandbox/types';
import type { ReplayRepo, ReplayRunRow } from '../store/replay-repo';
import { BATCH_SIZE, batchResults, prepareBatch, runSide } from './run-batch';
import type { CodeSpec } from './targets';

export interface JobsOptions {
  repo: ReplayRepo;
  sandbox: () => Sandbox;
  workspaceId: string;
  onError: (message: string) => void;
}

/** Progress of the running job, kept in memory (rate and ETA). */
export interface LiveProgress {
  startedMs: number;
  doneAtStart: number;
  done: number;
}

const now = () => new Date().toISOString();
/** Batches a run keeps in the sandbox at once (the sandbox's deadline for a grouped run allows one ahead of it). */
const IN_FLIGHT = 2;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs replay jobs one at a time, in the order they were queued, one batch per sandbox call per
 * target; between batches it yields so test-bench runs and ingestion are served. The sandbox's
 * own limiter gives a run at most one of its slots at a time, so the test bench is never starved.
 */
export function createReplayJobs(options: JobsOptions) {
  const { repo } = options;
  const queue: string[] = [];
  const cancelled = new Set<string>();
  let current: { id: string; live: LiveProgress } | null = null;
  let loop: Promise<void> | null = null;
  let stopping = false;

  async function execute(row: ReplayRunRow): Promise<void> {
    const a = JSON.parse(row.target_a) as CodeSpec;
    const b = row.target_b ? (JSON.parse(row.target_b) as CodeSpec) : null;
    const summary = JSON.parse(row.summary) as ReplaySummary;
    let done = row.done;
    const live = { startedMs: performance.now(), doneAtStart: done, done };
    current = { id: row.id, live };
    repo.setStatus(row.id, 'running', { startedAt: now() });
    // Reads the inputs of the batch at `from` (null past the end).
    const read = (from: number) => {
      if (from >= row.total) return null;
      const rows = repo.inputs(row.id, from, BATCH_SIZE);
      return rows.length === 0 ? null : { batch: prepareBatch(rows), end: rows[rows.length - 1]!.position + 1 };
    };
    // Starts a batch in the sandbox: both targets at once (other isolates, run in parallel
    // there). Errors are per-event outcomes, so the promise never rejects.
    const start = (next: NonNullable<ReturnType<typeof read>>) => {
      const sandbox = options.sandbox();
      const sides = Promise.all([runSide(sandbox, a, next.batch, options.workspaceId), b ? runSide(sandbox, b, next.batch, options.workspaceId) : null]);
      return { ...next, sides };
    };
    // Pipelined: the sandbox process has the next batch before it answers the current one (two
    // in flight once the first has warmed the isolate), and while it runs them the core
    // summarises and writes the last one and reads the next.
    const inFlight: ReturnType<typeof start>[] = [];
    let nextFrom = done;
    const fill = (depth: number) => {
      while (inFlight.length < depth) {
        const next = read(nextFrom);
        if (!next) return;
        nextFrom = next.end;
        inFlight.push(start(next));
      }
    };
    fill(1);
    while (inFlight.length > 0) {
      const batch = inFlight.shift()!;
      const [resultA, resultB] = await batch.sides;
      if (stopping) return; // left 'running': the next start marks it interrupted
      if (cancelled.has(row.id)) {
        repo.setStatus(row.id, 'cancelled', { finishedAt: now() });
        return;
      }
      fill(IN_FLIGHT);
      await yieldToOthers();
      const results = batchResults(batch.batch, resultA, resultB, summary);
      await yieldToOthers();
      done = batch.end;
      repo.writeBatch(row.id, batch.batch.rows[0]!.position, JSON.stringify(resultA.logs), resultB ? JSON.stringify(resultB.logs) : null, results, done, JSON.stringify(summary));
      live.done = done;
      await yieldToOthers();
    }
    if (stopping) return;
    repo.setStatus(row.id, 'done', { finishedAt: now() });
  }

  async function drain(): Promise<void> {
    while (queue.length && !stopping) {
      const id = queue.shift()!;
      const row = repo.get(id);
      if (!row || row.status !== 'queued') continue;
      if (cancelled.has(id)) {
        repo.setStatus(id, 'cancelled', { finishedAt: now() });
        continue;
      }
      try {
        await execute(row);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.onError(`replay run ${id} failed: ${message}`);
        if (!stopping && repo.get(id)) repo.setStatus(id, 'failed', { error: message, finishedAt: now() });
      } finally {
        cancelled.delete(id);
        current = null;
      }
    }
    loop = null;
  }

  return {
    enqueue(id: string): void {
      queue.push(id);
      loop ??= drain();
    },
    /** True when the run was queued or running here (its status changes when the loop sees it). */
    cancel(id: string): boolean {
      if (current?.id !== id && !queue.includes(id)) return false;
      cancelled.add(id);
      const index = queue.indexOf(id);
      if (index >= 0) {
        queue.splice(index, 1);
        repo.setStatus(id, 'cancelled', { finishedAt: now() });
        cancelled.delete(id);
      }
      return true;
    },
    isActive: (id: string) => current?.id === id || queue.includes(id),
    live: (id: string): LiveProgress | null => (current?.id === id ? current.live : null),
    /** Resolves once the running job is idle (for tests). */
    idle: async () => {
      while (loop) await loop;
    },
    async stop(): Promise<void> {
      stopping = true;
      queue.length = 0;
      if (loop) await loop;
    },
  };
}
export type ReplayJobs = ReturnType<typeof createReplayJobs>;
