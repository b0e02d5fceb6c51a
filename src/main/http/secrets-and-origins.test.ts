import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, eventually, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// Issue #39's findings on the HTTP side, each against the real server: a webhook URL's password
// in error texts (answers, rows, log), a cross-origin POST without a Content-Type, the 401's
// invitation to browser-cached Basic credentials, the log's mode after rotation, two Host headers.

let t: TestStudio;
let receiver: Server;
const authorizations: (string | undefined)[] = [];
const LOG_ROTATION = { maxBytes: 16 * 1024, files: 3 };

beforeAll(async () => {
  t = await startTestStudio({ logToFile: true, http: { logRotation: LOG_ROTATION } });
  receiver = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume().on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const SECRET = 'Pw9SECRETzq';

describe("a webhook URL's password", () => {
  it('appears in no answer, no row, no WAL page and no log line, even when the delivery fails', async () => {
    // Port 9 (discard) refuses: every attempt fails with an error text.
    const failing = await callOk(t, 'POST', '/studio/api/destinations', {
      name: 'login hook',
      kind: 'webhook',
      config: { url: `http://hook-user:${SECRET}@127.0.0.1:9/h`, maxAttempts: 2, backoffMs: 0, retryMaxAgeMs: 0 },
    });
    await callOk(t, 'POST', '/transformations?publish=true', { name: 'Pass', code: 'export function transformEvent(e) { return e; }', events: [{ type: 'track', event: 'x' }], destinationIds: [failing.id] });
    expect((await send(t, '/v1/batch', { batch: [{ type: 'track', event: 'E', userId: 'u', messageId: 'secret-1' }] })).status).toBe(200);
    const rows = await eventually(
      async () => {
        const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${failing.id}`);
        return body.deliveries.length > 0 && body.deliveries[0].status !== 'pending' ? body.deliveries : undefined;
      },
      30_000,
      'the failed delivery',
    );
    expect(rows[0].error).toBeTruthy();
    const answers = [
      JSON.stringify(rows),
      (await t.call('GET', '/studio/api/destinations')).text,
      (await t.call('GET', `/studio/api/destinations/${failing.id}`)).text,
      (await t.call('GET', `/studio/api/deliveries?destinationId=${failing.id}&status=failed`)).text,
    ];
    for (const answer of answers) expect(answer).not.toContain(SECRET);
    // Every file of the data folder: the database, its WAL, the log (and rotated logs).
    const files = [...readdirSync(t.dataDir).map((f) => join(t.dataDir, f)), ...readdirSync(join(t.dataDir, 'logs')).map((f) => join(t.dataDir, 'logs', f))];
    const read = files.filter((f) => statSync(f).isFile());
    expect(read.map((f) => f.split('/').pop())).toEqual(expect.arrayContaining(['studio.db', 'studio.db-wal', 'studio.log']));
    for (const file of read) expect(readFileSync(file).includes(SECRET), file).toBe(false);
  }, 60_000);

  it('is sent as a Basic Authorization header, so such a webhook delivers', async () => {
    const port = (receiver.address() as { port: number }).port;
    const hook = await callOk(t, 'POST', '/studio/api/destinations', { name: 'login hook 2', kind: 'webhook', config: { url: `http://hook-user:p%40ss@127.0.0.1:${port}/in` } });
    await callOk(t, 'POST', '/transformations?publish=true', { name: 'Pass 2', code: 'export function transformEvent(e) { return e; }', events: [{ type: 'track', event: 'x' }], destinationIds: [hook.id] });
    expect((await send(t, '/v1/batch', { batch: [{ type: 'track', event: 'E', userId: 'u', messageId: 'secret-2' }] })).status).toBe(200);
    const rows = await eventually(
      async () => {
        const { body } = await t.call('GET', `/studio/api/deliveries?destinationId=${hook.id}`);
        return body.deliveries.find((d: { status: string }) => d.status === 'delivered') ? body.deliveries : undefined;
      },
      30_000,
      'the delivery',
    );
    expect(rows[0].status).toBe('delivered');
    expect(authorizations).toContain(`Basic ${Buffer.from('hook-user:p@ss').toString('base64')}`);
  }, 60_000);
});

describe('cross-origin requests', () => {
  it('are refused on state-changing routes whatever their Content-Type (none included)', async () => {
    const dest = await callOk(t, 'POST', '/studio/api/destinations', { name: 'csrf target 2', kind: 'capture' });
    const paths = [`/studio/api/destinations/${dest.id}/retry`, '/studio/api/saved-tests/run', '/studio/api/schema/rebuild'];
    for (const path of paths) {
      // A body-less POST a page elsewhere may send without a preflight: no Content-Type at all.
      for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:1']) {
        const r = await t.call('POST', path, undefined, { origin });
        expect(r.status, `${path} from ${origin}`).toBe(403);
        expect(r.body.error).toMatch(/refused/);
      }
      // The studio's own page sends its own origin.
      const own = await t.call('POST', path, undefined, { origin: new URL(t.url).origin });
      expect(own.status, `${path} from the studio's page: ${own.text}`).not.toBe(403);
    }
  });
});

describe('the 401 of an API route', () => {
  it('does not invite the browser to ask for Basic credentials', async () => {
    for (const path of ['/studio/api/info', '/transformations', '/studio/api/destinations']) {
      const r = await fetch(`${t.url}${path}`);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate'), path).toBeNull();
    }
  });
});

describe('the log file', () => {
  it('has one line per answered request: its method, path without the query, status and time', async () => {
    const marker = `marker-${Date.now()}`;
    expect((await fetch(`${t.url}/studio/api/info/${marker}?writeKey=query-secret`, { headers: { authorization: t.auth } })).status).toBe(404);
    const dir = join(t.dataDir, 'logs');
    const lines = readdirSync(dir)
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
      .filter((line) => line.includes(marker))
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: `/studio/api/info/${marker}` }, res: { statusCode: 404 } });
    expect(lines[0].responseTime).toBeGreaterThan(0);
    expect(JSON.stringify(lines[0])).not.toContain('query-secret');
  });

  it('stays 0600 after rotation', async () => {
    for (let i = 0; i < 300; i++) await fetch(`${t.url}/studio/api/info`);
    const dir = join(t.dataDir, 'logs');
    const files = readdirSync(dir).filter((f) => f.startsWith('studio.log'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect((statSync(join(dir, file)).mode & 0o777).toString(8), file).toBe('600');
  }, 60_000);
});

/** A request with exactly the given header lines (fetch and node:http keep one Host). */
function rawHttp(lines: string[]): Promise<string> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(`${lines.join('\r\n')}\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('the Host header', () => {
  it('is refused when given twice, on the API and the event API alike', async () => {
    const host = new URL(t.url).host;
    for (const path of ['/studio/api/info', '/v1/batch', '/']) {
      const answer = await rawHttp([`GET ${path} HTTP/1.1`, `Host: ${host}`, 'Host: evil.example', `Authorization: ${t.auth}`, 'Connection: close']);
      expect(answer.split('\r\n')[0], path).toBe('HTTP/1.1 400 Bad Request');
      expect(answer).toContain('2 Host headers');
    }
    const one = await rawHttp([`GET /studio/api/info HTTP/1.1`, `Host: ${host}`, `Authorization: ${t.auth}`, 'Connection: close']);
    expect(one.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});
