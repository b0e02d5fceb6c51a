import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { budgetMb, jobMemory, requestMemory, watchMemory } from './memory-watch';
import { exitError } from './run-again';
import { RunElsewhere, type Pending } from './pending';

// The memory budget's rules as tables, and the watch on a real process (issue #39).

describe('the budget of a process', () => {
  it.each([
    ['nothing in flight', 160, 0, [], 224],
    ['one run of 128 MB with a 1 M-character batch', 160, 10, [{ memory: requestMemory(128, 1048576) }], 160 + 10 + 4 + 128 + 64],
    // One allowance, the largest: a second run does not give the first more room outside the heaps.
    ['two runs', 160, 0, [{ memory: requestMemory(128) }, { memory: requestMemory(64) }], 160 + 128 + 64],
    ['eight runs of 128 MB, each with a 1 M-character batch: their copies add up, the allowance does not', 160, 30, Array.from({ length: 8 }, () => ({ memory: requestMemory(128, 1048576) })), 160 + 30 + 8 * 4 + 128 + 64],
    ['a replay job: both sides may be running', 320, 0, [{ memory: jobMemory([{ memoryLimitMb: 128 }, { memoryLimitMb: 64 }]) }], 320 + 192 + 64],
    ['three batches of replay jobs count one job', 320, 0, [1, 2, 3].map(() => ({ memory: jobMemory([{ memoryLimitMb: 128 }, { memoryLimitMb: 128 }]) })), 320 + 256 + 64],
    ['a request without memory (none)', 160, 5, [{}], 229],
  ])('%s', (_, rest, heap, requests, expected) => {
    expect(budgetMb(rest, heap, requests)).toBe(expected);
  });
});

describe('what a request fails with when its process exits', () => {
  const pending = (rerun: boolean): Pending => ({ name: 'T', resolve: () => {}, reject: () => {}, deadlineMs: 1, kill: () => {}, rerun, memory: requestMemory(128) });
  const end = { how: 'killed by SIGKILL', closed: false, culprit: undefined, overBudget: false, inFlight: 1 };
  const MEMORY = 'Memory limit exceeded: the transformation used more than 128 MB';

  it('past the budget with one request in flight: the memory limit', () => {
    const error = exitError(1, pending(true), { ...end, overBudget: true });
    expect(error).not.toBeInstanceOf(RunElsewhere);
    expect(error.message).toBe(MEMORY);
  });

  it('past the budget with several: each run goes again alone, a job fails with the memory limit', () => {
    const error = exitError(1, pending(true), { ...end, overBudget: true, inFlight: 2 });
    expect(error).toBeInstanceOf(RunElsewhere);
    expect((error as RunElsewhere).alone).toBe(true);
    expect((error as RunElsewhere).crash.message).toBe(MEMORY);
    expect(exitError(1, pending(false), { ...end, overBudget: true, inFlight: 2 }).message).toBe(MEMORY);
  });

  it('killed for another request: runs again (not alone); crashed; closing', () => {
    const elsewhere = exitError(1, pending(true), { ...end, culprit: 2, inFlight: 2 });
    expect(elsewhere).toBeInstanceOf(RunElsewhere);
    expect((elsewhere as RunElsewhere).alone).toBe(false);
    expect(exitError(1, pending(true), end).message).toMatch(/^the sandbox process crashed while running T \(killed by SIGKILL\)/);
    expect(exitError(1, pending(true), { ...end, closed: true, overBudget: true }).message).toBe('The sandbox was stopped before the transformation finished');
  });
});

describe.skipIf(process.platform !== 'linux')('the watch on a real process', () => {
  it('calls over once the resident memory passes the budget (read while started)', async () => {
    // 8 MB more every 20 ms, touched (resident).
    const child = spawn(process.execPath, ['-e', 'const kept = []; setInterval(() => kept.push(Buffer.alloc(8 << 20, 1)), 20); setTimeout(() => {}, 60000);'], { stdio: 'ignore' });
    try {
      let over: number | undefined;
      const watch = watchMemory(child.pid, () => 200, (mb) => (over = mb));
      watch.start();
      await expect.poll(() => over, { timeout: 20_000, interval: 20 }).toBeGreaterThan(200);
      expect(over!).toBeLessThan(400);
      watch.close();
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('counts the peak from each start, run after run: a spike before the start does not fail it, one after does', async () => {
    // A process that, per line in, holds 200 MB (touched), frees it and says so once its resident
    // memory is back under 100 MB (V8 may free it on another thread): its peak is ~250 MB, its rest ~45.
    const script = [
      "const back = () => (process.memoryUsage.rss() < 100 << 20 ? console.log('freed') : setTimeout(back, 5));",
      "require('readline').createInterface({ input: process.stdin }).on('line', () => { let big = Buffer.alloc(200 << 20, 1); big = null; gc(); back(); });",
    ].join('\n');
    const child = spawn(process.execPath, ['--expose-gc', '-e', script], { stdio: ['pipe', 'pipe', 'ignore'] });
    const lines = createInterface({ input: child.stdout! });
    const spike = () => new Promise((resolve) => (lines.once('line', resolve), child.stdin!.write('go\n')));
    try {
      // The budget is 120 MB when a run starts; its spikes are allowed (1,000 MB) until the last run.
      let budget = 120;
      const watch = watchMemory(child.pid, () => budget, () => {});
      for (let run = 0; run < 3; run++) {
        budget = 120;
        watch.start();
        expect(watch.checkPeak(), `run ${run}`).toBe(false);
        budget = 1_000;
        await spike();
        watch.stop();
      }
      // The last spike comes while the watch is stopped (no reads every 20 ms): only the peak read finds it.
      budget = 120;
      watch.start();
      watch.stop();
      await spike();
      expect(watch.checkPeak()).toBe(true);
      watch.close();
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
