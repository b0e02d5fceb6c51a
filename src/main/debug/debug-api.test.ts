import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { cdp, locals, openStream, startSession } from '../testing/debug-helpers';

const CODE = [
  'export function transformEvent(event) {',
  '  let step = 1;',
  '  step = step + 1;',
  '  const who = event.userId;',
  '  return { ...event, step, who };',
  '}',
].join('\n');

let harness: TestStudio;
beforeAll(async () => {
  harness = await startTestStudio();
});
afterAll(async () => {
  await harness?.close();
});

const start = (body: Record<string, unknown>) => startSession(harness, { code: CODE, event: { userId: 'u-42', type: 'track' }, ...body });

describe('debug sessions over the studio API', () => {
  it('pauses at a breakpoint with the event in scope, steps, evaluates and continues to the result', async () => {
    const id = await start({ breakpoints: [{ url: 'base transformation', lineNumber: 2 }] });
    const stream = await openStream(harness, id);
    const paused = await stream.paused();
    expect(paused.callFrames[0]!.location.lineNumber).toBe(2);
    const vars = await locals(harness, id, paused.callFrames[0]!);
    expect(vars.step.value).toBe(1);
    const event = await cdp(harness, id, 'Runtime.getProperties', { objectId: vars.event.objectId, ownProperties: true });
    expect(event.result.find((p: { name: string }) => p.name === 'userId').value.value).toBe('u-42');

    await cdp(harness, id, 'Debugger.stepOver');
    const stepped = await stream.paused();
    expect(stepped.callFrames[0]!.location.lineNumber).toBe(3);
    const evaluated = await cdp(harness, id, 'Debugger.evaluateOnCallFrame', { callFrameId: stepped.callFrames[0]!.callFrameId, expression: 'event.userId + ":" + step' });
    expect(evaluated.result.value).toBe('u-42:2');

    await cdp(harness, id, 'Debugger.resume');
    const done = await stream.next((e) => e.kind === 'done');
    expect(done).toMatchObject({ kind: 'done', result: { transformedEvents: [{ userId: 'u-42', step: 2, who: 'u-42' }] } });
    stream.close();
    // Read again after the end, the stream gives every event and then ends (no keepalives forever).
    const again = await fetch(`${harness.url}/studio/api/debug/sessions/${id}/events`, { headers: { authorization: harness.auth }, signal: AbortSignal.timeout(10_000) });
    const blocks = (await again.text()).split('\n\n').filter((b) => b.startsWith('data: '));
    expect(JSON.parse(blocks.at(-1)!.slice(6))).toMatchObject({ kind: 'done' });
  });

  it('refuses CDP methods outside the allowed list and unknown sessions', async () => {
    const id = await start({ code: 'export function transformEvent(e) { debugger; return e; }' });
    const stream = await openStream(harness, id);
    await stream.paused();
    for (const method of ['Runtime.evaluate', 'Profiler.start', 'HeapProfiler.takeHeapSnapshot', 'Target.setDiscoverTargets']) {
      const answer = await harness.call('POST', `/studio/api/debug/sessions/${id}/commands`, { method, params: {} });
      expect(answer.status, method).toBe(400);
    }
    expect((await harness.call('POST', '/studio/api/debug/sessions/nope/commands', { method: 'Debugger.resume' })).status).toBe(404);
    expect((await harness.call('DELETE', `/studio/api/debug/sessions/${id}`)).status).toBe(204);
    expect(await stream.next((e) => e.kind === 'ended')).toEqual({ kind: 'ended', message: 'Stopped.' });
    stream.close();
  });

  it('needs the studio credentials for every debug route', async () => {
    const noAuth = { authorization: '' };
    expect((await harness.call('POST', '/studio/api/debug/sessions', { code: CODE, event: {}, breakpoints: [] }, noAuth)).status).toBe(401);
    expect((await harness.call('GET', '/studio/api/debug/sessions/x/events', undefined, noAuth)).status).toBe(401);
    expect((await harness.call('POST', '/studio/api/profiles', { code: CODE, events: [{}] }, noAuth)).status).toBe(401);
  });
});

describe('conditional breakpoints and logpoints (issue 41)', () => {
  const ORDERS = [
    { type: 'track', event: 'Order', userId: 'u1', properties: { total: 10 } },
    { type: 'track', event: 'Order', userId: 'u2', properties: { total: '12.50' } },
    { type: 'track', event: 'Order', userId: 'u3', properties: { total: 7 } },
  ];
  const TOTALS = ['export function transformEvent(event) {', '  const total = event.properties.total;', '  return { ...event, seen: total };', '}'].join('\n');

  it('a condition on event.userId pauses only for that event of the run', async () => {
    const id = await startSession(harness, { code: TOTALS, event: ORDERS[0], events: ORDERS, breakpoints: [{ url: 'base transformation', lineNumber: 1, condition: "event.userId === 'u2'" }] });
    const stream = await openStream(harness, id);
    const paused = await stream.paused();
    const vars = await locals(harness, id, paused.callFrames[0]!);
    const event = await cdp(harness, id, 'Runtime.getProperties', { objectId: vars.event.objectId, ownProperties: true });
    expect(event.result.find((p: { name: string }) => p.name === 'userId').value.value).toBe('u2');
    await cdp(harness, id, 'Debugger.resume');
    const done = await stream.next((e) => e.kind === 'done');
    // It paused once: after resuming, the run went through u3 to its end.
    expect(stream.seenPauses()).toBe(1);
    expect((done as any).result.transformedEvents.map((e: any) => e.userId)).toEqual(['u1', 'u2', 'u3']);
    stream.close();
  });

  it('a logpoint logs event.properties.total for each event and never pauses', async () => {
    const id = await startSession(harness, { code: TOTALS, event: ORDERS[0], events: ORDERS, breakpoints: [{ url: 'base transformation', lineNumber: 2, logMessage: "'total', event.properties.total" }] });
    const stream = await openStream(harness, id);
    const done = (await stream.next((e) => e.kind === 'done')) as any;
    expect(stream.seenPauses()).toBe(0);
    expect(done.result.logs).toEqual(['Log: total 10', 'Log: total 12.50', 'Log: total 7']);
    expect(done.result.logEvents).toEqual([0, 1, 2]);
    stream.close();
  });
});
