import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';
import { MEMORY_FORMS, peakDuring, TIME_LIMIT_MS, WASM_VALUEOF } from '../../testing/memory-peak';
import type { ProcessSandbox } from '../index';
import { DEFAULT_SANDBOX_SETTINGS } from '../../../shared/api/sandbox-settings';

// Memory counted wherever user code allocates it (issue #39): the probe's forms that V8's heap
// limit does not stop end the run with the memory limit's words, and the sandbox process never
// grows past its budget (memory-watch.ts): at rest 160 MB (the recycling limit) + its isolates'
// heaps + the run's 128 MB + 64 MB, about 360 MB for one run here. The test reads the process's
// peak from /proc itself; it allows 120 MB more for the growth between two of the core's reads on a
// loaded machine. The time limit is 15 s (TIME_LIMIT_MS): the stalled fill grows in steps (about
// 340 MB by 5.5 s), so at 4 s it ends with the time limit under the budget; given longer it grows
// past 1 GB. On bd9d9b1 each form answered, or grew past 500 MB, first.

const LIMIT = 128;
const PEAK_MB = 480;
const h = sandboxHarness({ memoryLimitMb: LIMIT, timeoutMs: TIME_LIMIT_MS, wallTimeoutMs: 2 * TIME_LIMIT_MS, processes: 1 });
afterAll(() => h.sandbox.close());
const MESSAGE = `Memory limit exceeded: the transformation used more than ${LIMIT} MB`;
const pids = () => (h.sandbox as ProcessSandbox).processes().map((p) => p.pid);

const outcome = (body: string) => h.outcome(body);

beforeAll(() => h.healthy());

describe.skipIf(process.platform !== 'linux')('memory outside the isolate heap, in a test run', () => {
  for (const form of MEMORY_FORMS) {
    it(`${form.name} ends with the memory limit; the process stays under its budget`, async () => {
      const { result, peakMb } = await peakDuring(pids, () => outcome(form.body));
      expect(result).toBe(MESSAGE);
      expect(peakMb).toBeLessThan(PEAK_MB);
      await h.healthy();
    }, 60_000);
  }

  it('the WebAssembly.Memory valueOf trick gets only the page it was counted for', async () => {
    const { result, peakMb } = await peakDuring(pids, () => outcome(WASM_VALUEOF));
    expect(result).toBe('no error: {"mb":0.0625}');
    expect(peakMb).toBeLessThan(PEAK_MB);
  }, 60_000);

  it('a run in flight beside the attack in the same process completes (it runs again elsewhere)', async () => {
    const spin = h.run('export function transformEvent(e) { const t = Date.now(); while (Date.now() - t < 1500) {} return { ...e, spun: true }; }');
    const attack = outcome(MEMORY_FORMS[0]!.body);
    const [spun, attacked] = await Promise.all([spin, attack]);
    expect(attacked).toBe(MESSAGE);
    expect(spun.results[0]!.output).toMatchObject({ spun: true });
  }, 60_000);
});

// Under the default limits (4 s, 128 MB). The time limit is wall time (isolated-vm's per call, the
// stall watchdog at 4 s + 1.5 s), and these forms grow only as fast as their isolate's thread gets
// CPU. At load 6 on this 2-core machine all four passed the budget first (1.5-3.4 s; the split
// and the break iterators within 2 s); in the soak at load 15 the split ended twice with the time
// limit, and round 2 saw 300k Intl.DateTimeFormat and the stalled fill do so at load 13-22. So
// what holds for each, whatever the load: a limit ends it, with its own words, and the process
// never grows past its budget (docs/decisions/003-security.md). With the watch off the split and
// the break iterators answered or timed out past 480 MB on 77cbce0's tree.
const d = sandboxHarness({ processes: 1 });
afterAll(() => d.sandbox.close());
const defaultPids = () => (d.sandbox as ProcessSandbox).processes().map((p) => p.pid);
const DEFAULT_MEMORY = `Memory limit exceeded: the transformation used more than ${DEFAULT_SANDBOX_SETTINGS.memoryLimitMb} MB`;
const DEFAULT_TIME = `Timed out: the transformation ran for more than ${DEFAULT_SANDBOX_SETTINGS.timeoutMs} ms (check for an infinite loop)`;

describe.skipIf(process.platform !== 'linux')('memory outside the isolate heap, under the default limits', () => {
  for (const form of MEMORY_FORMS) {
    it(`${form.name} ends with the memory or the time limit; the process stays under its budget`, async () => {
      const { result, peakMb } = await peakDuring(defaultPids, () => d.outcome(form.body));
      expect([DEFAULT_MEMORY, DEFAULT_TIME]).toContain(result);
      expect(peakMb).toBeLessThan(PEAK_MB);
      await d.healthy();
    }, 60_000);
  }
});
