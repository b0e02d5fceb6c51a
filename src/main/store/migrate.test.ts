import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNative } from '../native';
import type BetterSqlite3 from 'better-sqlite3';
import { applyMigrations, bundledMigrations } from './migrate';
import { openDatabase } from './database';

const Database = loadNative<typeof BetterSqlite3>('better-sqlite3');
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'migrate-')), 'db.sqlite');

describe('migrations', () => {
  it('are numbered and applied in order, once', () => {
    const names = bundledMigrations().map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
    const db = new Database(tempFile());
    expect(applyMigrations(db)).toEqual(names);
    expect(applyMigrations(db)).toEqual([]);
  });

  it('fail loudly when an applied migration was edited', () => {
    const db = new Database(tempFile());
    applyMigrations(db, [{ name: '0001-a', sql: 'CREATE TABLE a (x)' }]);
    expect(() => applyMigrations(db, [{ name: '0001-a', sql: 'CREATE TABLE a (x, y)' }])).toThrow(/0001-a.*edited after it was applied/);
  });

  it('refuse a database migrated by a newer app', () => {
    const db = new Database(tempFile());
    applyMigrations(db, [{ name: '0001-a', sql: 'CREATE TABLE a (x)' }, { name: '0002-b', sql: 'CREATE TABLE b (x)' }]);
    expect(() => applyMigrations(db, [{ name: '0001-a', sql: 'CREATE TABLE a (x)' }])).toThrow(/0002-b/);
  });

  it('roll back a failing migration entirely', () => {
    const db = new Database(tempFile());
    expect(() => applyMigrations(db, [{ name: '0001-a', sql: 'CREATE TABLE a (x); CREATE TABLE oops (' }])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get()).toBeUndefined();
  });

  it('open the database in WAL mode with foreign keys on', () => {
    const db = openDatabase(tempFile());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});
