import type { Sandbox, WorkSideInput } from '../../sandbox';
import replayWorkerModule from './replay-worker?modulePath';
import type { ReplayJob, ReplayJobResult } from './job';

// Replay's batch worker as the rest of replay sees it: the module the studio registers with the
// sandbox (it runs in the background sandbox process, replay-worker.ts), how a job is asked for,
// and the crash path the core runs with the same batch functions (batch.ts).

export { BATCH_SIZE, storeFailedBatch } from './batch';
export type { ReplayJob, ReplayJobResult } from './job';

/** The worker's name in the sandbox's registry. */
export const REPLAY_WORKER = 'replay';

/** The workers to register with the sandbox (SandboxOptions.workers). */
export const replayWorkers = (): Record<string, string> => ({ [REPLAY_WORKER]: replayWorkerModule });

/**
 * Runs batches of a stored run in the background sandbox process; a process that answers
 * nothing (closed meanwhile) counts as nothing written. A crash rejects with details.sandboxCrashed.
 */
export async function runReplayJob(sandbox: Sandbox, job: ReplayJob, sides: WorkSideInput[], onProgress: (done: number) => void): Promise<ReplayJobResult> {
  const reply = (await sandbox.work({ worker: REPLAY_WORKER, sides, job }, onProgress)) as ReplayJobResult | undefined;
  return reply ?? { done: job.from, finished: false, written: false };
}

/** No new batch of the run starts; those in flight are stored. */
export const cancelReplayJob = (sandbox: Sandbox, runId: string): void => sandbox.cancelWork(REPLAY_WORKER, runId);
