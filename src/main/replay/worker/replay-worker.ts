import { openConnection, type Db } from '../../store/connection';
import { replayRepo, type ReplayRepo } from '../../store/replay-repo';
import { payloadOf, WORK_RUNS_IN_FLIGHT, type WorkerFactory, type WorkSide } from '../../sandbox/worker-api';
import { batchEnd, BATCH_SIZE, readBatch, runSide, storeBatch, type PreparedBatch } from './batch';
import type { ReplayJob, ReplayJobResult } from './job';

/** Progress is told at most this often (ms); the core resets its deadline with it. */
const PROGRESS_EVERY_MS = 100;
/** Batches in flight: the next ones' isolate runs overlap a batch's write (the sandbox's deadline allows this many runs between two progress messages). */
const IN_FLIGHT = WORK_RUNS_IN_FLIGHT;

type BatchOutcome = { end: number | null; written: boolean };

/**
 * Replay's batch worker, registered with the background sandbox process (replay/worker/index.ts,
 * SandboxOptions.workers): each batch is read from the studio database, run through its sides on
 * their warm isolates and appended to the run (results, logs, summary, progress in one
 * transaction), so the events and outputs never cross the process boundary and the core's thread
 * stays free. A job runs many batches of a run, a few in flight, stored in position order;
 * between them, the core only hears the progress now and then.
 */
const createReplayWorker: WorkerFactory = (tools) => {
  const stores = new Map<string, { db: Db; repo: ReplayRepo }>();
  // The last batch of each run still to be stored: the next one is stored after it.
  const writes = new Map<string, Promise<void>>();
  // Runs with a job in progress here, and those of them cancelled.
  const active = new Set<string>();
  const cancelled = new Set<string>();

  const storeOf = (file: string) => {
    let store = stores.get(file);
    if (!store) {
      const db = openConnection(file);
      store = { db, repo: replayRepo(db) };
      stores.set(file, store);
    }
    return store;
  };

  /** Runs one side; `events` is the batch's events joined once for both sides of a compare. */
  const runOn = (side: WorkSide, batch: PreparedBatch, events: { json: [string] }, workspaceId: string) =>
    runSide(
      async (metadata) => {
        const started = performance.now();
        const payload = payloadOf({ code: side.code, events, metadata });
        const lines = await tools.run(side, payload, metadata.length);
        return { ...lines, durationMs: Math.round((performance.now() - started) * 100) / 100 };
      },
      side,
      batch,
      workspaceId,
    );

  /** One batch from `from` on: read, run through each side, stored after the batch before it. */
  async function batch(job: ReplayJob, sides: WorkSide[], from: number): Promise<BatchOutcome> {
    const before = writes.get(job.runId) ?? Promise.resolve();
    let stored!: () => void;
    const mine = new Promise<void>((resolve) => (stored = resolve));
    writes.set(job.runId, mine);
    try {
      const { repo } = storeOf(job.dbFile);
      const prepared = readBatch(repo, job.runId, from);
      if (!prepared) return { end: null, written: false };
      // One text of the batch's events for every side (payloadOf joins the texts it is given).
      const events: { json: [string] } = { json: [prepared.events.json.join(',')] };
      const [a, b] = await Promise.all(sides.map((side) => runOn(side, prepared, events, job.workspaceId)));
      await before;
      const written = storeBatch(repo, job.runId, from, prepared, a!, b ?? null);
      return { end: batchEnd(prepared), written };
    } finally {
      stored();
      if (writes.get(job.runId) === mine) writes.delete(job.runId);
    }
  }

  return {
    /**
     * Runs the job's batches in position order, IN_FLIGHT at a time, until `maxBatches` are
     * stored, the inputs end, a batch is not written, or the run is cancelled (those in flight
     * are stored first). A batch that fails to store fails the job once the others settle.
     */
    async run(request: unknown, sides: WorkSide[], progress: (done: number) => void): Promise<ReplayJobResult> {
      const job = request as ReplayJob;
      const { runId } = job;
      active.add(runId);
      cancelled.delete(runId);
      const inFlight: Promise<BatchOutcome>[] = [];
      let next = job.from;
      let started = 0;
      let stop = false;
      const reply: ReplayJobResult = { done: job.from, finished: false, written: true };
      let toldAt = performance.now();
      const fill = () => {
        while (!stop && inFlight.length < IN_FLIGHT && started < job.maxBatches && !cancelled.has(runId)) {
          inFlight.push(batch(job, sides, next));
          next += BATCH_SIZE;
          started++;
        }
      };
      try {
        fill();
        while (inFlight.length > 0) {
          let outcome: BatchOutcome;
          try {
            outcome = await inFlight.shift()!;
          } catch (error) {
            stop = true;
            await Promise.allSettled(inFlight);
            throw error;
          }
          if (outcome.end === null) {
            stop = true;
            reply.finished = true;
          } else if (!outcome.written) {
            stop = true;
            reply.written = false;
          } else if (!stop) {
            reply.done = outcome.end;
            if (performance.now() - toldAt >= PROGRESS_EVERY_MS) {
              toldAt = performance.now();
              progress(reply.done);
            }
          }
          fill();
        }
        return reply;
      } finally {
        active.delete(runId);
        cancelled.delete(runId);
      }
    },

    /** No new batch of the run starts here; those in flight are stored. */
    cancel(runId: string): void {
      if (active.has(runId)) cancelled.add(runId);
    },

    close(): void {
      for (const { db } of stores.values()) db.close();
      stores.clear();
    },
  };
};

export default createReplayWorker;
