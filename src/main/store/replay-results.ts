import { statementCache, type Db } from './connection';

// Reading a replay run's results. Since migration 0090 a row per batch (replay_batch_outputs) holds
// every event's outputs and replay_results only the events a filter can find (failed, dropped,
// changed by B); batches stored before have a row per event. A page of all results reads each
// event's own row when it has one, else its line in its batch's outputs.

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
export const SAME_AS_A = '=';
const OUTPUTS_B = `CASE r.outputs_b WHEN '${SAME_AS_A}' THEN r.outputs_a ELSE r.outputs_b END`;


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

const isAll = (f: ResultFilter) => !f.changes?.length && !f.errors && !f.dropped && f.path === undefined && f.error === undefined;

/** Only a change filter that includes "unchanged": it finds events without a row of their own too. */
const findsUnchanged = (f: ResultFilter) => !!f.changes?.includes('unchanged') && !f.errors && !f.dropped && f.path === undefined && f.error === undefined;

interface PositionRow {
  position: number;
  event_seq: number | null;
  input: string | null;
  own: number | null;
  first: number | null;
  batch_position: number | null;
  message_id: string | null;
  outputs_a: string | null;
  error_a: string | null;
  outputs_b: string | null;
  error_b: string | null;
  change: string | null;
  duration_ms: number | null;
}

interface BatchRow {
  first_position: number;
  logs_a: string;
  logs_b: string | null;
  outputs_a: string | null;
  outputs_b: string | null;
  message_ids: string | null;
  duration_ms: number | null;
}

export function replayResultsReader(db: Db) {
  const cached = statementCache(db);
  const runOf = db.prepare('SELECT kind, done FROM replay_runs WHERE id = ?');
  // The rows of the events a filter finds (all events of batches stored before 0090).
  const resultsSelect = `SELECT r.position, r.batch_position, r.event_seq, r.message_id, COALESCE(i.event, e.event) AS input,
      r.outputs_a, r.error_a, ${OUTPUTS_B} AS outputs_b, r.error_b, r.change, r.duration_ms, b.logs_a, b.logs_b
    FROM replay_results r
    LEFT JOIN replay_inputs i ON i.run_id = r.run_id AND i.position = r.position
    LEFT JOIN captured_events e ON e.seq = r.event_seq
    LEFT JOIN replay_batches b ON b.run_id = r.run_id AND b.first_position = r.batch_position`;
  // Any stored position: its input, its own row if it has one, and its batch.
  const positionsSelect = `SELECT i.position, i.event_seq, COALESCE(i.event, e.event) AS input, r.position AS own,
      (SELECT max(x.first_position) FROM replay_batches x WHERE x.run_id = i.run_id AND x.first_position <= i.position) AS first,
      r.batch_position, r.message_id, r.outputs_a, r.error_a, ${OUTPUTS_B} AS outputs_b, r.error_b, r.change, r.duration_ms
    FROM replay_inputs i
    LEFT JOIN captured_events e ON e.seq = i.event_seq
    LEFT JOIN replay_results r ON r.run_id = i.run_id AND r.position = i.position`;

  /** The results at the positions a condition on `i` selects (stored ones only), in order. */
  function resultsWhere(runId: string, run: { kind: string; done: number }, condition: string, params: unknown[]): ReplayResultRow[] {
    const rows = cached(`${positionsSelect} WHERE i.run_id = ? AND i.position < ? AND ${condition} ORDER BY i.position`).all(runId, run.done, ...params) as PositionRow[];
    const firsts = [...new Set(rows.map((r) => r.first).filter((f): f is number => f !== null))];
    const batches = new Map<number, BatchRow & { a?: string[]; b?: string[]; ids?: (string | null)[] }>();
    if (firsts.length) {
      const found = cached(
        `SELECT b.first_position, b.logs_a, b.logs_b, o.outputs_a, o.outputs_b, o.message_ids, o.duration_ms
         FROM replay_batches b LEFT JOIN replay_batch_outputs o ON o.run_id = b.run_id AND o.first_position = b.first_position
         WHERE b.run_id = ? AND b.first_position IN (${firsts.map(() => '?').join(', ')})`,
      ).all(runId, ...firsts) as BatchRow[];
      for (const batch of found) batches.set(batch.first_position, batch);
    }
    const compare = run.kind === 'compare';
    const out: ReplayResultRow[] = [];
    for (const row of rows) {
      const batch = row.first === null ? undefined : batches.get(row.first);
      if (row.own !== null) {
        const own = batches.get(row.batch_position!) ?? batch;
        out.push({ ...(row as unknown as ReplayResultRow), batch_position: row.batch_position!, logs_a: own?.logs_a ?? null, logs_b: own?.logs_b ?? null });
        continue;
      }
      if (!batch?.outputs_a) continue; // not stored (cannot happen below the run's progress)
      const k = row.position - batch.first_position;
      batch.a ??= batch.outputs_a.split('\n');
      batch.ids ??= JSON.parse(batch.message_ids ?? '[]') as (string | null)[];
      if (compare && batch.outputs_b) batch.b ??= batch.outputs_b.split('\n');
      out.push({
        position: row.position,
        batch_position: batch.first_position,
        event_seq: row.event_seq,
        message_id: batch.ids[k] ?? null,
        input: row.input,
        outputs_a: batch.a[k] ?? '[]',
        error_a: null,
        outputs_b: compare ? ((batch.b ?? batch.a)[k] ?? '[]') : null,
        error_b: null,
        change: compare ? 'unchanged' : null,
        duration_ms: batch.duration_ms ?? 0,
        logs_a: batch.logs_a,
        logs_b: batch.logs_b,
      });
    }
    return out;
  }

  return {
    results(runId: string, filter: ResultFilter, offset: number, limit: number): { rows: ReplayResultRow[]; total: number } {
      const run = runOf.get(runId) as { kind: string; done: number } | undefined;
      if (!run) return { rows: [], total: 0 };
      if (isAll(filter)) return { rows: resultsWhere(runId, run, 'i.position >= ? AND i.position < ?', [offset, offset + limit]), total: run.done };
      if (run.kind === 'compare' && findsUnchanged(filter)) {
        // Events without a row are unchanged; those with one count by their own change.
        const kinds = filter.changes!;
        const condition = `NOT EXISTS (SELECT 1 FROM replay_results x WHERE x.run_id = i.run_id AND x.position = i.position AND (x.change IS NULL OR x.change NOT IN (${kinds.map(() => '?').join(', ')})))`;
        const positions = cached(`SELECT i.position FROM replay_inputs i WHERE i.run_id = ? AND i.position < ? AND ${condition} ORDER BY i.position LIMIT ? OFFSET ?`)
          .pluck()
          .all(runId, run.done, ...kinds, limit, offset) as number[];
        const { n } = cached(`SELECT count(*) AS n FROM replay_inputs i WHERE i.run_id = ? AND i.position < ? AND ${condition}`).get(runId, run.done, ...kinds) as { n: number };
        const rows = positions.length ? resultsWhere(runId, run, `i.position IN (${positions.map(() => '?').join(', ')})`, positions) : [];
        return { rows, total: n };
      }
      const w = where(filter);
      const rows = cached(`${resultsSelect} WHERE ${w.sql} ORDER BY r.position LIMIT ? OFFSET ?`).all(runId, ...w.params, limit, offset) as ReplayResultRow[];
      const { n } = cached(`SELECT count(*) AS n FROM replay_results r WHERE ${w.sql}`).get(runId, ...w.params) as { n: number };
      return { rows, total: n };
    },
    /** The results at these positions (those stored), in position order. */
    resultsAt(runId: string, positions: number[]): ReplayResultRow[] {
      const run = runOf.get(runId) as { kind: string; done: number } | undefined;
      if (!run || positions.length === 0) return [];
      return resultsWhere(runId, run, `i.position IN (${positions.map(() => '?').join(', ')})`, positions);
    },
  };
}
