// Helpers for the management API integration tests (not used by the app).
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { loadNative } from '../native';
import { newId } from '../store/ids';
import type { TestStudio } from './harness';

/** A second connection to the studio's database file (WAL: safe next to the server's). */
export function openStudioDb(t: TestStudio): BetterSqlite3.Database {
  const Database = loadNative<typeof BetterSqlite3>('better-sqlite3');
  const db = new Database(join(t.dataDir, 'studio.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Inserts a destination row (the destinations API belongs to another part of the app). */
export function insertDestination(t: TestStudio, name: string, options: { enabled?: boolean } = {}): string {
  const db = openStudioDb(t);
  try {
    const id = newId();
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO destinations (id, name, kind, config, enabled, created_at, updated_at) VALUES (?, ?, 'capture', '{}', ?, ?, ?)`).run(
      id,
      name,
      options.enabled === false ? 0 : 1,
      now,
      now,
    );
    return id;
  } finally {
    db.close();
  }
}

/** Runs one read-only query on the studio database. */
export function query<T>(t: TestStudio, sql: string, ...params: unknown[]): T[] {
  const db = openStudioDb(t);
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function setSetting(t: TestStudio, key: string, value: unknown): void {
  const db = openStudioDb(t);
  try {
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  } finally {
    db.close();
  }
}

/** 27-character KSUID. */
export const KSUID = /^[0-9A-Za-z]{27}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Expects a 200 and returns the body (with the error in the failure message otherwise). */
 
export async function ok(t: TestStudio, method: string, path: string, body?: unknown): Promise<any> {
  const response = await t.call(method, path, body);
  if (response.status !== 200) throw new Error(`${method} ${path} → ${response.status}: ${response.text}`);
  return response.body;
}

/** Connects a destination row to a transformation directly (as the destinations API would). */
export function connectDestination(t: TestStudio, destinationId: string, transformationId: string): void {
  const db = openStudioDb(t);
  try {
    db.prepare('UPDATE destinations SET transformation_id = ? WHERE id = ?').run(transformationId, destinationId);
  } finally {
    db.close();
  }
}
