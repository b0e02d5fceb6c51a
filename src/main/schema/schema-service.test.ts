import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../store';
import { createSchemaService, type SchemaService } from './schema-service';

// The learned schema over a real SQLite store: incremental fold by cursor, caps across batches,
// retention (forgotten days), rebuild, windows and the editor's field list.

let dir: string;
let store: Store;
let schema: SchemaService;

const DAY = 86_400_000;
const today = Date.now();
const at = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString();

function capture(sourceId: string, events: { event?: string; properties?: Record<string, unknown>; context?: Record<string, unknown> }[], receivedAt = at(0)) {
  store.events.capture(
    { sourceId, callType: 'batch', requestIp: '127.0.0.1', receivedAt, body: '{}' },
    events.map((e, i) => ({
      type: 'track',
      eventName: e.event ?? null,
      userId: 'u1',
      anonymousId: null,
      messageId: `${receivedAt}-${sourceId}-${i}-${Math.random()}`,
      json: JSON.stringify({ type: 'track', ...e }),
    })),
  );
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'schema-service-'));
  store = createStore(join(dir, 'studio.db'));
  schema = createSchemaService(store, { idleBatch: 3, maxPaths: 6 });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('schema service', () => {
  it('folds incrementally by cursor: stats of later batches add to stored ones', () => {
    capture('s1', [{ event: 'Order Completed', properties: { total: 10 } }, { event: 'Order Completed', properties: { total: '12' } }]);
    expect(schema.fold.step(3)).toBe(2);
    capture('s1', [{ event: 'Order Completed', properties: { total: 14, coupon: null } }, { event: 'Order Completed', properties: {} }]);
    expect(schema.status().behind).toBe(2);
    expect(schema.fold.catchUp()).toBe(2);
    const [order] = schema.schema({}).events;
    expect(order!.count).toBe(4);
    const total = order!.paths.find((p) => p.path === 'properties.total')!;
    expect(total).toMatchObject({ count: 3, share: 0.75, types: { number: 2, string: 1 }, conflict: true, samples: ['10', '"12"', '14'] });
    expect(order!.paths.find((p) => p.path === 'properties.coupon')).toMatchObject({ types: { null: 1 }, conflict: false });
    expect(schema.status()).toMatchObject({ behind: 0, foldedUpTo: 4 });
  });

  it('keeps at most maxPaths paths per event bucket across batches and counts the rest as dropped', () => {
    capture('s1', [{ event: 'Wide', properties: { a: 1, b: 2 } }]); // event, type, properties, a, b = 5 paths
    schema.fold.catchUp();
    capture('s1', [{ event: 'Wide', properties: { c: 3, d: 4, e: 5 } }]);
    schema.fold.catchUp();
    const [wide] = schema.schema({}).events;
    expect(wide!.paths.map((p) => p.path).sort()).toEqual(['event', 'properties', 'properties.a', 'properties.b', 'properties.c', 'type']);
    expect(wide!.droppedPaths).toBe(2);
  });

  it('forgets the days retention removed, and everything once no event is left', () => {
    capture('s1', [{ event: 'Old', properties: { legacy: true } }], at(40));
    capture('s1', [{ event: 'New', properties: { fresh: true } }], at(0));
    schema.fold.catchUp();
    expect(schema.schema({}).events.map((e) => e.name).sort()).toEqual(['New', 'Old']);
    store.events.pruneOlderThan(at(30), 100);
    expect(schema.fold.forgetRetained()).toBeGreaterThan(0);
    expect(schema.schema({}).events.map((e) => e.name)).toEqual(['New']);
    store.events.pruneOlderThan(at(-1), 100);
    schema.fold.forgetRetained();
    expect(schema.schema({}).events).toEqual([]);
  });

  it('filters by window and source, and rebuilds from the stored events', () => {
    capture('s1', [{ event: 'A', properties: { x: 1 } }], at(3));
    capture('s2', [{ event: 'B', properties: { y: 'z' } }], at(0));
    schema.fold.catchUp();
    expect(schema.schema({ window: '24h' }).events.map((e) => e.name)).toEqual(['B']);
    expect(schema.schema({ window: '7d' }).events.map((e) => e.name).sort()).toEqual(['A', 'B']);
    expect(schema.schema({ sourceId: 's1' }).events.map((e) => e.name)).toEqual(['A']);
    expect(schema.rebuild()).toMatchObject({ foldedUpTo: 0, behind: 2 });
    expect(schema.schema({}).events).toEqual([]);
    schema.fold.catchUp();
    expect(schema.schema({}).events.map((e) => e.name).sort()).toEqual(['A', 'B']);
  });

  it('marks paths new in the last 24 h when the event was seen before them', () => {
    capture('s1', [{ event: 'E', properties: { old: 1 } }], at(2));
    capture('s1', [{ event: 'E', properties: { old: 2, added: 'yes' } }], at(0));
    schema.fold.catchUp();
    const paths = Object.fromEntries(schema.schema({}).events[0]!.paths.map((p) => [p.path, p.isNew]));
    expect(paths).toMatchObject({ 'properties.old': false, 'properties.added': true });
  });

  it('lists fields over all events for the editor, most frequent first, PII flagged', () => {
    capture('s1', [
      { event: 'A', properties: { total: 1 }, context: { traits: { email: 'a@b.c' } } },
      { event: 'B', properties: { total: 2 } },
    ]);
    const wide = createSchemaService(store); // default cap
    wide.fold.catchUp();
    const fields = wide.fields();
    expect(fields.scope.kind).toBe('all');
    expect(fields.totalEvents).toBe(2);
    expect(fields.fields.find((f) => f.path === 'properties.total')).toMatchObject({ count: 2, share: 1, types: { number: 2 }, pii: false });
    expect(fields.fields.find((f) => f.path === 'context.traits.email')).toMatchObject({ count: 1, share: 0.5, pii: true });
    expect(fields.events.map((e) => e.name).sort()).toEqual(['A', 'B']);
  });
});
