import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, childrenOf } from '../../testing/process-tree';
import { createSandbox } from '../index';

// Long-running V8 builtins do not check the isolate's time limit (fill over 2^32-1 slots, indexOf,
// map and filter over a sparse array that long): the core's watchdog kills the sandbox process
// whose isolate did not yield by its deadline, fails the run with the time limit's message within
// the limit plus 2 s, and the next run gets a new process. No process is left behind. The fill
// allocates as it goes (a dictionary of 2^32-1 slots): the core's memory watch (#39) may end it
// first, with the memory limit's words, by the same deadline; indexOf, map and filter over a
// sparse array allocate nothing and meet the time limit.

const LIMIT = 1000;
// Processes of this test file before any sandbox started (vitest's own).
const before = new Set(childrenOf(process.pid));
const isSandbox = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sandbox-process');
  } catch {
    return false;
  }
};
const sandbox = createSandbox({ timeoutMs: LIMIT, memoryLimitMb: 128, processes: 1 });
afterAll(() => sandbox.close());

const CODE = `export function transformEvent(e) {
  if (e.attack === 'fill') new Array(2 ** 32 - 1).fill(0);
  const slots = [];
  slots[e.slot ?? 0] = 1;
  if (e.attack === 'indexOf') slots.indexOf(2);
  if (e.attack === 'map') slots.map((x) => x);
  if (e.attack === 'filter') return { kept: slots.filter(Boolean).length };
  return { ...e, ok: true };
}`;
const TIMED_OUT = `Timed out: the transformation ran for more than ${LIMIT} ms (check for an infinite loop)`;
const OUT_OF_MEMORY = 'Memory limit exceeded: the transformation used more than 128 MB';
const event = (extra: Record<string, unknown> = {}) => ({ messageId: 'm', type: 'track', event: 'E', ...extra });

describe.skipIf(process.platform !== 'linux')('the time limit holds in builtins', () => {
  for (const attack of ['fill', 'indexOf', 'map', 'filter']) {
    it(`${attack} over 2^32-1 slots fails with the time limit within limit + 2 s, the process is replaced`, async () => {
      // Warm first: the attack runs on the warm isolate (on the sandbox process's own thread).
      expect((await sandbox.transform({ code: CODE, events: [event()] })).results[0]!.output).toMatchObject({ ok: true });
      const before = sandbox.processes().map((p) => p.pid);
      const started = performance.now();
      const failure = await sandbox.transform({ code: CODE, events: [event({ attack, slot: 4294967294 })] }).then(
        () => 'no failure',
        (error: Error) => error.message,
      );
      const took = performance.now() - started;
      if (attack === 'fill') expect([TIMED_OUT, OUT_OF_MEMORY]).toContain(failure);
      else expect(failure).toBe(TIMED_OUT);
      expect(took).toBeLessThan(LIMIT + 2000);
      // The stalled process is gone; the next run works in a new one.
      await expect.poll(() => before.filter(alive), { timeout: 5000 }).toEqual([]);
      expect((await sandbox.transform({ code: CODE, events: [event()] })).results[0]!.output).toMatchObject({ ok: true });
      expect(childrenOf(process.pid).filter((pid) => before.includes(pid))).toEqual([]);
      const status = sandbox.processes();
      expect(status).toHaveLength(1);
      expect(status[0]!.pid).not.toBe(before[0]);
    }, 30_000);
  }

  it('a process left with a suspended isolate thread still ends when retired, and none is left after close', async () => {
    // The wall limit ends the run first (the isolate is disposed, its thread stays suspended in
    // indexOf over a sparse array, which allocates nothing, so no memory limit ends it); every process is recycled after its run (recycleRssMb 1), so this one retires:
    // exit() would wait for that thread forever.
    const retiring = createSandbox({ timeoutMs: 4000, wallTimeoutMs: 800, memoryLimitMb: 128, processes: 1, syncRuns: false, recycleRssMb: 1 });
    try {
      const failure = await retiring.transform({ code: CODE, events: [event({ attack: 'indexOf', slot: 4294967294 })] }).then(
        () => 'no failure',
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/^Timed out/);
      // Listed until it exits (retiring included).
      const pids = retiring.processes().map((p) => p.pid);
      expect(pids.length).toBeGreaterThan(0);
      await expect.poll(() => pids.filter(alive), { timeout: 6000, interval: 100 }).toEqual([]);
      expect((await retiring.transform({ code: CODE, events: [event()] })).results[0]!.output).toMatchObject({ ok: true });
    } finally {
      retiring.close();
    }
    const others = new Set(sandbox.processes().map((p) => p.pid));
    await expect.poll(() => childrenOf(process.pid).filter((pid) => !before.has(pid) && !others.has(pid) && isSandbox(pid)), { timeout: 3000 }).toEqual([]);
  }, 30_000);

  it('the status API counts stalled and killed processes', () => {
    const counts = sandbox.status();
    // indexOf, map and filter stall; the fill stalls too unless the memory watch ended it first.
    expect(counts.stalled).toBeGreaterThanOrEqual(3);
    expect(counts.killed).toBeGreaterThanOrEqual(4);
  });
});
