import type { Db } from './connection';

/** Lookups every background-job table has (replay runs, sends): by id, and newest first. */
export function jobRows(db: Db, table: 'replay_runs' | 'replay_sends') {
  return {
    byId: db.prepare(`SELECT * FROM ${table} WHERE id = ?`),
    list: db.prepare(`SELECT * FROM ${table} ORDER BY created_at DESC, id DESC LIMIT ?`),
  };
}
