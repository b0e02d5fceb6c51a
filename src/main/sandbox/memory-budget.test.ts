import { describe, expect, it } from 'vitest';
import { sandboxHarness } from '../testing/sandbox-helpers';

// 32 different transformations, each keeping ~24 MB in its module state, run one after the other:
// the warm pool keeps only what its memory budget allows, so the process's RSS stays bounded, and
// it drops once the idle time (short here) has disposed the warm isolates.

const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage().rss / MB);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// ~24 MB of doubles held by the module (a fresh Float64Array per transformation).
const holder = (n: number) => `const kept = new Float64Array(3 * 1024 * 1024).fill(${n});\nexport function transformEvent(e) { return { n: ${n}, sum: kept[0] + kept[kept.length - 1] }; }`;

describe('memory budget of the warm isolates', () => {
  it('32 different transformations: RSS bounded by the budget, and lower after idle eviction', async () => {
    const h = sandboxHarness({ memoryLimitMb: 64, memoryBudgetMb: 192, idleEvictMs: 1500, poolSize: 16 });
    try {
      await h.healthy();
      const before = rssMb();
      let peak = before;
      for (let n = 0; n < 32; n++) {
        const out = await h.run(holder(n));
        expect(out.results[0]!.output).toEqual({ n, sum: 2 * n });
        peak = Math.max(peak, rssMb());
      }
      const afterRuns = rssMb();
      // Without the budget 16 isolates holding 24 MB each (about 400 MB and more) would stay; with
      // it at most 3 (192 / 64) do.
      expect(peak - before, `RSS ${before} MB before, peak ${peak} MB`).toBeLessThan(250);
      await sleep(3500); // idle eviction disposes the warm isolates
      const idle = rssMb();
      console.info(`memory budget test: RSS before ${before} MB, peak ${peak} MB, after 32 runs ${afterRuns} MB, after idle ${idle} MB`);
      expect(idle, `after idle ${idle} MB, after runs ${afterRuns} MB`).toBeLessThan(afterRuns);
    } finally {
      h.sandbox.close();
    }
  }, 60_000);
});
