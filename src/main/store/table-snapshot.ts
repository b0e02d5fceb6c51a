import { createHash } from 'node:crypto';
import { statementCache, type Db } from './database';

/** Each connection's statements, prepared once: a fuzz run takes two snapshots per request. */
const caches = new WeakMap<Db, ReturnType<typeof statementCache>>();
function prepare(db: Db, sql: string) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = statementCache(db)));
  return cache(sql);
}

/** One digest per table of a database (every row, in rowid or primary-key order). */
export type TableDigests = Record<string, string>;

/** Tables whose rows are written by background work (indexer, delivery, jobs), not only by requests. */
export const BACKGROUND_TABLES = new Set([
  'sqlite_sequence',
  'event_keys',
  'event_key_cursor',
  'delivery_cursors',
  'delivery_batches',
  'deliveries',
  'delivery_retries',
  'replay_inputs',
  'replay_batches',
  'replay_batch_outputs',
  'replay_results',
  'replay_send_events',
  // The event schema is folded from captured events by a background job, not by requests.
  'schema_events',
  'schema_paths',
  'schema_cursor',
  'schema_migrations',
]);

/**
 * Columns background work writes in tables requests write too: a transformation version's tests
 * status is re-run and recorded whenever what it depends on changes (management/version-status.ts).
 */
export const BACKGROUND_COLUMNS: Record<string, string[]> = {
  transformation_versions: ['test_status', 'test_summary', 'test_inputs'],
};

/** Tables of the database, without SQLite's internal ones. */
export function tableNames(db: Db): string[] {
  return (prepare(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map(
    (r) => r.name,
  );
}

/**
 * Digests of every table's rows. Tables in `background` are reduced to a digest of their row
 * ids' presence (rows may change by themselves, but a request must not add or remove them) —
 * except those in BACKGROUND_TABLES with no stable key, which are left out. BACKGROUND_COLUMNS are
 * left out of their tables' digests.
 */
export function tableDigests(db: Db, options: { skip?: Set<string> } = {}): TableDigests {
  const out: TableDigests = {};
  for (const name of tableNames(db)) {
    if (options.skip?.has(name)) continue;
    const hash = createHash('sha256');
    const left = BACKGROUND_COLUMNS[name] ?? [];
    for (const full of prepare(db, `SELECT * FROM "${name.replace(/"/g, '""')}" ORDER BY 1`).raw(false).iterate()) {
      const row = left.length === 0 ? full : Object.fromEntries(Object.entries(full as object).filter(([column]) => !left.includes(column)));
      hash.update(JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('base64') : v)));
      hash.update('\n');
    }
    out[name] = hash.digest('hex');
  }
  return out;
}

/** Ids of a table's rows (first column), for tables whose rows jobs update but requests add. */
export function rowIds(db: Db, table: string): string[] {
  return (prepare(db, `SELECT * FROM "${table.replace(/"/g, '""')}" ORDER BY 1`).raw(true).all() as unknown[][]).map((r) => String(r[0]));
}

/** Names of the tables whose digests differ. */
export function changedTables(before: TableDigests, after: TableDigests): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]);
}

/** `PRAGMA integrity_check` answer ("ok" when the file is sound). */
export function integrityCheck(db: Db): string {
  return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
}
