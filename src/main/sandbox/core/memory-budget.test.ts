import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';
import type { ProcessSandbox } from '../index';

// 32 different transformations, each keeping ~24 MB in its module state, run one after the other:
// the warm pool keeps only what its memory budget allows, so the RSS of the core and the sandbox
// processes together stays bounded, and it drops once the idle time (short here) has disposed the
// warm isolates. The core (this process) never holds user data: its RSS stays flat.

const MB = 1024 * 1024;
// ~24 MB of doubles held by the module (a fresh Float64Array per transformation).
const holder = (n: number) => `const kept = new Float64Array(3 * 1024 * 1024).fill(${n});\nexport function transformEvent(e) { return { n: ${n}, sum: kept[0] + kept[kept.length - 1] }; }`;

/** Resident set size of a process in MB (Linux: /proc; elsewhere: ps). */
function rssOf(pid: number): number {
  if (pid === process.pid) return Math.round(process.memoryUsage().rss / MB);
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  }
  return Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim() || 0) / 1024);
}

function rss(sandbox: ProcessSandbox): { core: number; sandboxes: number; total: number } {
  const core = rssOf(process.pid);
  const sandboxes = sandbox.processes().reduce((sum, p) => sum + rssOf(p.pid), 0);
  return { core, sandboxes, total: core + sandboxes };
}

describe('memory budget of the warm isolates', () => {
  it('32 different transformations: RSS of the core and the sandbox processes bounded by the budget; the processes stop after idle eviction', async () => {
    const h = sandboxHarness({ memoryLimitMb: 64, memoryBudgetMb: 192, idleEvictMs: 1500, poolSize: 16, processes: 2 });
    const sandbox = h.sandbox as ProcessSandbox;
    try {
      // Start both sandbox processes before the baseline (runs of different code spread over them).
      for (let i = 0; i < 20 && sandbox.processes().length < 2; i++) {
        await h.run(`export function transformEvent(e) { return { ...e, warmup: ${i} }; }`);
      }
      expect(sandbox.processes()).toHaveLength(2);
      const before = rss(sandbox);
      let peak = before.total;
      let corePeak = before.core;
      for (let n = 0; n < 32; n++) {
        const out = await h.run(holder(n));
        expect(out.results[0]!.output).toEqual({ n, sum: 2 * n });
        const now = rss(sandbox);
        peak = Math.max(peak, now.total);
        corePeak = Math.max(corePeak, now.core);
      }
      const afterRuns = rss(sandbox);
      // Without the budget 16 isolates holding 24 MB each (about 400 MB and more) would stay; with
      // it at most 3 (192 / 64) do, whichever sandbox process holds them.
      expect(peak - before.total, `RSS ${before.total} MB before, peak ${peak} MB`).toBeLessThan(250);
      expect(corePeak - before.core, `core RSS ${before.core} MB before, peak ${corePeak} MB`).toBeLessThan(60);
      // Idle eviction disposes the warm isolates; a sandbox process left with none is stopped after
      // the idle time too, so its memory goes back to the OS. That stop is the assertion: without
      // idle eviction the processes keep their warm isolates and never stop (the poll times out).
      // (An RSS comparison after it would compare against 0 processes: it could not fail.)
      expect(afterRuns.sandboxes).toBeGreaterThan(0);
      await expect.poll(() => sandbox.processes().length, { timeout: 20_000, interval: 100, message: 'sandbox processes left after the idle time' }).toBe(0);
      console.info(`memory budget test: RSS core+sandboxes before ${before.total} MB (core ${before.core}), peak ${peak} MB (core ${corePeak}), after 32 runs ${afterRuns.total} MB (sandboxes ${afterRuns.sandboxes})`);
    } finally {
      h.sandbox.close();
    }
  }, 90_000);
});
