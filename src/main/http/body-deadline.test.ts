import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

// A client trickling its body (one byte every 200 ms) is answered 408 with a reason and its
// connection closed, on a Fastify route and on the node:http event API alike. The limits are
// lowered through the server options so the test takes seconds, not the default 30 s.

interface SlowResult {
  answer: string;
  closed: boolean;
  sentBytes: number;
  elapsedMs: number;
}

function slowRequest(url: string, path: string, headers: Record<string, string>, body: string): Promise<SlowResult> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(Number(port), hostname);
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const give = (closed: boolean) => {
      clearInterval(timer);
      resolve({ answer, closed, sentBytes: sent, elapsedMs: Date.now() - started });
    };
    const guard = setTimeout(() => {
      socket.destroy();
      give(false);
    }, 15_000);
    socket.on('connect', () => {
      const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= body.length || socket.destroyed) return clearInterval(timer);
        socket.write(body[sent++]!, () => undefined);
      }, 200);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(guard);
      give(true);
    });
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

describe('request body deadline and minimum rate', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio({ http: { bodyTimeouts: { deadlineMs: 4_000, minBytesPerSecond: 100, graceMs: 1_000, checkIntervalMs: 250 } } });
  });
  afterAll(() => t.close());

  const body = JSON.stringify({ code: 'export function transformEvent(e) { return e; }', events: [{ type: 'track', event: 'x', pad: 'p'.repeat(400) }] });

  it('cuts off a slow body on a Fastify route (/studio/api/test) with a 408 that says why, and closes the connection', async () => {
    const result = await slowRequest(t.url, '/studio/api/test', { authorization: t.auth, 'content-type': 'application/json' }, body);
    expect(result.answer, JSON.stringify(result)).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer.toLowerCase()).toContain('connection: close');
    expect(result.answer).toContain('slower than 100 bytes per second');
    expect(JSON.parse(result.answer.slice(result.answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'request_timeout' });
    expect(result.closed).toBe(true);
    expect(result.sentBytes).toBeLessThan(body.length);
    expect(result.elapsedMs).toBeLessThan(5_000);
  }, 20_000);

  it('cuts off a slow body on the event API (/v1/track)', async () => {
    const event = JSON.stringify({ userId: 'u1', event: 'Slow', properties: { pad: 'p'.repeat(400) } });
    const result = await slowRequest(t.url, '/v1/track', { authorization: t.writeKeyAuth, 'content-type': 'application/json' }, event);
    expect(result.answer, JSON.stringify(result)).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('request timeout: the body arrived slower than 100 bytes per second');
    expect(result.closed).toBe(true);
    expect(result.sentBytes).toBeLessThan(event.length);
  }, 20_000);

  it('cuts off a body that keeps the minimum rate but misses the deadline', async () => {
    const fast = await startTestStudio({ http: { bodyTimeouts: { deadlineMs: 1_500, minBytesPerSecond: 1, graceMs: 100, checkIntervalMs: 250 } } });
    try {
      const result = await slowRequest(fast.url, '/studio/api/test', { authorization: fast.auth, 'content-type': 'application/json' }, body);
      expect(result.answer, JSON.stringify(result)).toMatch(/^HTTP\/1\.1 408 /);
      expect(result.answer).toContain('did not arrive within 1.5 s');
      expect(result.closed).toBe(true);
    } finally {
      await fast.close();
    }
  }, 20_000);

  it('normal requests still pass and the server keeps answering', async () => {
    const answer = await t.call('POST', '/studio/api/test', JSON.parse(body));
    expect(answer.status).toBe(200);
    const track = await fetch(`${t.url}/v1/track`, { method: 'POST', headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'u', event: 'ok' }) });
    expect(track.status).toBe(200);
  }, 20_000);
});
