import { inTransaction, type Db } from './database';

export type VersionOrder = 'ASC' | 'DESC';

export type VersionTestStatus = 'passed' | 'failed' | 'not-tested';

/** What every stored version has, whatever its kind (transformation or library). */
export interface VersionFields {
  id: string;
  seq: number;
  name: string;
  description: string;
  code: string;
  createdAt: string;
  /** E-mail of the account that saved the version (null for versions saved before it was recorded). */
  createdBy: string | null;
  publishedAt: string | null;
  /** The author's note saved with the version. */
  message: string | null;
  /** Outcome of the saved tests run when the version was saved (null: saved before it was recorded, or imported). */
  testStatus: VersionTestStatus | null;
  testSummary: string | null;
}

/** The columns of VersionFields in a version table's row. */
export interface VersionFieldsRow {
  id: string;
  seq: number;
  name: string;
  description: string;
  code: string;
  created_at: string;
  created_by: string | null;
  published_at: string | null;
  message: string | null;
  test_status: VersionTestStatus | null;
  test_summary: string | null;
}

export const versionFieldsOf = (row: VersionFieldsRow): VersionFields => ({
  id: row.id,
  seq: row.seq,
  name: row.name,
  description: row.description,
  code: row.code,
  createdAt: row.created_at,
  createdBy: row.created_by,
  publishedAt: row.published_at,
  message: row.message,
  testStatus: row.test_status,
  testSummary: row.test_summary,
});

/** Where one kind of versioned artifact lives: its table, its versions' table, and the SQL that differs. */
export interface ArtifactTables<Row, VersionRow, Artifact, Version, NewVersion> {
  table: 'transformations' | 'libraries';
  versionTable: 'transformation_versions' | 'library_versions';
  /** Column of the version table naming its artifact. */
  parentColumn: 'transformation_id' | 'library_id';
  /** INSERT of the artifact row from a first version's named parameters (@parentId is set). */
  insertArtifact: string;
  /** INSERT of a version row from named parameters (@seq is set). */
  insertVersion: string;
  /** UPDATE of the artifact row when a version becomes its latest (@parentId is set). */
  touch: string;
  toArtifact(row: Row): Artifact;
  toVersion(row: VersionRow): Version;
  parentOf(version: NewVersion): string;
  /** Named parameters of a new version (e.g. JSON columns serialised). */
  params(version: NewVersion): Record<string, unknown>;
}

/**
 * An artifact with immutable, numbered versions, one published version and soft delete: the
 * storage both transformations and libraries are made of. Lookups hide deleted artifacts;
 * versions stay readable by id.
 */
export function artifactStore<Row, VersionRow, Artifact, Version, NewVersion extends { id: string }>(
  db: Db,
  t: ArtifactTables<Row, VersionRow, Artifact, Version, NewVersion>,
) {
  const byId = db.prepare(`SELECT * FROM ${t.table} WHERE id = ? AND deleted_at IS NULL`);
  const all = db.prepare(`SELECT * FROM ${t.table} WHERE deleted_at IS NULL ORDER BY created_at, id`);
  const versionById = db.prepare(`SELECT * FROM ${t.versionTable} WHERE id = ?`);
  const nextSeq = db.prepare(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${t.versionTable} WHERE ${t.parentColumn} = ?`);
  const insertArtifact = db.prepare(t.insertArtifact);
  const insertVersion = db.prepare(t.insertVersion);
  const touch = db.prepare(t.touch);
  const listVersions = {
    ASC: db.prepare(`SELECT * FROM ${t.versionTable} WHERE ${t.parentColumn} = ? ORDER BY created_at ASC, seq ASC LIMIT ?`),
    DESC: db.prepare(`SELECT * FROM ${t.versionTable} WHERE ${t.parentColumn} = ? ORDER BY created_at DESC, seq DESC LIMIT ?`),
  };
  const unpublishOthers = db.prepare(`UPDATE ${t.versionTable} SET published_at = NULL WHERE ${t.parentColumn} = ? AND id <> ?`);
  const markPublished = db.prepare(`UPDATE ${t.versionTable} SET published_at = ? WHERE id = ?`);
  const setPublished = db.prepare(`UPDATE ${t.table} SET published_version_id = ? WHERE id = ?`);
  const softDelete = db.prepare(`UPDATE ${t.table} SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL`);

  const get = (id: string): Artifact | undefined => {
    const row = byId.get(id) as Row | undefined;
    return row && t.toArtifact(row);
  };
  const version = (versionId: string): Version | undefined => {
    const row = versionById.get(versionId) as VersionRow | undefined;
    return row && t.toVersion(row);
  };
  /** Adds a version, which becomes the latest; the artifact takes its name and description. */
  const addVersion = (next: NewVersion): Version =>
    inTransaction(db, () => {
      const parentId = t.parentOf(next);
      const { seq } = nextSeq.get(parentId) as { seq: number };
      const params = { ...t.params(next), parentId, seq };
      insertVersion.run(params);
      touch.run(params);
      return version(next.id)!;
    });

  return {
    /** An artifact that is not deleted. */
    get,
    /** Every artifact that is not deleted, oldest first. */
    list: (): Artifact[] => (all.all() as Row[]).map(t.toArtifact),
    /** Creates an artifact with its first version (one transaction). */
    create(first: NewVersion): { artifact: Artifact; version: Version } {
      return inTransaction(db, () => {
        insertArtifact.run({ ...t.params(first), parentId: t.parentOf(first) });
        const created = addVersion(first);
        return { artifact: get(t.parentOf(first))!, version: created };
      });
    },
    addVersion,
    /** A version by id, whether or not its artifact is deleted. */
    version,
    /** Versions of one artifact ordered by createdAt (ties by creation order). */
    versions: (parentId: string, options: { count: number; order: VersionOrder }): Version[] =>
      (listVersions[options.order === 'DESC' ? 'DESC' : 'ASC'].all(parentId, options.count) as VersionRow[]).map(t.toVersion),
    /** Makes `versionId` the one published version of its artifact; answers the artifact's id. */
    publish(versionId: string, at: string): string {
      return inTransaction(db, () => {
        const row = versionById.get(versionId) as Record<string, unknown> | undefined;
        if (!row) throw new Error(`unknown ${t.versionTable} row ${versionId}`);
        const parentId = row[t.parentColumn] as string;
        unpublishOthers.run(parentId, versionId);
        markPublished.run(at, versionId);
        setPublished.run(versionId, parentId);
        return parentId;
      });
    },
    /** Hides an artifact from lists and lookups; its versions stay. */
    softDelete: (id: string, at: string): boolean => softDelete.run(at, id).changes > 0,
  };
}
