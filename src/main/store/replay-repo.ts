import { inTransaction, type Db } from './connection';
import { jobRows } from './job-rows';
import { SAME_AS_A, replayResultsReader } from './replay-results';

export type { ReplayResultRow, ResultFilter } from './replay-results';

export interface ReplayRunRow {
  id: string;
  kind: 'replay' | 'compare';
  name: string;
  status: string;
  source: string;
  target_a: string;
  target_b: string | null;
  total: number;
  done: number;
  summary: string;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ReplayInputRow {
  position: number;
  event_seq: number | null;
  /** The imported or captured event's JSON (null: a captured event deleted since the run was created). */
  event: string | null;
  source_id: string | null;
  message_id: string | null;
}

export interface ReplayResultWrite {
  position: number;
  eventSeq: number | null;
  messageId: string | null;
  /** JSON array texts. */
  outputsA: string;
  errorA: string | null;
  outputsB: string | null;
  errorB: string | null;
  change: string | null;
  paths: string | null;
  durationMs: number;
}

/** Every event's outputs of a batch, in its row (see migration 0090). */
export interface BatchOutputs {
  /** One JSON array text per input position of the batch, a line feed between them. */
  a: string;
  /** B's, the same way; null when they are A's text (or a replay). */
  b: string | null;
  /** JSON array: each event's messageId (or null). */
  messageIds: string;
  durationMs: number;
}

/** One batch as appendBatch writes it: its outputs, the rows of the events a filter can find, logs, and the run's progress after it. */
export interface BatchWrite {
  logsA: string;
  logsB: string | null;
  /** Outputs naming no input event, per side: a JSON array text (null: none). */
  orphansA?: string | null;
  orphansB?: string | null;
  outputs: BatchOutputs;
  results: ReplayResultWrite[];
  done: number;
  summary: string;
}

/** Replay runs, their inputs and per-event results. */
export function replayRepo(db: Db) {
  const { byId, list } = jobRows(db, 'replay_runs');
  const insertRun = db.prepare(
    `INSERT INTO replay_runs (id, kind, name, status, source, target_a, target_b, total, done, summary, created_at)
     VALUES (@id, @kind, @name, 'queued', @source, @target_a, @target_b, @total, 0, @summary, @created_at)`,
  );
  const insertInput = db.prepare('INSERT INTO replay_inputs (run_id, position, event_seq, event) VALUES (?, ?, ?, ?)');
  const insertSeqs = db.prepare('INSERT INTO replay_inputs (run_id, position, event_seq) SELECT ?, key, value FROM json_each(?)');
  // A batch's inputs: each event's text (joined into the isolate's payload as it is) and what its
  // metadata needs.
  const inputs = db.prepare(
    `SELECT i.position, i.event_seq, COALESCE(i.event, e.event) AS event, e.source_id, e.message_id
     FROM replay_inputs i LEFT JOIN captured_events e ON e.seq = i.event_seq
     WHERE i.run_id = ? AND i.position >= ? ORDER BY i.position LIMIT ?`,
  );
  // Plain INSERTs: a batch is written once (progress moves in the same transaction, so a resumed
  // run starts past every stored row). INSERT OR REPLACE costs twice as much with foreign keys on.
  const insertBatch = db.prepare('INSERT INTO replay_batches (run_id, first_position, logs_a, logs_b, orphans_a, orphans_b) VALUES (?, ?, ?, ?, ?, ?)');
  const orphansOf = db.prepare(
    `SELECT first_position, orphans_a, orphans_b FROM replay_batches
     WHERE run_id = ? AND (orphans_a IS NOT NULL OR orphans_b IS NOT NULL) ORDER BY first_position LIMIT ? OFFSET ?`,
  );
  const insertOutputs = db.prepare(
    'INSERT INTO replay_batch_outputs (run_id, first_position, outputs_a, outputs_b, message_ids, duration_ms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertResult = db.prepare(
    `INSERT INTO replay_results (run_id, position, batch_position, event_seq, message_id, outputs_a, error_a, outputs_b, error_b, change, paths, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const progress = db.prepare('UPDATE replay_runs SET done = ?, summary = ? WHERE id = ?');
  const progressOf = db.prepare('SELECT done, summary FROM replay_runs WHERE id = ?');
  const setStatus = db.prepare(
    'UPDATE replay_runs SET status = ?, error = ?, started_at = COALESCE(?, started_at), finished_at = ? WHERE id = ?',
  );
  const interruptAll = db.prepare(
    "UPDATE replay_runs SET status = 'interrupted', finished_at = ? WHERE status IN ('queued', 'running')",
  );
  const remove = db.prepare('DELETE FROM replay_runs WHERE id = ?');
  /**
   * Stores a batch: with `outputs`, every event's outputs in the batch row and a row in
   * replay_results only for `results` (the events a filter can find); without, a row per event.
   */
  function writeBatch(
    runId: string,
    firstPosition: number,
    logsA: string,
    logsB: string | null,
    results: ReplayResultWrite[],
    done: number,
    summary: string,
    outputs?: BatchOutputs,
    orphans: { a?: string | null; b?: string | null } = {},
  ): void {
    inTransaction(db, () => {
      insertBatch.run(runId, firstPosition, logsA, logsB, orphans.a ?? null, orphans.b ?? null);
      if (outputs) insertOutputs.run(runId, firstPosition, outputs.a, outputs.b, outputs.messageIds, outputs.durationMs);
      for (const r of results) {
        insertResult.run(runId, r.position, firstPosition, r.eventSeq, r.messageId, r.outputsA, r.errorA, r.outputsB !== null && r.outputsA === r.outputsB ? SAME_AS_A : r.outputsB, r.errorB, r.change, r.paths, r.durationMs);
      }
      progress.run(done, summary, runId);
    });
  }

  return {
    /** Creates a run and its inputs in one transaction. */
    create(
      run: { id: string; kind: string; name: string; source: string; target_a: string; target_b: string | null; summary: string; created_at: string },
      events: { seq: number | null; event: string | null }[],
    ): void {
      inTransaction(db, () => {
        insertRun.run({ ...run, total: events.length });
        // Captured events (ids only, up to 100,000): one statement over a JSON array of the ids.
        if (events.every((e) => e.event === null)) insertSeqs.run(run.id, JSON.stringify(events.map((e) => e.seq)));
        else events.forEach((e, i) => insertInput.run(run.id, i, e.seq, e.event));
      });
    },
    get: (id: string) => byId.get(id) as ReplayRunRow | undefined,
    list: (limit: number) => list.all(limit) as ReplayRunRow[],
    inputs: (runId: string, fromPosition: number, limit: number) => inputs.all(runId, fromPosition, limit) as ReplayInputRow[],
    /** Results of one batch, its logs and the run's progress: all or nothing. */
    writeBatch,
    /**
     * Writes the batch that starts at `from` when the run's progress is there (a run's batches are
     * stored in order, each once), in one transaction with that check: `build` gets the stored
     * summary and returns what to write. False when the run is gone or has moved on.
     */
    appendBatch(runId: string, from: number, build: (summary: string) => BatchWrite): boolean {
      // IMMEDIATE (every transaction is, see connection.ts): the progress read here is the latest.
      return inTransaction(db, () => {
        const run = progressOf.get(runId) as { done: number; summary: string } | undefined;
        if (!run || run.done !== from) return false;
        const batch = build(run.summary);
        writeBatch(runId, from, batch.logsA, batch.logsB, batch.results, batch.done, batch.summary, batch.outputs, { a: batch.orphansA, b: batch.orphansB });
        return true;
      });
    },
    /** The batches with outputs naming no input event, in position order: each side's JSON array text (null: none). */
    orphans(runId: string, offset: number, limit: number): { first_position: number; orphans_a: string | null; orphans_b: string | null }[] {
      return orphansOf.all(runId, limit, offset) as { first_position: number; orphans_a: string | null; orphans_b: string | null }[];
    },
    setStatus(id: string, status: string, options: { error?: string | null; startedAt?: string; finishedAt?: string | null } = {}): void {
      setStatus.run(status, options.error ?? null, options.startedAt ?? null, options.finishedAt ?? null, id);
    },
    /** At startup: runs that were queued or running when the process stopped. */
    interruptAll: (at: string) => interruptAll.run(at).changes,
    remove: (id: string) => remove.run(id).changes > 0,
    ...replayResultsReader(db),
  };
}
export type ReplayRepo = ReturnType<typeof replayRepo>;
