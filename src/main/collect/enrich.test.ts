import { createHash } from 'node:crypto';
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

/** Independent reference of the hosted rudderId: MD5 → UUID with version 4 / RFC 4122 variant bits. */
function expectedRudderId(text: string): string {
  const b = createHash('md5').update(text).digest();
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

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

  it('derives rudderId from the MD5 of "<userId>:<anonymousId>" (trimmed, non-strings as text)', async () => {
    expect((await captureOne('/v1/identify', { userId: 'user-1', anonymousId: 'anon-1' })).event.rudderId).toBe(expectedRudderId('user-1:anon-1'));
    expect((await captureOne('/v1/identify', { userId: ' user-2 ' })).event.rudderId).toBe(expectedRudderId('user-2:'));
    expect((await captureOne('/v1/identify', { anonymousId: 'a-3' })).event.rudderId).toBe(expectedRudderId(':a-3'));
    expect((await captureOne('/v1/identify', { userId: 42 })).event.rudderId).toBe(expectedRudderId('42:'));
    expect((await captureOne('/v1/identify', { userId: 'x', rudderId: 'forged' })).event.rudderId).toBe(expectedRudderId('x:'));
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
        { type: 'track', userId: 'batch-e', event: 'a', sentAt: '2021-01-01T00:00:02.000Z', originalTimestamp: '2021-01-01T00:00:00.000Z' },
        { type: 'identify', userId: 'batch-e', messageId: 'keep-me' },
      ],
    });
    expect(answer.text).toBe('OK');
    const [second, first] = (await listEvents(t, 'userId=batch-e')).events;
    expect(first.event.type).toBe('track');
    expect(second.event.type).toBe('identify');
    expect(first.event.receivedAt).toBe(second.event.receivedAt);
    expect(first.event.messageId).toMatch(UUID_V4);
    expect(second.event.messageId).toBe('keep-me');
    expect(Date.parse(first.event.timestamp)).toBe(Date.parse(first.event.receivedAt) - 2000);
    expect(first.event.rudderId).toBe(expectedRudderId('batch-e:'));
  });

  it('keeps everything else the client sent', async () => {
    const body = { userId: 'keep', event: 'e', properties: { a: [1, { b: null }] }, context: { library: { name: 'x' } }, integrations: { All: true }, custom: 'yes' };
    const { event } = await captureOne('/v1/track', body);
    expect(event).toMatchObject(body);
  });
});
