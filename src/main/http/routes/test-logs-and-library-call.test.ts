import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

// Over real HTTP against a real studio: per-event log lines of POST /studio/api/test and the
// library test panel's POST /studio/api/libraries/call.

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

const EVENTS = [{ type: 'track', event: 'A', messageId: 'm-a' }, { type: 'track', event: 'B', messageId: 'm-b' }, { type: 'track', event: 'C' }];

describe('logs tied to events', () => {
  it('gives each line of a transformEvent run the index of the event that wrote it (top level and after await: -1)', async () => {
    const code = `log('loaded');
export async function transformEvent(event) {
  log('start', event.event);
  if (event.event === 'B') log('second line of B');
  await null;
  log('after await', event.event);
  if (event.event === 'C') throw new Error('C fails');
  return event;
}`;
    const r = await studio.call('POST', '/studio/api/test', { code, events: EVENTS });
    expect(r.status).toBe(200);
    const pairs = r.body.logs.map((line: string, k: number) => [line, r.body.logEvents[k]]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Log: start A', 0],
        ['Log: start B', 1],
        ['Log: second line of B', 1],
        ['Log: start C', 2],
        ['Log: after await A', -1],
      ]),
    );
    expect(r.body.logEvents).toHaveLength(r.body.logs.length);
  });

  it('keeps transformBatch logs at batch level (no logEvents when no line belongs to one event)', async () => {
    const code = `export function transformBatch(events) { log('batch of', events.length); return events; }`;
    const r = await studio.call('POST', '/studio/api/test', { code, events: EVENTS });
    expect(r.status).toBe(200);
    expect(r.body.logs).toEqual(['Log: batch of 3']);
    expect(r.body).not.toHaveProperty('logEvents');
  });
});

describe('POST /studio/api/libraries/call', () => {
  const call = (body: unknown) => studio.call('POST', '/studio/api/libraries/call', body);
  const code = `export function add(a, b) { log('adding', a, b); return a + b; }
export async function wrap(value) { return { wrapped: value }; }
export function nothing() {}
export function boom() { throw new Error('boom inside'); }
export const answer = 42;`;

  it('answers the return value (awaited), its type, the logs and the exports', async () => {
    const r = await call({ name: 'Math Bits', code, function: 'add', args: [2, 3] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, value: 5, valueType: 'number', logs: ['Log: adding 2 3'], exports: ['add', 'answer', 'boom', 'nothing', 'wrap'] });
    expect((await call({ name: 'Math Bits', code, function: 'wrap', args: [{ a: [1] }] })).body).toMatchObject({ ok: true, value: { wrapped: { a: [1] } }, valueType: 'object' });
    const none = (await call({ name: 'Math Bits', code, function: 'nothing', args: [] })).body;
    expect(none).toMatchObject({ ok: true, valueType: 'undefined' });
    expect(none).not.toHaveProperty('value');
  });

  it('answers what the function threw, or that the name is not an exported function', async () => {
    const thrown = (await call({ name: 'Math Bits', code, function: 'boom', args: [] })).body;
    expect(thrown.ok).toBe(false);
    expect(thrown.error).toMatch(/boom inside/);
    // Its stack points into the library, never into the panel's own caller.
    expect(thrown.error).toMatch(/at boom \(library mathBits:4:32\)/);
    expect(thrown.error).not.toMatch(/library test call/);
    expect((await call({ name: 'Math Bits', code, function: 'answer', args: [] })).body.error).toMatch(/"answer" is a number, not a function/);
    expect((await call({ name: 'Math Bits', code, function: 'nope', args: [] })).body.error).toMatch(/"nope" is not exported: it exports add, answer/);
    expect((await call({ name: 'Math Bits', code, function: 'constructor', args: [] })).body.error).toMatch(/"constructor" is not exported/);
  });

  it('answers 400 for code that does not load and for malformed bodies', async () => {
    const broken = await call({ name: 'Broken', code: 'export function f( {', function: 'f', args: [] });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/SyntaxError|Unexpected/);
    for (const body of [{}, { name: 'x', code: '', function: '', args: [] }, { name: 'x', code: '', function: 'f', args: 'no' }, { name: '!!!', code: '', function: 'f', args: [] }]) {
      const r = await call(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
  });
});
