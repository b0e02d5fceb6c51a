import { inTransaction, statementCache, type Db } from './connection';
import { jobRows } from './job-rows';

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
  received_at: string | null;
  message_id: string | null;
  /** Call type and event name of a captured event (null for imported ones). */
  type: string | null;
  event_name: string | null;
}

export interface ReplayResultWrite {
  position: number;
  eventSeq: number | null;
  messageId: string | null;
  /** JSON array texts, as strings or UTF-8 bytes (stored as TEXT either way). */
  outputsA: string | Uint8Array;
  errorA: string | null;
  outputsB: string | Uint8Array | null;
  errorB: string | null;
  change: string | null;
  paths: string | null;
  durationMs: number;
}

/** One batch as appendBatch writes it: its results, logs, and the run's progress after it. */
export interface BatchWrite {
  logsA: string;
  logsB: string | null;
  results: ReplayResultWrite[];
  done: number;
  summary: string;
}

export interface ReplayResultRow {
  position: number;
  batch_position: number;
  event_seq: number | null;
  message_id: string | null;
  input: string | null;
  outputs_a: string;
  error_a: string | null;
  outputs_b: string | null;
  error_b: string | null;
  change: string | null;
  duration_ms: number;
  logs_a: string | null;
  logs_b: string | null;
}

export interface ResultFilter {
  changes?: string[];
  errors?: boolean;
  dropped?: boolean;
  path?: string;
  error?: string;
}

/**
 * Stored in outputs_b when B's outputs are the same text as A's (most events of a compare): one
 * copy is written; reads give it back as B's outputs. Not JSON, so never a real output.
 */
const SAME_AS_A = '=';
const OUTPUTS_B = `CASE r.outputs_b WHEN '${SAME_AS_A}' THEN r.outputs_a ELSE r.outputs_b END`;

const sameText = (a: string | Uint8Array, b: string | Uint8Array) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;

function where(filter: ResultFilter): { sql: string; params: unknown[] } {
  const parts = ['r.run_id = ?'];
  const params: unknown[] = [];
  if (filter.changes?.length) {
    parts.push(`r.change IN (${filter.changes.map(() => '?').join(', ')})`);
    params.push(...filter.changes);
  }
  if (filter.errors) parts.push('(r.error_a IS NOT NULL OR r.error_b IS NOT NULL)');
  if (filter.dropped) parts.push(`((r.outputs_b IS NULL AND r.outputs_a = '[]' AND r.error_a IS NULL) OR (${OUTPUTS_B} = '[]' AND r.error_b IS NULL))`);
  if (filter.path !== undefined) {
    parts.push('instr(r.paths, ?) > 0');
    params.push(JSON.stringify(filter.path));
  }
  if (filter.error !== undefined) {
    parts.push('(r.error_a = ? OR r.error_b = ?)');
    params.push(filter.error, filter.error);
  }
  return { sql: parts.join(' AND '), params };
}

/** Replay runs, their inputs and per-event results. */
export function replayRepo(db: Db) {
  const cached = statementCache(db);
  const { byId, list } = jobRows(db, 'replay_runs');
  const insertRun = db.prepare(
    `INSERT INTO replay_runs (id, kind, name, status, source, target_a, target_b, total, done, summary, created_at)
     VALUES (@id, @kind, @name, 'queued', @source, @target_a, @target_b, @total, 0, @summary, @created_at)`,
  );
  const insertInput = db.prepare('INSERT INTO replay_inputs (run_id, position, event_seq, event) VALUES (?, ?, ?, ?)');
  // A batch's inputs: each event's text (joined into the isolate's payload as it is) and what its
  // metadata needs.
  const inputs = db.prepare(
    `SELECT i.position, i.event_seq, COALESCE(i.event, e.event) AS event, e.source_id, e.received_at, e.message_id, e.type, e.event_name
     FROM replay_inputs i LEFT JOIN captured_events e ON e.seq = i.event_seq
     WHERE i.run_id = ? AND i.position >= ? ORDER BY i.position LIMIT ?`,
  );
  // Plain INSERTs: a batch is written once (progress moves in the same transaction, so a resumed
  // run starts past every stored row). INSERT OR REPLACE costs twice as much with foreign keys on.
  const insertBatch = db.prepare('INSERT INTO replay_batches (run_id, first_position, logs_a, logs_b) VALUES (?, ?, ?, ?)');
  const insertResult = db.prepare(
    `INSERT INTO replay_results (run_id, position, batch_position, event_seq, message_id, outputs_a, error_a, outputs_b, error_b, change, paths, duration_ms)
     VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), ?, CAST(? AS TEXT), ?, ?, ?, ?)`,
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
  const resultsSelect = `SELECT r.position, r.batch_position, r.event_seq, r.message_id, COALESCE(i.event, e.event) AS input,
      r.outputs_a, r.error_a, ${OUTPUTS_B} AS outputs_b, r.error_b, r.change, r.duration_ms, b.logs_a, b.logs_b
    FROM replay_results r
    LEFT JOIN replay_inputs i ON i.run_id = r.run_id AND i.position = r.position
    LEFT JOIN captured_events e ON e.seq = r.event_seq
    LEFT JOIN replay_batches b ON b.run_id = r.run_id AND b.first_position = r.batch_position`;

  function writeBatch(runId: string, firstPosition: number, logsA: string, logsB: string | null, results: ReplayResultWrite[], done: number, summary: string): void {
    inTransaction(db, () => {
      insertBatch.run(runId, firstPosition, logsA, logsB);
      for (const r of results) {
        insertResult.run(runId, r.position, firstPosition, r.eventSeq, r.messageId, r.outputsA, r.errorA, r.outputsB !== null && sameText(r.outputsA, r.outputsB) ? SAME_AS_A : r.outputsB, r.errorB, r.change, r.paths, r.durationMs);
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
        events.forEach((e, i) => insertInput.run(run.id, i, e.seq, e.event));
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
        writeBatch(runId, from, batch.logsA, batch.logsB, batch.results, batch.done, batch.summary);
        return true;
      });
    },
    setStatus(id: string, status: string, options: { error?: string | null; startedAt?: string; finishedAt?: string | null } = {}): void {
      setStatus.run(status, options.error ?? null, options.startedAt ?? null, options.finishedAt ?? null, id);
    },
    /** At startup: runs that were queued or running when the process stopped. */
    interruptAll: (at: string) => interruptAll.run(at).changes,
    remove: (id: string) => remove.run(id).changes > 0,
    results(runId: string, filter: ResultFilter, offset: number, limit: number): { rows: ReplayResultRow[]; total: number } {
      const w = where(filter);
      const rows = cached(`${resultsSelect} WHERE ${w.sql} ORDER BY r.position LIMIT ? OFFSET ?`).all(runId, ...w.params, limit, offset) as ReplayResultRow[];
      const { n } = cached(`SELECT count(*) AS n FROM replay_results r WHERE ${w.sql}`).get(runId, ...w.params) as { n: number };
      return { rows, total: n };
    },
    resultsAt: (runId: string, positions: number[]) =>
      positions.length === 0
        ? []
        : (cached(`${resultsSelect} WHERE r.run_id = ? AND r.position IN (${positions.map(() => '?').join(', ')}) ORDER BY r.position`).all(
            runId,
            ...positions,
          ) as ReplayResultRow[]),
  };
}
export type ReplayRepo = ReturnType<typeof replayRepo>;
