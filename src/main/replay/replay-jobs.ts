import { StudioError } from '../errors';
import { createJobLoop, type Progress, type StepResult } from '../jobs/loop';
import { codeInput } from '../pipeline/transform-step';
import type { Sandbox, WorkSideInput } from '../sandbox';
import type { ReplayRepo, ReplayRunRow } from '../store/replay-repo';
import { cancelReplayJob, runReplayJob, storeFailedBatch } from './worker';
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
export type LiveProgress = Progress;

const now = () => new Date().toISOString();
/**
 * Batches one sandbox request runs (10,000 events): the sandbox process goes from batch to batch
 * without the core; between requests, the core checks the memory of the process and the run.
 */
const BATCHES_PER_REQUEST = 50;

/**
 * Runs replay jobs one at a time, in the order they were queued: sandbox requests of many batches
 * each (both targets of a compare in every batch), which the sandbox process reads, runs and
 * stores batch by batch. A request takes one slot of the sandbox's limiter, so the test bench is
 * never starved.
 */
export function createReplayJobs(options: JobsOptions) {
  const { repo } = options;
  const queue: string[] = [];
  const cancelled = new Set<string>();
  let current: { id: string; live: LiveProgress } | null = null;
  let stopping = false;

  async function execute(row: ReplayRunRow): Promise<void> {
    const targets = [row.target_a, row.target_b].filter((t): t is string => t !== null).map((t) => JSON.parse(t) as CodeSpec);
    const sides: WorkSideInput[] = targets.map((spec) => ({
      ...codeInput({ transformationId: spec.transformationId ?? '', name: spec.name, versionId: spec.cacheKey, code: spec.code, libraries: spec.libraries }),
      transformationId: spec.transformationId,
      versionId: spec.versionId,
    }));
    const live = loop.progress.begin(row.done);
    current = { id: row.id, live };
    repo.setStatus(row.id, 'running', { startedAt: now() });
    // Batches are read, run and stored by the sandbox process that runs their code; errors are
    // per-event outcomes there, so a request fails here only when that process crashed (the batch
    // it was at is then stored as failed here) or a store failed.
    const compare = targets.length > 1;
    let done = row.done;
    while (done < row.total && !cancelled.has(row.id)) {
      const job = { dbFile: options.dbFile, runId: row.id, from: done, workspaceId: options.workspaceId, maxBatches: BATCHES_PER_REQUEST };
      let result;
      try {
        result = await runReplayJob(options.sandbox(), job, sides, (stored) => (live.done = stored));
      } catch (error) {
        if (stopping) return; // left 'running': the next start marks it interrupted
        if (!(error instanceof StudioError && error.details?.sandboxCrashed === true)) throw error;
        // What the process stored before it died stays; the batch after it is the one it was at.
        const at = repo.get(row.id)?.done ?? done;
        const end = storeFailedBatch(repo, row.id, at, compare, error.message);
        if (end === null) break;
        live.done = done = end;
        continue;
      }
      if (stopping) return;
      if (!result.written) throw new Error(`the batch at position ${result.done} was run but not stored: the run's progress was elsewhere`);
      live.done = result.done;
      if (result.finished || result.done === done) break;
      done = result.done;
    }
    if (stopping) return;
    repo.setStatus(row.id, cancelled.has(row.id) ? 'cancelled' : 'done', { finishedAt: now() });
  }

  /** One queued run, from start to end (its status says how it ended). */
  async function next(): Promise<StepResult> {
    const id = queue.shift();
    if (id === undefined) return 'idle';
    const row = repo.get(id);
    if (!row || row.status !== 'queued') return 'more';
    if (cancelled.has(id)) {
      repo.setStatus(id, 'cancelled', { finishedAt: now() });
      cancelled.delete(id);
      return 'more';
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
      loop.progress.end();
    }
    return 'more';
  }

  // Runs one at a time; asleep while the queue is empty (enqueue wakes it).
  const loop = createJobLoop({ step: next, onError: (error) => options.onError(`replay jobs: ${error instanceof Error ? error.message : String(error)}`) });
  loop.start();

  return {
    enqueue(id: string): void {
      queue.push(id);
      loop.wake();
    },
    /** True when the run was queued or running here (its status changes when the loop sees it). */
    cancel(id: string): boolean {
      if (current?.id !== id && !queue.includes(id)) return false;
      cancelled.add(id);
      if (current?.id === id) cancelReplayJob(options.sandbox(), id);
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
    /** Resolves once the queue is empty and no run is running (for tests). */
    idle: () => loop.whenIdle(),
    async stop(): Promise<void> {
      stopping = true;
      queue.length = 0;
      // The batches in flight are stored; the run stays 'running' and the next start marks it interrupted.
      if (current) cancelReplayJob(options.sandbox(), current.id);
      await loop.stop();
    },
  };
}
export type ReplayJobs = ReturnType<typeof createReplayJobs>;
