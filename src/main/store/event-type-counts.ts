import { statementCache, type Db } from './database';
import type { EventCounts } from './event-counts';
import { predicates, type EventFilter } from './event-predicates';
import type { SeqBounds } from './event-seq-bounds';

export interface TypeCounts {
  total: number;
  types: Record<string, number>;
  /** The budget ran out: these counts cover ids from `cursor` up; ask again with it for the rest. */
  more?: { cursor: string; counted: number; of: number };
}

/** Ids a budgeted scan counts in one query (about 30-60 ms for a JSON-path filter on this machine). */
const SCAN_STEP = 25_000;

/** A filter the maintained counts answer: nothing but call types and a source. */
function countsAnswer(filter: EventFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) =>
      key === 'types' || key === 'sourceId' || value === undefined || (key === 'q' && value === '') || (key === 'where' && Array.isArray(value) && value.length === 0),
  );
}

/**
 * Matching events per call type, the filter's own type list not applied to the per-type figures
 * (the total applies it), counting events before `beforeSeq` (the page's snapshot). Without other
 * conditions than types and a source the maintained counts answer, less the few events that came
 * after the snapshot; otherwise one scan of the filter's seq range.
 */
export function countsByType(db: Db, counts: EventCounts, bounds: SeqBounds, highestSeq: () => number) {
  const cached = statementCache(db);
  const finish = (perType: Map<string, number>, filter: EventFilter): TypeCounts => {
    const types: Record<string, number> = {};
    let total = 0;
    for (const [type, n] of perType) {
      if (n === 0) continue;
      types[type] = n;
      if (!filter.types?.length || filter.types.includes(type)) total += n;
    }
    return { total, types };
  };
  const grouped = (sql: string, params: unknown[]) =>
    new Map((cached(sql).all(...params) as { type: string; n: number }[]).map((r) => [r.type, r.n]));

  return (filter: EventFilter, beforeSeq?: number, budgetMs?: number): TypeCounts => {
    if (countsAnswer(filter)) {
      const perType = counts.byType(filter.sourceId);
      const top = highestSeq();
      if (beforeSeq !== undefined && beforeSeq <= top) {
        // Events that came after the snapshot (usually none or a few): a primary-key range.
        const source = filter.sourceId === undefined ? '' : ' AND source_id = ?';
        const params = filter.sourceId === undefined ? [Math.max(beforeSeq, 1)] : [Math.max(beforeSeq, 1), filter.sourceId];
        for (const [type, n] of grouped(`SELECT type, count(*) AS n FROM captured_events WHERE seq >= ?${source} GROUP BY type`, params)) {
          perType.set(type, (perType.get(type) ?? 0) - n);
        }
      }
      return finish(perType, filter);
    }
    const [lo, hi] = bounds(filter, beforeSeq);
    if (lo > hi) return { total: 0, types: {} };
    const where = predicates({ ...filter, types: undefined });
    // Without other conditions the (type, seq) index answers alone ("+" keeps SQLite from
    // reading every row through the primary key instead).
    const seqRange = where.sql === '1' ? '+e.seq' : 'e.seq';
    const sql = `SELECT e.type AS type, count(*) AS n FROM captured_events e WHERE ${seqRange} BETWEEN ? AND ? AND ${where.sql} GROUP BY e.type`;
    if (budgetMs === undefined) return finish(grouped(sql, [lo, hi, ...where.params]), filter);
    // A budget: newest ids first, a step at a time, until the budget is spent (the Events page asks
    // again with `more.cursor` and shows the counts growing, so a slow filter shows progress).
    const started = performance.now();
    const perType = new Map<string, number>();
    let top = hi;
    do {
      const bottom = Math.max(lo, top - SCAN_STEP + 1);
      for (const [type, n] of grouped(sql, [bottom, top, ...where.params])) perType.set(type, (perType.get(type) ?? 0) + n);
      top = bottom - 1;
    } while (top >= lo && performance.now() - started < budgetMs);
    const counted = finish(perType, filter);
    return top < lo ? counted : { ...counted, more: { cursor: String(top + 1), counted: hi - top, of: hi - lo + 1 } };
  };
}
