import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { rawRequest, startTestStudio, TEST_EMAIL, TEST_TOKEN, type TestStudio } from '../testing/harness';

// Findings of an attacker's probe of the HTTP side (issue #29, item 4), each against the real
// server: cross-site simple requests, URL passwords of webhooks, the log's size, a refused large
// body, deeply nested JSON, and sign-in checks (work per check, and a flood of them).

let t: TestStudio;
const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
const LOG_ROTATION = { maxBytes: 64 * 1024, files: 3 };

beforeAll(async () => {
  t = await startTestStudio({ logToFile: true, http: { logRotation: LOG_ROTATION } });
});
afterAll(() => t.close());

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('state-changing routes take JSON only', () => {
  it('refuses cross-site simple POSTs (text/plain, form) and requests a browser marks as cross-site', async () => {
    const dest = await t.call('POST', '/studio/api/destinations', { name: 'csrf target', kind: 'capture' });
    expect(dest.status).toBe(200);
    for (const path of [`/studio/api/destinations/${dest.body.id}/retry`, '/studio/api/saved-tests/run']) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const r = await t.call('POST', path, '{}', { 'content-type': type });
        expect(r.status, `${path} ${type}`).toBe(400);
        expect(r.body.error).toMatch(/Content-Type .*application\/json/);
      }
      const cross = await t.call('POST', path, undefined, { 'sec-fetch-site': 'cross-site' });
      expect(cross.status, path).toBe(403);
      // The studio's own page: no body and no type, or JSON.
      expect((await t.call('POST', path)).status, path).toBe(200);
      expect((await t.call('POST', path, '{}', { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' })).status, path).toBe(200);
    }
  });
});

describe('a password in a webhook URL is a secret', () => {
  it('is sealed at rest, masked in answers and exports, and kept when the masked URL comes back', async () => {
    const url = 'https://hook-user:S3cretPASS@hooks.example/in?x=1';
    const created = await t.call('POST', '/studio/api/destinations', { name: 'with login', kind: 'webhook', enabled: false, config: { url } });
    expect(created.status).toBe(200);
    expect(created.text).not.toContain('S3cretPASS');
    expect(created.body.config.url).toBe('https://hook-user:••••@hooks.example/in?x=1');
    const listed = await t.call('GET', '/studio/api/destinations');
    expect(listed.text).not.toContain('S3cretPASS');
    const exported = await t.call('POST', '/studio/api/backup/export', { includeSecrets: false });
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain('S3cretPASS');
    // Edited with the URL as shown: the stored password stays (the delivery still has it).
    const edited = await t.call('PATCH', `/studio/api/destinations/${created.body.id}`, { name: 'with login 2', config: { ...created.body.config } });
    expect(edited.status, edited.text).toBe(200);
    const db = new Database(join(t.dataDir, 'studio.db'), { readonly: true });
    try {
      const row = db.prepare('SELECT config FROM destinations WHERE id = ?').get(created.body.id) as { config: string };
      expect(row.config).not.toContain('S3cretPASS');
      expect(row.config).toContain('enc:v1:');
    } finally {
      db.close();
    }
    const opened = await t.call('GET', `/studio/api/destinations/${created.body.id}`);
    expect(opened.body.config.url).toBe('https://hook-user:••••@hooks.example/in?x=1');
  });
});

describe('the log rotates by size', () => {
  it('keeps a few files of bounded size however many requests are refused', async () => {
    for (let i = 0; i < 600; i++) {
      const r = await fetch(`${t.url}/studio/api/info`, { headers: { authorization: basic('nobody@example.com', `wrong-${i % 3}`) } });
      expect(r.status).toBe(401);
    }
    const dir = join(t.dataDir, 'logs');
    const files = readdirSync(dir).filter((f) => f.startsWith('studio.log'));
    expect(files.sort()).toEqual(['studio.log', 'studio.log.1', 'studio.log.2']);
    for (const file of files) expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(LOG_ROTATION.maxBytes);
  }, 60_000);
});

describe('a body over the limit', () => {
  it('gets its 400 with Node fetch every time, never a reset (length given, and streamed)', async () => {
    const chunk = Buffer.from(`{"name":"x","code":"${'y'.repeat(1024 * 1024)}`);
    const post = (body: Buffer | ReadableStream) =>
      fetch(`${t.url}/transformations`, { method: 'POST', headers: { authorization: t.auth, 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    // 20 MB (the limit is 4 MB) with a Content-Length, and streamed a piece every few ms (the
    // limit is seen while the client still sends: on today's main the connection resets).
    const whole = Buffer.concat(Array.from({ length: 20 }, () => chunk));
    const trickled = () => {
      let sent = 0;
      return new ReadableStream({
        pull: async (c) => {
          await new Promise((resolve) => setTimeout(resolve, 3));
          if (sent++ < 20) c.enqueue(chunk);
          else c.close();
        },
      });
    };
    for (let i = 0; i < 6; i++) {
      const r = await post(i % 3 === 0 ? whole : trickled());
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: string }).error).toMatch(/too large/);
    }
    expect((await t.call('GET', '/studio/api/info')).status).toBe(200);
  }, 60_000);
});

describe('deeply nested JSON', () => {
  const CODE = 'export function transformEvent(e) { return e; }';
  it('a test event nested 10,000 deep is a 400, not a 500 (run, saved, appended)', async () => {
    const created = await t.call('POST', '/transformations', { name: 'deep events', code: CODE });
    expect(created.status).toBe(200);
    const saved = `/studio/api/transformations/${created.body.id}/test-events`;
    for (const depth of [10_000, 50_000]) {
      const requests: [string, string, string][] = [
        ['POST', '/studio/api/test', `{"code":${JSON.stringify(CODE)},"events":[${deep(depth)}]}`],
        ['PUT', saved, `{"events":[${deep(depth)}]}`],
        ['POST', saved, `{"events":[${deep(depth)}]}`],
      ];
      for (const [method, path, body] of requests) {
        const r = await t.call(method, path, body, { 'content-type': 'application/json' });
        expect(r.status, `${method} ${path} ${depth}: ${r.text.slice(0, 200)}`).toBe(400);
        expect(r.body.error).toEqual(expect.any(String));
      }
    }
    expect((await t.call('GET', saved)).status).toBe(200);
  });

  it('an output nested 5,000 deep is an error result or a 400, never a 500', async () => {
    const code = 'export function transformEvent(e) { let o = { end: true }; for (let i = 0; i < e.depth; i++) o = { o }; return o; }';
    for (const depth of [5_000, 20_000]) {
      const r = await t.call('POST', '/studio/api/test', { code, events: [{ messageId: 'm', depth }] });
      expect(r.status, r.text.slice(0, 200)).toBeLessThan(500);
      if (r.status === 200) expect(r.body.transformedEvents[0].error).toEqual(expect.any(String));
    }
    expect((await t.call('GET', '/studio/api/info')).status).toBe(200);
  });
});

describe('sign-in checks', () => {
  const check = async (email: string, token: string) => {
    const started = performance.now();
    const r = await fetch(`${t.url}/studio/api/info`, { headers: { authorization: basic(email, token) } });
    expect(r.status).toBe(401);
    return performance.now() - started;
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('take the same work whether or not the e-mail is the account', async () => {
    // Ratio of adjacent measurements (fresh tokens each: refused ones are remembered).
    const ratios: number[] = [];
    for (let i = 0; i < 5; i++) ratios.push((await check(`other${i}@example.com`, `t${i}`)) / (await check(TEST_EMAIL, `t${i}`)));
    // On today's main a wrong e-mail answers ~80x faster (no scrypt); equal work gives ~1.
    expect(median(ratios)).toBeGreaterThan(0.4);
  }, 60_000);

  it('a flood of wrong logins is bounded: some are refused at once, the UI keeps answering', async () => {
    const flood = Array.from({ length: 60 }, (_, i) =>
      fetch(`${t.url}/studio/api/info`, { headers: { authorization: basic(`flood${i}@example.com`, `x${i}`) } }).then((r) => r.status),
    );
    const health = await rawRequest(t.url, { path: '/studio/health', headers: { host: new URL(t.url).host } });
    expect(health.status).toBe(200);
    const statuses = await Promise.all(flood);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The right login still works after the flood.
    expect((await fetch(`${t.url}/studio/api/info`, { headers: { authorization: basic(TEST_EMAIL, TEST_TOKEN) } })).status).toBe(200);
  }, 60_000);
});
