import type { WorkerFactory, WorkSide } from '../../sandbox/worker-api';
import { sideLinesOf, type ReplayJob, type ReplayJobResult, type SideAnswer } from './job';

/**
 * Replay's batch worker, registered with the background sandbox process (worker/index.ts,
 * SandboxOptions.workers): runs one batch's events through each side on its warm isolate and
 * answers per input event. It reads and stores nothing: the core's one writer reads the batch
 * and stores what comes back (replay/batch-runner.ts), so nothing that runs user code opens the
 * studio's database. The sides of a compare run at once over one text of the batch's events.
 */
const createReplayWorker: WorkerFactory = (tools) => {
  const runSide = async (side: WorkSide, events: string, metadata: string, count: number): Promise<SideAnswer> => {
    const started = performance.now();
    try {
      // payloadOf's text ({"e":[events],"m":[metadata]}), from the texts the core made.
      const grouped = await tools.run(side, `{"e":[${events}],"m":${metadata}}`, count);
      return { ok: sideLinesOf(grouped), durationMs: Math.round((performance.now() - started) * 100) / 100 };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };

  return {
    async run(request: unknown, sides: WorkSide[]): Promise<ReplayJobResult> {
      const job = request as ReplayJob;
      return { sides: await Promise.all(sides.map((side, i) => runSide(side, job.events, job.metadata[i]!, job.count))) };
    },
    // A job is one batch: there is nothing to stop between batches here (the core stops sending them).
    cancel(): void {},
    close(): void {},
  };
};

export default createReplayWorker;
