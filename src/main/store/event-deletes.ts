import type { Db } from './database';
import { predicates, type EventFilter } from './event-predicates';
import type { SeqBounds } from './event-seq-bounds';
import type { EventCounts } from './event-counts';
import { pruneOldestBefore } from './sql-conditions';

/**
 * Deletes of captured events (one, by filter, by retention) with the requests they empty; each
 * subtracts what it removes from the maintained counts first, in the same transaction.
 */
export function eventDeletes(db: Db, bounds: SeqBounds, counts: EventCounts) {
  /** Deletes event_requests rows in [lo, hi] whose events are all gone (keys of deleted events are harmless and go later). */
  const pruneRange = (lo: number, hi: number) => {
    db.prepare(
      `DELETE FROM event_requests WHERE last_seq >= ? AND first_seq <= ?
       AND NOT EXISTS (SELECT 1 FROM captured_events e WHERE e.seq BETWEEN event_requests.first_seq AND event_requests.last_seq)`,
    ).run(lo, hi);
  };

  return {
    /** Deletes one event; true when it existed. */
    delete(seq: number): boolean {
      return db.transaction(() => {
        counts.removing('e.seq = ?', [seq]);
        const changes = db.prepare('DELETE FROM captured_events WHERE seq = ?').run(seq).changes;
        if (changes) pruneRange(seq, seq);
        return changes > 0;
      })();
    },
    /** Deletes every event matching the filter; returns how many. */
    deleteWhere(filter: EventFilter): number {
      return db.transaction(() => {
        const [lo, hi] = bounds(filter);
        if (lo > hi) return 0;
        const where = predicates(filter);
        const range = db.prepare(`SELECT min(e.seq) AS lo, max(e.seq) AS hi FROM captured_events e WHERE e.seq BETWEEN ? AND ? AND ${where.sql}`).get(
          lo,
          hi,
          ...where.params,
        ) as { lo: number | null; hi: number | null };
        if (range.lo === null || range.hi === null) return 0;
        counts.removing(`e.seq BETWEEN ? AND ? AND ${where.sql}`, [range.lo, range.hi, ...where.params]);
        const changes = db
          .prepare(`DELETE FROM captured_events AS e WHERE e.seq BETWEEN ? AND ? AND ${where.sql}`)
          .run(range.lo, range.hi, ...where.params).changes;
        pruneRange(range.lo, range.hi);
        return changes;
      })();
    },
    /** Retention: deletes up to `chunk` of the oldest events received before `cutoff`; returns how many. */
    pruneOlderThan(cutoff: string, chunk: number): number {
      return db.transaction(() => {
        const { hi, changes } = pruneOldestBefore(db, 'captured_events', 'seq', 'received_at', cutoff, chunk, (where, params) =>
          counts.removing(where, params),
        );
        if (hi === null) return 0;
        // The events of one request share its receivedAt; a request cut by the chunk goes next time.
        db.prepare('DELETE FROM event_requests WHERE last_seq <= ? AND received_at < ?').run(hi, cutoff);
        return changes;
      })();
    },
    /** Retention: keeps the newest `keep` events, deleting up to `chunk` older ones. */
    pruneBeyond(keep: number, chunk: number): number {
      return db.transaction(() => {
        const edge = db.prepare('SELECT seq FROM captured_events ORDER BY seq DESC LIMIT 1 OFFSET ?').get(keep) as { seq: number } | undefined;
        if (!edge) return 0;
        const lo = db.prepare('SELECT min(seq) AS lo FROM captured_events').get() as { lo: number };
        const hi = Math.min(edge.seq, lo.lo + chunk - 1);
        counts.removing('e.seq <= ?', [hi]);
        const changes = db.prepare('DELETE FROM captured_events WHERE seq <= ?').run(hi).changes;
        db.prepare('DELETE FROM event_requests WHERE last_seq <= ?').run(hi);
        pruneRange(hi, hi);
        return changes;
      })();
    },
  };
}
