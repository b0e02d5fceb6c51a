import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';

type Db = BetterSqlite3.Database;

export interface Migration {
  /** File name without extension, e.g. `0001-account-and-sources`; sorts in apply order. */
  name: string;
  sql: string;
}

// Numbered, append-only migrations: one file each in ./migrations exporting `sql`.
const modules = import.meta.glob<{ sql: string }>('./migrations/*.ts', { eager: true });

export function bundledMigrations(): Migration[] {
  return Object.entries(modules)
    .filter(([path]) => !path.endsWith('.test.ts'))
    .map(([path, mod]) => ({ name: path.replace(/^.*\//, '').replace(/\.ts$/, ''), sql: mod.sql }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applies pending migrations in order, each in its own transaction. A migration whose
 * text changed after it was applied, or one the database knows but this build lacks,
 * stops the start with an error that names it.
 */
export function applyMigrations(db: Db, migrations: Migration[] = bundledMigrations()): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Map(
    (db.prepare('SELECT name, checksum FROM schema_migrations').all() as { name: string; checksum: string }[]).map(
      (row) => [row.name, row.checksum],
    ),
  );
  const known = new Set(migrations.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!known.has(name)) {
      throw new Error(`Database has migration "${name}" that this version of the app does not know; use a newer app.`);
    }
  }
  const ran: string[] = [];
  const insert = db.prepare('INSERT INTO schema_migrations (name, checksum, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    const sum = checksum(migration.sql);
    const previous = applied.get(migration.name);
    if (previous !== undefined) {
      if (previous !== sum) {
        throw new Error(
          `Migration "${migration.name}" was edited after it was applied (checksum mismatch). ` +
            'Migrations are append-only: restore it and add a new migration instead.',
        );
      }
      continue;
    }
    db.transaction(() => {
      db.exec(migration.sql);
      insert.run(migration.name, sum, new Date().toISOString());
    })();
    ran.push(migration.name);
  }
  return ran;
}
