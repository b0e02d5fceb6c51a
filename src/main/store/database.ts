import type BetterSqlite3 from 'better-sqlite3';
import { loadNative } from '../native';
import { applyMigrations } from './migrate';

export type Db = BetterSqlite3.Database;

export const PAGE_SIZE = 16_384;

/** Opens (creating if needed) the studio database with the pragmas every connection uses. */
export function openDatabase(file: string): Db {
  const Database = loadNative<typeof BetterSqlite3>('better-sqlite3');
  const db = new Database(file);
  // 16 KiB pages on a new database (an existing one keeps its size): replay results and captured
  // events are rows of 1-4 KB, which 4 KiB pages split into overflow chains (inserts measured
  // about twice as fast). Only effective before the first table exists and before WAL.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db);
  return db;
}

/** Runs `fn` in one transaction (nested calls become savepoints). */
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
