import { artifactStore, versionFieldsOf, type VersionFields, type VersionFieldsRow, type VersionTestStatus } from './artifact-store';
import type { Db } from './database';

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
export interface LibraryVersionRecord extends VersionFields {
  libraryId: string;
  importName: string;
}

/** A version to store: what the caller decides (seq and publishedAt are the store's). */
export type NewLibraryVersion = Omit<LibraryVersionRecord, 'seq' | 'publishedAt' | 'message' | 'testStatus' | 'testSummary'> & {
  /** The author's note on the version. */
  message?: string | null;
};

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

interface VersionRow extends VersionFieldsRow {
  library_id: string;
  import_name: string;
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

const toVersion = (row: VersionRow): LibraryVersionRecord => ({ ...versionFieldsOf(row), libraryId: row.library_id, importName: row.import_name });

/** Libraries (import name unique) and their immutable versions; deleted ones are hidden from lookups. */
export function librariesRepo(db: Db) {
  const core = artifactStore<LibraryRow, VersionRow, LibraryRecord, LibraryVersionRecord, NewLibraryVersion>(db, {
    table: 'libraries',
    versionTable: 'library_versions',
    parentColumn: 'library_id',
    insertArtifact: `INSERT INTO libraries (id, name, description, import_name, created_at, updated_at)
     VALUES (@parentId, @name, @description, @importName, @createdAt, @createdAt)`,
    insertVersion: `INSERT INTO library_versions (id, library_id, seq, name, description, code, import_name, created_at, created_by, message)
     VALUES (@id, @parentId, @seq, @name, @description, @code, @importName, @createdAt, @createdBy, @message)`,
    touch: `UPDATE libraries SET name = @name, description = @description, import_name = @importName, updated_at = @createdAt, latest_version_id = @id
     WHERE id = @parentId`,
    toArtifact: toLibrary,
    toVersion,
    parentOf: (version) => version.libraryId,
    params: (version) => ({ ...version, message: version.message ?? null }),
  });
  const byImportName = db.prepare('SELECT * FROM libraries WHERE import_name = ?');
  const setTestStatus = db.prepare('UPDATE library_versions SET test_status = ?, test_summary = ?, test_inputs = ? WHERE id = ?');
  const testInputs = db.prepare('SELECT test_inputs FROM library_versions WHERE id = ?').pluck();
  const softDeleteFreeingName = db.prepare(
    "UPDATE libraries SET deleted_at = ?, import_name = import_name || ' (deleted ' || id || ')' WHERE id = ? AND deleted_at IS NULL",
  );
  return {
    ...core,
    /** Records a run's outcome with what it depended on (management/library-status.ts). */
    setTestStatus(versionId: string, status: VersionTestStatus, summary: string | null, inputs: string | null = null): void {
      setTestStatus.run(status, summary, inputs, versionId);
    },
    /** The inputs recorded with a version's outcome (null: none recorded). */
    testInputs: (versionId: string): string | null => (testInputs.get(versionId) as string | null | undefined) ?? null,
    /** The library that currently owns an import name (a deleted library gives its name up: its row keeps "name (deleted id)"). */
    byImportName(importName: string): LibraryRecord | undefined {
      const row = byImportName.get(importName) as LibraryRow | undefined;
      return row && toLibrary(row);
    },
    /**
     * Deletes a library: hidden from lists and lookups, its versions kept (published
     * transformation versions may pin them); its import name is freed for a new library.
     */
    softDelete(id: string, at: string): boolean {
      return softDeleteFreeingName.run(at, id).changes > 0;
    },
    /** Makes `versionId` the one published version of its library. */
    publish(versionId: string, at: string): void {
      core.publish(versionId, at);
    },
  };
}
export type LibrariesRepo = ReturnType<typeof librariesRepo>;
