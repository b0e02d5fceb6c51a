import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { listEvents, send } from '../testing/event-helpers';

// Enrichment as the hosted data plane does it (compatibility.md, "Event API").

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * rudderIds the hosted data plane produced, read from events recorded in RudderStack's own sources
 * (never computed here): rudder-server gateway/handle.go trims and stringifies userId and
 * anonymousId and calls rudder-go-kit uuid.GetMD5UUID(userId + ":" + anonymousId) (uuid/uuid.go).
 */
const HOSTED_RUDDER_IDS = {
  // rudder-transformer@c98d160c test/apitests/data_scenarios/cdk_v2/failure.json (userId "testUser", anonymousId "anon-id")
  'testUser:anon-id': '4b68d6ea-57ad-4f2c-8b1d-8e037ee7becf',
  // rudder-transformer@c98d160c test/apitests/data_scenarios/destination/router/successful_test.json (userId "testUser" only)
  'testUser:': 'ea17ae1d-6c6e-49ed-b8e0-f01eeeff2b04',
  // rudder-server@f2655fbb services/debugger/source/eventUploader_test.go and processor/processor_test.go (anonymousId "anon_id" only)
  ':anon_id': '90ca6da0-292e-4e79-9880-f8009e0ae4a3',
  // rudder-transformer@c98d160c test/apitests/data_scenarios/destination/proc/batch_input.json (userId "2564871", anonymousId "2073230")
  '2564871:2073230': 'c6bac0d9-5ed4-45d8-a937-bf9e62060b78',
  // rudder-transformer@c98d160c test/integrations/destinations/lambda/router/data.ts (userId "user123" only)
  'user123:': 'bda76e3e-87eb-4153-9d1e-e9c2ed48b7a5',
} as const;

async function captureOne(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const before = Date.now();
  const answer = await send(t, path, body, headers);
  const after = Date.now();
  expect(answer.text).toBe('OK');
  const [item] = (await listEvents(t, 'limit=1')).events;
  return { item, event: item.event, before, after };
}

describe('enrichment', () => {
  it('keeps a given messageId and generates a UUID v4 when absent, blank or not a string', async () => {
    expect((await captureOne('/v1/track', { userId: 'm', event: 'e', messageId: 'client-id-1' })).event.messageId).toBe('client-id-1');
    const generated = new Set<string>();
    for (const messageId of [undefined, '', '   ', 12]) {
      const { event, item } = await captureOne('/v1/track', { userId: 'm', event: 'e', messageId });
      expect(event.messageId).toMatch(UUID_V4);
      expect(item.messageId).toBe(event.messageId);
      generated.add(event.messageId);
    }
    expect(generated.size).toBe(4);
  });

  it('sets receivedAt to the server time in ISO 8601 with milliseconds', async () => {
    const { event, item, before, after } = await captureOne('/v1/track', { userId: 'r', event: 'e', receivedAt: '2001-01-01T00:00:00.000Z' });
    expect(event.receivedAt).toMatch(ISO_MS);
    expect(Date.parse(event.receivedAt)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(event.receivedAt)).toBeLessThanOrEqual(after + 5);
    expect(item.receivedAt).toBe(event.receivedAt);
  });

  it('sets request_ip from the first X-Forwarded-For entry, else the peer address', async () => {
    expect((await captureOne('/v1/track', { userId: 'ip', event: 'e' }, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })).event.request_ip).toBe('203.0.113.7');
    expect((await captureOne('/v1/track', { userId: 'ip', event: 'e' })).event.request_ip).toBe('127.0.0.1');
  });

  it('derives rudderId as the hosted gateway does: MD5 UUID of "<userId>:<anonymousId>" (trimmed, non-strings as text)', async () => {
    const rudderId = async (body: Record<string, unknown>) => (await captureOne('/v1/identify', body)).event.rudderId;
    expect(await rudderId({ userId: 'testUser', anonymousId: 'anon-id' })).toBe(HOSTED_RUDDER_IDS['testUser:anon-id']);
    expect(await rudderId({ userId: ' testUser ' })).toBe(HOSTED_RUDDER_IDS['testUser:']);
    expect(await rudderId({ anonymousId: 'anon_id' })).toBe(HOSTED_RUDDER_IDS[':anon_id']);
    expect(await rudderId({ userId: 2564871, anonymousId: 2073230 })).toBe(HOSTED_RUDDER_IDS['2564871:2073230']);
    expect(await rudderId({ userId: 'testUser', rudderId: 'forged' })).toBe(HOSTED_RUDDER_IDS['testUser:']);
  });

  it('defaults originalTimestamp, sentAt and timestamp to receivedAt', async () => {
    const { event } = await captureOne('/v1/track', { userId: 't', event: 'e' });
    expect(event.originalTimestamp).toBe(event.receivedAt);
    expect(event.sentAt).toBe(event.receivedAt);
    expect(event.timestamp).toBe(event.receivedAt);
  });

  it('computes timestamp = receivedAt − (sentAt − originalTimestamp) when absent', async () => {
    const { event } = await captureOne('/v1/track', { userId: 't', event: 'e', originalTimestamp: '2020-05-01T10:00:00.000Z', sentAt: '2020-05-01T10:00:07.250Z' });
    expect(event.originalTimestamp).toBe('2020-05-01T10:00:00.000Z');
    expect(event.sentAt).toBe('2020-05-01T10:00:07.250Z');
    expect(Date.parse(event.timestamp)).toBe(Date.parse(event.receivedAt) - 7250);
    expect(event.timestamp).toMatch(ISO_MS);
  });

  it('keeps a supplied timestamp, normalised to UTC with milliseconds', async () => {
    const { event } = await captureOne('/v1/track', {
      userId: 't',
      event: 'e',
      timestamp: '2019-03-04T05:06:07+02:00',
      originalTimestamp: '2019-03-04T03:06:07.5Z',
      sentAt: '2019-03-04T03:06:08.123456Z',
    });
    expect(event.timestamp).toBe('2019-03-04T03:06:07.000Z');
    expect(event.originalTimestamp).toBe('2019-03-04T03:06:07.500Z');
    expect(event.sentAt).toBe('2019-03-04T03:06:08.123Z');
  });

  it('treats unparseable time fields as absent', async () => {
    const { event } = await captureOne('/v1/track', { userId: 't', event: 'e', originalTimestamp: 'yesterday', sentAt: 17, timestamp: '2019-02-30T00:00:00Z' });
    expect(event.originalTimestamp).toBe(event.receivedAt);
    expect(event.sentAt).toBe(event.receivedAt);
    expect(event.timestamp).toBe(event.receivedAt);
  });

  it('enriches every entry of a batch with the same receivedAt and its own messageId', async () => {
    const answer = await send(t, '/v1/batch', {
      batch: [
        { type: 'track', userId: 'user123', event: 'a', sentAt: '2021-01-01T00:00:02.000Z', originalTimestamp: '2021-01-01T00:00:00.000Z' },
        { type: 'identify', userId: 'user123', messageId: 'keep-me' },
      ],
    });
    expect(answer.text).toBe('OK');
    const [second, first] = (await listEvents(t, 'userId=user123')).events;
    expect(first.event.type).toBe('track');
    expect(second.event.type).toBe('identify');
    expect(first.event.receivedAt).toBe(second.event.receivedAt);
    expect(first.event.messageId).toMatch(UUID_V4);
    expect(second.event.messageId).toBe('keep-me');
    expect(Date.parse(first.event.timestamp)).toBe(Date.parse(first.event.receivedAt) - 2000);
    expect(first.event.rudderId).toBe(HOSTED_RUDDER_IDS['user123:']);
  });

  it('keeps everything else the client sent', async () => {
    const body = { userId: 'keep', event: 'e', properties: { a: [1, { b: null }] }, context: { library: { name: 'x' } }, integrations: { All: true }, custom: 'yes' };
    const { event } = await captureOne('/v1/track', body);
    expect(event).toMatchObject(body);
  });
});
