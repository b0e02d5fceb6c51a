import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStore, type Store } from './index';
import { startStoreMaintenance } from './maintenance-worker';

const capture = (store: Store, count: number) => {
  const rows = Array.from({ length: count }, (_, i) => ({
    type: 'track',
    eventName: `E${i % 3}`,
    userId: `u${i % 7}`,
    anonymousId: null,
    messageId: `m-${i}`,
    json: JSON.stringify({ i }),
  }));
  store.events.capture({ sourceId: 'src', callType: 'batch', requestIp: '127.0.0.1', receivedAt: new Date().toISOString(), body: '{}' }, rows);
};

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('store maintenance', () => {
  it('indexes captured events in its own thread, without the serving connection', async () => {
    const store = createStore(join(mkdtempSync(join(tmpdir(), 'maint-')), 'studio.db'));
    const errors: string[] = [];
    let steps = 0;
    const maintenance = startStoreMaintenance(store.db, { intervalMs: 10, onError: (m) => errors.push(m), indexStep: () => ++steps });
    capture(store, 500);
    maintenance.noteActivity();
    await until(() => store.events.indexedUpto() === 500);
    await maintenance.stop();
    expect(errors).toEqual([]);
    expect(steps).toBe(0);
    store.close();
  });

  it('falls back to indexing on the serving connection when the thread cannot start', async () => {
    const store = createStore(join(mkdtempSync(join(tmpdir(), 'maint-')), 'studio.db'));
    const errors: string[] = [];
    const maintenance = startStoreMaintenance(store.db, {
      onError: (m) => errors.push(m),
      indexStep: (limit) => store.events.indexKeys(limit),
      startThread: () => {
        throw new Error('no threads here');
      },
    });
    capture(store, 4_500);
    await until(() => store.events.indexedUpto() === 4_500);
    expect(errors).toEqual(['store maintenance worker not started: no threads here; indexing on the serving connection instead']);
    await maintenance.stop();
    store.close();
  });
});
