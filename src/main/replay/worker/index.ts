import type { Sandbox, WorkSideInput } from '../../sandbox';
import replayWorkerModule from './replay-worker?modulePath';
import type { ReplayJob, ReplayJobResult } from './job';

// Replay's batch worker as the rest of replay sees it: the module the studio registers with the
// sandbox (it runs in the background sandbox process, replay-worker.ts) and how a batch is asked
// for. It imports nothing of the store: the process it loads in never opens the database.

export { linesOf, type ReplayJob, type ReplayJobResult, type SideAnswer, type SideLines } from './job';

/** The worker's name in the sandbox's registry. */
export const REPLAY_WORKER = 'replay';

/** The workers to register with the sandbox (SandboxOptions.workers). */
export const replayWorkers = (): Record<string, string> => ({ [REPLAY_WORKER]: replayWorkerModule });

/**
 * Runs one batch through each side in a background sandbox process. Requests of one `lane` (a
 * run) share one slot of the sandbox's limiter. A crash of that process rejects with
 * details.sandboxCrashed.
 */
export async function runReplayJob(sandbox: Sandbox, job: ReplayJob, sides: WorkSideInput[], lane: string): Promise<ReplayJobResult> {
  return (await sandbox.work({ worker: REPLAY_WORKER, sides, job, lane })) as ReplayJobResult;
}
