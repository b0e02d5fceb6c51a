import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, eventually, trackOnce } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// User code that used to abort the whole server process (Atomics.waitAsync on a
// SharedArrayBuffer) in a test run, in publish tests and in the pipeline: each fails with a
// clear error while the server keeps answering /v1/track. Were the primitive still reachable,
// this test file's process would end and the file would fail.

const WAIT_ASYNC = 'Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(16)), 0, 0, 10)';
const CRASHER = `export function transformEvent(event) {\n  if (event.event === 'boom') ${WAIT_ASYNC};\n  return event;\n}`;

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(() => t.close());

const ok = (method: string, path: string, body?: unknown) => callOk(t, method, path, body);

const track = (messageId: string, event = 'fine') => trackOnce(t, messageId, event);

describe('code that aborted the process', () => {
  it('test run: the event fails with a clear error; the server keeps answering /v1/track', async () => {
    const res = await t.call('POST', '/studio/api/test', { code: CRASHER, events: [{ type: 'track', event: 'boom', messageId: 't1' }] });
    expect(res.status).toBe(200);
    expect(res.body.transformedEvents[0].error).toMatch(/ReferenceError: Atomics is not defined/);
    expect(await track('after-test-run')).toBe('OK');
  });

  it('publish: the test events fail the publish with the error; /v1/track keeps answering', async () => {
    const created = await ok('POST', '/transformations', { name: 'Crasher at publish', code: CRASHER });
    const res = await t.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: created.versionId, testInput: [{ type: 'track', event: 'boom', userId: 'u' }] }],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Atomics is not defined/);
    expect(await track('after-publish')).toBe('OK');
  });

  it('publish: a top-level await that never settles fails the publish with a clear error', async () => {
    const created = await ok('POST', '/transformations', { name: 'Never settles', code: 'await new Promise(() => {});\nexport function transformEvent(e) { return e; }' });
    const res = await t.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: created.versionId, testInput: [{ type: 'track', event: 'x', userId: 'u' }] }],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/top-level await never settles/);
    const lib = await ok('POST', '/libraries', { name: 'Stuck Lib', code: 'await new Promise(() => {});\nexport const x = 1;' });
    const libRes = await t.call('POST', '/transformations/libraries/publish', { libraries: [{ versionId: lib.versionId }] });
    expect(libRes.status).toBe(400);
    expect(JSON.stringify(libRes.body)).toMatch(/top-level await never settles/);
  });

  it('pipeline: a published, connected transformation fails the event, delivers the next ones, server keeps answering', async () => {
    const capture = await ok('POST', '/studio/api/destinations', { name: 'Crash capture', kind: 'capture' });
    await ok('POST', '/transformations?publish=true', {
      name: 'Crasher in pipeline',
      code: CRASHER,
      events: [{ type: 'track', event: 'x', userId: 'u' }],
      destinationIds: [capture.id],
    });
    expect(await track('pipe-boom', 'boom')).toBe('OK');
    expect(await track('pipe-fine')).toBe('OK');
    const deliveries = await eventually(async () => {
      const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${capture.id}&limit=50`);
      return body.deliveries.length >= 2 ? body.deliveries : undefined;
    }, 20_000, 'two deliveries');
    const boom = deliveries.find((d: any) => d.messageId === 'pipe-boom');
    const fine = deliveries.find((d: any) => d.messageId === 'pipe-fine');
    expect(boom.status).toBe('failed');
    expect(boom.error).toMatch(/Atomics is not defined/);
    expect(fine.status).toBe('delivered');
    expect((await t.call('GET', '/studio/health')).status).toBe(200);
  });
});
