import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { runOnInstance } from '../isolate/run';
import { instanceMaker, instanceSpec, RUN_ENV, RUN_LIMITS } from '../../testing/instance-helpers';
import { HeapAccounting } from './heap-accounting';

// The idle collection (runner.ts `idle`): once a process has nothing in flight, each isolate that
// ran since its last collection is collected, so a burst of runs fewer than the forced bound
// leaves no spent realms behind. Real isolates, as a sandbox process runs them (--expose-gc).
setFlagsFromString('--expose-gc');

const CODE = 'const table = Array.from({ length: 20000 }, (_, i) => ({ i, s: String(i) }));\nexport function transformEvent(e) { return { ...e, n: table.length }; }';
const payload = JSON.stringify({ e: [{ messageId: 'm' }], m: null });

describe('heap accounting: the idle collection', () => {
  const make = instanceMaker();

  it('collects an isolate that ran since its last collection: its counted heap drops to what is live', async () => {
    const instance = await make(instanceSpec('heaps', CODE));
    const heaps = new HeapAccounting();
    for (let i = 0; i < 4; i++) {
      await instance.begin();
      try {
        expect(JSON.parse(await runOnInstance(instance, payload, RUN_LIMITS, RUN_ENV)).r[0][2]).toMatchObject({ n: 20000 });
      } finally {
        expect(heaps.measure(instance)).toBe(false); // under the forced bound: no collection due
        instance.end();
      }
    }
    await expect.poll(() => instance.state).toBe('prepared');
    heaps.measure(instance);
    const before = heaps.bytesOf(instance);
    await heaps.collectRan([instance]);
    // Four spent realms held a 20,000-object table each (~1 MB): gone after the collection.
    expect(heaps.bytesOf(instance)).toBeLessThan(before - 1024 * 1024);
  });
});
