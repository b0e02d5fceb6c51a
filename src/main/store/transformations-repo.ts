import { artifactStore, versionFieldsOf, type VersionFields, type VersionFieldsRow, type VersionTestStatus } from './artifact-store';
import { inTransaction, type Db } from './database';

export type { VersionOrder } from './artifact-store';

export interface TransformationRecord {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  latestVersionId: string | null;
  publishedVersionId: string | null;
  deletedAt: string | null;
}

/** One immutable version (revision) of a transformation. */
export interface TransformationVersionRecord extends VersionFields {
  transformationId: string;
  codeVersion: string;
  language: string;
  testEvents: Record<string, unknown>[] | null;
  /** What the recorded outcome depended on (JSON of management/test-inputs.ts; null: not recorded). */
  testInputs: string | null;
}

export type { VersionTestStatus };

/** A version to store: what the caller decides (seq, codeVersion, language and publishedAt are the store's). */
export type NewTransformationVersion = Omit<TransformationVersionRecord, 'seq' | 'codeVersion' | 'language' | 'publishedAt' | 'message' | 'testStatus' | 'testSummary' | 'testInputs'> & {
  /** The author's note on the version. */
  message?: string | null;
};

interface TransformationRow {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  latest_version_id: string | null;
  published_version_id: string | null;
  deleted_at: string | null;
}

interface VersionRow extends VersionFieldsRow {
  transformation_id: string;
  code_version: string;
  language: string;
  test_events: string | null;
  test_inputs: string | null;
}

const toTransformation = (row: TransformationRow): TransformationRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  latestVersionId: row.latest_version_id,
  publishedVersionId: row.published_version_id,
  deletedAt: row.deleted_at,
});

const toVersion = (row: VersionRow): TransformationVersionRecord => ({
  ...versionFieldsOf(row),
  transformationId: row.transformation_id,
  codeVersion: row.code_version,
  language: row.language,
  testEvents: row.test_events === null ? null : (JSON.parse(row.test_events) as Record<string, unknown>[]),
  testInputs: row.test_inputs,
});

/** Transformations and their immutable versions; deleted ones (deleted_at) are hidden from lookups. */
export function transformationsRepo(db: Db) {
  const core = artifactStore<TransformationRow, VersionRow, TransformationRecord, TransformationVersionRecord, NewTransformationVersion>(db, {
    table: 'transformations',
    versionTable: 'transformation_versions',
    parentColumn: 'transformation_id',
    insertArtifact: 'INSERT INTO transformations (id, name, description, created_at, updated_at) VALUES (@parentId, @name, @description, @createdAt, @createdAt)',
    insertVersion: `INSERT INTO transformation_versions (id, transformation_id, seq, name, description, code, code_version, language, test_events, created_at, created_by, message)
     VALUES (@id, @parentId, @seq, @name, @description, @code, '1', 'javascript', @testEvents, @createdAt, @createdBy, @message)`,
    touch: 'UPDATE transformations SET name = @name, description = @description, updated_at = @createdAt, latest_version_id = @id WHERE id = @parentId',
    toArtifact: toTransformation,
    toVersion,
    parentOf: (version) => version.transformationId,
    params: (version) => ({ ...version, message: version.message ?? null, testEvents: version.testEvents === null ? null : JSON.stringify(version.testEvents) }),
  });
  const unpin = db.prepare('DELETE FROM transformation_version_libraries WHERE transformation_version_id = ?');
  const pin = db.prepare('INSERT INTO transformation_version_libraries (transformation_version_id, library_version_id) VALUES (?, ?)');
  const setTestStatus = db.prepare('UPDATE transformation_versions SET test_status = ?, test_summary = ?, test_inputs = ? WHERE id = ?');
  const pinned = db.prepare('SELECT library_version_id FROM transformation_version_libraries WHERE transformation_version_id = ? ORDER BY library_version_id');

  return {
    ...core,
    /**
     * Makes `versionId` the one published version of its transformation and records the
     * library versions it was tested with (replacing earlier pins of that version).
     */
    publish(versionId: string, libraryVersionIds: string[], at: string): void {
      inTransaction(db, () => {
        core.publish(versionId, at);
        unpin.run(versionId);
        for (const id of new Set(libraryVersionIds)) pin.run(versionId, id);
      });
    },
    /** Library version ids a transformation version was published with. */
    pinnedLibraryVersions(versionId: string): string[] {
      return (pinned.all(versionId) as { library_version_id: string }[]).map((r) => r.library_version_id);
    },
    /** Records the outcome of a run of the version's tests and what it depended on (`inputs`, JSON). */
    setTestStatus(versionId: string, status: VersionTestStatus, summary: string | null, inputs: string | null = null): void {
      setTestStatus.run(status, summary, inputs, versionId);
    },
  };
}
export type TransformationsRepo = ReturnType<typeof transformationsRepo>;
