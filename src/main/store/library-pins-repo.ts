import type { Db } from './database';

/** A library version a live transformation version runs with (pinned when it was published). */
export interface LibraryPin {
  libraryVersionId: string;
  libraryVersionNumber: number;
  transformationId: string;
  transformationName: string;
  transformationVersionId: string;
  transformationVersionNumber: number;
}

/** Which versions of a library the live (published) transformation versions are pinned to. */
export function libraryPinsRepo(db: Db) {
  const pins = db.prepare(`
    SELECT lv.id AS libraryVersionId, lv.seq AS libraryVersionNumber, t.id AS transformationId, tv.name AS transformationName,
           tv.id AS transformationVersionId, tv.seq AS transformationVersionNumber
    FROM transformations t
    JOIN transformation_versions tv ON tv.id = t.published_version_id
    JOIN transformation_version_libraries p ON p.transformation_version_id = tv.id
    JOIN library_versions lv ON lv.id = p.library_version_id
    WHERE t.deleted_at IS NULL AND lv.library_id = ?
    ORDER BY lv.seq DESC, tv.name`);
  const all = db.prepare(`
    SELECT lv.library_id AS libraryId, lv.id AS libraryVersionId, lv.seq AS libraryVersionNumber, t.id AS transformationId, tv.name AS transformationName,
           tv.id AS transformationVersionId, tv.seq AS transformationVersionNumber
    FROM transformations t
    JOIN transformation_versions tv ON tv.id = t.published_version_id
    JOIN transformation_version_libraries p ON p.transformation_version_id = tv.id
    JOIN library_versions lv ON lv.id = p.library_version_id
    WHERE t.deleted_at IS NULL
    ORDER BY lv.library_id, lv.seq DESC, tv.name`);
  return {
    /** Every pin of every library (the libraries view, the overview). */
    all: (): (LibraryPin & { libraryId: string })[] => all.all() as (LibraryPin & { libraryId: string })[],
    /** Newest library version first. */
    forLibrary: (libraryId: string): LibraryPin[] => pins.all(libraryId) as LibraryPin[],
  };
}
