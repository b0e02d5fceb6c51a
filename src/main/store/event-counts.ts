import type { Db } from './database';

// Maintained counts of captured events per (source, type, day): see migrations/0130-event-counts.ts.
// Written in the same transaction as the events they count; checked against count(*) by check()
// (the maintenance thread runs the same SQL once after each start, maintenance/thread.ts).

const ACTUAL = 'SELECT source_id, type, substr(received_at, 1, 10), count(*) FROM captured_events GROUP BY 1, 2, 3';
const KEPT = 'SELECT source_id, type, day, n FROM event_counts WHERE n <> 0';
/** The SQL of the check, shared with the maintenance thread (which imports no project modules). */
export const COUNTS_CHECK_SQL = {
  /** How many (source, type, day) figures differ between the counts and count(*) of the events. */
  differ: `SELECT (SELECT count(*) FROM (${ACTUAL} EXCEPT ${KEPT})) + (SELECT count(*) FROM (${KEPT} EXCEPT ${ACTUAL})) AS n`,
  rebuild: `DELETE FROM event_counts; INSERT INTO event_counts (source_id, type, day, n) ${ACTUAL}`,
};

interface CountRow {
  s: string;
  t: string;
  d: string;
  n: number;
}

/** Events of one capture transaction, tallied before they are written to the counts. */
export type CountTally = Map<string, number>;
const tallyKey = (sourceId: string, type: string, receivedAt: string) => `${sourceId}\u0000${type}\u0000${receivedAt.slice(0, 10)}`;

export function eventCounts(db: Db) {
  const add = db.prepare(
    'INSERT INTO event_counts (source_id, type, day, n) VALUES (?, ?, ?, ?) ON CONFLICT (source_id, type, day) DO UPDATE SET n = n + excluded.n',
  );
  const byType = db.prepare<[], { type: string; n: number }>('SELECT type, sum(n) AS n FROM event_counts GROUP BY type HAVING sum(n) <> 0');
  const byTypeOf = db.prepare<[string], { type: string; n: number }>(
    'SELECT type, sum(n) AS n FROM event_counts WHERE source_id = ? GROUP BY type HAVING sum(n) <> 0',
  );
  const differ = db.prepare<[], { n: number }>(COUNTS_CHECK_SQL.differ);
  const total = db.prepare<[], { n: number | null }>('SELECT sum(n) AS n FROM event_counts');
  return {
    /** Counts one event into a tally (in the capture transaction, before flush). */
    tally(tally: CountTally, sourceId: string, type: string, receivedAt: string): void {
      const key = tallyKey(sourceId, type, receivedAt);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    },
    /** Adds a tally to the counts; call inside the transaction that wrote its events. */
    flush(tally: CountTally): void {
      for (const [key, n] of tally) {
        const [sourceId, type, day] = key.split('\u0000');
        add.run(sourceId, type, day, n);
      }
    },
    /**
     * Subtracts the events a delete is about to remove (alias `e`, the delete's own condition);
     * call inside the delete's transaction, before it.
     */
    removing(where: string, params: unknown[]): void {
      const sql = `SELECT e.source_id AS s, e.type AS t, substr(e.received_at, 1, 10) AS d, count(*) AS n FROM captured_events e WHERE ${where} GROUP BY 1, 2, 3`;
      for (const r of db.prepare(sql).all(...params) as CountRow[]) add.run(r.s, r.t, r.d, -r.n);
    },
    /** Events per call type, of one source or of all. */
    byType(sourceId?: string): Map<string, number> {
      const rows = sourceId === undefined ? byType.all() : byTypeOf.all(sourceId);
      return new Map(rows.map((r) => [r.type, r.n]));
    },
    /** Events stored, all sources and types. */
    total(): number {
      return total.get()!.n ?? 0;
    },
    /** Compares the counts with count(*) of the events; rebuilds them when they differ. */
    check(): { drifted: boolean } {
      return db.transaction(() => {
        const drifted = differ.get()!.n > 0;
        if (drifted) db.exec(COUNTS_CHECK_SQL.rebuild);
        return { drifted };
      })();
    },
  };
}
export type EventCounts = ReturnType<typeof eventCounts>;
