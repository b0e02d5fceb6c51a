import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { openStream, startSession } from '../testing/debug-helpers';
import { MEMORY_FORMS, peakDuring, TIME_LIMIT_MS, WASM_VALUEOF } from '../testing/memory-peak';
import type { ProfileState } from '../../shared/api/debug';

// The probe's memory forms under the debugger and the profiler (issue #39): each session ends with
// the memory limit's words and the debug process stays under its budget (160 MB at rest + the
// session's 128 MB + 64 MB, about 352 MB; the test reads the peak from /proc itself and allows
// 120 MB for growth between the core's reads). On bd9d9b1 the forms answered, or grew past 500 MB.
// The time limit is 15 s (memory-peak.ts: under 4 s the stalled fill ends with the time limit first).

const PEAK_MB = 480;
const MESSAGE = 'Memory limit exceeded: the transformation used more than 128 MB';
let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
  expect((await harness.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: TIME_LIMIT_MS })).status).toBe(200);
});
afterAll(() => harness?.close());
const pids = () => harness.studio.debugProcesses();

/** How a debug session of `body` ends: its result or its message. */
async function debugged(body: string): Promise<unknown> {
  const id = await startSession(harness, { code: `export function transformEvent(e) { ${body} }`, event: { userId: 'u' } });
  const stream = await openStream(harness, id);
  try {
    const end = await stream.next((e) => e.kind === 'ended' || e.kind === 'done', 60_000);
    return end.kind === 'ended' ? end.message : end;
  } finally {
    stream.close();
  }
}

describe.skipIf(process.platform !== 'linux')('memory outside the isolate heap, under the debugger', () => {
  for (const form of MEMORY_FORMS) {
    it(`${form.name} ends the debug session with the memory limit; the debug process stays under its budget`, async () => {
      const { result, peakMb } = await peakDuring(pids, () => debugged(form.body));
      expect(result).toBe(MESSAGE);
      expect(peakMb).toBeLessThan(PEAK_MB);
    }, 90_000);
  }

  it('the WebAssembly.Memory valueOf trick gets only the page it was counted for', async () => {
    const { result, peakMb } = await peakDuring(pids, () => debugged(WASM_VALUEOF));
    expect(result).toMatchObject({ kind: 'done', result: { transformedEvents: [{ mb: 0.0625 }] } });
    expect(peakMb).toBeLessThan(PEAK_MB);
  }, 90_000);

  it("a profile of the ICU form ends with the memory limit's words", async () => {
    const code = `export function transformEvent(e) { if (e.bomb) { ${MEMORY_FORMS[2]!.body} } return e; }`;
    const { result, peakMb } = await peakDuring(pids, async () => {
      const started = await harness.call('POST', '/studio/api/profiles', { code, events: [{}, { bomb: true }] });
      expect(started.status, started.text).toBe(200);
      let state: ProfileState | undefined;
      await expect
        .poll(async () => (state = (await harness.call('GET', `/studio/api/profiles/${started.body.id}`)).body as ProfileState).state, { timeout: 60_000, interval: 100 })
        .toBe('failed');
      return state!;
    });
    expect(result.message).toBe(MESSAGE);
    expect(peakMb).toBeLessThan(PEAK_MB);
  }, 90_000);
});
