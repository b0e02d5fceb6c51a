import type BetterSqlite3 from 'better-sqlite3';
import { loadNative } from '../native';
import { connectionPragmas, type Db } from './connection';
import { applyMigrations } from './migrate';

export { inTransaction, statementCache, type Db } from './connection';

export const PAGE_SIZE = 16_384;

/** Opens (creating if needed) the studio database with the pragmas every connection uses, migrated. */
export function openDatabase(file: string): Db {
  const Database = loadNative<typeof BetterSqlite3>('better-sqlite3');
  const db = new Database(file);
  // 16 KiB pages on a new database (an existing one keeps its size): replay results and captured
  // events are rows of 1-4 KB, which 4 KiB pages split into overflow chains (inserts measured
  // about twice as fast). Only effective before the first table exists and before WAL.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  connectionPragmas(db);
  applyMigrations(db);
  return db;
}
