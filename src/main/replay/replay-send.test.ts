import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { startHeadless, type HeadlessProcess } from '../testing/spawn-headless';
import { capture, ok, trackEvents } from '../testing/replay-support';

const REMOTE_AUTH = `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A loopback proxy in front of the remote that holds every /v1/batch request after the first until
 * released: a send's progress stops after its first chunk, whatever the machine's speed. Once
 * released it forwards all; a request the remote does not take (it is down) loses its connection.
 */
async function holdAfterFirstBatch(target: () => string) {
  let batches = 0;
  let released = false;
  const held: (() => void)[] = [];
  const server: Server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = () => {
        const upstream = request(new URL(req.url!, target()), { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(chunks));
      };
      if (!released && req.url!.startsWith('/v1/batch') && ++batches > 1) held.push(forward);
      else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    release(): void {
      released = true;
      for (const forward of held.splice(0)) forward();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function remoteMessageIds(url: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await fetch(`${url}/studio/api/events?limit=500&event=Send${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: REMOTE_AUTH } });
    const page = (await response.json()) as { events: { messageId: string }[]; next: string | null };
    ids.push(...page.events.map((e) => e.messageId));
    cursor = page.next;
  } while (cursor);
  return ids;
}

async function waitForSend(t: TestStudio, id: string, until: (s: any) => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const send = await ok(t, 'GET', `/studio/api/replay/sends/${id}`);
    if (until(send)) return send;
    if (Date.now() > deadline) throw new Error(`send did not get there: ${JSON.stringify(send)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('send to a remote data plane (integration, a second headless host)', () => {
  let t: TestStudio;
  let remote: HeadlessProcess;
  let port: number;
  const remoteDir = mkdtempSync(join(tmpdir(), 'studio-remote-'));
  const startRemote = async () => (remote = await startHeadless({ dataDir: remoteDir, args: ['--port', String(port)] }));

  beforeAll(async () => {
    t = await startTestStudio();
    port = await freePort();
    await startRemote();
  }, 60_000);
  afterAll(async () => {
    await remote?.stop();
    await t.close();
    rmSync(remoteDir, { recursive: true, force: true });
  });

  it('sends with a rate limit; the remote dies mid-run; a retry sends only what it did not accept; 4xx reported, not retried', async () => {
    const proxy = await holdAfterFirstBatch(() => remote.url);
    const events = trackEvents(300, (i) => ({ event: 'Send', messageId: `send-${i}` }));
    (events as Record<string, unknown>[])[250] = { type: 'track', event: 'Send', messageId: 'send-250', properties: {} }; // no userId/anonymousId: 400
    const send = await ok(t, 'POST', '/studio/api/replay/sends', {
      source: { kind: 'file', events },
      target: { kind: 'remote', url: proxy.url, writeKey: 'cli-write-key' },
      ratePerSecond: 200,
    });
    expect(send).toMatchObject({ status: 'running', total: 300, target: { kind: 'remote' } });
    // The proxy holds the second chunk: the remote dies with the first one accepted.
    await waitForSend(t, send.id, (s) => s.counts.accepted >= 100);
    expect(await remote.stop('SIGKILL')).toBeNull();
    proxy.release();
    const failed = await waitForSend(t, send.id, (s) => s.status === 'done');
    expect(failed.counts).toEqual({ pending: 0, accepted: 100, rejected: 0, failed: 200 });
    const failures = await ok(t, 'GET', `/studio/api/replay/sends/${send.id}/results?status=failed&limit=1`);
    expect(failures.results[0]).toMatchObject({ status: 'failed', attempts: 4 });
    expect(failures.results[0].error).toMatch(/gave up after 4 attempts/);

    await startRemote();
    await ok(t, 'POST', `/studio/api/replay/sends/${send.id}/retry`);
    const retried = await waitForSend(t, send.id, (s) => s.status === 'done');
    expect(retried.counts).toEqual({ pending: 0, accepted: 299, rejected: 1, failed: 0 });
    const rejected = await ok(t, 'GET', `/studio/api/replay/sends/${send.id}/results?status=rejected`);
    // Attempts add up over the job: 4 while the remote was down, then 1: the 400 is not retried.
    expect(rejected.results).toEqual([{ position: 250, eventId: null, status: 'rejected', error: expect.stringMatching(/^HTTP 400.*neither has anonymousId nor userId/), attempts: 5 }]);
    const ids = await remoteMessageIds(remote.url);
    expect(ids).toHaveLength(299);
    expect(new Set(ids).size).toBe(299);
    // Nothing left to send: a second retry sends nothing.
    await ok(t, 'POST', `/studio/api/replay/sends/${send.id}/retry`);
    await waitForSend(t, send.id, (s) => s.status === 'done');
    expect(await remoteMessageIds(remote.url)).toHaveLength(299);
    await proxy.close();
  }, 90_000);

  it('re-sends captured events to the local event API through the pipeline', async () => {
    await capture(t, trackEvents(30, (i) => ({ event: 'Local', messageId: `local-${i}` })));
    const send = await ok(t, 'POST', '/studio/api/replay/sends', { source: { kind: 'filter', filter: { event: 'Local' } }, target: { kind: 'local' } });
    const done = await waitForSend(t, send.id, (s) => s.status === 'done');
    expect(done.counts).toEqual({ pending: 0, accepted: 30, rejected: 0, failed: 0 });
    const captured = await ok(t, 'GET', '/studio/api/events?event=Local&limit=500');
    expect(captured.events).toHaveLength(60);
  });

  it('refuses bad targets with 4xx', async () => {
    const bad = await t.call('POST', '/studio/api/replay/sends', { source: { kind: 'file', events: [{ type: 'track' }] }, target: { kind: 'remote', url: 'ftp://x', writeKey: 'k' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/http or https/);
    expect((await t.call('POST', '/studio/api/replay/sends/nope/retry')).status).toBe(404);
  });
});
