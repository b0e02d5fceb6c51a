import type { Db } from './database';

export interface Source {
  id: string;
  name: string;
  writeKey: string;
  enabled: boolean;
  createdAt: string;
}

interface Row {
  id: string;
  name: string;
  write_key: string;
  enabled: number;
  created_at: string;
}

const toSource = (row: Row): Source => ({
  id: row.id,
  name: row.name,
  writeKey: row.write_key,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
});

/** Sources: the write keys the event API accepts. */
export function sourcesRepo(db: Db) {
  const byKey = db.prepare('SELECT * FROM sources WHERE write_key = ?');
  const byId = db.prepare('SELECT * FROM sources WHERE id = ?');
  return {
    list(): Source[] {
      return (db.prepare('SELECT * FROM sources ORDER BY created_at, id').all() as Row[]).map(toSource);
    },
    get(id: string): Source | undefined {
      const row = byId.get(id) as Row | undefined;
      return row && toSource(row);
    },
    byWriteKey(writeKey: string): Source | undefined {
      const row = byKey.get(writeKey) as Row | undefined;
      return row && toSource(row);
    },
    create(source: Omit<Source, 'createdAt'>): Source {
      const createdAt = new Date().toISOString();
      db.prepare('INSERT INTO sources (id, name, write_key, enabled, created_at) VALUES (?, ?, ?, ?, ?)').run(
        source.id,
        source.name,
        source.writeKey,
        source.enabled ? 1 : 0,
        createdAt,
      );
      return { ...source, createdAt };
    },
    rename(id: string, name: string): boolean {
      return db.prepare('UPDATE sources SET name = ? WHERE id = ?').run(name, id).changes > 0;
    },
    setEnabled(id: string, enabled: boolean): boolean {
      return db.prepare('UPDATE sources SET enabled = ? WHERE id = ?').run(enabled ? 1 : 0, id).changes > 0;
    },
    delete(id: string): boolean {
      return db.prepare('DELETE FROM sources WHERE id = ?').run(id).changes > 0;
    },
  };
}
export type SourcesRepo = ReturnType<typeof sourcesRepo>;
