import { BATCH_SIZE, batchWrite, prepareBatch, runSide, type PreparedBatch } from '../../replay/run-batch';
import { openConnection, type Db } from '../../store/connection';
import { replayRepo, type ReplayRepo } from '../../store/replay-repo';
import { payloadOf } from '../protocol/payload';
import type { GroupedLines } from '../protocol/grouped';
import { REPLAY_BATCHES_IN_FLIGHT, type ReplayBatchesReply, type ReplayBatchesRequest, type ReplaySide, type RunRequest } from '../protocol/messages';

/** Progress is told at most this often (ms); the core resets its deadline with it. */
const PROGRESS_EVERY_MS = 100;

type BatchOutcome = { end: number | null; written: boolean };

/**
 * Replay batches in the sandbox process: each is read from the studio database, run through its
 * sides on their warm isolates and appended to the run (results, logs, summary, progress in one
 * transaction), so the events and outputs never cross the process boundary and the core's thread
 * stays free. A request runs many batches of a run, a few in flight, stored in position order;
 * between them, the core only hears the progress now and then.
 */
export function createReplayBatches(run: (request: RunRequest) => Promise<{ lines?: GroupedLines }>) {
  const stores = new Map<string, { db: Db; repo: ReplayRepo }>();
  // The last batch of each run still to be stored: the next one is stored after it.
  const writes = new Map<string, Promise<void>>();
  // Runs with a request in progress here, and those of them cancelled.
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

  const runOn = (side: ReplaySide, batch: PreparedBatch, workspaceId: string) =>
    runSide(
      async (metadata) => {
        const started = performance.now();
        const payload = payloadOf({ code: side.code, events: batch.events, metadata });
        const reply = await run({ ...side, type: 'run', id: 0, payload, mode: { kind: 'grouped', messageIds: metadata.map((m) => m.messageId ?? null) } });
        if (!reply.lines) throw new Error('the run answered without per-event results');
        return { ...reply.lines, durationMs: Math.round((performance.now() - started) * 100) / 100 };
      },
      side,
      batch,
      workspaceId,
    );

  /** One batch from `from` on: read, run through each side, stored after the batch before it. */
  async function batch(request: ReplayBatchesRequest, from: number): Promise<BatchOutcome> {
    const before = writes.get(request.runId) ?? Promise.resolve();
    let stored!: () => void;
    const mine = new Promise<void>((resolve) => (stored = resolve));
    writes.set(request.runId, mine);
    try {
      const { repo } = storeOf(request.dbFile);
      const rows = repo.inputs(request.runId, from, BATCH_SIZE);
      if (rows.length === 0) return { end: null, written: false };
      const last = rows[rows.length - 1]!.position;
      const prepared = prepareBatch(rows);
      const [a, b] = await Promise.all(request.sides.map((side) => runOn(side, prepared, request.workspaceId)));
      await before;
      const written = repo.appendBatch(request.runId, from, (summary) => batchWrite(prepared, a!, b ?? null, summary));
      return { end: last + 1, written };
    } finally {
      stored();
      if (writes.get(request.runId) === mine) writes.delete(request.runId);
    }
  }

  return {
    /**
     * Runs the request's batches in position order, IN_FLIGHT at a time, until `maxBatches` are
     * stored, the inputs end, a batch is not written, or the run is cancelled (those in flight
     * are stored first). A batch that fails to store fails the request once the others settle.
     */
    async batches(request: ReplayBatchesRequest, progress: (done: number) => void): Promise<ReplayBatchesReply> {
      const { runId } = request;
      active.add(runId);
      cancelled.delete(runId);
      const inFlight: Promise<BatchOutcome>[] = [];
      let next = request.from;
      let started = 0;
      let stop = false;
      const reply: ReplayBatchesReply = { done: request.from, finished: false, written: true };
      let toldAt = performance.now();
      const fill = () => {
        while (!stop && inFlight.length < REPLAY_BATCHES_IN_FLIGHT && started < request.maxBatches && !cancelled.has(runId)) {
          inFlight.push(batch(request, next));
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
}
