import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEN_EVENTS, fixture, sampleEvents } from '../../testing/sandbox-helpers';
import { startTestStudio, type TestStudio } from '../../testing/harness';

// POST /studio/api/test over real HTTP against a real studio (SQLite file, isolates).

let studio: TestStudio;
const events = sampleEvents();
const eventUtils = { name: 'Event Utils', code: fixture('libraries/event-utils.js') };
const test = (body: unknown) => studio.call('POST', '/studio/api/test', body);

beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

describe('POST /studio/api/test', () => {
  it('runs the fixture transformations with the event-utils library given by code', async () => {
    const expected: Record<string, (r: { transformedEvents: any[]; logs: string[] }) => void> = {
      'mask-pii': (r) => {
        expect(r.transformedEvents).toHaveLength(events.length);
        expect(r.transformedEvents.every((e) => e.context.ip === undefined && e.context.transformedBy === 'local')).toBe(true);
      },
      'drop-internal': (r) => expect(r.transformedEvents.length).toBeLessThan(events.length),
      'split-order': (r) => {
        expect(r.transformedEvents.length).toBeGreaterThan(events.length);
        expect(r.logs.length).toBeGreaterThan(0);
        expect(r.logs.every((l) => l.startsWith('Log: splitting order'))).toBe(true);
      },
      'dedupe-batch': (r) => expect(r.transformedEvents.length).toBeLessThan(events.length),
      faulty: (r) => {
        expect(r.transformedEvents).toHaveLength(events.length);
        const errors = r.transformedEvents.filter((e) => typeof e.error === 'string');
        expect(errors.length).toBe(events.filter((e) => !e.properties).length);
        expect(errors[0].error).toMatch(/^Error: no properties on .*\n {4}at transformEvent \(faulty\.js:3:\d+\)$/);
        // per-event errors stay in input order
        const firstFailing = events.findIndex((e) => !e.properties);
        expect(r.transformedEvents[firstFailing].error).toBeDefined();
      },
    };
    for (const [name, check] of Object.entries(expected)) {
      const res = await test({ code: fixture(`transformations/${name}.js`), events, libraries: [eventUtils], transformationName: name === 'faulty' ? 'faulty.js' : undefined });
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      expect(typeof res.body.durationMs).toBe('number');
      check(res.body);
    }
  });

  it('answers 400 { error } for fatal errors', async () => {
    const cases: Array<[string, RegExp]> = [
      ['export function transformEvent(e) { return e +; }', /^SyntaxError: Unexpected token/],
      ['export const x = 1;', /^Expected one of transformEvent,transformBatch\. Found $/],
      ['import { a } from "nowhere";\nexport function transformEvent(e) { return e; }', /^import from nowhere failed\. Module not found\.$/],
      ['import { a } from "@rs/hash/v1";\nexport function transformEvent(e) { return e; }', /not available offline/],
    ];
    for (const [code, message] of cases) {
      const res = await test({ code, events: [{ type: 'track' }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.stringMatching(message), code: 'sandbox_error' });
    }
  });

  it('answers 400 for a timeout and for the memory limit, and keeps serving', async () => {
    const put = await studio.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 200, memoryLimitMb: 32 });
    expect(put.status).toBe(200);
    try {
      const loop = await test({ code: 'export function transformEvent() { for (;;) {} }', events: [{}] });
      expect(loop.status).toBe(400);
      expect(loop.body.error).toMatch(/^Timed out: the transformation ran for more than 200 ms/);
      // Reaching 32 MB takes 80-220 ms under isolated-vm 7: give the memory case its own time limit
      // so it can only end on the memory limit.
      expect((await studio.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000 })).status).toBe(200);
      const bomb = await test({ code: 'export function transformEvent() { const a = []; for (;;) a.push(new Array(1e5).fill(1)); }', events: [{}] });
      expect(bomb.status).toBe(400);
      expect(bomb.body.error).toBe('Memory limit exceeded: the transformation used more than 32 MB');
      const health = await studio.call('GET', '/studio/health');
      expect(health.status).toBe(200);
      const ok = await test({ code: 'export function transformEvent(e) { return e; }', events: [{ a: 1 }] });
      expect(ok.body.transformedEvents).toEqual([{ a: 1 }]);
    } finally {
      await studio.call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000, memoryLimitMb: 128 });
    }
  });

  it('validates the body with messages that say what to fix', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ events: [] }, /missing required field "code"/],
      [{ code: 'x' }, /missing required field "events"/],
      [{ code: 'x', events: [1] }, /events\.0/],
      [{ code: 'x', events: {} }, /events/],
      [{ code: 1, events: [] }, /code/],
      [{ code: 'x', events: [], libraries: [{ name: 'a' }] }, /libraries\.0.*code|code/],
      [{ code: 'x', events: [], extra: true }, /unknown field "extra"/],
      [{ code: 'x'.repeat(1024 * 1024 + 1), events: [] }, /code/],
      [{ code: 'x', events: Array.from({ length: 10_001 }, () => ({})) }, /events/],
    ];
    for (const [body, message] of bad) {
      const res = await test(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await studio.call('POST', '/studio/api/test', '{not json', { 'content-type': 'application/json' })).status).toBe(400);
  });

  it('takes the maximum of 10,000 generated events in one request (beyond the default body limit)', async () => {
    const many = JSON.parse(execFileSync(process.execPath, [GEN_EVENTS, '--count', '10000', '--format', 'json'], { maxBuffer: 64 * 1024 * 1024 }).toString());
    const body = { code: fixture('transformations/mask-pii.js'), events: many, libraries: [eventUtils] };
    expect(JSON.stringify(body).length).toBeGreaterThan(4 * 1024 * 1024);
    const res = await test(body);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.body.transformedEvents).toHaveLength(10_000);
  });

  it('requires management auth', async () => {
    const res = await fetch(`${studio.url}/studio/api/test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"","events":[]}' });
    expect(res.status).toBe(401);
  });

  it('uses stored libraries for imports not given by code; code given wins; libraryVersionIds pick versions', async () => {
    const created = await studio.call('POST', '/libraries', { name: 'Shout Utils', code: 'export const shout = (s) => s.toUpperCase() + "!";' });
    expect(created.status, created.text).toBe(200);
    const code = 'import { shout } from "shoutUtils";\nexport function transformEvent(e) { return { said: shout(e.word) }; }';

    const stored = await test({ code, events: [{ word: 'hi' }] });
    expect(stored.body.transformedEvents).toEqual([{ said: 'HI!' }]);

    const given = await test({ code, events: [{ word: 'hi' }], libraries: [{ name: 'shout utils', code: 'export const shout = (s) => s + "?";' }] });
    expect(given.body.transformedEvents).toEqual([{ said: 'hi?' }]);

    const pinned = await test({ code, events: [{ word: 'hi' }], libraryVersionIds: [created.body.versionId] });
    expect(pinned.body.transformedEvents).toEqual([{ said: 'HI!' }]);

    const none = await test({ code, events: [{ word: 'hi' }], libraryVersionIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('import from shoutUtils failed. Module not found.');

    const unknown = await test({ code, events: [{ word: 'hi' }], libraryVersionIds: ['no-such-version'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('library version not found: no-such-version');
  });

  it('rejects two given libraries with the same import name', async () => {
    const res = await test({ code: 'export function transformEvent(e) { return e; }', events: [], libraries: [{ name: 'A b', code: '' }, { name: 'a-b', code: '' }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/two libraries have the import name "aB"/);
  });

  it('getCredential reads stored credentials, or the ones given with the request', async () => {
    expect((await studio.call('PUT', '/studio/api/credentials/apiKey', { value: 's3cret' })).status).toBe(200);
    const code = 'export function transformEvent(e) { return { key: getCredential("apiKey") ?? null }; }';
    expect((await test({ code, events: [{}] })).body.transformedEvents).toEqual([{ key: 's3cret' }]);
    expect((await test({ code, events: [{}], credentials: { apiKey: 'given' } })).body.transformedEvents).toEqual([{ key: 'given' }]);
  });

  it('a 10-event test answers with logs and per-event errors inside the 200', async () => {
    const code = 'export function transformEvent(e, metadata) {\n  log("seen", metadata(e).messageId);\n  if (e.i % 3 === 0) throw new Error("third");\n  return e;\n}';
    const ten = Array.from({ length: 10 }, (_, i) => ({ messageId: `m${i}`, i }));
    const res = await test({ code, events: ten });
    expect(res.status).toBe(200);
    expect(res.body.transformedEvents.map((e: any) => e.error ? 'E' : e.i)).toEqual(['E', 1, 2, 'E', 4, 5, 'E', 7, 8, 'E']);
    expect(res.body.logs).toEqual(ten.map((e) => `Log: seen ${e.messageId}`));
  });

  it('a per-event error names its input event by metadata.messageId, even after dropped events', async () => {
    const code = 'export function transformEvent(e) {\n  if (e.drop) return null;\n  if (e.fail) throw new Error("failed " + e.n);\n  return e;\n}';
    const input = [
      { messageId: 'm-dropped', n: 0, drop: true },
      { messageId: 'm-failing', n: 1, fail: true },
      { messageId: 'm-kept', n: 2 },
      { n: 3, fail: true },
      { messageId: 'm-dropped-2', n: 4, drop: true },
      { messageId: 'm-failing-2', n: 5, fail: true },
    ];
    const res = await test({ code, events: input });
    expect(res.status, res.text).toBe(200);
    // Errors keep `error` as is; metadata carries the messageId only, and only when the input had one.
    expect(res.body.transformedEvents).toEqual([
      { error: expect.stringMatching(/^Error: failed 1\n/), metadata: { messageId: 'm-failing' } },
      { messageId: 'm-kept', n: 2 },
      { error: expect.stringMatching(/^Error: failed 3\n/) },
      { error: expect.stringMatching(/^Error: failed 5\n/), metadata: { messageId: 'm-failing-2' } },
    ]);
    expect(res.body.transformedEvents[2]).not.toHaveProperty('metadata');
    // Outputs are the events as returned: no metadata is added to them.
    expect(res.body.transformedEvents[1]).not.toHaveProperty('metadata');
    // An error of the whole batch belongs to no one event: it names none.
    const batch = await test({ code: 'export function transformBatch(events) { throw new Error("whole batch"); }', events: input });
    expect(batch.body.transformedEvents).toEqual([{ error: expect.stringMatching(/^Error: whole batch/) }]);
  });
});

describe('fetch from a test run', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"loopback"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await studio.call('PUT', '/studio/api/settings/sandbox', { allowPrivateNetwork: false });
    await new Promise((resolve) => server.close(resolve));
  });

  it('is blocked from loopback by default and allowed once the setting is on', async () => {
    const code = `export async function transformEvent(e) { return { r: await fetch('${url}') }; }`;
    expect((await test({ code, events: [{}] })).body.transformedEvents).toEqual([{ r: 'ERROR' }]);
    expect((await studio.call('PUT', '/studio/api/settings/sandbox', { allowPrivateNetwork: true })).status).toBe(200);
    expect((await test({ code, events: [{}] })).body.transformedEvents).toEqual([{ r: { from: 'loopback' } }]);
  });
});
