import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_WRITE_KEY, startTestStudio, type TestStudio } from '../../testing/harness';
import { batchOfSize, listEvents } from '../../testing/event-helpers';

// What the SDKs send beyond plain JSON: compressed bodies (the Node SDK gzips by default),
// navigator.sendBeacon uploads, the JavaScript SDK's control-plane request, and oversized
// uploads that must get their 400 rather than a reset.

let t: TestStudio;
// 256 MB of zeros gzipped (250 KB), made before the server starts: made inside its test (seconds
// on a loaded machine), the connection the previous test left idle reached the server's keep-alive
// timeout as fetch sent the bomb on it, and the client read a reset (a clean-clone CI at load 20).
let bomb: Buffer;
beforeAll(async () => {
  bomb = gzipSync(Buffer.alloc(256 * 1024 * 1024), { level: 9 });
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: Buffer | string, headers: Record<string, string>) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({
    status: r.status,
    text: await r.text(),
    headers: r.headers,
  }));
const byMessageId = async (id: string) => (await listEvents(t, `messageId=${id}`)).events;

describe('compressed bodies', () => {
  it('stores a gzip batch and a deflate call as if sent plain', async () => {
    const batch = { batch: [{ type: 'track', event: 'Zipped', userId: 'gz', messageId: 'gz-1' }] };
    const gz = await post('/v1/batch', gzipSync(JSON.stringify(batch)), { 'content-encoding': 'gzip' });
    expect(gz).toMatchObject({ status: 200, text: 'OK' });
    expect((await byMessageId('gz-1'))[0].event).toMatchObject({ event: 'Zipped', userId: 'gz' });
    const df = await post('/v1/track', deflateSync(JSON.stringify({ event: 'Deflated', userId: 'df', messageId: 'df-1' })), { 'content-encoding': 'deflate' });
    expect(df).toMatchObject({ status: 200, text: 'OK' });
    expect(await byMessageId('df-1')).toHaveLength(1);
  });

  it('applies the limits to the decoded size: a 4 MB batch gzipped passes, one byte more is refused', async () => {
    const exact = batchOfSize({ type: 'track', event: 'big', userId: 'limit-gz' }, 200, 4 * 1024 * 1024);
    expect((await post('/v1/batch', gzipSync(exact), { 'content-encoding': 'gzip' })).status).toBe(200);
    const over = batchOfSize({ type: 'track', event: 'big', userId: 'limit-gz' }, 200, 4 * 1024 * 1024 + 1);
    const refused = await post('/v1/batch', gzipSync(over), { 'content-encoding': 'gzip' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/size exceeds max limit/);
  });

  it('refuses a gzip bomb (256 MB of zeros in 250 KB) with the size 400 and no memory growth', async () => {
    expect(bomb.length).toBeLessThan(300 * 1024);
    const before = process.memoryUsage().rss;
    const answer = await post('/v1/batch', bomb, { 'content-encoding': 'gzip' });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/size exceeds max limit/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('says what is wrong with a corrupt or unsupported encoding', async () => {
    const corrupt = await post('/v1/track', Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    expect(corrupt.status).toBe(400);
    expect(corrupt.text).toMatch(/^invalid gzip body: /);
    const br = await post('/v1/track', Buffer.from('{}'), { 'content-encoding': 'br' });
    expect(br).toMatchObject({ status: 400, text: 'unsupported content-encoding "br": send the body as is, gzip or deflate' });
  });
});

describe('beacon', () => {
  it('takes the write key from the query and a text/plain JSON body, as navigator.sendBeacon sends it', async () => {
    const body = JSON.stringify({ batch: [{ type: 'track', event: 'Beaconed', anonymousId: 'b', messageId: 'beacon-1' }] });
    const answer = await fetch(`${t.url}/beacon/v1/batch?writeKey=${TEST_WRITE_KEY}`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example' }, body });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(await byMessageId('beacon-1')).toHaveLength(1);
    const bad = await fetch(`${t.url}/beacon/v1/batch?writeKey=nope`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('invalid write key');
  });
});

describe('source config (the JavaScript SDK control plane)', () => {
  it('answers the source for the write key with CORS, as the SDK validates it', async () => {
    const answer = await fetch(`${t.url}/sourceConfig/?p=npm&v=3.34.1&build=modern&writeKey=${TEST_WRITE_KEY}&lockIntegrationsVersion=false&lockPluginsVersion=false`, {
      headers: { origin: 'https://shop.example', authorization: t.writeKeyAuth },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    const config = (await answer.json()) as { source: { id: string; enabled: boolean; config: object; destinations: unknown[]; writeKey: string } };
    // The SDK's isValidSourceConfig: source object, source.id, source.config object, source.destinations array.
    expect(typeof config.source.id).toBe('string');
    expect(config.source.enabled).toBe(true);
    expect(config.source.config).toBeTypeOf('object');
    expect(config.source.destinations).toEqual([]);
    expect(config.source.writeKey).toBe(TEST_WRITE_KEY);
  });

  it('allows the preflight with Authorization and refuses unknown keys with a 400 that says so', async () => {
    const pre = await fetch(`${t.url}/sourceConfig/?writeKey=x`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
    const unknown = await fetch(`${t.url}/sourceConfig/?writeKey=nope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('invalid write key');
  });
});

describe('oversized uploads', () => {
  const upload = (size: number) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const url = new URL(`${t.url}/v1/batch`);
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json', 'content-length': size } });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += part.length;
          if (!req.write(part)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });

  it('answers every over-4 MB upload with the 400, never a reset (Node http, 25 times)', async () => {
    for (let i = 0; i < 25; i++) {
      const answer = await upload(6 * 1024 * 1024);
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/size exceeds max limit/);
    }
  });

  it("answers Node's fetch the same way (50 times, a 5 MB JSON batch each)", async () => {
    const body = batchOfSize({ type: 'track', event: 'big', userId: 'over-fetch' }, 400, 5 * 1024 * 1024);
    for (let i = 0; i < 50; i++) {
      const answer = await post('/v1/batch', body, {});
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/size exceeds max limit/);
    }
  }, 120_000);

  it('answers curl the same way (50 times)', async () => {
    const file = `${tmpdir()}/over-4mb-${process.pid}.json`;
    writeFileSync(file, Buffer.alloc(5 * 1024 * 1024, 0x20));
    for (let i = 0; i < 50; i++) {
      // Async: the server runs in this process.
      const r = await promisify(execFile)('curl', ['-sS', '-o', '-', '-w', '\n%{http_code}', '-H', `Authorization: ${t.writeKeyAuth}`, '-H', 'Content-Type: application/json', '--data-binary', `@${file}`, `${t.url}/v1/batch`], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.stdout.trim().split('\n').pop()).toBe('400');
    }
  }, 120_000);
});
