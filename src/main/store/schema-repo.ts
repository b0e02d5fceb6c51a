import type { Db } from './database';
import { statementCache } from './database';
import { MAX_PATHS_PER_BUCKET, mergeStats, type BucketStats, type CapturedRow, type PathStats } from '../schema/schema-builder';

// The learned event schema (migration 0133): day buckets of event counts and path statistics,
// and the fold cursor (last captured seq folded in).

export interface SchemaScope {
  /** Only these sources (all when absent). */
  sourceIds?: string[];
  /** Only buckets of this UTC day (YYYY-MM-DD) or later. */
  sinceDay?: string;
}

export interface EventTotals {
  type: string;
  name: string;
  count: number;
  dropped: number;
  firstSeen: string;
  lastSeen: string;
}

/** A path's stats merged in SQL over the scope; `types` and `samples` are one JSON text per bucket. */
export interface PathGroup {
  type: string;
  name: string;
  path: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  types: string[];
  samples: string[];
}

export function schemaRepo(db: Db) {
  const cached = statementCache(db);
  const cursor = db.prepare('SELECT folded_upto AS n FROM schema_cursor WHERE id = 1').pluck();
  const setCursor = db.prepare('UPDATE schema_cursor SET folded_upto = ? WHERE id = 1');
  const after = db.prepare(
    'SELECT seq, source_id AS sourceId, type, event_name AS eventName, received_at AS receivedAt, event FROM captured_events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const eventRow = db.prepare('SELECT count, paths, dropped, first_seen, last_seen FROM schema_events WHERE source_id = ? AND type = ? AND name = ? AND day = ?');
  const putEvent = db.prepare(
    'INSERT OR REPLACE INTO schema_events (source_id, type, name, day, count, paths, dropped, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const pathRow = db.prepare('SELECT count, types, samples, first_seen, last_seen FROM schema_paths WHERE source_id = ? AND type = ? AND name = ? AND day = ? AND path = ?');
  const putPath = db.prepare(
    'INSERT OR REPLACE INTO schema_paths (source_id, type, name, day, path, count, types, samples, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );

  type StoredPath = { count: number; types: string; samples: string; first_seen: string; last_seen: string };
  const fromRow = (r: StoredPath): PathStats => ({
    count: r.count,
    types: JSON.parse(r.types) as PathStats['types'],
    samples: JSON.parse(r.samples) as string[],
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
  });

  const apply = db.transaction((buckets: Iterable<BucketStats>, upto: number, maxPaths: number) => {
    for (const b of buckets) {
      const k = [b.sourceId, b.type, b.name, b.day] as const;
      const stored = eventRow.get(...k) as { count: number; paths: number; dropped: number; first_seen: string; last_seen: string } | undefined;
      let paths = stored?.paths ?? 0;
      let dropped = stored?.dropped ?? 0;
      for (const [path, stats] of b.paths) {
        const old = pathRow.get(...k, path) as StoredPath | undefined;
        if (!old && paths >= maxPaths) {
          dropped += 1;
          continue;
        }
        if (!old) paths += 1;
        const next = mergeStats(old && fromRow(old), stats);
        putPath.run(...k, path, next.count, JSON.stringify(next.types), JSON.stringify(next.samples), next.firstSeen, next.lastSeen);
      }
      const first = stored && stored.first_seen < b.firstSeen ? stored.first_seen : b.firstSeen;
      const last = stored && stored.last_seen > b.lastSeen ? stored.last_seen : b.lastSeen;
      putEvent.run(...k, (stored?.count ?? 0) + b.count, paths, dropped, first, last);
    }
    setCursor.run(upto);
  });

  const scopeSql = (scope: SchemaScope) => {
    const parts: string[] = [];
    const params: string[] = [];
    if (scope.sourceIds) {
      parts.push(`source_id IN (SELECT value FROM json_each(?))`);
      params.push(JSON.stringify(scope.sourceIds));
    }
    if (scope.sinceDay) {
      parts.push('day >= ?');
      params.push(scope.sinceDay);
    }
    return { where: parts.length ? parts.join(' AND ') : '1', params };
  };

  return {
    foldedUpto: (): number => cursor.get() as number,
    /** Captured events after `seq`, oldest first. */
    readAfter: (seq: number, limit: number): (CapturedRow & { seq: number })[] => after.all(seq, limit) as (CapturedRow & { seq: number })[],
    /** Adds folded buckets (each keeps at most `maxPaths` paths) and sets the cursor to `upto`. */
    apply: (buckets: Iterable<BucketStats>, upto: number, maxPaths = MAX_PATHS_PER_BUCKET) => apply(buckets, upto, maxPaths),
    /** Event totals per (type, name) over the scope, most frequent first. */
    events(scope: SchemaScope): EventTotals[] {
      const { where, params } = scopeSql(scope);
      return cached(
        `SELECT type, name, sum(count) AS count, sum(dropped) AS dropped, min(first_seen) AS firstSeen, max(last_seen) AS lastSeen
         FROM schema_events WHERE ${where} GROUP BY type, name ORDER BY count DESC, type, name`,
      ).all(...params) as EventTotals[];
    },
    /** Path stats per (type, name, path) over the scope. */
    paths(scope: SchemaScope): PathGroup[] {
      const { where, params } = scopeSql(scope);
      const rows = cached(
        `SELECT type, name, path, sum(count) AS count, min(first_seen) AS firstSeen, max(last_seen) AS lastSeen,
           json_group_array(types) AS types, json_group_array(samples) AS samples
         FROM schema_paths WHERE ${where} GROUP BY type, name, path`,
      ).all(...params) as (Omit<PathGroup, 'types' | 'samples'> & { types: string; samples: string })[];
      return rows.map((r) => ({ ...r, types: JSON.parse(r.types) as string[], samples: JSON.parse(r.samples) as string[] }));
    },
    /** UTC day of the oldest captured event still stored (undefined when none). */
    oldestEventDay(): string | undefined {
      const at = db.prepare('SELECT received_at FROM captured_events ORDER BY seq LIMIT 1').pluck().get() as string | undefined;
      return at?.slice(0, 10);
    },
    /** Forgets the buckets of days before `day` (retention removed their events); returns rows deleted. */
    forgetBefore: db.transaction((day: string): number => {
      const paths = db.prepare('DELETE FROM schema_paths WHERE day < ?').run(day).changes;
      return paths + db.prepare('DELETE FROM schema_events WHERE day < ?').run(day).changes;
    }),
    /** Forgets everything folded so far: the fold starts again from the first captured event. */
    reset: db.transaction(() => {
      db.exec('DELETE FROM schema_paths; DELETE FROM schema_events; UPDATE schema_cursor SET folded_upto = 0 WHERE id = 1');
    }),
    /** Rows the schema tables hold. */
    size(): { events: number; paths: number } {
      return {
        events: db.prepare('SELECT count(*) FROM schema_events').pluck().get() as number,
        paths: db.prepare('SELECT count(*) FROM schema_paths').pluck().get() as number,
      };
    },
  };
}
export type SchemaRepo = ReturnType<typeof schemaRepo>;
