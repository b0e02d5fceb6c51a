import type BetterSqlite3 from 'better-sqlite3';
import { loadNative } from '../native';
import { applyMigrations } from './migrate';

export type Db = BetterSqlite3.Database;

/** Opens (creating if needed) the studio database with the pragmas every connection uses. */
export function openDatabase(file: string): Db {
  const Database = loadNative<typeof BetterSqlite3>('better-sqlite3');
  const db = new Database(file);
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
