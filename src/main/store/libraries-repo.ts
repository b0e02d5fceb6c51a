import { inTransaction, type Db } from './database';
import type { VersionOrder } from './transformations-repo';

export interface LibraryRecord {
  id: string;
  name: string;
  description: string;
  importName: string;
  createdAt: string;
  updatedAt: string;
  latestVersionId: string | null;
  publishedVersionId: string | null;
}

/** One immutable version of a library; it keeps the import name it had when saved. */
export interface LibraryVersionRecord {
  id: string;
  libraryId: string;
  seq: number;
  name: string;
  description: string;
  code: string;
  importName: string;
  createdAt: string;
  /** E-mail of the account that saved the version (null for versions saved before it was recorded). */
  createdBy: string | null;
  publishedAt: string | null;
  /** The author's note saved with the version. */
  message: string | null;
}

export interface NewLibraryVersion {
  id: string;
  libraryId: string;
  name: string;
  description: string;
  code: string;
  importName: string;
  createdAt: string;
  /** E-mail of the account saving the version. */
  createdBy: string | null;
  message?: string | null;
}

interface LibraryRow {
  id: string;
  name: string;
  description: string;
  import_name: string;
  created_at: string;
  updated_at: string;
  latest_version_id: string | null;
  published_version_id: string | null;
}

interface VersionRow {
  id: string;
  library_id: string;
  seq: number;
  name: string;
  description: string;
  code: string;
  import_name: string;
  created_at: string;
  created_by: string | null;
  published_at: string | null;
  message: string | null;
}

const toLibrary = (row: LibraryRow): LibraryRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  importName: row.import_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  latestVersionId: row.latest_version_id,
  publishedVersionId: row.published_version_id,
});

const toVersion = (row: VersionRow): LibraryVersionRecord => ({
  id: row.id,
  libraryId: row.library_id,
  seq: row.seq,
  name: row.name,
  description: row.description,
  code: row.code,
  importName: row.import_name,
  createdAt: row.created_at,
  createdBy: row.created_by,
  publishedAt: row.published_at,
  message: row.message,
});

/** Libraries (import name unique) and their immutable versions. */
export function librariesRepo(db: Db) {
  const byId = db.prepare('SELECT * FROM libraries WHERE id = ? AND deleted_at IS NULL');
  const byImportName = db.prepare('SELECT * FROM libraries WHERE import_name = ?');
  const versionById = db.prepare('SELECT * FROM library_versions WHERE id = ?');
  const nextSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM library_versions WHERE library_id = ?');
  const insertVersion = db.prepare(
    `INSERT INTO library_versions (id, library_id, seq, name, description, code, import_name, created_at, created_by, message)
     VALUES (@id, @libraryId, @seq, @name, @description, @code, @importName, @createdAt, @createdBy, @message)`,
  );
  const touch = db.prepare(
    `UPDATE libraries SET name = @name, description = @description, import_name = @importName, updated_at = @createdAt, latest_version_id = @id
     WHERE id = @libraryId`,
  );

  const addVersion = (version: NewLibraryVersion): LibraryVersionRecord =>
    inTransaction(db, () => {
      const { seq } = nextSeq.get(version.libraryId) as { seq: number };
      insertVersion.run({ ...version, message: version.message ?? null, seq });
      touch.run(version);
      return toVersion(versionById.get(version.id) as VersionRow);
    });

  return {
    get(id: string): LibraryRecord | undefined {
      const row = byId.get(id) as LibraryRow | undefined;
      return row && toLibrary(row);
    },
    /** The library that currently owns an import name (a deleted library gives its name up: its row keeps "name (deleted id)"). */
    byImportName(importName: string): LibraryRecord | undefined {
      const row = byImportName.get(importName) as LibraryRow | undefined;
      return row && toLibrary(row);
    },
    list(): LibraryRecord[] {
      return (db.prepare('SELECT * FROM libraries WHERE deleted_at IS NULL ORDER BY created_at, id').all() as LibraryRow[]).map(toLibrary);
    },
    /** Creates a library with its first version (one transaction). */
    create(first: NewLibraryVersion): { library: LibraryRecord; version: LibraryVersionRecord } {
      return inTransaction(db, () => {
        db.prepare(
          `INSERT INTO libraries (id, name, description, import_name, created_at, updated_at)
           VALUES (@libraryId, @name, @description, @importName, @createdAt, @createdAt)`,
        ).run(first);
        const version = addVersion(first);
        return { library: toLibrary(byId.get(first.libraryId) as LibraryRow), version };
      });
    },
    /** Adds a version, which becomes the latest; the library takes its name, description and import name. */
    addVersion,
    version(versionId: string): LibraryVersionRecord | undefined {
      const row = versionById.get(versionId) as VersionRow | undefined;
      return row && toVersion(row);
    },
    versions(libraryId: string, options: { count: number; order: VersionOrder }): LibraryVersionRecord[] {
      const dir = options.order === 'DESC' ? 'DESC' : 'ASC';
      const rows = db
        .prepare(`SELECT * FROM library_versions WHERE library_id = ? ORDER BY created_at ${dir}, seq ${dir} LIMIT ?`)
        .all(libraryId, options.count) as VersionRow[];
      return rows.map(toVersion);
    },
    /**
     * Deletes a library: hidden from lists and lookups, its versions kept (published
     * transformation versions may pin them); its import name is freed for a new library.
     */
    softDelete(id: string, at: string): boolean {
      return (
        db
          .prepare("UPDATE libraries SET deleted_at = ?, import_name = import_name || ' (deleted ' || id || ')' WHERE id = ? AND deleted_at IS NULL")
          .run(at, id).changes > 0
      );
    },
    /** Makes `versionId` the one published version of its library. */
    publish(versionId: string, at: string): void {
      inTransaction(db, () => {
        const version = versionById.get(versionId) as VersionRow | undefined;
        if (!version) throw new Error(`unknown library version ${versionId}`);
        db.prepare('UPDATE library_versions SET published_at = NULL WHERE library_id = ? AND id <> ?').run(version.library_id, versionId);
        db.prepare('UPDATE library_versions SET published_at = ? WHERE id = ?').run(at, versionId);
        db.prepare('UPDATE libraries SET published_version_id = ? WHERE id = ?').run(versionId, version.library_id);
      });
    },
  };
}
export type LibrariesRepo = ReturnType<typeof librariesRepo>;
