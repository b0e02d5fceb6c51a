import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import type { ProfileState } from '../../shared/api/debug';
import { openStream, startSession, stopSessions } from '../testing/debug-helpers';

// Code that cannot be loaded ends a coverage or a profile at once with the words a test run of the
// same code gives (one definition: sandbox/errors.ts), and its debug process ends. Before, a
// coverage of code throwing at load (or exporting no transformEvent) answered only at its 22 s
// watchdog and a profile of it stayed "running": disposing the failed isolate with its inspector
// session open blocked the debug process for good (decision 008).
const FORMS: [string, string, RegExp][] = [
  ['throws at load', "throw new Error('broken at load');\nexport function transformEvent(event) { return event; }", /^Error: broken at load\n {4}at base transformation:1:7/],
  ['no transform export', 'export const x = 1;', /^Expected one of transformEvent,transformBatch\. Found $/],
  ['a syntax error', 'export function transformEvent(event) {', /^SyntaxError: Unexpected end of input/],
];

let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
});
afterAll(async () => {
  await stopSessions(harness);
  await harness?.close();
});

/** What a test run of the code answers (the hosted service's words). */
async function testRunError(code: string, words: RegExp): Promise<string> {
  const run = await harness.call('POST', '/studio/api/test', { code, events: [{}] });
  expect(run.status, run.text).toBe(400);
  expect(run.body.error).toMatch(words);
  return run.body.error;
}

const noDebugProcessLeft = () => expect.poll(() => harness.studio.debugProcesses(), { timeout: 20_000 }).toEqual([]);

describe('code that cannot be loaded', () => {
  it.each(FORMS)('coverage of code with %s: a 400 with the test run’s words, its process gone', async (_, code, words) => {
    const expected = await testRunError(code, words);
    const answer = await harness.call('POST', '/studio/api/coverage', { code, events: [{}] });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual({ error: expected, code: 'sandbox_error' });
    await noDebugProcessLeft();
  });

  it.each(FORMS)('profile of code with %s: failed with the test run’s words, its process gone', async (_, code, words) => {
    const expected = await testRunError(code, words);
    const started = await harness.call('POST', '/studio/api/profiles', { code, events: [{}, {}] });
    expect(started.status, started.text).toBe(200);
    let state: ProfileState;
    // Polled until it ends (bounded by the test's time limit): on the old code it stayed running.
    for (;;) {
      state = (await harness.call('GET', `/studio/api/profiles/${started.body.id}`)).body as ProfileState;
      if (state.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toMatchObject({ state: 'failed', message: expected, done: 0 });
    await noDebugProcessLeft();
  });

  it('a debug session of code that throws at load ends with the test run’s words, its process gone', async () => {
    const [, code, words] = FORMS[0]!;
    const expected = await testRunError(code, words);
    const id = await startSession(harness, { code, event: { type: 'track' }, pauseOnExceptions: 'none' });
    const stream = await openStream(harness, id);
    expect(await stream.next((event) => event.kind === 'ended' || event.kind === 'done')).toEqual({ kind: 'ended', message: expected });
    stream.close();
    await noDebugProcessLeft();
  });
});
