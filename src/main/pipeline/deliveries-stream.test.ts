import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { capture, ok } from '../testing/replay-support';

// The live view's push: GET /studio/api/deliveries/stream tells (server-sent events) when results
// of a destination are recorded; nobody has to poll. Real studio, real HTTP, a capture destination.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

/** Opens the stream and collects its data blocks until `abort`. */
async function openStream(query: string) {
  const abort = new AbortController();
  const response = await fetch(`${t.url}/studio/api/deliveries/stream${query}`, { headers: { authorization: t.auth }, signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: { destinationId: string }[] = [];
  const next = async (): Promise<{ destinationId: string }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('data: ')) {
          const event = JSON.parse(block.slice(6)) as { destinationId: string };
          events.push(event);
          return event;
        }
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  return { response, next, events, close: () => abort.abort() };
}

describe('GET /studio/api/deliveries/stream', () => {
  it("pushes a destination's id when its results are recorded, only for the destination asked about", async () => {
    const a = await ok(t, 'POST', '/studio/api/destinations', { name: 'Pushed A', kind: 'capture', config: {} });
    const b = await ok(t, 'POST', '/studio/api/destinations', { name: 'Pushed B', kind: 'capture', config: {} });
    const onlyA = await openStream(`?destinationId=${a.id}`);
    const any = await openStream('');
    try {
      expect(onlyA.response.status).toBe(200);
      expect(onlyA.response.headers.get('content-type')).toBe('text/event-stream');
      await capture(t, [{ type: 'track', event: 'Pushed', userId: 'u1', messageId: 'p-1' }]);
      expect(await onlyA.next()).toEqual({ destinationId: a.id });
      // The unfiltered stream hears both destinations (in whichever order their workers record).
      const heard = new Set([(await any.next()).destinationId, (await any.next()).destinationId]);
      expect(heard).toEqual(new Set([a.id, b.id]));
      // What it pushed is there to fetch.
      const rows = (await ok(t, 'GET', `/studio/api/deliveries?destinationId=${a.id}`)).deliveries;
      expect(rows.map((d: { messageId: string }) => d.messageId)).toEqual(['p-1']);
      expect(onlyA.events.every((e) => e.destinationId === a.id)).toBe(true);
    } finally {
      onlyA.close();
      any.close();
    }
  });

  it('refuses an unknown query field with a 400', async () => {
    expect((await t.call('GET', '/studio/api/deliveries/stream?nope=1')).status).toBe(400);
  });
});
