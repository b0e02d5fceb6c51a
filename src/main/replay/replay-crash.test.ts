import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { capture, ok, trackEvents, waitFor } from '../testing/replay-support';

// Replay batches are read, run and stored by the sandbox process that runs their code. When that
// process dies (here really killed with SIGKILL while user code spins), the batch the run's stored
// progress stopped at is stored by the core as failed with the crash message, and the run goes on
// in a new process.

const SPIN = `export function transformEvent(event) {\n  if (event.event === 'Spin') { while (true) {} }\n  event.seen = true;\n  return event;\n}`;
const TOTAL = 1000;

describe('replay when its sandbox process crashes (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 60_000 }); // only the kill ends the loop
    await capture(t, trackEvents(TOTAL, (i) => ({ event: i === 250 ? 'Spin' : 'Replay' })));
  });
  afterAll(() => t.close());

  it('stores the crashed batch as failed with the crash message and finishes the run in a new process', async () => {
    const run = await ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {} }, target: { kind: 'draft', code: SPIN, name: 'Spinner' } });
    // The first batch is stored; the second spins on event 250.
    await waitFor(t, run.id, (r) => r.done >= 200);
    const pid = await eventually(async () => t.studio.sandboxProcesses().find((p) => p.running > 0)?.pid, 20_000, 'a busy sandbox process');
    process.kill(pid, 'SIGKILL');
    const finished = await waitFor(t, run.id);
    expect(finished).toMatchObject({ status: 'done', done: TOTAL });
    const { kept, failed, dropped, split } = finished.summary.a;
    expect(kept + failed).toBe(TOTAL);
    expect({ dropped, split }).toEqual({ dropped: 0, split: 0 });
    // The batch it was at when it died: the spinning one (those after it were not stored, so they
    // run again in the new process).
    expect(failed).toBe(200);
    expect(finished.summary.errors).toEqual([{ side: 'a', message: expect.stringMatching(/^the sandbox process crashed while running Spinner \(killed by SIGKILL\)/), count: failed }]);

    // The failed events are those of the spinning batch.
    const failures = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?only=errors&limit=1`);
    expect(failures.total).toBe(failed);
    expect(failures.results[0]).toMatchObject({ position: 200, a: { outputs: [], error: expect.stringMatching(/^the sandbox process crashed/) } });
    const last = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?only=errors&limit=1&offset=${failed - 1}`);
    expect(last.results[0].position).toBe(199 + failed);
    // Before the crash and after it (in a new process): transformed.
    const page = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?offset=${TOTAL - 1}&limit=1`);
    expect(page.results[0].a).toMatchObject({ outputs: [expect.objectContaining({ seen: true })], error: null });
    expect((await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?offset=0&limit=1`)).results[0].a.error).toBeNull();
    expect(t.studio.sandboxProcesses().map((p) => p.pid)).not.toContain(pid);
  }, 90_000);
});
