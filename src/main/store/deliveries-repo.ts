import { statementCache, type Db } from './database';
import { pruneOldestBefore, sqlConditions } from './sql-conditions';

export type DeliveryStatus = 'delivered' | 'failed' | 'dropped' | 'filtered';

/** The result of one input event at one destination. */
export interface DeliveryResultRow {
  eventSeq: number | null;
  sourceId: string | null;
  messageId: string | null;
  eventType: string | null;
  status: DeliveryStatus;
  /** Output events (JSON array text) or null. */
  output: string | null;
  error: string | null;
  attempts: number;
}

export interface DeliveryBatchRow {
  destinationId: string;
  transformationId: string | null;
  transformationVersionId: string | null;
  firstSeq: number;
  lastSeq: number;
  eventCount: number;
  logs: string[];
  error: string | null;
  durationMs: number;
}

export interface StoredDelivery {
  id: number;
  batchId: number;
  destinationId: string;
  eventSeq: number | null;
  sourceId: string | null;
  messageId: string | null;
  eventType: string | null;
  status: DeliveryStatus;
  output: unknown[] | null;
  error: string | null;
  attempts: number;
  createdAt: string;
  logs: string[];
  transformationId: string | null;
  transformationVersionId: string | null;
}

export interface DeliveryFilter {
  destinationId?: string;
  status?: DeliveryStatus[];
  messageId?: string;
  eventSeq?: number;
  sourceId?: string;
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
  status: DeliveryStatus;
  output: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  logs: string;
  transformation_id: string | null;
  transformation_version_id: string | null;
}

const toDelivery = (r: Row): StoredDelivery => ({
  id: r.id,
  batchId: r.batch_id,
  destinationId: r.destination_id,
  eventSeq: r.event_seq,
  sourceId: r.source_id,
  messageId: r.message_id,
  eventType: r.event_type,
  status: r.status,
  output: r.output === null ? null : (JSON.parse(r.output) as unknown[]),
  error: r.error,
  attempts: r.attempts,
  createdAt: r.created_at,
  logs: JSON.parse(r.logs) as string[],
  transformationId: r.transformation_id,
  transformationVersionId: r.transformation_version_id,
});

/** Delivery cursors (the durable queue position per destination) and per-event results. */
export function deliveriesRepo(db: Db) {
  const getCursor = db.prepare('SELECT last_seq FROM delivery_cursors WHERE destination_id = ?');
  const putCursor = db.prepare(
    `INSERT INTO delivery_cursors (destination_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(destination_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at`,
  );
  const insertBatch = db.prepare(
    `INSERT INTO delivery_batches (destination_id, transformation_id, transformation_version_id, first_seq, last_seq, event_count, logs, error, duration_ms, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertResult = db.prepare(
    `INSERT INTO deliveries (batch_id, destination_id, event_seq, source_id, message_id, event_type, status, output, error, attempts, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const record = db.transaction((batch: DeliveryBatchRow, results: DeliveryResultRow[], cursor: number) => {
    const now = new Date().toISOString();
    if (results.length) {
      const batchId = Number(
        insertBatch.run(
          batch.destinationId,
          batch.transformationId,
          batch.transformationVersionId,
          batch.firstSeq,
          batch.lastSeq,
          batch.eventCount,
          JSON.stringify(batch.logs),
          batch.error,
          batch.durationMs,
          now,
        ).lastInsertRowid,
      );
      for (const r of results) {
        insertResult.run(batchId, batch.destinationId, r.eventSeq, r.sourceId, r.messageId, r.eventType, r.status, r.output, r.error, r.attempts, now);
      }
    }
    putCursor.run(batch.destinationId, cursor, now);
  });
  const cached = statementCache(db);

  return {
    /** Position of a destination's queue: the last captured seq it has fully processed. */
    cursor(destinationId: string): number | undefined {
      const row = getCursor.get(destinationId) as { last_seq: number } | undefined;
      return row?.last_seq;
    },
    setCursor(destinationId: string, seq: number): void {
      putCursor.run(destinationId, seq, new Date().toISOString());
    },
    /** Records a processed batch and advances the cursor in one transaction (at-least-once). */
    record(batch: DeliveryBatchRow, results: DeliveryResultRow[], cursor: number): void {
      record(batch, results, cursor);
    },
    /** Newest first; `beforeId` is the cursor (exclusive). */
    list(filter: DeliveryFilter, limit: number, beforeId?: number): StoredDelivery[] {
      const where = sqlConditions('d');
      where.equal('destination_id', filter.destinationId);
      where.equal('message_id', filter.messageId);
      where.equal('event_seq', filter.eventSeq);
      where.equal('source_id', filter.sourceId);
      where.oneOf('status', filter.status);
      where.between('created_at', filter.from, filter.to);
      if (beforeId !== undefined) where.add('d.id < ?', beforeId);
      const sql = `SELECT d.*, b.logs, b.transformation_id, b.transformation_version_id
        FROM deliveries d JOIN delivery_batches b ON b.id = d.batch_id
        WHERE ${where.sql()} ORDER BY d.id DESC LIMIT ?`;
      return (cached(sql).all(...where.params, limit) as Row[]).map(toDelivery);
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
