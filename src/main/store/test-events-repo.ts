import type { FetchMock, FieldCheck } from '../../shared/api/test-events';
import { inTransaction, type Db } from './database';

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export interface SavedTestEventRecord {
  name?: string;
  event: Record<string, unknown>;
  expected?: Record<string, unknown>[];
  checks?: FieldCheck[];
  mocks?: FetchMock[];
}

interface Row {
  name: string | null;
  event: string;
  expected: string | null;
  checks: string | null;
  mocks: string | null;
  created_at: string;
}

const toRecord = (row: Row): SavedTestEventRecord => ({
  ...(row.name !== null ? { name: row.name } : {}),
  event: JSON.parse(row.event) as Record<string, unknown>,
  ...(row.expected !== null ? { expected: JSON.parse(row.expected) as Record<string, unknown>[] } : {}),
  ...(row.checks !== null ? { checks: JSON.parse(row.checks) as FieldCheck[] } : {}),
  ...(row.mocks !== null ? { mocks: JSON.parse(row.mocks) as FetchMock[] } : {}),
});

/** Saved test events per transformation, in order. */
export function testEventsRepo(db: Db) {
  const list = db.prepare('SELECT name, event, expected, checks, mocks, created_at FROM saved_test_events WHERE transformation_id = ? ORDER BY position');
  const lastSaved = db.prepare('SELECT MAX(created_at) AS at FROM saved_test_events WHERE transformation_id = ?');
  const clear = db.prepare('DELETE FROM saved_test_events WHERE transformation_id = ?');
  const nextPosition = db.prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM saved_test_events WHERE transformation_id = ?');
  const insert = db.prepare(
    'INSERT INTO saved_test_events (transformation_id, position, name, event, expected, checks, mocks, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertAll = (transformationId: string, events: SavedTestEventRecord[], from: number, at: string) => {
    events.forEach((e, i) =>
      insert.run(transformationId, from + i, e.name ?? null, JSON.stringify(e.event), json(e.expected), json(e.checks?.length ? e.checks : undefined), json(e.mocks?.length ? e.mocks : undefined), at),
    );
  };
  return {
    list: (transformationId: string): SavedTestEventRecord[] => (list.all(transformationId) as Row[]).map(toRecord),
    updatedAt: (transformationId: string): string | null => (lastSaved.get(transformationId) as { at: string | null }).at,
    count: (transformationId: string): number => (nextPosition.get(transformationId) as { next: number }).next,
    /** Replaces the whole list in one transaction. */
    replace(transformationId: string, events: SavedTestEventRecord[], at: string): void {
      inTransaction(db, () => {
        clear.run(transformationId);
        insertAll(transformationId, events, 0, at);
      });
    },
    /** Appends events after the existing ones in one transaction. */
    append(transformationId: string, events: SavedTestEventRecord[], at: string): void {
      inTransaction(db, () => {
        const { next } = nextPosition.get(transformationId) as { next: number };
        insertAll(transformationId, events, next, at);
      });
    },
  };
}
export type TestEventsRepo = ReturnType<typeof testEventsRepo>;
