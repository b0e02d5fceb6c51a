import { BATCH_SIZE, batchWrite, prepareBatch, runSide, type PreparedBatch } from '../../replay/run-batch';
import { openConnection, type Db } from '../../store/connection';
import { replayRepo, type ReplayRepo } from '../../store/replay-repo';
import { payloadOf } from '../payload';
import type { GroupedLines } from '../per-event';
import type { ReplayBatchReply, ReplayBatchRequest, ReplaySide, RunRequest } from './protocol';

/**
 * Replay batches in the sandbox process: each is read from the studio database, run through its
 * sides on their warm isolates and appended to the run (results, logs, summary, progress in one
 * transaction), so the events and outputs never cross the process boundary and the core's thread
 * stays free. Batches of a run are stored in the order they arrived (the core sends them in
 * position order, two at a time); the next one's isolate run overlaps this one's write.
 */
export function createReplayBatches(run: (request: RunRequest) => Promise<{ lines?: GroupedLines }>) {
  const stores = new Map<string, { db: Db; repo: ReplayRepo }>();
  // The last batch of each run still to be stored: the next one is stored after it.
  const writes = new Map<string, Promise<void>>();

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
        const reply = await run({ ...side, type: 'run', id: 0, payload, group: { messageIds: metadata.map((m) => m.messageId ?? null) } });
        if (!reply.lines) throw new Error('the run answered without per-event results');
        return { ...reply.lines, durationMs: Math.round((performance.now() - started) * 100) / 100 };
      },
      side,
      batch,
      workspaceId,
    );

  return {
    async batch(request: ReplayBatchRequest): Promise<ReplayBatchReply> {
      const before = writes.get(request.runId) ?? Promise.resolve();
      let stored!: () => void;
      const mine = new Promise<void>((resolve) => (stored = resolve));
      writes.set(request.runId, mine);
      try {
        const { repo } = storeOf(request.dbFile);
        const rows = repo.inputs(request.runId, request.from, BATCH_SIZE);
        if (rows.length === 0) return { end: null, written: false };
        const last = rows[rows.length - 1]!.position;
        const batch = prepareBatch(rows);
        const [a, b] = await Promise.all(request.sides.map((side) => runOn(side, batch, request.workspaceId)));
        await before;
        const written = repo.appendBatch(request.runId, request.from, (summary) => batchWrite(batch, a!, b ?? null, summary));
        return { end: last + 1, written };
      } finally {
        stored();
        if (writes.get(request.runId) === mine) writes.delete(request.runId);
      }
    },

    close(): void {
      for (const { db } of stores.values()) db.close();
      stores.clear();
    },
  };
}
