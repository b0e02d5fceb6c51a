import { describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

// Bounded memory: the warm isolates kept idle share a memory budget (the sum of their memory
// limits), least recently used out first, and an isolate idle for the idle time is disposed.

const counter = (tag: string) => `let runs = 0;\nexport function transformEvent(e) { runs++; return { tag: '${tag}', runs }; }`;

describe('warm pool memory budget and idle eviction', () => {
  it('keeps at most budget / memory limit idle isolates, least recently used out first', async () => {
    // 64 MB isolates in a 128 MB budget: two stay warm although the pool could hold 16.
    const h = sandboxHarness({ memoryLimitMb: 64, memoryBudgetMb: 128, poolSize: 16 });
    const runs = async (code: string) => (await h.run(code)).results[0]!.output!.runs;
    try {
      const [a, b, c] = [counter('a'), counter('b'), counter('c')];
      expect(await runs(a)).toBe(1);
      expect(await runs(b)).toBe(1);
      expect(await runs(a)).toBe(2); // a warm; b is now the oldest
      expect(await runs(c)).toBe(1); // c in: b out (64 * 3 > 128)
      expect(await runs(a)).toBe(3);
      expect(await runs(b)).toBe(1); // b was disposed: a fresh isolate
    } finally {
      h.sandbox.close();
    }
  });

  it('an isolate whose limit exceeds the budget is never kept warm', async () => {
    const h = sandboxHarness({ memoryLimitMb: 64, memoryBudgetMb: 32 });
    try {
      const code = counter('big');
      expect((await h.run(code)).results[0]!.output!.runs).toBe(1);
      expect((await h.run(code)).results[0]!.output!.runs).toBe(1);
    } finally {
      h.sandbox.close();
    }
  });

  it('disposes isolates left idle for the idle time', async () => {
    const h = sandboxHarness({ idleEvictMs: 200 });
    const runs = async (code: string) => (await h.run(code)).results[0]!.output!.runs;
    try {
      const code = counter('idle');
      expect(await runs(code)).toBe(1);
      expect(await runs(code)).toBe(2); // warm within the idle time
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await runs(code)).toBe(1); // evicted while idle: a fresh isolate
    } finally {
      h.sandbox.close();
    }
  });
});
