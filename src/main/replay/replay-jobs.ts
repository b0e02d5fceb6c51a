import { StudioError } from '../errors';
import { codeInput } from '../pipeline/transform-step';
import { REPLAY_BATCHES_AHEAD } from '../sandbox';
import type { ReplaySideInput, Sandbox } from '../sandbox/types';
import type { ReplayRepo, ReplayRunRow } from '../store/replay-repo';
import { BATCH_SIZE, batchWrite, failedSide, prepareBatch } from './run-batch';
import type { CodeSpec } from './targets';

export interface JobsOptions {
  repo: ReplayRepo;
  /** The database file the repository is on (sandbox processes open it to store batches). */
  dbFile: string;
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
/** Batches a run keeps in the sandbox at once: the process has the next ones when it ends one. */
const IN_FLIGHT = 1 + REPLAY_BATCHES_AHEAD;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs replay jobs one at a time, in the order they were queued: one sandbox call per batch (both
 * targets of a compare in it), which the sandbox process reads, runs and stores; a few batches in
 * flight. The sandbox's limiter gives a run's batches one of its slots together, so the test
 * bench is never starved.
 */
export function createReplayJobs(options: JobsOptions) {
  const { repo } = options;
  const queue: string[] = [];
  const cancelled = new Set<string>();
  let current: { id: string; live: LiveProgress } | null = null;
  let loop: Promise<void> | null = null;
  let stopping = false;

  /** A batch whose sandbox process crashed: its events are stored as failed with that message. */
  function storeFailed(row: ReplayRunRow, compare: boolean, from: number, message: string): number | null {
    const rows = repo.inputs(row.id, from, BATCH_SIZE);
    if (rows.length === 0) return null;
    const batch = prepareBatch(rows);
    const failed = failedSide(batch, message);
    repo.appendBatch(row.id, from, (summary) => batchWrite(batch, failed, compare ? failed : null, summary));
    return rows[rows.length - 1]!.position + 1;
  }

  async function execute(row: ReplayRunRow): Promise<void> {
    const targets = [row.target_a, row.target_b].filter((t): t is string => t !== null).map((t) => JSON.parse(t) as CodeSpec);
    const sides: ReplaySideInput[] = targets.map((spec) => ({
      ...codeInput({ transformationId: spec.transformationId ?? '', name: spec.name, versionId: spec.cacheKey, code: spec.code, libraries: spec.libraries }),
      transformationId: spec.transformationId,
      versionId: spec.versionId,
    }));
    const live = { startedMs: performance.now(), doneAtStart: row.done, done: row.done };
    current = { id: row.id, live };
    repo.setStatus(row.id, 'running', { startedAt: now() });
    // A batch is read, run and stored by the sandbox process that runs its code; errors are
    // per-event outcomes there, so a batch fails here only when that process crashed (its events
    // are then stored as failed here) or the store failed.
    const start = (from: number) => ({
      from,
      outcome: options
        .sandbox()
        .replayBatch({ dbFile: options.dbFile, runId: row.id, from, workspaceId: options.workspaceId, sides })
        .then(
          (result) => ({ end: result.end, written: result.written, error: null }),
          (error: unknown) => ({ end: null, written: false, error }),
        ),
    });
    // Pipelined: the sandbox process has the next batch before it has stored the current one.
    const inFlight: ReturnType<typeof start>[] = [];
    let nextFrom = row.done;
    const fill = (depth: number) => {
      while (inFlight.length < depth && nextFrom < row.total) {
        inFlight.push(start(nextFrom));
        nextFrom += BATCH_SIZE;
      }
    };
    const settleInFlight = () => Promise.all(inFlight.map((batch) => batch.outcome));
    fill(IN_FLIGHT);
    // After a crash no batch is sent until those that were in flight (in the process that died,
    // all failed) are stored as failed: a batch is stored only where the run's progress is.
    let crashed = false;
    while (inFlight.length > 0) {
      const batch = inFlight.shift()!;
      const { end, written, error } = await batch.outcome;
      if (stopping) return; // left 'running': the next start marks it interrupted
      if (error !== null) {
        if (!(error instanceof StudioError && error.details?.sandboxCrashed === true)) {
          await settleInFlight();
          throw error;
        }
        crashed = true;
        live.done = storeFailed(row, targets.length > 1, batch.from, error.message) ?? live.done;
      } else if (end !== null) {
        if (!written) {
          await settleInFlight();
          throw new Error(`the batch at position ${batch.from} was run but not stored: the run's progress was elsewhere`);
        }
        live.done = end;
      }
      if (cancelled.has(row.id)) {
        // The batches already sent are stored whole; the run stops after them.
        await settleInFlight();
        repo.setStatus(row.id, 'cancelled', { finishedAt: now() });
        return;
      }
      if (crashed && inFlight.length === 0) crashed = false;
      if (!crashed) fill(IN_FLIGHT);
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
