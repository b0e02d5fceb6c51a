import type { Db } from './database';

// Lookup keys of captured events: ("<kind>:<value>", seq) rows for source (s), event name (n),
// userId (u), anonymousId (a) and messageId (m). They live in a database file of their own
// (<name>-keys.db beside the studio database) so the background indexer (a worker thread, see
// maintenance-worker.ts) writes them in large transactions without ever holding the lock that
// the event API's commits need. Random keys cost about one page write per key in small
// transactions and far less in large ones. The key rows are derived data: queries check the
// event's columns too, so a stale or missing keys file never gives wrong answers, only slower ones.

export type KeyKind = 's' | 'n' | 'u' | 'a' | 'm';
export const lookupKey = (kind: KeyKind, value: string) => `${kind}:${value}`;

/** Largest number of events one indexing transaction covers. */
export const INDEX_CHUNK = 50_000;

/** SQL of one indexing step; `events` and `keys` are the schema names on the connection. */
export function indexingSql(events: string, keys: string) {
  const range = `FROM ${events}.captured_events WHERE seq > @lo AND seq <= @hi`;
  return {
    cursor: `SELECT indexed_upto AS n FROM ${keys}.key_cursor WHERE id = 1`,
    maxSeq: `SELECT seq AS n FROM ${events}.sqlite_sequence WHERE name = 'captured_events'`,
    insert: `INSERT OR IGNORE INTO ${keys}.event_keys (k, seq)
      SELECT 's:' || source_id, seq ${range}
      UNION ALL SELECT 'n:' || event_name, seq ${range} AND event_name IS NOT NULL
      UNION ALL SELECT 'u:' || user_id, seq ${range} AND user_id IS NOT NULL
      UNION ALL SELECT 'a:' || anonymous_id, seq ${range} AND anonymous_id IS NOT NULL
      UNION ALL SELECT 'm:' || message_id, seq ${range}`,
    setCursor: `UPDATE ${keys}.key_cursor SET indexed_upto = @hi WHERE id = 1`,
    /** Drops keys of events that retention removed (the oldest ones). */
    prune: `DELETE FROM ${keys}.event_keys WHERE seq < (SELECT coalesce(min(seq), (SELECT coalesce(max(seq), 0) + 1 FROM ${keys}.event_keys)) FROM ${events}.captured_events)`,
  };
}

/** Schema of the keys database, one entry per version (append-only, like the main migrations). */
export const KEYS_SCHEMA = [
  `CREATE TABLE keys.event_keys (k TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (k, seq)) WITHOUT ROWID;
   CREATE TABLE keys.key_cursor (id INTEGER PRIMARY KEY CHECK (id = 1), indexed_upto INTEGER NOT NULL, owner TEXT NOT NULL);`,
];

/** The file of the keys database of a studio database file. */
export const keysFileOf = (dbFile: string) => (dbFile === ':memory:' || dbFile === '' ? ':memory:' : `${dbFile.replace(/\.db$/, '')}-keys.db`);

/** Identity of the studio database (when its first migration ran), recorded in the keys file. */
const identityOf = (db: Db): string =>
  (db.prepare("SELECT applied_at FROM schema_migrations ORDER BY name LIMIT 1").get() as { applied_at: string } | undefined)?.applied_at ?? '';

/**
 * Attaches the keys database as schema `keys` (creating it), and resets it when it belongs
 * to another studio database or is ahead of this one. Returns the helpers the repository uses.
 */
export function attachEventKeys(db: Db) {
  const file = keysFileOf(db.name);
  db.prepare('ATTACH DATABASE ? AS keys').run(file);
  if (file !== ':memory:') db.pragma('keys.journal_mode = WAL');
  // The keys file has its own schema version (PRAGMA user_version). Its rows are derived data:
  // a file of another version is rebuilt from the captured events, never migrated.
  const version = db.pragma('keys.user_version', { simple: true }) as number;
  if (version !== KEYS_SCHEMA.length) {
    db.transaction(() => {
      db.exec('DROP TABLE IF EXISTS keys.event_keys; DROP TABLE IF EXISTS keys.key_cursor;');
      db.exec(KEYS_SCHEMA.join('\n'));
      db.pragma(`keys.user_version = ${KEYS_SCHEMA.length}`);
    })();
  }
  const owner = identityOf(db);
  const sql = indexingSql('main', 'keys');
  const row = db.prepare('SELECT indexed_upto, owner FROM keys.key_cursor WHERE id = 1').get() as { indexed_upto: number; owner: string } | undefined;
  const maxSeq = (db.prepare(sql.maxSeq).get() as { n: number } | undefined)?.n ?? 0;
  if (!row || row.owner !== owner || row.indexed_upto > maxSeq) {
    db.transaction(() => {
      db.exec('DELETE FROM keys.event_keys; DELETE FROM keys.key_cursor;');
      db.prepare('INSERT INTO keys.key_cursor (id, indexed_upto, owner) VALUES (1, 0, ?)').run(owner);
    })();
  }
  const cursor = db.prepare(sql.cursor);
  const max = db.prepare(sql.maxSeq);
  const insert = db.prepare(sql.insert);
  const setCursor = db.prepare(sql.setCursor);
  return {
    file,
    indexedUpto: () => (cursor.get() as { n: number }).n,
    /**
     * One indexing step on this connection (tests, and a fallback when the worker cannot
     * run): covers up to `limit` seqs after the cursor; returns how many it covered.
     */
    step(limit: number): number {
      return db.transaction(() => {
        const lo = (cursor.get() as { n: number }).n;
        const hi = Math.min((max.get() as { n: number } | undefined)?.n ?? 0, lo + limit);
        if (hi <= lo) return 0;
        insert.run({ lo, hi });
        setCursor.run({ hi });
        return hi - lo;
      })();
    },
  };
}
