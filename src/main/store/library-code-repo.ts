import { camelRow } from './camel-row';
import type { Db } from './database';

/** Code of one library version, as the sandbox needs it. */
export interface LibraryCode {
  versionId: string;
  libraryId: string;
  name: string;
  importName: string;
  code: string;
}

/** The row as selected: the columns of LibraryCode (camelCased). */
const toCode = (row: Record<string, unknown>): LibraryCode => camelRow<LibraryCode>(row);

/**
 * Read-only access to stored library code for test runs (tables of migration 0002). The writes
 * belong to the management API.
 */
export function libraryCodeRepo(db: Db) {
  const byVersionId = db.prepare('SELECT id AS version_id, library_id, name, import_name, code FROM library_versions WHERE id = ?');
  // The library's published version, else its latest (by the pointer, else by sequence).
  const current = db.prepare(
    `SELECT v.id AS version_id, v.library_id, v.name, l.import_name, v.code
       FROM libraries l
       JOIN library_versions v ON v.library_id = l.id
      WHERE l.import_name = ? AND l.deleted_at IS NULL
      ORDER BY (v.id = l.published_version_id) DESC, (v.id = l.latest_version_id) DESC, v.seq DESC
      LIMIT 1`,
  );
  return {
    /** The versions with these ids; `missing` lists ids that do not exist. */
    versions(ids: string[]): { found: LibraryCode[]; missing: string[] } {
      const found: LibraryCode[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const row = byVersionId.get(id) as Record<string, unknown> | undefined;
        if (row) found.push(toCode(row));
        else missing.push(id);
      }
      return { found, missing };
    },
    /** The published (else latest) version of the live library with this import name. */
    currentByImportName(importName: string): LibraryCode | undefined {
      const row = current.get(importName) as Record<string, unknown> | undefined;
      return row && toCode(row);
    },
  };
}
export type LibraryCodeRepo = ReturnType<typeof libraryCodeRepo>;
