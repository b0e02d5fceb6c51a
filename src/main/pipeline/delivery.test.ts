import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// Delivery without a transformation (pass-through) to capture, file and webhook
// destinations; the integrations field; per-event results and the cursor.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

async function createDestination(body: Record<string, unknown>) {
  const answer = await t.call('POST', '/studio/api/destinations', body);
  if (answer.status !== 200) throw new Error(`create destination: ${answer.status} ${answer.text}`);
  return answer.body as { id: string; name: string };
}

/** Waits until `count` results exist for the destination (optionally with a status). */
async function deliveries(destinationId: string, count: number, status?: string) {
  return eventually(
    async () => {
      const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${destinationId}&limit=500${status ? `&status=${status}` : ''}`);
      return body.deliveries.length >= count ? (body.deliveries as any[]) : undefined;
    },
    15_000,
    `${count} ${status ?? ''} deliveries of ${destinationId}`,
  );
}

interface Received {
  body: any;
  headers: IncomingMessage['headers'];
  method: string;
}

/** A local webhook receiver whose answers the test scripts. */
async function webhookServer(answer: (n: number, body: any) => number) {
  const received: Received[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const status = answer(++n, body);
      if (status < 300) received.push({ body, headers: req.headers, method: req.method ?? '' });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `nope ${status}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('capture destination', () => {
  it('records every event with its output (pass-through) and advances the cursor', async () => {
    const destination = await createDestination({ name: 'Captured', kind: 'capture' });
    for (let i = 0; i < 3; i++) expect((await send(t, '/v1/track', { userId: 'cap', event: `E${i}`, messageId: `cap-${i}` })).text).toBe('OK');
    const results = await deliveries(destination.id, 3);
    expect(results.map((d) => d.messageId).sort()).toEqual(['cap-0', 'cap-1', 'cap-2']);
    for (const d of results) {
      expect(d.status).toBe('delivered');
      expect(d.attempts).toBe(1);
      expect(d.output).toHaveLength(1);
      expect(d.output[0].messageId).toBe(d.messageId);
      expect(d.output[0].rudderId).toBeTruthy();
      expect(d.error).toBeNull();
      expect(d.transformationId).toBeNull();
    }
    const view = await eventually(async () => {
      const { body } = await t.call('GET', `/studio/api/destinations/${destination.id}`);
      return body.delivery.pending === 0 ? body : undefined;
    });
    expect(view.delivery.cursor).toBeGreaterThan(0);
  });

  it('only receives events of its sources', async () => {
    const { body: other } = await t.call('POST', '/studio/api/sources', { name: 'Other app' });
    const destination = await createDestination({ name: 'Only other', kind: 'capture', sourceIds: [other.id] });
    const otherAuth = `Basic ${Buffer.from(`${other.writeKey}:`).toString('base64')}`;
    expect((await send(t, '/v1/track', { userId: 'src', event: 'default source', messageId: 'src-default' })).text).toBe('OK');
    expect((await send(t, '/v1/track', { userId: 'src', event: 'other source', messageId: 'src-other' }, { authorization: otherAuth })).text).toBe('OK');
    // A later event of its source: the worker reads in stored order, so once that one is delivered
    // an event of the default source stored before it would have been delivered too (no sleep).
    expect((await send(t, '/v1/track', { userId: 'src', event: 'other source', messageId: 'src-other-2' }, { authorization: otherAuth })).text).toBe('OK');
    const all = await eventually(async () => {
      const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${destination.id}&limit=50`);
      return body.deliveries.some((d: any) => d.messageId === 'src-other-2') ? (body.deliveries as any[]) : undefined;
    }, 15_000, 'the later event of its source delivered');
    expect(all.map((d) => d.messageId).sort()).toEqual(['src-other', 'src-other-2']);
    expect(all.every((d) => d.sourceId === other.id)).toBe(true);
  });
});

describe('integrations field', () => {
  it('honours All and per-destination switches (by name, then by kind)', async () => {
    const destination = await createDestination({ name: 'My Capture', kind: 'capture' });
    const cases: [string, unknown, string][] = [
      ['int-none', undefined, 'delivered'],
      ['int-all-false', { All: false }, 'filtered'],
      ['int-all-false-named', { All: false, 'My Capture': true }, 'delivered'],
      ['int-named-off', { All: true, 'My Capture': false }, 'filtered'],
      ['int-kind-off', { Capture: false }, 'filtered'],
      ['int-other-off', { 'Google Analytics': false }, 'delivered'],
      ['int-options', { All: false, 'My Capture': { apiKey: 'x' } }, 'delivered'],
    ];
    const { body: before } = await t.call('GET', `/studio/api/destinations/${destination.id}`);
    expect(before.delivery.pending).toBe(0);
    await send(t, '/v1/batch', { batch: cases.map(([messageId, integrations]) => ({ type: 'track', userId: 'int', event: 'x', messageId, integrations })) });
    const results = await deliveries(destination.id, cases.length);
    for (const [messageId, , status] of cases) {
      const result = results.find((d) => d.messageId === messageId);
      expect({ messageId, status: result?.status }).toEqual({ messageId, status });
      if (status === 'filtered') expect(result.output).toBeNull();
    }
  });
});

describe('file destination', () => {
  it('appends each output as one NDJSON line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-file-'));
    const path = join(dir, 'nested', 'events.ndjson');
    const destination = await createDestination({ name: 'NDJSON', kind: 'file', config: { path } });
    await send(t, '/v1/batch', { batch: Array.from({ length: 25 }, (_, i) => ({ type: 'track', userId: 'file', event: 'F', messageId: `file-${i}` })) });
    await send(t, '/v1/identify', { userId: 'file', messageId: 'file-25' });
    await deliveries(destination.id, 26, 'delivered');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(26);
    expect(lines.map((l) => JSON.parse(l).messageId)).toEqual(Array.from({ length: 26 }, (_, i) => `file-${i}`));
    expect(JSON.parse(lines[25]!).type).toBe('identify');
  });

  it('writes relative paths under the data directory and repairs a cut-off last line', async () => {
    const path = join(t.dataDir, 'exports', 'relative.ndjson');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(t.dataDir, 'exports'), { recursive: true });
    writeFileSync(path, '{"cut":');
    const destination = await createDestination({ name: 'Relative', kind: 'file', config: { path: 'exports/relative.ndjson' } });
    await send(t, '/v1/track', { userId: 'rel', event: 'R', messageId: 'rel-1' });
    await deliveries(destination.id, 1, 'delivered');
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8').split('\n')[1]).toContain('"messageId":"rel-1"');
  });
});

describe('webhook destination', () => {
  // One attempt per round, the next on the destination's schedule (here 100 ms): maxAttempts counts them all.
  it('POSTs each output as JSON with its headers, retrying 5xx on its schedule', async () => {
    const hook = await webhookServer((n) => (n === 1 ? 503 : 200));
    try {
      const destination = await createDestination({
        name: 'Hook',
        kind: 'webhook',
        config: { url: hook.url, headers: { 'x-api-key': 'secret' }, maxAttempts: 3, retryMinBackoffMs: 100, retryMaxBackoffMs: 100 },
      });
      await send(t, '/v1/track', { userId: 'hook', event: 'Ordered', messageId: 'hook-1', properties: { total: 5 } });
      const [result] = await deliveries(destination.id, 1, 'delivered');
      expect(result.status).toBe('delivered');
      expect(result.attempts).toBe(2);
      expect(hook.received).toHaveLength(1);
      expect(hook.received[0]!.method).toBe('POST');
      expect(hook.received[0]!.headers['x-api-key']).toBe('secret');
      expect(hook.received[0]!.headers['content-type']).toBe('application/json');
      expect(hook.received[0]!.body).toMatchObject({ messageId: 'hook-1', event: 'Ordered', properties: { total: 5 }, type: 'track' });
    } finally {
      await hook.close();
    }
  });

  it('fails without retrying on 4xx, and gives up after maxAttempts on 5xx', async () => {
    const asked: string[] = [];
    const hook = await webhookServer((_n, body) => (asked.push(body.messageId), body.event === 'Bad' ? 422 : 500));
    try {
      const destination = await createDestination({ name: 'Failing hook', kind: 'webhook', config: { url: hook.url, maxAttempts: 3, retryMinBackoffMs: 100, retryMaxBackoffMs: 100 } });
      await send(t, '/v1/batch', {
        batch: [
          { type: 'track', userId: 'fail', event: 'Bad', messageId: 'bad-1' },
          { type: 'track', userId: 'fail', event: 'Down', messageId: 'down-1' },
        ],
      });
      const results = await eventually(async () => {
        const all = await deliveries(destination.id, 2);
        return all.find((d) => d.messageId === 'down-1')?.retry?.state === 'gave-up' ? all : undefined;
      }, 15_000, 'down-1 given up');
      const bad = results.find((d) => d.messageId === 'bad-1');
      const down = results.find((d) => d.messageId === 'down-1');
      expect(bad).toMatchObject({ status: 'failed', attempts: 1, retry: null });
      expect(bad.error).toMatch(/^HTTP 422: nope 422/);
      expect(down).toMatchObject({ status: 'failed', attempts: 3, retry: { state: 'gave-up', attempts: 3, maxAttempts: 3, nextAttemptAt: null } });
      expect(down.error).toMatch(/^HTTP 500/);
      expect(asked.filter((id) => id === 'down-1')).toHaveLength(3); // three attempts in total, not three per round
      const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${destination.id}&status=failed`);
      expect(body.deliveries).toHaveLength(2);
    } finally {
      await hook.close();
    }
  });

  it('records a network failure when nothing listens', async () => {
    const destination = await createDestination({ name: 'Nowhere', kind: 'webhook', config: { url: 'http://127.0.0.1:9/x', maxAttempts: 2, retryMinBackoffMs: 100 } });
    await send(t, '/v1/track', { userId: 'nowhere', event: 'x', messageId: 'nowhere-1' });
    const result = await eventually(async () => (await deliveries(destination.id, 1)).find((d) => d.attempts === 2), 15_000, 'the second attempt');
    expect(result.status).toBe('failed');
    expect(result.attempts).toBe(2);
    expect(result.error).toMatch(/request failed/);
  });
});

describe('disabled destination', () => {
  it('keeps its queue while disabled and delivers when enabled again', async () => {
    const destination = await createDestination({ name: 'Paused', kind: 'capture', enabled: false });
    // An enabled destination of the same source, woken by the same capture: once it has delivered
    // the event, the disabled one had its chance to (wrongly) deliver it too (no sleep).
    const witness = await createDestination({ name: 'Enabled witness', kind: 'capture' });
    await send(t, '/v1/track', { userId: 'paused', event: 'x', messageId: 'paused-1' });
    expect((await deliveries(witness.id, 1))[0].messageId).toBe('paused-1');
    expect((await t.call('GET', `/studio/api/deliveries?destinationId=${destination.id}&limit=50`)).body.deliveries).toEqual([]);
    const { body: paused } = await t.call('GET', `/studio/api/destinations/${destination.id}`);
    expect(paused.delivery.pending).toBe(1);
    expect(paused.delivery.state).toBe('paused');
    expect((await t.call('PATCH', `/studio/api/destinations/${destination.id}`, { enabled: true })).status).toBe(200);
    const [result] = await deliveries(destination.id, 1);
    expect(result.messageId).toBe('paused-1');
  });
});

describe('queue start', () => {
  it('starts with new events by default, or with every stored event (from: beginning)', async () => {
    await send(t, '/v1/track', { userId: 'backfill', event: 'old', messageId: 'backfill-old' });
    const fresh = await createDestination({ name: 'From now', kind: 'capture' });
    const all = await createDestination({ name: 'From beginning', kind: 'capture', from: 'beginning' });
    await send(t, '/v1/track', { userId: 'backfill', event: 'new', messageId: 'backfill-new' });
    const freshResults = await deliveries(fresh.id, 1);
    expect(freshResults.map((d) => d.messageId)).toEqual(['backfill-new']);
    const allResults = await deliveries(all.id, 3);
    expect(allResults.map((d) => d.messageId)).toEqual(expect.arrayContaining(['backfill-old', 'backfill-new']));
  });
});
