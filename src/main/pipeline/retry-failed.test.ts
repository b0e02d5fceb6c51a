import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// A failing webhook: lastError and counts in the destinations API; "retry failed" delivers
// the failed events again once the receiver is fixed.

let t: TestStudio;
let server: Server;
let failing = true;
const received: string[] = [];
beforeAll(async () => {
  t = await startTestStudio();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failing) return void res.writeHead(500).end('receiver is down');
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')).messageId);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('retry failed', () => {
  it('shows the failure, then delivers the failed events again', async () => {
    const port = (server.address() as { port: number }).port;
    const created = await t.call('POST', '/studio/api/destinations', { name: 'hook', kind: 'webhook', config: { url: `http://127.0.0.1:${port}/hook`, maxAttempts: 1 } });
    expect(created.status).toBe(200);
    const id = created.body.id;
    for (let i = 0; i < 3; i++) expect((await send(t, '/v1/track', { event: 'E', userId: 'u', messageId: `m${i}` })).text).toBe('OK');
    const failed = await eventually(async () => {
      const d = (await t.call('GET', `/studio/api/destinations/${id}`)).body;
      return d.delivery.counts.failed === 3 ? d : undefined;
    }, 15_000, 'three failures');
    expect(failed.delivery.lastError).toMatch(/500/);
    expect(failed.delivery.lastFailure.error).toMatch(/500/);
    expect(failed.delivery.lastSuccessAt).toBeNull();

    failing = false;
    const retry = await t.call('POST', `/studio/api/destinations/${id}/retry`);
    expect(retry.body.queued).toBe(3);
    const done = await eventually(async () => {
      const d = (await t.call('GET', `/studio/api/destinations/${id}`)).body;
      return d.delivery.counts.delivered === 3 ? d : undefined;
    }, 15_000, 'three deliveries');
    expect(done.delivery).toMatchObject({ counts: { delivered: 3, failed: 0 }, retrying: 0, lastError: null });
    expect(received.sort()).toEqual(['m0', 'm1', 'm2']);
    expect((await t.call('POST', '/studio/api/destinations/nope/retry')).status).toBe(404);
  });
});
