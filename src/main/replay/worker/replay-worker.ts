import { payloadOf, type WorkerFactory, type WorkSide } from '../../sandbox/worker-api';
import type { ReplayJob, ReplayJobResult, SideAnswer } from './job';

/**
 * Replay's batch worker, registered with the background sandbox process (worker/index.ts,
 * SandboxOptions.workers): runs one batch's events through each side on its warm isolate and
 * answers per input event. It reads and stores nothing: the core's one writer reads the batch
 * and stores what comes back (replay/batch-runner.ts), so nothing that runs user code opens the
 * studio's database. The sides of a compare run at once over one text of the batch's events.
 */
const createReplayWorker: WorkerFactory = (tools) => {
  const runSide = async (side: WorkSide, events: string, metadata: ReplayJob['metadata'][number]): Promise<SideAnswer> => {
    const started = performance.now();
    try {
      const payload = payloadOf({ code: side.code, events: { json: [events] }, metadata });
      const ok = await tools.run(side, payload, metadata.length);
      return { ok, durationMs: Math.round((performance.now() - started) * 100) / 100 };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };

  return {
    async run(request: unknown, sides: WorkSide[]): Promise<ReplayJobResult> {
      const job = request as ReplayJob;
      return { sides: await Promise.all(sides.map((side, i) => runSide(side, job.events, job.metadata[i]!))) };
    },
    // A job is one batch: there is nothing to stop between batches here (the core stops sending them).
    cancel(): void {},
    close(): void {},
  };
};

export default createReplayWorker;
