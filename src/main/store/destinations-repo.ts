import type { Db } from './database';

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
export function destinationsRepo(db: Db) {
  const sourcesOf = db.prepare('SELECT source_id FROM destination_sources WHERE destination_id = ? ORDER BY source_id');
  const toDestination = (row: Row): Destination => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    config: JSON.parse(row.config) as Record<string, unknown>,
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
    /** Disconnects every destination of a transformation (on delete). */
    disconnectTransformation(transformationId: string): number {
      return db
        .prepare('UPDATE destinations SET transformation_id = NULL, updated_at = ? WHERE transformation_id = ?')
        .run(new Date().toISOString(), transformationId).changes;
    },
  };
}
export type DestinationsRepo = ReturnType<typeof destinationsRepo>;
