import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from './index';
import type { EventFilter, EventRow, StoredEvent } from './events-repo';

// The event list must give the same answers whether events are found through the lookup-key
// index, through the scan of the not-yet-indexed tail, or both (index partly caught up).

let dir: string;
let store: Store;
const all: { seq: number; sourceId: string; row: EventRow; receivedAt: string }[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'events-repo-'));
  store = createStore(join(dir, 'studio.db'));
  const start = Date.UTC(2026, 0, 1);
  let seq = 0;
  for (let r = 0; r < 60; r++) {
    const receivedAt = new Date(start + r * 1000).toISOString();
    const sourceId = r % 7 === 0 ? 'src-rare' : 'src-main';
    const rows: EventRow[] = Array.from({ length: 1 + (r % 4) }, (_, i) => {
      const n = seq + i + 1;
      const type = ['track', 'page', 'identify', 'alias'][n % 4]!;
      return {
        type,
        eventName: type === 'track' ? `Event ${n % 3}` : type === 'page' ? 'Home' : null,
        userId: n % 5 === 0 ? null : `user-${n % 6}`,
        anonymousId: `anon-${n % 4}`,
        messageId: `msg-${n}`,
        json: JSON.stringify({ type, n, note: n === 17 ? 'Needle' : 'hay' }),
      };
    });
    const { firstSeq } = store.events.capture({ sourceId, callType: 'batch', requestIp: '127.0.0.1', receivedAt, body: '{}' }, rows);
    rows.forEach((row, i) => all.push({ seq: firstSeq + i, sourceId, row, receivedAt }));
    seq += rows.length;
  }
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The reference answer, computed in plain JS. */
function expected(filter: EventFilter, limit: number, before?: number): number[] {
  return all
    .filter(({ seq, sourceId, row, receivedAt }) => {
      if (before !== undefined && seq >= before) return false;
      if (filter.types && !filter.types.includes(row.type)) return false;
      if (filter.eventName !== undefined && row.eventName !== filter.eventName) return false;
      if (filter.userId !== undefined && row.userId !== filter.userId) return false;
      if (filter.anonymousId !== undefined && row.anonymousId !== filter.anonymousId) return false;
      if (filter.user !== undefined && row.userId !== filter.user && row.anonymousId !== filter.user) return false;
      if (filter.sourceId !== undefined && sourceId !== filter.sourceId) return false;
      if (filter.messageId !== undefined && row.messageId !== filter.messageId) return false;
      if (filter.from !== undefined && receivedAt < filter.from) return false;
      if (filter.to !== undefined && receivedAt > filter.to) return false;
      if (filter.q !== undefined && !row.json.toLowerCase().includes(filter.q.toLowerCase())) return false;
      return true;
    })
    .map((e) => e.seq)
    .sort((a, b) => b - a)
    .slice(0, limit);
}

const filters: EventFilter[] = [
  {},
  { types: ['alias'] },
  { types: ['page', 'identify'] },
  { eventName: 'Event 1' },
  { userId: 'user-2' },
  { anonymousId: 'anon-3' },
  { user: 'user-1' },
  { user: 'anon-0' },
  { messageId: 'msg-42' },
  { sourceId: 'src-rare' },
  { sourceId: 'src-rare', types: ['track'] },
  { userId: 'user-4', anonymousId: 'anon-0' },
  { from: '2026-01-01T00:00:10.000Z', to: '2026-01-01T00:00:20.000Z' },
  { from: '2026-01-01T00:00:30.500Z' },
  { to: '2026-01-01T00:00:00.000Z' },
  { userId: 'user-3', from: '2026-01-01T00:00:15.000Z' },
  { q: 'needle' },
  { userId: 'nobody' },
];

const seqs = (events: StoredEvent[]) => events.map((e) => e.seq);

function checkAll() {
  for (const filter of filters) {
    for (const [limit, before] of [[500, undefined], [3, undefined], [5, 100], [4, 31]] as [number, number | undefined][]) {
      expect({ filter, limit, before, seqs: seqs(store.events.list(filter, limit, before)) }).toEqual({ filter, limit, before, seqs: expected(filter, limit, before) });
    }
  }
}

describe('events list', () => {
  it('answers from the tail scan before anything is indexed', () => {
    expect(store.events.indexedUpto()).toBe(0);
    checkAll();
  });
  it('answers the same with the index partly caught up', () => {
    expect(store.events.indexKeys(37)).toBe(37);
    expect(store.events.indexedUpto()).toBe(37);
    expect(store.events.indexKeys(0)).toBe(0);
    checkAll();
  });
  it('answers the same with everything indexed', () => {
    while (store.events.indexKeys(50) > 0);
    expect(store.events.indexedUpto()).toBe(all.length);
    checkAll();
  });
  it('ignores stray key rows by comparing the columns', () => {
    // A key row pointing at an event with another userId must not match.
    store.db.prepare('INSERT INTO keys.event_keys (k, seq) VALUES (?, ?)').run('u:user-2', all.find((e) => e.row.userId === 'user-1')!.seq);
    checkAll();
  });
  it('deletes by filter; keys of deleted events match nothing', () => {
    const before = expected({ userId: 'user-5' }, 1000);
    expect(store.events.deleteWhere({ userId: 'user-5' })).toBe(before.length);
    for (const seq of before) all.splice(all.findIndex((e) => e.seq === seq), 1);
    checkAll();
  });
  it('resets a keys file that is ahead of its database', () => {
    store.db.prepare('UPDATE keys.key_cursor SET indexed_upto = 1000000').run();
    store.close();
    store = createStore(join(dir, 'studio.db'));
    expect(store.events.indexedUpto()).toBe(0);
    checkAll();
  });
});
