import type BetterSqlite3 from 'better-sqlite3';
import { loadNative } from '../native';

// A connection to the studio database and the helpers every repository uses. Kept apart from
// database.ts (which creates and migrates the database) so a sandbox process that stores replay
// batches loads no migrations.

export type Db = BetterSqlite3.Database;

/**
 * The pragmas every connection uses, and IMMEDIATE transactions. Two connections write the
 * database (the core's, and a sandbox process's storing replay batches): a deferred transaction
 * that reads before it writes fails at once with "database is locked" (SQLITE_BUSY_SNAPSHOT,
 * which no busy timeout waits out) when the other connection commits in between. An IMMEDIATE
 * one takes the write lock first, waiting up to busy_timeout. Calling a transaction function
 * (`db.transaction(fn)(…)`) runs it IMMEDIATE here; `.deferred(…)` stays available.
 */
export function connectionPragmas(db: Db): void {
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const variants = transaction(fn);
    return Object.assign((...args: never[]) => variants.immediate(...args), variants);
  }) as Db['transaction'];
}

/**
 * A second connection to a studio database the core has opened (and migrated): the same
 * per-connection pragmas, nothing created. For a sandbox process that stores replay batches.
 * It never checkpoints the WAL: the core's store maintenance does (a checkpoint after a commit
 * here would copy pages into the database file on the thread that feeds the isolates).
 */
export function openConnection(file: string): Db {
  const Database = loadNative<typeof BetterSqlite3>('better-sqlite3');
  const db = new Database(file, { fileMustExist: true });
  connectionPragmas(db);
  db.pragma('wal_autocheckpoint = 0');
  // 4 MB of page cache, not better-sqlite3's 16 MB: a replay reads each batch's events once and
  // appends its results, so a larger cache only holds pages it will not read again.
  db.pragma('cache_size = -4096');
  return db;
}

/** Runs `fn` in one (IMMEDIATE) transaction; nested calls become savepoints. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

/** Prepares each distinct SQL text once; for queries whose text is built from filters. */
export function statementCache(db: Db): (sql: string) => BetterSqlite3.Statement<unknown[]> {
  const statements = new Map<string, BetterSqlite3.Statement<unknown[]>>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
