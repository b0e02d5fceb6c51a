import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { capture, ok, trackEvents } from '../testing/replay-support';

// Replay to a destination: captured events sent through the destination's connected transformation
// and its webhook, as a rate-limited send job; a retry never sends an accepted event again.

let t: TestStudio;
let server: Server;
const received: any[] = [];
let answer = 200;
beforeAll(async () => {
  t = await startTestStudio();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const status = body.properties?.i === 3 ? 422 : answer;
      if (status < 300) received.push(body);
      res.writeHead(status).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('send to a destination', () => {
  it('delivers the filtered events through the transformation and webhook, reports each, and retries only what was not accepted', async () => {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    const dest = await ok(t, 'POST', '/studio/api/destinations', { name: 'Replay hook', kind: 'webhook', enabled: false, config: { url, maxAttempts: 1 } });
    const code = 'export function transformEvent(event) { if (event.properties.i === 5) return null; event.replayed = true; return event; }';
    await ok(t, 'POST', '/transformations?publish=true', { name: 'Mark', code, events: [{ type: 'track', event: 'x', properties: {} }], destinationIds: [dest.id] });
    await capture(t, [...trackEvents(8, (i) => ({ event: 'Resend', messageId: `r-${i}`, properties: { i } })), ...trackEvents(2, (i) => ({ event: 'Other', messageId: `o-${i}` }))]);

    answer = 503;
    const send = await ok(t, 'POST', '/studio/api/replay/sends', { source: { kind: 'filter', filter: { event: 'Resend' } }, target: { destinationId: dest.id }, ratePerSecond: 20 });
    expect(send).toMatchObject({ total: 8, target: { kind: 'destination', destinationId: dest.id, name: 'Replay hook' } });
    const first = await eventually(async () => {
      const s = await ok(t, 'GET', `/studio/api/replay/sends/${send.id}`);
      return s.status === 'done' ? s : undefined;
    }, 20_000, 'the send');
    // 8 events: i=5 dropped by the transformation (accepted), i=3 refused for good (422), 6 failed (503).
    expect(first.counts).toEqual({ pending: 0, accepted: 1, rejected: 1, failed: 6 });
    expect(Date.parse(first.finishedAt) - Date.parse(first.startedAt)).toBeGreaterThanOrEqual(300); // 8 events at 20/s

    answer = 200;
    await ok(t, 'POST', `/studio/api/replay/sends/${send.id}/retry`);
    const second = await eventually(async () => {
      const s = await ok(t, 'GET', `/studio/api/replay/sends/${send.id}`);
      return s.status === 'done' ? s : undefined;
    }, 20_000, 'the retry');
    expect(second.counts).toEqual({ pending: 0, accepted: 7, rejected: 1, failed: 0 });
    expect(received.map((e) => e.messageId).sort()).toEqual(['r-0', 'r-1', 'r-2', 'r-4', 'r-6', 'r-7']);
    expect(received.every((e) => e.replayed === true)).toBe(true);

    // Idempotent: a retry of a finished send sends nothing again.
    await ok(t, 'POST', `/studio/api/replay/sends/${send.id}/retry`);
    await eventually(async () => ((await ok(t, 'GET', `/studio/api/replay/sends/${send.id}`)).status === 'done' ? true : undefined), 10_000, 'the second retry');
    expect(received).toHaveLength(6);

    expect((await t.call('POST', '/studio/api/replay/sends', { source: { kind: 'filter', filter: {} }, target: { destinationId: 'nope' } })).status).toBe(404);
  });

  it("records what it delivered in the destination's own deliveries, naming the send, without moving its queue", async () => {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    const dest = await ok(t, 'POST', '/studio/api/destinations', { name: 'Deliveries hook', kind: 'webhook', enabled: false, config: { url, maxAttempts: 1 } });
    await capture(t, trackEvents(3, (i) => ({ event: 'Shown', messageId: `s-${i}`, properties: { i: i + 2 } })));
    const before = (await ok(t, 'GET', `/studio/api/deliveries?destinationId=${dest.id}`)).deliveries;
    expect(before).toEqual([]);
    answer = 200;
    const send = await ok(t, 'POST', '/studio/api/replay/sends', { source: { kind: 'filter', filter: { event: 'Shown' } }, target: { destinationId: dest.id }, ratePerSecond: 100 });
    await eventually(async () => ((await ok(t, 'GET', `/studio/api/replay/sends/${send.id}`)).status === 'done' ? true : undefined), 20_000, 'the send');
    const rows = (await ok(t, 'GET', `/studio/api/deliveries?destinationId=${dest.id}`)).deliveries as any[];
    // i=3 (the second event) is refused with a 422; the others are delivered with a 200.
    expect(rows.map((d) => [d.messageId, d.eventName, d.status, d.statusCode, d.sendId]).sort()).toEqual([
      ['s-0', 'Shown', 'delivered', 200, send.id],
      ['s-1', 'Shown', 'failed', 422, send.id],
      ['s-2', 'Shown', 'delivered', 200, send.id],
    ]);
    expect(rows.every((d) => d.eventId !== null && d.attemptLog.length === 1 && d.latencyMs !== null)).toBe(true);
    // The live queue did not move: enabling the destination delivers the three captured events itself.
    await ok(t, 'PATCH', `/studio/api/destinations/${dest.id}`, { enabled: true });
    const live = await eventually(async () => {
      const all = (await ok(t, 'GET', `/studio/api/deliveries?destinationId=${dest.id}`)).deliveries as any[];
      return all.filter((d) => d.sendId === null).length >= 3 ? all.filter((d) => d.sendId === null) : undefined;
    }, 20_000, 'the live deliveries');
    expect(live.map((d) => d.messageId).sort()).toEqual(['s-0', 's-1', 's-2']);
  });
});
