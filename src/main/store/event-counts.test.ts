import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from './index';
import type { EventFilter, EventRow } from './events-repo';
import { startStoreMaintenance } from './maintenance-worker';

// The maintained counts (event-counts.ts) answer the Events page's counts; here they are held
// against count(*) of the events themselves after captures, deletes and retention, and a
// tampered count is found and rebuilt by the check (in the core and in the maintenance thread).

let dir: string;
let store: Store;
const TYPES = ['track', 'page', 'identify', 'alias'];

function captureSome(sourceId: string, receivedAt: string, n: number, offset = 0): void {
  const rows: EventRow[] = Array.from({ length: n }, (_, i) => ({
    type: TYPES[(i + offset) % TYPES.length]!,
    eventName: null,
    userId: null,
    anonymousId: `anon-${i}`,
    messageId: `m-${sourceId}-${receivedAt}-${i}`,
    json: JSON.stringify({ i, revenue: i * 10 }),
  }));
  store.events.capture({ sourceId, callType: 'batch', requestIp: '127.0.0.1', receivedAt, body: '{}' }, rows);
}

/** count(*) per type straight from captured_events: the answer the counts must give. */
function counted(filter: { sourceId?: string; types?: string[] } = {}, beforeSeq = Number.MAX_SAFE_INTEGER) {
  const rows = store.db
    .prepare('SELECT type, count(*) AS n FROM captured_events WHERE seq < ? AND (? IS NULL OR source_id = ?) GROUP BY type')
    .all(beforeSeq, filter.sourceId ?? null, filter.sourceId ?? null) as { type: string; n: number }[];
  const types = Object.fromEntries(rows.map((r) => [r.type, r.n]));
  const total = rows.filter((r) => !filter.types?.length || filter.types.includes(r.type)).reduce((sum, r) => sum + r.n, 0);
  return { total, types };
}

const kept = () => store.db.prepare('SELECT sum(n) AS n FROM event_counts').get() as { n: number | null };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'event-counts-'));
  store = createStore(join(dir, 'studio.db'));
  for (let day = 1; day <= 5; day++) {
    captureSome('src-a', `2026-01-0${day}T10:00:00.000Z`, 40, day);
    captureSome('src-b', `2026-01-0${day}T23:59:59.999Z`, 13, day);
  }
  store.events.captureMany([
    { request: { sourceId: 'src-a', callType: 'track', requestIp: '127.0.0.1', receivedAt: '2026-01-06T00:00:00.000Z', body: '{}' }, rows: [{ type: 'track', eventName: 'x', userId: null, anonymousId: 'a', messageId: 'g1', json: '{}' }] },
    { request: { sourceId: 'src-b', callType: 'page', requestIp: '127.0.0.1', receivedAt: '2026-01-06T00:00:01.000Z', body: '{}' }, rows: [{ type: 'page', eventName: null, userId: null, anonymousId: 'a', messageId: 'g2', json: '{}' }] },
  ]);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('maintained event counts', () => {
  it('answer the counts per type of all events, of a source, of some types, and before a snapshot', () => {
    const filters: EventFilter[] = [{}, { sourceId: 'src-a' }, { sourceId: 'src-b', types: ['page', 'track'] }, { types: ['alias'] }, { q: '', where: [] }];
    for (const filter of filters) expect(store.events.countByType(filter)).toEqual(counted(filter));
    const top = store.events.maxSeq();
    expect(store.events.countByType({}, top + 1)).toEqual(counted({}));
    expect(store.events.countByType({}, top - 30)).toEqual(counted({}, top - 30));
    expect(store.events.countByType({ sourceId: 'src-b' }, 100)).toEqual(counted({ sourceId: 'src-b' }, 100));
    expect(store.events.countByType({}, 1)).toEqual({ total: 0, types: {} });
    expect(kept().n).toBe(5 * 53 + 2);
  });

  it('stay equal to count(*) after deleting one event, deleting by filter and both kinds of retention', () => {
    expect(store.events.delete(3)).toBe(true);
    expect(store.events.countByType({})).toEqual(counted());
    expect(store.events.deleteWhere({ sourceId: 'src-b', where: [{ path: '$.revenue', op: '>', value: 50 }] })).toBeGreaterThan(0);
    expect(store.events.countByType({ sourceId: 'src-b' })).toEqual(counted({ sourceId: 'src-b' }));
    expect(store.events.pruneOlderThan('2026-01-02T12:00:00.000Z', 30)).toBe(30);
    expect(store.events.countByType({})).toEqual(counted());
    expect(store.events.pruneOlderThan('2026-01-02T12:00:00.000Z', 1000)).toBeGreaterThan(0);
    expect(store.events.countByType({ sourceId: 'src-a' })).toEqual(counted({ sourceId: 'src-a' }));
    expect(store.events.pruneBeyond(50, 1000)).toBeGreaterThan(0);
    expect(store.events.countByType({})).toEqual(counted());
    expect(counted().total).toBe(50);
    expect(store.events.count()).toBe(50);
    expect(store.events.checkCounts()).toEqual({ drifted: false });
  });

  it('a count that drifted is found by the check and rebuilt from the events', () => {
    store.db.prepare("UPDATE event_counts SET n = n + 7 WHERE (source_id, type, day) IN (SELECT source_id, type, day FROM event_counts WHERE n > 0 LIMIT 1)").run();
    expect(store.events.countByType({}).total).toBe(counted().total + 7);
    expect(store.events.checkCounts()).toEqual({ drifted: true });
    expect(store.events.countByType({})).toEqual(counted());
    expect(store.events.checkCounts()).toEqual({ drifted: false });
  });

  it('the maintenance thread checks them once after start and rebuilds a drifted count', async () => {
    store.db.prepare("INSERT INTO event_counts (source_id, type, day, n) VALUES ('src-gone', 'track', '2020-01-01', 3)").run();
    const messages: string[] = [];
    const reported = new Promise<void>((resolve) => {
      const maintenance = startStoreMaintenance(store.db, {
        countsCheckAfterMs: 0,
        onError: (message) => {
          messages.push(message);
          if (/event counts/.test(message)) void maintenance.stop().then(resolve);
        },
      });
    });
    await reported;
    expect(messages.join('\n')).toMatch(/event counts differed from count\(\*\) in 1 figure\(s\): rebuilt/);
    expect(store.events.countByType({})).toEqual(counted());
    expect(store.events.checkCounts()).toEqual({ drifted: false });
  });
});

describe('counts of a filter the maintained counts cannot answer, in budgeted steps', () => {
  it('answer the newest ids first with `more`, and the steps add up to the whole count', () => {
    for (let r = 0; r < 30; r++) captureSome(r % 2 ? 'src-a' : 'src-b', '2026-02-01T00:00:00.000Z', 2_000, r);
    const filter: EventFilter = { where: [{ path: '$.revenue', op: '>', value: 9_000 }] };
    const whole = store.events.countByType(filter);
    expect(whole.total).toBeGreaterThan(0);
    expect(whole.more).toBeUndefined();
    const sum = { total: 0, types: {} as Record<string, number> };
    let cursor: number | undefined = store.events.maxSeq() + 1;
    let steps = 0;
    let counted = 0;
    while (cursor !== undefined) {
      const step = store.events.countByType(filter, cursor, 0); // a budget spent at once: one step a call
      steps++;
      sum.total += step.total;
      for (const [type, n] of Object.entries(step.types)) sum.types[type] = (sum.types[type] ?? 0) + n;
      counted += step.more?.counted ?? 0;
      cursor = step.more ? Number(step.more.cursor) : undefined;
    }
    expect(steps).toBeGreaterThan(2);
    expect(counted).toBe((steps - 1) * 25_000); // every step but the last says how far it got
    expect(sum).toEqual(whole);
    const direct = store.db.prepare("SELECT count(*) AS n FROM captured_events WHERE json_extract(event, '$.revenue') > 9000").get() as { n: number };
    expect(whole.total).toBe(direct.n);
  });
});
