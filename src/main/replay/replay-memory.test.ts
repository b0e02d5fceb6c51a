import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { MEMORY_FORMS, peakDuring, TIME_LIMIT_MS } from '../testing/memory-peak';
import { capture, ok, trackEvents, waitFor } from '../testing/replay-support';

// Replay under the memory budget (issue #39): a replay's batches run in the background process;
// one event of the draft makes an 800 MB array in one builtin call ('x'.repeat(1e8).split(''),
// which V8's heap limit does not stop). The process goes past its budget (memory-watch.ts: 320 MB
// at rest for the background process + its isolates' heaps + the job's 128 MB + 64 MB) and is
// killed; the replay run fails with the memory limit's words, and the process never held the
// array (the test reads its peak from /proc, allowing 120 MB for the growth between two reads).
// With the watch off (memory-watch.ts's watchMemory answering NONE) the run ends 'done' and the
// process peaks past 900 MB.

const TOTAL = 300;
const PEAK_MB = 660;
const MESSAGE = 'Memory limit exceeded: the transformation used more than 128 MB';
const split = MEMORY_FORMS.find((form) => form.name.includes('split'))!;

describe.skipIf(process.platform !== 'linux')('a replay past the memory budget of its process', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: TIME_LIMIT_MS, memoryLimitMb: 128 });
    await capture(t, trackEvents(TOTAL, (i) => ({ event: i === 150 ? 'Attack' : 'Replay' })));
  });
  afterAll(() => t.close());

  it('fails with the memory limit, its process under the budget', async () => {
    const code = `export function transformEvent(e) {\n  if (e.event === 'Attack') { ${split.body} }\n  return { ...e, seen: true };\n}`;
    const pids = () => t.studio.sandboxProcesses().map((p) => p.pid);
    const { result: finished, peakMb } = await peakDuring(pids, async () => {
      const run = await ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {} }, target: { kind: 'draft', code, name: 'Splitter' } });
      return waitFor(t, run.id);
    });
    expect(finished).toMatchObject({ status: 'failed', error: MESSAGE });
    expect(peakMb).toBeLessThan(PEAK_MB);
  }, 120_000);
});
