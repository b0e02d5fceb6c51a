import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxInstance } from '../isolate/instance';
import { HeapAccounting } from './heap-accounting';

// The collection policy alone (the real isolates' collections are the memory tests' business:
// process-memory, shared-budget, innocent-runs): an isolate due its every-8-runs collection is
// collected once idle, not on the path of its next run; runs back to back collect it anyway past
// a bound, and external memory at once.

const MB = 1048576;

describe('heap accounting: when an isolate is collected', () => {
  let external = 0;
  let collections = 0;
  const instance = {
    isolate: { getHeapStatisticsSync: () => ({ total_physical_size: 2 * MB, externally_allocated_size: external }) },
    collectGarbage: async () => {
      collections++;
    },
  } as unknown as SandboxInstance;
  /** One run of the instance: taken (busy), measured and scheduled after its answer. */
  const run = (heaps: HeapAccounting) => {
    heaps.busy(instance);
    heaps.schedule(instance, heaps.measure(instance));
  };
  beforeEach(() => {
    vi.useFakeTimers();
    external = 0;
    collections = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('after 8 runs: once no run came for a while, not right after the answer', async () => {
    const heaps = new HeapAccounting();
    for (let i = 0; i < 7; i++) expect(heaps.measure(instance)).toBeUndefined();
    expect(heaps.measure(instance)).toBe('idle');
    heaps.schedule(instance, 'idle');
    await vi.advanceTimersByTimeAsync(5); // the check phase, where 'now' collects, and a few ms more
    expect(collections).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(collections).toBe(1);
    expect(heaps.bytesOf(instance)).toBe(2 * MB);
    // Counted again from the collection.
    for (let i = 0; i < 7; i++) expect(heaps.measure(instance)).toBeUndefined();
  });

  it('runs back to back: a run taking the isolate postpones it, until the bound of runs', async () => {
    const heaps = new HeapAccounting();
    let runs = 0;
    while (collections === 0 && runs < 1000) {
      run(heaps);
      runs++;
      await vi.advanceTimersByTimeAsync(1); // the next run comes 1 ms after the answer
    }
    expect(runs).toBeGreaterThan(8);
    expect(runs).toBeLessThanOrEqual(64);
  });

  it('past 8 MB external: right after the answer', async () => {
    const heaps = new HeapAccounting();
    external = 9 * MB;
    expect(heaps.measure(instance)).toBe('now');
    heaps.schedule(instance, 'now');
    await vi.advanceTimersByTimeAsync(5);
    expect(collections).toBe(1);
  });
});
