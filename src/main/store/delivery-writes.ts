import type { Db } from './database';
import { redactUrlCredentials } from '../../shared/url-secret';

export type DeliveryStatus = 'delivered' | 'failed' | 'dropped' | 'filtered';

/** The result of one input event at one destination. */
export interface DeliveryResultRow {
  eventSeq: number | null;
  sourceId: string | null;
  messageId: string | null;
  eventType: string | null;
  eventName?: string | null;
  status: DeliveryStatus;
  /** Output events (JSON array text) or null. */
  output: string | null;
  error: string | null;
  attempts: number;
  /** The lines its own transformEvent call wrote. */
  logs?: string[];
  /** Every try of its outputs, in order. */
  attemptLog?: StoredAttempt[];
  /** Scheduled to be tried again (failed attempts so far of at most maxAttempts, since when); at null: given up. */
  retry?: { at: string | null; failures: number; firstFailedAt: string; maxAttempts?: number };
}

/** One try to deliver one output of an event. */
export interface StoredAttempt {
  outputIndex: number;
  at: string;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
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
  /** The send (replay to this destination) that made it; absent: the live pipeline. */
  sendId?: string | null;
}


/**
 * Records a processed batch in one transaction: the batch (with its batch-level log lines, once),
 * one result per input event (with its own lines), every attempt of its outputs, the retries
 * that come next, and the destination's cursor. A result for an event that was tried again takes
 * over the attempts of that event's earlier failed result, which goes.
 */
export function deliveryWrites(db: Db) {
  const putCursor = db.prepare(
    `INSERT INTO delivery_cursors (destination_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(destination_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at`,
  );
  const insertBatch = db.prepare(
    `INSERT INTO delivery_batches (destination_id, transformation_id, transformation_version_id, first_seq, last_seq, event_count, logs, error, duration_ms, created_at, send_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertResult = db.prepare(
    `INSERT INTO deliveries (batch_id, destination_id, event_seq, source_id, message_id, event_type, event_name, status, output, error, attempts, logs, status_code, latency_ms, next_attempt_at, created_at, retry_failures, retry_max)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAttempt = db.prepare(
    'INSERT INTO delivery_attempts (delivery_id, output_index, at, status_code, latency_ms, response_body, error) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const earlier = db.prepare("SELECT id, attempts FROM deliveries WHERE destination_id = ? AND event_seq = ? AND status = 'failed' AND id < ?");
  const addAttempts = db.prepare('UPDATE deliveries SET attempts = attempts + ? WHERE id = ?');
  const moveAttempts = db.prepare('UPDATE delivery_attempts SET delivery_id = ? WHERE delivery_id = ?');
  const dropResult = db.prepare('DELETE FROM deliveries WHERE id = ?');
  const schedule = db.prepare(
    `INSERT INTO delivery_retries (destination_id, event_seq, next_attempt_at, failures, first_failed_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(destination_id, event_seq) DO UPDATE SET next_attempt_at = excluded.next_attempt_at, failures = excluded.failures, first_failed_at = excluded.first_failed_at`,
  );
  const unschedule = db.prepare('DELETE FROM delivery_retries WHERE destination_id = ? AND event_seq = ?');

  // A send's results (cursor null) leave the destination's queue position alone.
  return db.transaction((batch: DeliveryBatchRow, results: DeliveryResultRow[], cursor: number | null, retried: number[] = []) => {
    const now = new Date().toISOString();
    const again = new Set(retried);
    for (const seq of retried) unschedule.run(batch.destinationId, seq);
    if (results.length) {
      const batchId = Number(
        insertBatch.run(batch.destinationId, batch.transformationId, batch.transformationVersionId, batch.firstSeq, batch.lastSeq, batch.eventCount, JSON.stringify(batch.logs), redactUrlCredentials(batch.error), batch.durationMs, now, batch.sendId ?? null)
          .lastInsertRowid,
      );
      for (const r of results) {
        const last = r.attemptLog?.at(-1);
        const id = Number(
          insertResult.run(
            batchId, batch.destinationId, r.eventSeq, r.sourceId, r.messageId, r.eventType, r.eventName ?? null, r.status, r.output, redactUrlCredentials(r.error), r.attempts,
            r.logs?.length ? JSON.stringify(r.logs) : null, last?.statusCode ?? null, last?.latencyMs ?? null, r.retry?.at ?? null, now,
            r.retry?.failures ?? null, r.retry?.maxAttempts ?? null,
          ).lastInsertRowid,
        );
        if (r.eventSeq !== null && again.has(r.eventSeq)) {
          for (const { id: old, attempts } of earlier.all(batch.destinationId, r.eventSeq, id) as { id: number; attempts: number }[]) {
            addAttempts.run(attempts, id);
            moveAttempts.run(id, old);
            dropResult.run(old);
          }
        }
        for (const a of r.attemptLog ?? []) insertAttempt.run(id, a.outputIndex, a.at, a.statusCode, a.latencyMs, a.responseBody, redactUrlCredentials(a.error));
        if (r.eventSeq !== null && r.retry?.at) schedule.run(batch.destinationId, r.eventSeq, r.retry.at, r.retry.failures, r.retry.firstFailedAt);
      }
    }
    if (cursor !== null) putCursor.run(batch.destinationId, cursor, now);
  });
}
