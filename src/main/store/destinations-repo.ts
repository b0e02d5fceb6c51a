import type { Db } from './database';
import type { SecretBox } from './secret-box';
import { hasPlainSecret, openConfig, sealConfig } from './destination-secrets';

export type DestinationKind = 'capture' | 'webhook' | 'file' | 'data-plane';

export interface Destination {
  id: string;
  name: string;
  kind: DestinationKind;
  config: Record<string, unknown>;
  enabled: boolean;
  transformationId: string | null;
  sourceIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** A published transformation version with its pinned library versions (what the pipeline runs). */
export interface PublishedCode {
  transformationId: string;
  name: string;
  versionId: string;
  code: string;
  libraries: { versionId: string; importName: string; code: string }[];
}

interface Row {
  id: string;
  name: string;
  kind: DestinationKind;
  config: string;
  enabled: number;
  transformation_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Destinations. The management API uses the connect/disconnect part (destinationIds on
 * publish, delete of a transformation); the event pipeline owns the rest.
 */
export function destinationsRepo(db: Db, box: SecretBox) {
  const sourcesOf = db.prepare('SELECT source_id FROM destination_sources WHERE destination_id = ? ORDER BY source_id');
  const setSources = (id: string, sourceIds: string[]) => {
    db.prepare('DELETE FROM destination_sources WHERE destination_id = ?').run(id);
    const link = db.prepare('INSERT OR IGNORE INTO destination_sources (destination_id, source_id) VALUES (?, ?)');
    for (const sourceId of sourceIds) link.run(id, sourceId);
  };
  const toDestination = (row: Row): Destination => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    config: openConfig(box, row.kind, JSON.parse(row.config) as Record<string, unknown>),
    enabled: row.enabled === 1,
    transformationId: row.transformation_id,
    sourceIds: (sourcesOf.all(row.id) as { source_id: string }[]).map((r) => r.source_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return {
    get(id: string): Destination | undefined {
      const row = db.prepare('SELECT * FROM destinations WHERE id = ?').get(id) as Row | undefined;
      return row && toDestination(row);
    },
    list(): Destination[] {
      return (db.prepare('SELECT * FROM destinations ORDER BY created_at, id').all() as Row[]).map(toDestination);
    },
    /** Ids among `ids` that name no destination (for "unknown destinationIds" errors). */
    missing(ids: string[]): string[] {
      const has = db.prepare('SELECT 1 FROM destinations WHERE id = ?');
      return ids.filter((id) => !has.get(id));
    },
    /** Destinations connected to a transformation, as the management API shows them. */
    forTransformation(transformationId: string): { id: string; name: string; enabled: boolean }[] {
      return (
        db.prepare('SELECT id, name, enabled FROM destinations WHERE transformation_id = ? ORDER BY created_at, id').all(transformationId) as {
          id: string;
          name: string;
          enabled: number;
        }[]
      ).map((r) => ({ id: r.id, name: r.name, enabled: r.enabled === 1 }));
    },
    /** Connects each destination to the transformation (at most one per destination). */
    connect(destinationIds: string[], transformationId: string): void {
      const now = new Date().toISOString();
      const update = db.prepare('UPDATE destinations SET transformation_id = ?, updated_at = ? WHERE id = ?');
      for (const id of destinationIds) update.run(transformationId, now, id);
    },
    disconnect(destinationId: string): void {
      db.prepare('UPDATE destinations SET transformation_id = NULL, updated_at = ? WHERE id = ?').run(new Date().toISOString(), destinationId);
    },
    /** Creates a destination connected to `sourceIds` (the event pipeline's studio API). */
    create(input: Omit<Destination, 'createdAt' | 'updatedAt'>): Destination {
      const now = new Date().toISOString();
      db.transaction(() => {
        db.prepare(
          'INSERT INTO destinations (id, name, kind, config, enabled, transformation_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(input.id, input.name, input.kind, JSON.stringify(sealConfig(box, input.kind, input.config)), input.enabled ? 1 : 0, input.transformationId, now, now);
        setSources(input.id, input.sourceIds);
      })();
      return { ...input, sourceIds: [...input.sourceIds].sort(), createdAt: now, updatedAt: now };
    },
    /** Changes name, config and/or enabled; false when the destination does not exist. */
    update(id: string, patch: { name?: string; config?: Record<string, unknown>; enabled?: boolean }): boolean {
      const current = db.prepare('SELECT * FROM destinations WHERE id = ?').get(id) as Row | undefined;
      if (!current) return false;
      db.prepare('UPDATE destinations SET name = ?, config = ?, enabled = ?, updated_at = ? WHERE id = ?').run(
        patch.name ?? current.name,
        patch.config === undefined ? current.config : JSON.stringify(sealConfig(box, current.kind, patch.config)),
        patch.enabled === undefined ? current.enabled : patch.enabled ? 1 : 0,
        new Date().toISOString(),
        id,
      );
      return true;
    },
    /** Seals config secrets stored before encryption; returns how many destinations changed. */
    sealPlain(): number {
      const rows = db.prepare('SELECT id, kind, config FROM destinations').all() as Pick<Row, 'id' | 'kind' | 'config'>[];
      const update = db.prepare('UPDATE destinations SET config = ? WHERE id = ?');
      let changed = 0;
      for (const row of rows) {
        const config = JSON.parse(row.config) as Record<string, unknown>;
        if (!hasPlainSecret(row.kind, config)) continue;
        update.run(JSON.stringify(sealConfig(box, row.kind, config)), row.id);
        changed++;
      }
      return changed;
    },
    /** Replaces the sources a destination receives events from. */
    setSources(id: string, sourceIds: string[]): void {
      db.transaction(() => setSources(id, sourceIds))();
    },
    /** Deletes a destination (its cursor, results and source links cascade). */
    remove(id: string): boolean {
      return db.prepare('DELETE FROM destinations WHERE id = ?').run(id).changes > 0;
    },
    /** A transformation as the pipeline needs to know it (connect checks). */
    transformation(
      transformationId: string,
    ): { id: string; name: string; publishedVersionId: string | null; publishedVersionNumber: number | null; deleted: boolean } | undefined {
      const row = db
        .prepare(
          `SELECT t.id, t.name, t.published_version_id, t.deleted_at, v.seq AS published_seq
           FROM transformations t LEFT JOIN transformation_versions v ON v.id = t.published_version_id WHERE t.id = ?`,
        )
        .get(transformationId) as
        | { id: string; name: string; published_version_id: string | null; deleted_at: string | null; published_seq: number | null }
        | undefined;
      return (
        row && {
          id: row.id,
          name: row.name,
          publishedVersionId: row.published_version_id,
          publishedVersionNumber: row.published_seq,
          deleted: row.deleted_at !== null,
        }
      );
    },
    /** The published version of a transformation with the library versions it pins. */
    publishedCode(transformationId: string): PublishedCode | undefined {
      const row = db
        .prepare(
          `SELECT t.id AS transformation_id, t.name AS name, v.id AS version_id, v.code AS code
           FROM transformations t JOIN transformation_versions v ON v.id = t.published_version_id
           WHERE t.id = ? AND t.deleted_at IS NULL`,
        )
        .get(transformationId) as { transformation_id: string; name: string; version_id: string; code: string } | undefined;
      if (!row) return undefined;
      const libraries = db
        .prepare(
          `SELECT lv.id AS version_id, lv.import_name AS import_name, lv.code AS code
           FROM transformation_version_libraries p JOIN library_versions lv ON lv.id = p.library_version_id
           WHERE p.transformation_version_id = ? ORDER BY lv.import_name`,
        )
        .all(row.version_id) as { version_id: string; import_name: string; code: string }[];
      return {
        transformationId: row.transformation_id,
        name: row.name,
        versionId: row.version_id,
        code: row.code,
        libraries: libraries.map((l) => ({ versionId: l.version_id, importName: l.import_name, code: l.code })),
      };
    },
    /** Disconnects every destination of a transformation (on delete). */
    disconnectTransformation(transformationId: string): number {
      return db
        .prepare('UPDATE destinations SET transformation_id = NULL, updated_at = ? WHERE transformation_id = ?')
        .run(new Date().toISOString(), transformationId).changes;
    },
  };
}
export type DestinationsRepo = ReturnType<typeof destinationsRepo>;
