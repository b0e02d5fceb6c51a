import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

// POST /studio/api/test writes its answer as text part by part while the isolate writes the
// rest (runTestJson), and the isolate parses the events from the request's own text: what a
// client reads must be exactly the run's outputs, errors and indexes, in order.

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

const raw = (text: string) => studio.call('POST', '/studio/api/test', text, { 'content-type': 'application/json' });

describe('the test answer written part by part', () => {
  it('120 events (an answer in four parts): outputs, dropped events and errors keep their order and indexes', async () => {
    const code = `export function transformEvent(event) {
      if (event.n % 5 === 0) throw new Error('five ' + event.n);
      if (event.n % 3 === 0) return null;
      return { ...event, seen: event.n * 2 };
    }`;
    const events = Array.from({ length: 120 }, (_, n) => ({ n, messageId: `m${n}`, type: 'track' }));
    const r = await studio.call('POST', '/studio/api/test', { code, events });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const expected: unknown[] = [];
    const indexes: number[] = [];
    for (let n = 0; n < 120; n++) {
      if (n % 5 === 0) expected.push({ error: expect.stringMatching(new RegExp(`^Error: five ${n}\\b`)), metadata: { messageId: `m${n}` } });
      else if (n % 3 === 0) continue;
      else expected.push({ n, messageId: `m${n}`, type: 'track', seen: n * 2 });
      indexes.push(n);
    }
    expect(r.body.transformedEvents).toEqual(expected);
    expect(r.body.inputIndexes).toEqual(indexes);
    expect(r.body.logs).toEqual([]);
    expect(Object.keys(r.body)).toEqual(['transformedEvents', 'inputIndexes', 'logs', 'durationMs']);
  });

  it('a batch that returns nothing answers an empty list', async () => {
    const r = await studio.call('POST', '/studio/api/test', { code: 'export function transformBatch(events) { return []; }', events: Array.from({ length: 60 }, (_, n) => ({ n })) });
    expect(r.status).toBe(200);
    expect(r.text.startsWith('{"transformedEvents":[],"inputIndexes":[],')).toBe(true);
  });

  it('the isolate reads the events the core validated: duplicate keys, escapes and "__proto__" as JSON.parse reads them', async () => {
    const body = '{"code":"export function transformEvent(e) { return { keys: Object.keys(e), a: e.a, accent: e[\\"\\u00e9\\"], proto: Object.getPrototypeOf(e) === Object.prototype, own: e[\\"__proto__\\"] }; }",' +
      '"events":[{"a":1,"a":2,"\\u00e9":"x","__proto__":{"p":1}}]}';
    const r = await raw(body);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.body.transformedEvents).toEqual([{ keys: ['a', 'é', '__proto__'], a: 2, accent: 'x', proto: true, own: { p: 1 } }]);
  });

  it('an event nested deeper than 256 levels is a 400 that names it, as on the event API', async () => {
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const ok = await raw(`{"code":"export function transformEvent(e) { return e; }","events":[{},${deep(256)}]}`);
    expect(ok.status, ok.text.slice(0, 200)).toBe(200);
    const r = await raw(`{"code":"export function transformEvent(e) { return e; }","events":[{},${deep(257)}]}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('body: field "events.1" nests objects and arrays more than 256 levels deep');
  });
});
