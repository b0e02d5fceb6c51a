import type { Db } from './database';
import { inTransaction } from './database';
import { KEY_CHECK_SETTING } from './secret-box';
import type { SecretBox } from './secret-box';
import { openConfig, sealConfig } from './destination-secrets';

/** A stored row: column → value. */
export type Row = Record<string, string | number | null>;
export type TableRows = Record<string, Row[]>;

/**
 * The tables a workspace backup holds, parents before children. Captured events, deliveries,
 * replay runs, remotes and the account are not part of it.
 */
export const WORKSPACE_TABLES = [
  'libraries',
  'library_versions',
  'transformations',
  'transformation_versions',
  'transformation_version_libraries',
  'sources',
  'destinations',
  'destination_sources',
  'saved_test_events',
  'settings',
] as const;

/** Tables that must be empty before a backup is imported. */
const MUST_BE_EMPTY = ['libraries', 'transformations', 'destinations', 'saved_test_events'];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Reading and writing whole workspace tables for export and import. */
export function backupRepo(db: Db, box: SecretBox) {
  /** Destination configs with their secrets open (read) or sealed again under this folder's key (write). */
  const withConfig = (row: Row, fn: typeof openConfig): Row =>
    typeof row.config === 'string' ? { ...row, config: JSON.stringify(fn(box, String(row.kind), JSON.parse(row.config) as Record<string, unknown>)) } : row;
  /** The check value of this folder's master key is the folder's own, never carried over. */
  const ownSetting = (row: Row) => row.key === KEY_CHECK_SETTING;
  const columns = (table: string): string[] => (db.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]).map((c) => c.name);
  return {
    columns,
    /** Every row of the workspace tables (in rowid order), plus the credentials separately. */
    read(): { tables: TableRows; credentials: { key: string; value: string }[] } {
      const tables: TableRows = {};
      for (const table of WORKSPACE_TABLES) tables[table] = db.prepare(`SELECT * FROM ${quote(table)} ORDER BY rowid`).all() as Row[];
      tables.destinations = tables.destinations!.map((row) => withConfig(row, openConfig));
      tables.settings = tables.settings!.filter((row) => !ownSetting(row));
      const sealed = db.prepare('SELECT key, value FROM credentials ORDER BY key').all() as { key: string; value: string }[];
      return { tables, credentials: sealed.map((c) => ({ key: c.key, value: box.open(c.value) })) };
    },
    /** Names of workspace tables that already hold rows (an import needs none). */
    nonEmpty(): string[] {
      return MUST_BE_EMPTY.filter((table) => db.prepare(`SELECT 1 FROM ${quote(table)} LIMIT 1`).get() !== undefined);
    },
    /** Ids and write keys of the sources there are. */
    sources(): { id: string; writeKey: string }[] {
      return (db.prepare('SELECT id, write_key FROM sources').all() as { id: string; write_key: string }[]).map((r) => ({ id: r.id, writeKey: r.write_key }));
    },
    /**
     * Inserts the rows (columns checked by the caller) and the credentials in one transaction;
     * settings replace existing keys; sources whose id exists are kept as they are.
     * Any constraint failure rolls everything back.
     */
    write(tables: TableRows, credentials: { key: string; value: string }[]): Record<string, number> {
      return inTransaction(db, () => {
        const counts: Record<string, number> = {};
        for (const table of WORKSPACE_TABLES) {
          const given = tables[table] ?? [];
          const rows = table === 'destinations' ? given.map((row) => withConfig(row, sealConfig)) : table === 'settings' ? given.filter((row) => !ownSetting(row)) : given;
          counts[table] = 0;
          for (const row of rows) {
            const names = Object.keys(row);
            const verb = table === 'settings' ? 'INSERT OR REPLACE' : table === 'sources' ? 'INSERT OR IGNORE' : 'INSERT';
            const result = db
              .prepare(`${verb} INTO ${quote(table)} (${names.map(quote).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`)
              .run(...names.map((n) => row[n]));
            counts[table] += result.changes;
          }
        }
        const now = new Date().toISOString();
        const put = db.prepare(
          'INSERT INTO credentials (key, value, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
        );
        for (const c of credentials) put.run(c.key, box.seal(c.value), now, now);
        counts.credentials = credentials.length;
        return counts;
      });
    },
  };
}
export type BackupRepo = ReturnType<typeof backupRepo>;
