import { inTransaction, type Db } from './database';

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
export interface TransformationVersionRecord {
  id: string;
  transformationId: string;
  seq: number;
  name: string;
  description: string;
  code: string;
  codeVersion: string;
  language: string;
  testEvents: Record<string, unknown>[] | null;
  createdAt: string;
  /** E-mail of the account that saved the version (null for versions saved before it was recorded). */
  createdBy: string | null;
  publishedAt: string | null;
  /** The author's note saved with the version. */
  message: string | null;
  /** Outcome of the saved tests run when the version was saved (null: saved before it was recorded). */
  testStatus: VersionTestStatus | null;
  testSummary: string | null;
}

export type VersionTestStatus = 'passed' | 'failed' | 'not-tested';

export interface NewTransformationVersion {
  id: string;
  transformationId: string;
  name: string;
  description: string;
  code: string;
  testEvents: Record<string, unknown>[] | null;
  createdAt: string;
  /** E-mail of the account saving the version. */
  createdBy: string | null;
  message?: string | null;
}

export type VersionOrder = 'ASC' | 'DESC';

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

interface VersionRow {
  id: string;
  transformation_id: string;
  seq: number;
  name: string;
  description: string;
  code: string;
  code_version: string;
  language: string;
  test_events: string | null;
  created_at: string;
  created_by: string | null;
  published_at: string | null;
  message: string | null;
  test_status: VersionTestStatus | null;
  test_summary: string | null;
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
  id: row.id,
  transformationId: row.transformation_id,
  seq: row.seq,
  name: row.name,
  description: row.description,
  code: row.code,
  codeVersion: row.code_version,
  language: row.language,
  testEvents: row.test_events === null ? null : (JSON.parse(row.test_events) as Record<string, unknown>[]),
  createdAt: row.created_at,
  createdBy: row.created_by,
  publishedAt: row.published_at,
  message: row.message,
  testStatus: row.test_status,
  testSummary: row.test_summary,
});

/** Transformations and their immutable versions; deleted ones (deleted_at) are hidden from lookups. */
export function transformationsRepo(db: Db) {
  const byId = db.prepare('SELECT * FROM transformations WHERE id = ? AND deleted_at IS NULL');
  const versionById = db.prepare('SELECT * FROM transformation_versions WHERE id = ?');
  const nextSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM transformation_versions WHERE transformation_id = ?');
  const insertVersion = db.prepare(
    `INSERT INTO transformation_versions (id, transformation_id, seq, name, description, code, code_version, language, test_events, created_at, created_by, message)
     VALUES (@id, @transformationId, @seq, @name, @description, @code, '1', 'javascript', @testEvents, @createdAt, @createdBy, @message)`,
  );
  const touch = db.prepare(
    'UPDATE transformations SET name = @name, description = @description, updated_at = @createdAt, latest_version_id = @id WHERE id = @transformationId',
  );

  const addVersion = (version: NewTransformationVersion): TransformationVersionRecord =>
    inTransaction(db, () => {
      const { seq } = nextSeq.get(version.transformationId) as { seq: number };
      const params = { ...version, message: version.message ?? null, seq, testEvents: version.testEvents === null ? null : JSON.stringify(version.testEvents) };
      insertVersion.run(params);
      touch.run(params);
      return toVersion(versionById.get(version.id) as VersionRow);
    });

  return {
    /** A transformation that is not deleted. */
    get(id: string): TransformationRecord | undefined {
      const row = byId.get(id) as TransformationRow | undefined;
      return row && toTransformation(row);
    },
    /** Every transformation that is not deleted, oldest first. */
    list(): TransformationRecord[] {
      return (db.prepare('SELECT * FROM transformations WHERE deleted_at IS NULL ORDER BY created_at, id').all() as TransformationRow[]).map(
        toTransformation,
      );
    },
    /** Creates a transformation with its first version (one transaction). */
    create(first: NewTransformationVersion): { transformation: TransformationRecord; version: TransformationVersionRecord } {
      return inTransaction(db, () => {
        db.prepare(
          'INSERT INTO transformations (id, name, description, created_at, updated_at) VALUES (@transformationId, @name, @description, @createdAt, @createdAt)',
        ).run(first);
        const version = addVersion(first);
        return { transformation: toTransformation(byId.get(first.transformationId) as TransformationRow), version };
      });
    },
    /** Adds a version, which becomes the latest; the transformation takes its name and description. */
    addVersion,
    /** A version by id, whether or not its transformation is deleted. */
    version(versionId: string): TransformationVersionRecord | undefined {
      const row = versionById.get(versionId) as VersionRow | undefined;
      return row && toVersion(row);
    },
    /** Versions of one transformation ordered by createdAt (ties by creation order). */
    versions(transformationId: string, options: { count: number; order: VersionOrder }): TransformationVersionRecord[] {
      const dir = options.order === 'DESC' ? 'DESC' : 'ASC';
      const rows = db
        .prepare(`SELECT * FROM transformation_versions WHERE transformation_id = ? ORDER BY created_at ${dir}, seq ${dir} LIMIT ?`)
        .all(transformationId, options.count) as VersionRow[];
      return rows.map(toVersion);
    },
    /**
     * Makes `versionId` the one published version of its transformation and records the
     * library versions it was tested with (replacing earlier pins of that version).
     */
    publish(versionId: string, libraryVersionIds: string[], at: string): void {
      inTransaction(db, () => {
        const version = versionById.get(versionId) as VersionRow | undefined;
        if (!version) throw new Error(`unknown transformation version ${versionId}`);
        db.prepare('UPDATE transformation_versions SET published_at = NULL WHERE transformation_id = ? AND id <> ?').run(
          version.transformation_id,
          versionId,
        );
        db.prepare('UPDATE transformation_versions SET published_at = ? WHERE id = ?').run(at, versionId);
        db.prepare('UPDATE transformations SET published_version_id = ? WHERE id = ?').run(versionId, version.transformation_id);
        db.prepare('DELETE FROM transformation_version_libraries WHERE transformation_version_id = ?').run(versionId);
        const pin = db.prepare('INSERT INTO transformation_version_libraries (transformation_version_id, library_version_id) VALUES (?, ?)');
        for (const id of new Set(libraryVersionIds)) pin.run(versionId, id);
      });
    },
    /** Library version ids a transformation version was published with. */
    pinnedLibraryVersions(versionId: string): string[] {
      return (
        db
          .prepare('SELECT library_version_id FROM transformation_version_libraries WHERE transformation_version_id = ? ORDER BY library_version_id')
          .all(versionId) as { library_version_id: string }[]
      ).map((r) => r.library_version_id);
    },
    /** Records the outcome of the tests run when a version was saved. */
    setTestStatus(versionId: string, status: VersionTestStatus, summary: string | null): void {
      db.prepare('UPDATE transformation_versions SET test_status = ?, test_summary = ? WHERE id = ?').run(status, summary, versionId);
    },
    /** Hides a transformation from lists and lookups; its versions stay. */
    softDelete(id: string, at: string): boolean {
      return db.prepare('UPDATE transformations SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes > 0;
    },
  };
}
export type TransformationsRepo = ReturnType<typeof transformationsRepo>;
