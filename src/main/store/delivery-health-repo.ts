import type { Db } from './database';
import type { DeliveryStatus } from './deliveries-repo';

export interface DeliveryHealth {
  counts: Record<DeliveryStatus, number>;
  lastFailure: { at: string; error: string | null } | null;
  lastSuccessAt: string | null;
  /** Failed events queued to be delivered again. */
  retrying: number;
}

/** Per-destination delivery health (counts by status, last failure and success) and the retry queue. */
export function deliveryHealthRepo(db: Db) {
  const counts = db.prepare('SELECT status, count(*) AS n FROM deliveries WHERE destination_id = ? GROUP BY status');
  const lastOf = db.prepare('SELECT created_at, error FROM deliveries WHERE destination_id = ? AND status = ? ORDER BY id DESC LIMIT 1');
  const retrying = db.prepare('SELECT count(*) AS n FROM delivery_retries WHERE destination_id = ?');
  const queueRetries = db.prepare(
    `INSERT OR IGNORE INTO delivery_retries (destination_id, event_seq)
     SELECT destination_id, event_seq FROM deliveries WHERE destination_id = ? AND status = 'failed' AND event_seq IS NOT NULL`,
  );
  const dropFailed = db.prepare("DELETE FROM deliveries WHERE destination_id = ? AND status = 'failed' AND event_seq IS NOT NULL");
  const nextRetries = db.prepare('SELECT event_seq FROM delivery_retries WHERE destination_id = ? ORDER BY event_seq LIMIT ?');
  const doneRetry = db.prepare('DELETE FROM delivery_retries WHERE destination_id = ? AND event_seq = ?');
  return {
    health(destinationId: string): DeliveryHealth {
      const byStatus: Record<DeliveryStatus, number> = { delivered: 0, failed: 0, dropped: 0, filtered: 0 };
      for (const row of counts.all(destinationId) as { status: DeliveryStatus; n: number }[]) byStatus[row.status] = row.n;
      const failure = lastOf.get(destinationId, 'failed') as { created_at: string; error: string | null } | undefined;
      const success = lastOf.get(destinationId, 'delivered') as { created_at: string } | undefined;
      return {
        counts: byStatus,
        lastFailure: failure ? { at: failure.created_at, error: failure.error } : null,
        lastSuccessAt: success?.created_at ?? null,
        retrying: (retrying.get(destinationId) as { n: number }).n,
      };
    },
    /**
     * Queues every failed event of a destination to be delivered again; their failed results
     * go (the new attempt records a new result). Returns how many were queued.
     */
    retryFailed(destinationId: string): number {
      return db.transaction(() => {
        const queued = queueRetries.run(destinationId).changes;
        dropFailed.run(destinationId);
        return queued;
      })();
    },
    /** The next events to deliver again (oldest first). */
    nextRetries(destinationId: string, limit: number): number[] {
      return (nextRetries.all(destinationId, limit) as { event_seq: number }[]).map((r) => r.event_seq);
    },
    /** Removes retried events from the queue (inside the transaction that records their results). */
    retried(destinationId: string, seqs: number[]): void {
      for (const seq of seqs) doneRetry.run(destinationId, seq);
    },
  };
}
export type DeliveryHealthRepo = ReturnType<typeof deliveryHealthRepo>;
