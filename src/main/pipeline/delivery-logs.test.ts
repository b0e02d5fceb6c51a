import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../testing/management-support';
import { callOk, eventually, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// Per-event deliveries: each result keeps only the lines its own event wrote (batch-level lines
// once per batch, storage linear in the batch), every attempt with its HTTP status, latency and
// answer, and the event name to filter by.

let t: TestStudio;
let server: Server;
/** The receiver's answers per path, in order (then 200 "ok"); one with `after` is sent once that settles. */
type Answer = { status: number; body: string; after?: Promise<void> };
const scripts = new Map<string, Answer[]>();
beforeAll(async () => {
  t = await startTestStudio();
  server = createServer((req, res) => {
    req.resume().on('end', () => {
      const next = scripts.get(req.url ?? '')?.shift() ?? { status: 200, body: 'ok' };
      void (next.after ?? Promise.resolve()).then(() => res.writeHead(next.status, { 'content-type': 'text/plain' }).end(next.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

/** A receiver path of its own, answering `script` first. */
function url(path: string, script: Answer[]): string {
  scripts.set(`/${path}`, script);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/${path}`;
}

async function deliveries(destinationId: string, count: number, extra = ''): Promise<any[]> {
  return eventually(
    async () => {
      const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${destinationId}&limit=500${extra}`);
      return body.deliveries.length >= count ? body.deliveries : undefined;
    },
    30_000,
    `${count} deliveries`,
  );
}

const LOGGING = `export async function transformEvent(event) {
  log('own line of', event.messageId);
  await null;
  log('after an await');
  return event;
}`;

describe('per-event deliveries', () => {
  it('stores one log group per event and one per batch: 200 events, at most 201 groups', async () => {
    const dest = await callOk(t, 'POST', '/studio/api/destinations', { name: 'Logs', kind: 'capture' });
    await callOk(t, 'POST', '/transformations?publish=true', { name: 'Logging', code: LOGGING, events: [{ type: 'track', event: 'x', messageId: 'probe' }], destinationIds: [dest.id] });
    const batch = Array.from({ length: 200 }, (_, i) => ({ type: 'track', event: `Step ${i}`, userId: 'u', messageId: `log-${i}` }));
    expect((await send(t, '/v1/batch', { batch })).status).toBe(200);
    const rows = await deliveries(dest.id, 200);
    expect(rows).toHaveLength(200);

    const events = query<{ logs: string | null }>(t, 'SELECT logs FROM deliveries WHERE destination_id = ?', dest.id);
    const batches = query<{ logs: string }>(t, 'SELECT logs FROM delivery_batches WHERE destination_id = ?', dest.id);
    expect(batches).toHaveLength(1);
    const groups = [...events.map((e) => e.logs), ...batches.map((b) => b.logs)].filter((text) => text !== null && text !== '[]');
    expect(groups.length).toBeLessThanOrEqual(201);
    // Every line written is stored once: 200 own lines, 200 batch-level lines.
    const stored = groups.reduce((n, text) => n + (JSON.parse(text!) as string[]).length, 0);
    expect(stored).toBe(400);

    const one = rows.find((d) => d.messageId === 'log-7');
    expect(one.logs).toEqual(['Log: own line of log-7']);
    expect(one.batchLogs).toHaveLength(200);
    expect(one.eventName).toBe('Step 7');
  });

  it('records each attempt with its HTTP status, latency and answer; filters by event name', async () => {
    const hook = url('hook', [{ status: 503, body: 'warming up' }, { status: 201, body: 'created #1' }]);
    const dest = await callOk(t, 'POST', '/studio/api/destinations', { name: 'Hook', kind: 'webhook', config: { url: hook, maxAttempts: 2, retryMinBackoffMs: 100 } });
    await send(t, '/v1/track', { event: 'Order Completed', userId: 'u', messageId: 'order-1' });
    const [row] = await deliveries(dest.id, 1, '&status=delivered');
    expect(row).toMatchObject({ status: 'delivered', eventName: 'Order Completed', attempts: 2, statusCode: 201, nextAttemptAt: null });
    expect(row.latencyMs).toBeGreaterThan(0);
    expect(row.attemptLog).toMatchObject([
      { outputIndex: 0, statusCode: 503, responseBody: 'warming up', error: 'HTTP 503: warming up' },
      { outputIndex: 0, statusCode: 201, responseBody: 'created #1', error: null },
    ]);

    await send(t, '/v1/track', { event: 'Page Viewed', userId: 'u', messageId: 'page-1' });
    await deliveries(dest.id, 2);
    const named = await callOk(t, 'GET', `/studio/api/deliveries?destinationId=${dest.id}&eventName=order%20comp`);
    expect(named.deliveries.map((d: any) => d.messageId)).toEqual(['order-1']);
    const escaped = await callOk(t, 'GET', `/studio/api/deliveries?destinationId=${dest.id}&eventName=%25`);
    expect(escaped.deliveries).toEqual([]);
  });

  it('retries a failed event over time until it is delivered, keeping every attempt on one row', async () => {
    // The delivering attempt is answered once the retrying view has been read: beside busy loops
    // that read came 700 ms after the first attempt, after the second (at 569 ms), and the third
    // may come 400 ms after that.
    let viewed = () => {};
    const after = new Promise<void>((r) => (viewed = r));
    const script = [{ status: 500, body: 'down' }, { status: 502, body: 'still down' }, { status: 200, body: 'ok', after }];
    const config = { url: url('flaky', script), maxAttempts: 5, retryMinBackoffMs: 400, retryMaxBackoffMs: 1000 };
    const dest = await callOk(t, 'POST', '/studio/api/destinations', { name: 'Flaky', kind: 'webhook', config });
    await send(t, '/v1/track', { event: 'Signed Up', userId: 'u', messageId: 'flaky-1' });
    const [failed] = await deliveries(dest.id, 1, '&status=failed');
    expect(failed.nextAttemptAt).not.toBeNull();
    const view = await callOk(t, 'GET', `/studio/api/destinations/${dest.id}`);
    expect(view.delivery).toMatchObject({ retrying: 1, nextAttemptAt: expect.any(String) });
    viewed();
    const done = await deliveries(dest.id, 1, '&status=delivered');
    expect(done[0].attemptLog.map((a: any) => a.statusCode)).toEqual([500, 502, 200]);
    expect(done[0].attempts).toBe(3);
    expect(await deliveries(dest.id, 1)).toHaveLength(1);
    expect((await callOk(t, 'GET', `/studio/api/destinations/${dest.id}`)).delivery).toMatchObject({ retrying: 0, nextAttemptAt: null, counts: { failed: 0, delivered: 1 } });
  });

  it('gives an event up after three rounds once it is older than the maximum age', async () => {
    const config = { url: url('gone', Array.from({ length: 9 }, () => ({ status: 500, body: 'down' }))), maxAttempts: 5, retryMinBackoffMs: 100, retryMaxBackoffMs: 100, retryMaxAgeMs: 0 };
    const dest = await callOk(t, 'POST', '/studio/api/destinations', { name: 'Gone', kind: 'webhook', config });
    await send(t, '/v1/track', { event: 'Lost', userId: 'u', messageId: 'lost-1' });
    const given = await eventually(async () => {
      const [row] = (await callOk(t, 'GET', `/studio/api/deliveries?destinationId=${dest.id}`)).deliveries;
      return row?.attemptLog.length === 3 ? row : undefined;
    }, 15_000, 'three rounds');
    expect(given).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(given.error).toMatch(/given up: failed 3 times/);
    expect((await callOk(t, 'GET', `/studio/api/destinations/${dest.id}`)).delivery.retrying).toBe(0);
  });
});
