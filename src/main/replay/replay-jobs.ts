import { createJobLoop, type Progress, type StepResult } from '../jobs/loop';
import type { Sandbox, WorkSideInput } from '../sandbox';
import type { ReplayRepo, ReplayRunRow } from '../store/replay-repo';
import { runBatches } from './batch-runner';
import type { CodeSpec } from './targets';

export interface JobsOptions {
  repo: ReplayRepo;
  sandbox: () => Sandbox;
  workspaceId: string;
  onError: (message: string) => void;
}

/** Progress of the running job, kept in memory (rate and ETA). */
export type LiveProgress = Progress;

const now = () => new Date().toISOString();

/**
 * Runs replay jobs one at a time, in the order they were queued: the core reads each batch, a
 * background sandbox process runs it through both targets of a compare (or the one of a replay)
 * and answers per event, and the core stores it (batch-runner.ts). A run's batches in flight
 * share one slot of the sandbox's limiter, so the test bench is never starved.
 */
export function createReplayJobs(options: JobsOptions) {
  const { repo } = options;
  const queue: string[] = [];
  const cancelled = new Set<string>();
  let current: { id: string; live: LiveProgress } | null = null;
  let stopping = false;
  const closing = new AbortController();

  async function execute(row: ReplayRunRow): Promise<void> {
    const targets = [row.target_a, row.target_b].filter((t): t is string => t !== null).map((t) => JSON.parse(t) as CodeSpec);
    const sides: WorkSideInput[] = targets.map((spec) => ({
      // The spec is already the sandbox's input: its cache key was made with cacheKeyOf when the run was stored.
      code: spec.code,
      name: spec.name,
      cacheKey: spec.cacheKey,
      libraries: spec.libraries,
      transformationId: spec.transformationId,
      versionId: spec.versionId,
    }));
    const live = loop.progress.begin(row.done);
    current = { id: row.id, live };
    repo.setStatus(row.id, 'running', { startedAt: now() });
    await runBatches({
      repo,
      runId: row.id,
      from: row.done,
      sandbox: options.sandbox,
      sides,
      workspaceId: options.workspaceId,
      stopped: () => cancelled.has(row.id) || stopping,
      closing: closing.signal,
      onStored: (done) => (live.done = done),
    });
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
      closing.abort();
      queue.length = 0;
      // No batch is stored from now on; the run stays 'running' and the next start marks it interrupted.
      await loop.stop();
    },
  };
}
export type ReplayJobs = ReturnType<typeof createReplayJobs>;
