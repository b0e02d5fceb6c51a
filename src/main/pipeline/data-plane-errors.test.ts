import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk as ok, deliveriesOf, listEvents, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// A data-plane destination (forwarding to a second instance of the app) whose remote refuses:
// the write key, or one event of a forwarded batch.

let t: TestStudio;
let remote: TestStudio;
beforeAll(async () => {
  [t, remote] = await Promise.all([startTestStudio(), startTestStudio()]);
});
afterAll(async () => {
  await Promise.all([t.close(), remote.close()]);
});

const destination = (body: Record<string, unknown>) => ok(t, 'POST', '/studio/api/destinations', body);
const results = (destinationId: string, count: number) => deliveriesOf(t, destinationId, count);
const publish = (name: string, code: string, destinationIds: string[]) =>
  ok(t, 'POST', '/transformations?publish=true', { name, code, events: [{ type: 'track', event: 'x', userId: 'u', properties: {} }], destinationIds });

describe('data-plane errors', () => {
  it('records the remote answer when the remote rejects the write key', async () => {
    const dp = await destination({ name: 'Wrong key', kind: 'data-plane', config: { url: remote.url, writeKey: 'not-a-key', maxAttempts: 2, backoffMs: 10 } });
    await send(t, '/v1/track', { userId: 'dp', event: 'x', messageId: 'dp-bad-key' });
    const [result] = await results(dp.id, 1);
    expect(result.status).toBe('failed');
    expect(result.attempts).toBe(1);
    expect(result.error).toBe('HTTP 400: invalid write key');
  });

  it('forwards a batch and isolates the event the remote rejects', async () => {
    // A source of its own, so the other data-plane destination does not forward these events too.
    const source = await ok(t, 'POST', '/studio/api/sources', { name: 'Data-plane test app' });
    const auth = { authorization: `Basic ${Buffer.from(`${source.writeKey}:`).toString('base64')}` };
    const dp = await destination({
      name: 'Remote batch',
      kind: 'data-plane',
      sourceIds: [source.id],
      config: { url: `${remote.url}/v1/batch`, writeKey: 'test-write-key' },
    });
    // An output the remote refuses (no ids): a transformation strips them from one event.
    await publish('Strip ids', 'export function transformEvent(e) { if (e.event === "Strip") { delete e.userId; delete e.anonymousId; } return e; }', [dp.id]);
    await send(t, '/v1/batch', {
      batch: [
        { type: 'track', userId: 'dp2', event: 'Keep', messageId: 'dp-keep-1' },
        { type: 'track', userId: 'dp2', event: 'Strip', messageId: 'dp-strip' },
        { type: 'page', userId: 'dp2', name: 'Home', messageId: 'dp-keep-2' },
      ],
    }, auth);
    const all = await results(dp.id, 3);
    const status = Object.fromEntries(all.map((d) => [d.messageId, d.status]));
    expect(status).toEqual({ 'dp-keep-1': 'delivered', 'dp-strip': 'failed', 'dp-keep-2': 'delivered' });
    expect(all.find((d) => d.messageId === 'dp-strip').error).toBe('HTTP 400: batch[0]: request neither has anonymousId nor userId');
    const remoteIds = (await listEvents(remote, 'userId=dp2')).events.map((e) => e.messageId).sort();
    expect(remoteIds).toEqual(['dp-keep-1', 'dp-keep-2']);
  });
});
