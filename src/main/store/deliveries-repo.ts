import { statementCache, type Db } from './database';
import { redactUrlCredentials } from '../../shared/url-secret';
import { deliveryWrites, type DeliveryBatchRow, type DeliveryResultRow, type DeliveryStatus, type StoredAttempt } from './delivery-writes';

export type { DeliveryBatchRow, DeliveryResultRow, DeliveryStatus, StoredAttempt };
import { pruneOldestBefore, sqlConditions } from './sql-conditions';


export interface StoredDelivery {
  id: number;
  batchId: number;
  destinationId: string;
  eventSeq: number | null;
  sourceId: string | null;
  messageId: string | null;
  eventType: string | null;
  eventName: string | null;
  status: DeliveryStatus;
  output: unknown[] | null;
  error: string | null;
  attempts: number;
  createdAt: string;
  /** Its own log lines. */
  logs: string[];
  /** Lines of its batch tied to no event (transformBatch, top level, after an await). */
  batchLogs: string[];
  statusCode: number | null;
  latencyMs: number | null;
  nextAttemptAt: string | null;
  /** A failure that may pass: its attempts so far counted towards retryMax (null: not retried). */
  retryFailures: number | null;
  retryMax: number | null;
  attemptLog: StoredAttempt[];
  transformationId: string | null;
  transformationVersionId: string | null;
  /** The send (replay to this destination) that delivered it; null: the live pipeline. */
  sendId: string | null;
}

/** Rows alike for their standing: recorded status, whether retries are counted, whether one is due. */
export interface StandingGroup {
  status: DeliveryStatus;
  counted: boolean;
  due: boolean;
}

export interface DeliveryFilter {
  destinationId?: string;
  status?: DeliveryStatus[];
  /** Rows in any of these groups (the groups of the standings asked for). */
  standing?: StandingGroup[];
  messageId?: string;
  eventSeq?: number;
  sourceId?: string;
  /** Part of the event name (case-insensitive). */
  eventName?: string;
  from?: string;
  to?: string;
}

interface Row {
  id: number;
  batch_id: number;
  destination_id: string;
  event_seq: number | null;
  source_id: string | null;
  message_id: string | null;
  event_type: string | null;
  event_name: string | null;
  status: DeliveryStatus;
  output: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  logs: string | null;
  batch_logs: string;
  status_code: number | null;
  latency_ms: number | null;
  next_attempt_at: string | null;
  retry_failures: number | null;
  retry_max: number | null;
  transformation_id: string | null;
  transformation_version_id: string | null;
  send_id: string | null;
}

const toDelivery = (r: Row, attemptLog: StoredAttempt[]): StoredDelivery => ({
  id: r.id,
  batchId: r.batch_id,
  destinationId: r.destination_id,
  eventSeq: r.event_seq,
  sourceId: r.source_id,
  messageId: r.message_id,
  eventType: r.event_type,
  eventName: r.event_name,
  status: r.status,
  output: r.output === null ? null : (JSON.parse(r.output) as unknown[]),
  error: redactUrlCredentials(r.error),
  attempts: r.attempts,
  createdAt: r.created_at,
  logs: r.logs === null ? [] : (JSON.parse(r.logs) as string[]),
  batchLogs: JSON.parse(r.batch_logs) as string[],
  statusCode: r.status_code,
  latencyMs: r.latency_ms,
  nextAttemptAt: r.next_attempt_at,
  retryFailures: r.retry_failures ?? null,
  retryMax: r.retry_max ?? null,
  attemptLog,
  transformationId: r.transformation_id,
  transformationVersionId: r.transformation_version_id,
  sendId: r.send_id,
});

/** Delivery cursors (the durable queue position per destination) and per-event results. */
export function deliveriesRepo(db: Db) {
  const getCursor = db.prepare('SELECT last_seq FROM delivery_cursors WHERE destination_id = ?');
  const putCursor = db.prepare(
    `INSERT INTO delivery_cursors (destination_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(destination_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at`,
  );
  const record = deliveryWrites(db);
  const attemptsOf = db.prepare(
    `SELECT delivery_id, output_index AS outputIndex, at, status_code AS statusCode, latency_ms AS latencyMs, response_body AS responseBody, error
     FROM delivery_attempts WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const cached = statementCache(db);
  // Told after a batch's results are committed (the live view's push): the destination's id.
  const listeners = new Set<(destinationId: string) => void>();

  return {
    /** Position of a destination's queue: the last captured seq it has fully processed. */
    cursor(destinationId: string): number | undefined {
      const row = getCursor.get(destinationId) as { last_seq: number } | undefined;
      return row?.last_seq;
    },
    setCursor(destinationId: string, seq: number): void {
      putCursor.run(destinationId, seq, new Date().toISOString());
    },
    /** Records a processed batch and advances the cursor in one transaction (at-least-once); a send's batch (cursor null) leaves the cursor. */
    record(batch: DeliveryBatchRow, results: DeliveryResultRow[], cursor: number | null, retried?: number[]): void {
      record(batch, results, cursor, retried);
      if (results.length) for (const listener of listeners) listener(batch.destinationId);
    },
    /** Calls `listener` with a destination's id each time results of it are recorded; returns the way to stop. */
    onRecorded(listener: (destinationId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Newest first; `beforeId` is the cursor (exclusive). */
    list(filter: DeliveryFilter, limit: number, beforeId?: number): StoredDelivery[] {
      const where = sqlConditions('d');
      where.equal('destination_id', filter.destinationId);
      where.equal('message_id', filter.messageId);
      where.equal('event_seq', filter.eventSeq);
      where.equal('source_id', filter.sourceId);
      where.oneOf('status', filter.status);
      if (filter.standing) {
        const groups = filter.standing.map(() => '(d.status = ? AND (d.retry_failures IS NOT NULL) = ? AND (d.next_attempt_at IS NOT NULL) = ?)');
        where.add(`(${groups.join(' OR ') || '0'})`, ...filter.standing.flatMap((g) => [g.status, Number(g.counted), Number(g.due)]));
      }
      where.between('created_at', filter.from, filter.to);
      if (filter.eventName) where.add("d.event_name LIKE ? ESCAPE '\\'", `%${filter.eventName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (beforeId !== undefined) where.add('d.id < ?', beforeId);
      const sql = `SELECT d.*, b.logs AS batch_logs, b.transformation_id, b.transformation_version_id, b.send_id
        FROM deliveries d JOIN delivery_batches b ON b.id = d.batch_id
        WHERE ${where.sql()} ORDER BY d.id DESC LIMIT ?`;
      const rows = cached(sql).all(...where.params, limit) as Row[];
      const attempts = new Map<number, StoredAttempt[]>();
      for (const a of attemptsOf.all(JSON.stringify(rows.map((r) => r.id))) as (StoredAttempt & { delivery_id: number })[]) {
        const { delivery_id: id, ...attempt } = a;
        attempts.set(id, [...(attempts.get(id) ?? []), { ...attempt, error: redactUrlCredentials(attempt.error) }]);
      }
      return rows.map((r) => toDelivery(r, attempts.get(r.id) ?? []));
    },
    /** Retention: deletes up to `chunk` results (and emptied batches) created before `cutoff`. */
    pruneOlderThan(cutoff: string, chunk: number): number {
      return db.transaction(() => {
        const { hi, changes } = pruneOldestBefore(db, 'deliveries', 'id', 'created_at', cutoff, chunk);
        if (hi === null) return 0;
        db.prepare('DELETE FROM delivery_batches WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.batch_id = delivery_batches.id)').run(
          cutoff,
        );
        return changes;
      })();
    },
  };
}
export type DeliveriesRepo = ReturnType<typeof deliveriesRepo>;
