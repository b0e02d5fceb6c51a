import { statementCache, type Db } from './database';
import type { EventCounts } from './event-counts';
import { predicates, type EventFilter } from './event-predicates';
import type { SeqBounds } from './event-seq-bounds';

export interface TypeCounts {
  total: number;
  types: Record<string, number>;
}

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

  return (filter: EventFilter, beforeSeq?: number): TypeCounts => {
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
    return finish(grouped(sql, [lo, hi, ...where.params]), filter);
  };
}
