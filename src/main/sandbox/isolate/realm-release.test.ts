import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { runOnInstance } from './run';
import { instanceMaker, instanceSpec, RUN_ENV, RUN_LIMITS } from '../../testing/instance-helpers';

// A realm a run is done with must be garbage for the isolate's own collector. The runner collects
// each warm isolate every few runs (child/heap-accounting.ts); a realm still held from the host
// (a handle on its module's namespace, until the host's own GC happened to free it) survived those
// collections, so each collection marked several realms and the isolate's heap stayed larger
// (docs/decisions/011, round 5).

// Sandbox processes run with --expose-gc (hosts/node-flags.json): each new context has the `gc`
// the runner collects with (realm.ts). This test process sets it before it makes any isolate.
setFlagsFromString('--expose-gc');

const CODE = 'export function transformEvent(e) { return { ...e, seen: true }; }';
const payload = JSON.stringify({ e: Array.from({ length: 10 }, (_, i) => ({ messageId: `m${i}`, properties: { text: 'x'.repeat(200) } })), m: null });

describe('released realms', () => {
  const make = instanceMaker();

  it('a spent realm is freed by the next full collection: the heap after a collection does not grow with the runs', async () => {
    const instance = await make(instanceSpec('release', CODE));
    /** `n` runs, then the isolate's heap after a full collection (the last realm spent, the next one prepared: two realms). */
    const runs = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await instance.begin();
        try {
          expect(JSON.parse(await runOnInstance(instance, payload, RUN_LIMITS, RUN_ENV)).r).toHaveLength(10);
        } finally {
          instance.end();
        }
      }
      await expect.poll(() => instance.state).toBe('prepared');
      await instance.collectGarbage();
      return instance.isolate.getHeapStatisticsSync().used_heap_size;
    };
    const after2 = await runs(2);
    const after10 = await runs(8);
    // A realm held past its run is ~150 KB of the isolate's heap (a context, its runtime and modules).
    expect(after10 - after2).toBeLessThan(300 * 1024);
  });
});
