import { describe, expect, it } from 'vitest';
import { madeByRun, sandboxHarness } from '../../testing/sandbox-helpers';
import type { ProcessSandbox } from '../index';

// Bounded memory: the warm isolates kept idle share a memory budget (the sum of their memory
// limits), least recently used out first, and an isolate idle for the idle time is disposed.
// `runs` answers how many isolates a run made (1: a new one, 0: a warm one).

const counter = (tag: string) => `let runs = 0;\nexport function transformEvent(e) { runs++; return { tag: '${tag}', runs }; }`;

describe('warm pool memory budget and idle eviction', () => {
  it('keeps at most budget / memory limit idle isolates, least recently used out first', async () => {
    // 64 MB isolates in a 128 MB budget: two stay warm although the pool could hold 16.
    const h = sandboxHarness({ memoryLimitMb: 64, memoryBudgetMb: 128, poolSize: 16 });
    const runs = (code: string) => madeByRun(h, code);
    try {
      const [a, b, c] = [counter('a'), counter('b'), counter('c')];
      expect(await runs(a)).toBe(1);
      expect(await runs(b)).toBe(1);
      expect(await runs(a)).toBe(0); // a warm; b is now the oldest
      expect(await runs(c)).toBe(1); // c in: b out (64 * 3 > 128)
      expect(await runs(a)).toBe(0);
      expect(await runs(b)).toBe(1); // b was disposed: a new isolate
    } finally {
      h.sandbox.close();
    }
  });

  it('an isolate whose limit exceeds the budget is never kept warm', async () => {
    const h = sandboxHarness({ memoryLimitMb: 64, memoryBudgetMb: 32 });
    try {
      const code = counter('big');
      expect(await madeByRun(h, code)).toBe(1);
      expect(await madeByRun(h, code)).toBe(1);
    } finally {
      h.sandbox.close();
    }
  });

  it('disposes isolates left idle for the idle time', async () => {
    const h = sandboxHarness({ idleEvictMs: 200 });
    const runs = (code: string) => madeByRun(h, code);
    try {
      const code = counter('idle');
      expect(await runs(code)).toBe(1);
      expect(await runs(code)).toBe(0); // warm within the idle time
      // Awaited, not slept for: once the idle time has disposed the isolate, its process has nothing
      // warm and is stopped too (the same idle time). Without eviction it never stops.
      await expect.poll(() => (h.sandbox as ProcessSandbox).processes().length, { timeout: 10_000, message: 'sandbox processes after the idle time' }).toBe(0);
      expect(await runs(code)).toBe(1); // evicted while idle: a new isolate
    } finally {
      h.sandbox.close();
    }
  });
});
