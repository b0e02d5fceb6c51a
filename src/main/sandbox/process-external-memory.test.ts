import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';

// Each run's answer (one JSON string) comes out of the isolate into the sandbox process's own heap
// as an external string, freed only by a full collection of that heap, which V8 does not start
// while the heap itself stays small: without the process collecting once they pile up, it grew by
// one answer per run until recycled. Runs of ~400 KB answers: 150 of them are 60 MB.

const CODE = 'export function transformEvent(e) { return e; }';
const batch = (b: number) =>
  Array.from({ length: 200 }, (_, i) => ({ messageId: `m${b}-${i}`, type: 'track', event: 'E', properties: { pad: 'x'.repeat(2000) } }));

describe('sandbox process memory across many runs', () => {
  const sandbox = createSandbox({ processes: 1, memoryLimitMb: 64 });
  afterAll(() => sandbox.close());

  it('stays flat: the strings answers leave behind are collected', async () => {
    const rss = async (b: number) => {
      const out = await sandbox.transform({ code: CODE, events: batch(b), cacheKey: 'external-memory' });
      expect(out.results).toHaveLength(200);
      // The process reads its resident memory at most every 50 ms: the next answer carries a fresh one.
      await new Promise((resolve) => setTimeout(resolve, 60));
      await sandbox.transform({ code: CODE, events: batch(b).slice(0, 1), cacheKey: 'external-memory' });
      return sandbox.processes()[0]!;
    };
    for (let b = 0; b < 30; b++) await sandbox.transform({ code: CODE, events: batch(b), cacheKey: 'external-memory' });
    const before = await rss(30);
    for (let b = 31; b < 180; b++) await sandbox.transform({ code: CODE, events: batch(b), cacheKey: 'external-memory' });
    const after = await rss(180);
    // The same process throughout (none was recycled), and it grew by far less than the 60 MB of answers.
    expect(after.pid, 'the process was recycled: it grew past the recycle limit').toBe(before.pid);
    expect(after.rssMb - before.rssMb).toBeLessThan(25);
  }, 120_000);
});
