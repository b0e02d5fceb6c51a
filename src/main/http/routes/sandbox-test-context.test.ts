import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

// POST /studio/api/test: the context metadata() reports, and the network log of fetch calls.

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

const CODE = `export async function transformEvent(event, metadata) {
  const m = metadata(event);
  const answer = await fetch('http://127.0.0.1:9/private');
  return { ...event, seen: [m.sourceId, m.destinationType, m.messageId, answer] };
}
`;

describe('POST /studio/api/test context and network', () => {
  it('metadata() reports the given source and destination; fetch calls come back with the run, the blocked one says so', async () => {
    const res = await studio.call('POST', '/studio/api/test', {
      code: CODE,
      events: [{ type: 'track', messageId: 'm-1' }],
      context: { sourceId: 'src-1', destinationType: 'WEBHOOK' },
    });
    expect(res.status).toBe(200);
    const body = res.body as { transformedEvents: Array<{ seen: unknown[] }>; network: Array<Record<string, unknown>> };
    expect(body.transformedEvents[0]!.seen).toEqual(['src-1', 'WEBHOOK', 'm-1', 'ERROR']);
    expect(body.network).toHaveLength(1);
    expect(body.network[0]).toMatchObject({ url: 'http://127.0.0.1:9/private', method: 'GET', blocked: true });
    expect(body.network[0]!.error).toMatch(/private|blocked|not allowed/i);
  });

  it('answers without a network field when the code makes no calls; refuses unknown context fields', async () => {
    const plain = await studio.call('POST', '/studio/api/test', { code: 'export function transformEvent(e) { return e; }', events: [{}] });
    expect(plain.status).toBe(200);
    expect((plain.body as Record<string, unknown>).network).toBeUndefined();
    const bad = await studio.call('POST', '/studio/api/test', { code: 'export function transformEvent(e) { return e; }', events: [{}], context: { source: 'x' } });
    expect(bad.status).toBe(400);
  });
});
