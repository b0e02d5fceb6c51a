import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { cdp, openStream, startSession, stopSessions } from '../testing/debug-helpers';

let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
});
// A test that fails half-way leaves no session behind for the next (the stop test counts processes).
afterEach(async () => {
  await stopSessions(harness);
});
afterAll(async () => {
  await harness?.close();
});

const start = async (body: Record<string, unknown>) => {
  const id = await startSession(harness, { event: { userId: 'u' }, ...body });
  return { id, stream: await openStream(harness, id) };
};

describe('debug sessions pause where the user asks', () => {
  it('a debugger statement in a library pauses in the library, at its line', async () => {
    const library = { name: 'Event Utils', code: 'export function tag(event) {\n  const tagged = { ...event };\n  debugger;\n  return tagged;\n}' };
    const code = "import { tag } from 'eventUtils';\nexport function transformEvent(event) {\n  return tag(event);\n}";
    const { id, stream } = await start({ code, libraries: [library] });
    const paused = await stream.paused();
    const top = paused.callFrames[0]!;
    expect(top.location.lineNumber).toBe(2);
    expect(stream.urls.get(top.location.scriptId)).toBe('library eventUtils');
    expect(paused.callFrames[1]!.functionName).toBe('transformEvent');
    await cdp(harness, id, 'Debugger.resume');
    expect(await stream.next((e) => e.kind === 'done')).toMatchObject({ result: { transformedEvents: [{ userId: 'u' }] } });
  });

  it('pause on uncaught exceptions stops at the throwing line; one the user catches does not stop', async () => {
    const code = [
      'export function transformEvent(event) {',
      '  try { JSON.parse("{"); } catch { event.caught = true; }',
      '  if (event.caught) throw new Error("boom " + event.userId);',
      '  return event;',
      '}',
    ].join('\n');
    const { id, stream } = await start({ code, pauseOnExceptions: 'uncaught' });
    const paused = await stream.paused();
    expect(paused.reason).toBe('exception');
    expect(paused.callFrames[0]!.location.lineNumber).toBe(2);
    await cdp(harness, id, 'Debugger.resume');
    const done = await stream.next((e) => e.kind === 'done');
    expect(done).toMatchObject({ result: { transformedEvents: [{ error: expect.stringContaining('boom u') }] } });
  });

  // The debug process resumes such a pause the moment it is announced. isolated-vm lost about one
  // command in five sent then (inspector.ts): the run hung until its time limit. The same race
  // left the step debugger's watch unanswered after a step over (e2e/step-debugger.spec.ts, in CI).
  it('exceptions the user catches are resumed every time under pause on uncaught (none of the resumes lost)', async () => {
    const caught = 40;
    const code = `export function transformEvent(event) {\n  event.caught = 0;\n  for (let i = 0; i < ${caught}; i++) {\n    try { JSON.parse("{"); } catch { event.caught++; }\n  }\n  return event;\n}`;
    const { stream } = await start({ code, pauseOnExceptions: 'uncaught' });
    const end = await stream.next((e) => e.kind === 'done' || e.kind === 'ended');
    expect(end, JSON.stringify(end)).toMatchObject({ kind: 'done', result: { transformedEvents: [{ userId: 'u', caught }] } });
    expect(stream.seenPauses()).toBe(0);
  });

  it('pause on all exceptions stops at the caught one too', async () => {
    const code = 'export function transformEvent(event) {\n  try { JSON.parse("{"); } catch { event.caught = true; }\n  return event;\n}';
    const { id, stream } = await start({ code, pauseOnExceptions: 'all' });
    const paused = await stream.paused();
    expect(paused.reason).toBe('exception');
    expect(paused.callFrames.some((frame) => frame.location.lineNumber === 1 && frame.functionName === 'transformEvent')).toBe(true);
    await cdp(harness, id, 'Debugger.resume');
    expect(await stream.next((e) => e.kind === 'done')).toMatchObject({ result: { transformedEvents: [{ caught: true }] } });
  });

  it('the time limit is suspended while paused, and still ends a run that spins', async () => {
    expect((await harness.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 300 })).status).toBe(200);
    try {
      const paused = await start({ code: 'export function transformEvent(e) { debugger; return { ...e, ok: true }; }' });
      await paused.stream.paused();
      await new Promise((resolve) => setTimeout(resolve, 700)); // paused longer than the limit
      await cdp(harness, paused.id, 'Debugger.resume');
      expect(await paused.stream.next((e) => e.kind === 'done' || e.kind === 'ended')).toMatchObject({ kind: 'done', result: { transformedEvents: [{ ok: true }] } });

      const spinning = await start({ code: 'export function transformEvent(e) { while (true) {} }' });
      expect(await spinning.stream.next((e) => e.kind === 'ended')).toEqual({ kind: 'ended', message: 'Execution timed out after 300 ms (time paused in the debugger not counted)' });
    } finally {
      await harness.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000 });
    }
  });

  it('stop ends an infinite loop and its process; the studio runs code right after', async () => {
    const { id, stream } = await start({ code: 'export function transformEvent(e) { while (true) {} }' });
    await stream.next((e) => e.kind === 'cdp' && e.method === 'Debugger.scriptParsed');
    expect(harness.studio.debugProcesses()).toHaveLength(1);
    expect((await harness.call('DELETE', `/studio/api/debug/sessions/${id}`)).status).toBe(204);
    expect(await stream.next((e) => e.kind === 'ended')).toEqual({ kind: 'ended', message: 'Stopped.' });
    expect(harness.studio.debugProcesses()).toEqual([]);
    const after = await harness.call('POST', '/studio/api/test', { code: 'export function transformEvent(e) { return e; }', events: [{ a: 1 }] });
    expect(after.body.transformedEvents).toEqual([{ a: 1 }]);
  });
});
