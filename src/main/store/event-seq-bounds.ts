import type { Db } from './database';
import type { EventFilter } from './event-predicates';

/**
 * Seq ranges of captured events: receivedAt grows with seq, so a time range is a seq range found
 * by binary search over the primary key (no index on receivedAt needed).
 */
export function seqBounds(db: Db) {
  const firstAtOrAfter = db.prepare('SELECT seq, received_at FROM captured_events WHERE seq >= ? ORDER BY seq LIMIT 1');
  const minSeq = db.prepare('SELECT min(seq) AS seq FROM captured_events');
  const maxSeq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'captured_events'");
  const highestSeq = () => (maxSeq.get() as { seq: number } | undefined)?.seq ?? 0;

  /**
   * Smallest seq whose receivedAt is at or after `iso` (receivedAt grows with seq), by
   * binary search over the primary key; highestSeq()+1 when there is none.
   */
  const seqReceivedFrom = (iso: string): number => {
    let lo = (minSeq.get() as { seq: number | null }).seq ?? 1;
    let hi = highestSeq() + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const row = firstAtOrAfter.get(mid) as { seq: number; received_at: string } | undefined;
      if (!row) hi = mid;
      else if (row.received_at >= iso) hi = Math.min(mid, row.seq);
      else lo = row.seq + 1;
    }
    return lo;
  };

  /** Seq bounds [lo, hi] that can hold matches of the filter's time range and the cursor. */
  const bounds = (filter: EventFilter, beforeSeq?: number): [number, number] => {
    let lo = 1;
    let hi = highestSeq();
    if (beforeSeq !== undefined) hi = Math.min(hi, beforeSeq - 1);
    if (filter.seqs) {
      if (filter.seqs.length === 0) return [1, 0];
      lo = Math.max(lo, Math.min(...filter.seqs));
      hi = Math.min(hi, Math.max(...filter.seqs));
    }
    if (filter.from !== undefined) lo = Math.max(lo, seqReceivedFrom(filter.from));
    if (filter.to !== undefined) hi = Math.min(hi, seqReceivedFrom(new Date(Date.parse(filter.to) + 1).toISOString()) - 1);
    return [lo, hi];
  };

  return { highestSeq, bounds };
}

/** Seq bounds [lo, hi] that can hold matches of a filter's time range and the cursor. */
export type SeqBounds = ReturnType<typeof seqBounds>['bounds'];
