import type { Db } from './database';
import { redactUrlCredentials } from '../../shared/url-secret';
import type { DeliveryStatus } from './deliveries-repo';

export interface DeliveryHealth {
  counts: Record<DeliveryStatus, number>;
  lastFailure: { at: string; error: string | null } | null;
  lastSuccessAt: string | null;
  /** Failed events queued to be delivered again. */
  retrying: number;
  /** When the next of them is due (null: none queued). */
  nextAttemptAt: string | null;
}

/** Per-destination delivery health (counts by status, last failure and success) and the retry queue. */
export function deliveryHealthRepo(db: Db) {
  const counts = db.prepare('SELECT status, count(*) AS n FROM deliveries WHERE destination_id = ? GROUP BY status');
  // What a delivery's standing is derived from (pipeline/deliveries-query.ts), counted per group.
  const standingGroups = db.prepare(
    `SELECT status, retry_failures IS NOT NULL AS counted, next_attempt_at IS NOT NULL AS due, count(*) AS n
     FROM deliveries WHERE destination_id = ? GROUP BY status, counted, due`,
  );
  const lastOf = db.prepare('SELECT created_at, error FROM deliveries WHERE destination_id = ? AND status = ? ORDER BY id DESC LIMIT 1');
  const retrying = db.prepare('SELECT count(*) AS n, min(next_attempt_at) AS next FROM delivery_retries WHERE destination_id = ?');
  // "Retry now": every failed event (given up or waiting for its next attempt) is due now; one
  // given up keeps its count of attempts (the one by hand is one more, not a new allowance).
  const queueRetries = db.prepare(
    `INSERT INTO delivery_retries (destination_id, event_seq, next_attempt_at, failures, first_failed_at)
     SELECT destination_id, event_seq, ?, max(coalesce(retry_failures, 0)), min(created_at) FROM deliveries
     WHERE destination_id = ? AND status = 'failed' AND event_seq IS NOT NULL GROUP BY destination_id, event_seq
     ON CONFLICT(destination_id, event_seq) DO UPDATE SET next_attempt_at = excluded.next_attempt_at`,
  );
  const dueNow = db.prepare("UPDATE deliveries SET next_attempt_at = ? WHERE destination_id = ? AND status = 'failed' AND event_seq IS NOT NULL");
  const nextRetries = db.prepare(
    'SELECT event_seq FROM delivery_retries WHERE destination_id = ? AND (next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY event_seq LIMIT ?',
  );
  const stateOf = db.prepare('SELECT failures, first_failed_at FROM delivery_retries WHERE destination_id = ? AND event_seq = ?');
  const nextDue = db.prepare('SELECT min(next_attempt_at) AS next FROM delivery_retries WHERE destination_id = ?');
  const doneRetry = db.prepare('DELETE FROM delivery_retries WHERE destination_id = ? AND event_seq = ?');
  return {
    health(destinationId: string): DeliveryHealth {
      const byStatus: Record<DeliveryStatus, number> = { delivered: 0, failed: 0, dropped: 0, filtered: 0 };
      for (const row of counts.all(destinationId) as { status: DeliveryStatus; n: number }[]) byStatus[row.status] = row.n;
      const failure = lastOf.get(destinationId, 'failed') as { created_at: string; error: string | null } | undefined;
      const success = lastOf.get(destinationId, 'delivered') as { created_at: string } | undefined;
      return {
        counts: byStatus,
        lastFailure: failure ? { at: failure.created_at, error: redactUrlCredentials(failure.error) } : null,
        lastSuccessAt: success?.created_at ?? null,
        ...(({ n, next }) => ({ retrying: n, nextAttemptAt: next }))(retrying.get(destinationId) as { n: number; next: string | null }),
      };
    },
    /** How many deliveries per status, whether their retries were counted, whether a next attempt is due. */
    standingGroups(destinationId: string): { status: DeliveryStatus; counted: boolean; due: boolean; n: number }[] {
      return (standingGroups.all(destinationId) as { status: DeliveryStatus; counted: number; due: number; n: number }[]).map((r) => ({ ...r, counted: r.counted === 1, due: r.due === 1 }));
    },
    /**
     * "Retry now": every failed event of a destination is due now, whether it waits for its next
     * attempt or was given up (the new attempt's result replaces the failed one). Returns how many.
     */
    retryFailed(destinationId: string): number {
      return db.transaction(() => {
        const now = new Date().toISOString();
        dueNow.run(now, destinationId);
        return queueRetries.run(now, destinationId).changes;
      })();
    },
    /** The events due to be delivered again (oldest first). */
    nextRetries(destinationId: string, limit: number, now = new Date().toISOString()): number[] {
      return (nextRetries.all(destinationId, now, limit) as { event_seq: number }[]).map((r) => r.event_seq);
    },
    /** When the destination's next retry is due (null: none queued). */
    nextDueAt(destinationId: string): string | null {
      return (nextDue.get(destinationId) as { next: string | null }).next;
    },
    /** How often an event queued for a retry failed, and since when (undefined: not queued or unknown). */
    retryState(destinationId: string, seq: number): { failures: number; firstFailedAt: string } | undefined {
      const row = stateOf.get(destinationId, seq) as { failures: number; first_failed_at: string | null } | undefined;
      return row?.first_failed_at ? { failures: row.failures, firstFailedAt: row.first_failed_at } : undefined;
    },
    /** Removes retried events from the queue (inside the transaction that records their results). */
    retried(destinationId: string, seqs: number[]): void {
      for (const seq of seqs) doneRetry.run(destinationId, seq);
    },
  };
}
export type DeliveryHealthRepo = ReturnType<typeof deliveryHealthRepo>;
