import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { eventually, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { KEY_FILE } from './master-key';
import { fileTokenStore } from '../sync/token-store';

// Secrets long enough to show their last 4 characters when masked, distinctive enough to grep for.
const WEBHOOK_AUTH = 'Bearer webhook-secret-Q7x9LmP2vK4n';
const API_KEY = 'header-api-key-Zr8TfW3yB6sH';
const DP_WRITE_KEY = 'dataplane-wk-N5cJ2hV8pX1q';
const CRED_VALUE = 'credential-value-G4kD9sL0mR7t';
const SECRETS = [WEBHOOK_AUTH, API_KEY, DP_WRITE_KEY, CRED_VALUE];

/** The raw bytes of the database and its WAL, as someone copying the data folder would read them. */
const rawDatabase = (dataDir: string) =>
  Buffer.concat(['studio.db', 'studio.db-wal'].filter((f) => existsSync(join(dataDir, f))).map((f) => readFileSync(join(dataDir, f))));

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
}

async function receiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('secrets at rest', () => {
  let t: TestStudio;
  let sink: Awaited<ReturnType<typeof receiver>>;
  let webhookId: string;
  let dataPlaneId: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    sink = await receiver();
    t = await startTestStudio({ logToFile: true });
    expect((await t.call('PUT', '/studio/api/credentials/api-key', { value: CRED_VALUE })).status).toBe(200);
    const webhook = await t.call('POST', '/studio/api/destinations', {
      name: 'Hook',
      kind: 'webhook',
      config: { url: `${sink.url}/hook`, headers: { Authorization: WEBHOOK_AUTH, 'X-Api-Key': API_KEY, 'X-Short': 'abc' } },
    });
    expect(webhook.status).toBe(200);
    webhookId = webhook.body.id;
    const dataPlane = await t.call('POST', '/studio/api/destinations', { name: 'Plane', kind: 'data-plane', config: { url: `${sink.url}/dp`, writeKey: DP_WRITE_KEY } });
    expect(dataPlane.status).toBe(200);
    dataPlaneId = dataPlane.body.id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('the database file and its WAL never hold a secret in plain text', () => {
    const raw = rawDatabase(t.dataDir);
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.includes('enc:v1:')).toBe(true);
    for (const secret of SECRETS) expect([secret, raw.includes(secret)]).toEqual([secret, false]);
  });

  it('API answers show destination secrets masked (last 4 characters of long values) and credentials never', async () => {
    const list = await t.call('GET', '/studio/api/destinations');
    const one = await t.call('GET', `/studio/api/destinations/${webhookId}`);
    const credentials = await t.call('GET', '/studio/api/credentials');
    for (const answer of [list, one, credentials]) {
      expect(answer.status).toBe(200);
      for (const secret of SECRETS) expect(answer.text).not.toContain(secret);
    }
    expect(one.body.config.headers).toEqual({ Authorization: `••••${WEBHOOK_AUTH.slice(-4)}`, 'X-Api-Key': `••••${API_KEY.slice(-4)}`, 'X-Short': '••••' });
    const plane = list.body.destinations.find((d: { id: string }) => d.id === dataPlaneId);
    expect(plane.config).toMatchObject({ writeKey: `••••${DP_WRITE_KEY.slice(-4)}`, hasWriteKey: true });
    expect(credentials.body.credentials[0].value).not.toContain(CRED_VALUE.slice(0, 8));
  });

  it('the pipeline delivers with the real secrets; an update that sends the masked values back keeps them', async () => {
    // Edit as the UI does: send the answer's (masked) config back with a changed field.
    const shown = (await t.call('GET', `/studio/api/destinations/${webhookId}`)).body;
    const patched = await t.call('PATCH', `/studio/api/destinations/${webhookId}`, { config: { ...shown.config, maxAttempts: 3 } });
    expect(patched.status).toBe(200);
    expect(patched.body.config.maxAttempts).toBe(3);
    const plane = (await t.call('GET', `/studio/api/destinations/${dataPlaneId}`)).body;
    const { writeKey: _masked, ...withoutKey } = plane.config;
    expect((await t.call('PATCH', `/studio/api/destinations/${dataPlaneId}`, { config: { ...withoutKey, maxAttempts: 2 } })).status).toBe(200);

    expect((await send(t, '/v1/track', { userId: 'u1', event: 'Secret Test' })).status).toBe(200);
    const hook = await eventually(async () => sink.received.find((r) => r.path === '/hook'), 20_000, 'webhook delivery');
    expect(hook.headers.authorization).toBe(WEBHOOK_AUTH);
    expect(hook.headers['x-api-key']).toBe(API_KEY);
    expect(hook.headers['x-short']).toBe('abc');
    const dp = await eventually(async () => sink.received.find((r) => r.path.startsWith('/dp/v1/')), 20_000, 'data plane delivery');
    expect(dp.headers.authorization).toBe(`Basic ${Buffer.from(`${DP_WRITE_KEY}:`).toString('base64')}`);

    // A new value replaces the stored one.
    const replaced = await t.call('PATCH', `/studio/api/destinations/${webhookId}`, { config: { ...shown.config, headers: { ...shown.config.headers, 'X-Short': 'xyz' } } });
    expect(replaced.status).toBe(200);
    const store = createStore(join(t.dataDir, 'studio.db'));
    try {
      const row = store.db.prepare('SELECT config FROM destinations WHERE id = ?').get(webhookId) as { config: string };
      expect(row.config).not.toContain('xyz');
    } finally {
      store.close();
    }
  }, 60_000);

  it('a replay send to a remote data plane keeps its write key sealed and sends with the real one', async () => {
    const key = 'replay-send-wk-T6yU1oP9aS';
    const send = await t.call('POST', '/studio/api/replay/sends', {
      source: { kind: 'file', events: [{ type: 'track', event: 'Sent', userId: 'u', messageId: 'replay-1' }] },
      target: { kind: 'remote', url: `${sink.url}/remote`, writeKey: key },
    });
    expect(send.status).toBe(200);
    expect(send.text).not.toContain(key);
    const got = await eventually(async () => sink.received.find((r) => r.path.startsWith('/remote/v1/')), 20_000, 'replay send delivery');
    expect(got.headers.authorization).toBe(`Basic ${Buffer.from(`${key}:`).toString('base64')}`);
    expect(rawDatabase(t.dataDir).includes(key)).toBe(false);
  }, 40_000);

  it('the log holds no secret and no query string', async () => {
    await t.call('GET', '/studio/api/destinations?token=query-secret-Hj3k');
    await t.call('GET', '/studio/api/credentials?x=1', undefined, { authorization: `Basic ${Buffer.from('dev@example.com:wrong-token-Hj3k').toString('base64')}` });
    const log = await eventually(async () => {
      const text = readFileSync(join(t.dataDir, 'logs', 'studio.log'), 'utf8');
      return text.includes('/studio/api/credentials') ? text : undefined;
    }, 10_000, 'log lines');
    expect(log).toContain('"url":"/studio/api/destinations"');
    for (const secret of [...SECRETS, 'query-secret-Hj3k', 'wrong-token-Hj3k', '?token=', '?x=1']) expect([secret, log.includes(secret)]).toEqual([secret, false]);
  });

  it('plain secrets written by an older version are sealed at start and keep working; a foreign master key stops the start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-secrets-'));
    dirs.push(dataDir);
    let s = await startTestStudio({ dataDir });
    await s.close({ keepData: true });
    // What an older version stored: plain values.
    const old = createStore(join(dataDir, 'studio.db'));
    const now = new Date().toISOString();
    old.db.prepare('INSERT INTO credentials (key, value, created_at, updated_at) VALUES (?, ?, ?, ?)').run('legacy', CRED_VALUE, now, now);
    old.db
      .prepare("INSERT INTO destinations (id, name, kind, config, enabled, created_at, updated_at) VALUES ('d1', 'Old hook', 'webhook', ?, 0, ?, ?)")
      .run(JSON.stringify({ url: 'https://example.com/h', method: 'POST', headers: { Authorization: WEBHOOK_AUTH }, maxAttempts: 5, backoffMs: 500, timeoutMs: 10_000 }), now, now);
    old.close();
    writeFileSync(join(dataDir, 'remote-tokens.json'), JSON.stringify({ r1: { token: API_KEY, writeKey: DP_WRITE_KEY } }));
    expect(rawDatabase(dataDir).includes(CRED_VALUE)).toBe(true);

    s = await startTestStudio({ dataDir });
    try {
      expect((await s.call('GET', '/studio/api/destinations/d1')).body.config.headers.Authorization).toBe(`••••${WEBHOOK_AUTH.slice(-4)}`);
      const test = await s.call('POST', '/studio/api/test', {
        code: 'export async function transformEvent(event) { event.secret = await getCredential("legacy"); return event; }',
        events: [{ type: 'track', event: 'x', messageId: 'm1' }],
      });
      expect(test.status).toBe(200);
      expect(test.text).toContain(CRED_VALUE);
      // Sealed through the remote tokens file too, readable with the key.
      const tokensFile = readFileSync(join(dataDir, 'remote-tokens.json'), 'utf8');
      expect(tokensFile).not.toContain(API_KEY);
      expect(tokensFile).not.toContain(DP_WRITE_KEY);
      const store = createStore(join(dataDir, 'studio.db'));
      try {
        store.secrets.useKey(Buffer.from(readFileSync(join(dataDir, KEY_FILE), 'utf8').trim(), 'base64'));
        expect(fileTokenStore(dataDir, store.secrets).get('r1')).toEqual({ token: API_KEY, writeKey: DP_WRITE_KEY });
      } finally {
        store.close();
      }
    } finally {
      await s.close({ keepData: true });
    }
    await eventually(async () => (rawDatabase(dataDir).includes(CRED_VALUE) ? undefined : true), 5_000, 'no plain secret in the file');
    for (const secret of [CRED_VALUE, WEBHOOK_AUTH]) expect(rawDatabase(dataDir).includes(secret)).toBe(false);

    // Another key (and no key file that opens the secrets) is refused with a message.
    rmSync(join(dataDir, KEY_FILE));
    await expect(startTestStudio({ dataDir, masterKey: Buffer.alloc(32, 7).toString('base64') })).rejects.toThrow(/master key does not open/);
  }, 90_000);

  it('a master key from the environment (the desktop app) is used instead of a key file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-secrets-'));
    dirs.push(dataDir);
    const masterKey = Buffer.alloc(32, 3).toString('base64');
    let s = await startTestStudio({ dataDir, masterKey });
    await s.call('PUT', '/studio/api/credentials/k', { value: CRED_VALUE });
    await s.close({ keepData: true });
    expect(existsSync(join(dataDir, KEY_FILE))).toBe(false);
    await expect(startTestStudio({ dataDir, masterKey: 'too-short' })).rejects.toThrow(/STUDIO_MASTER_KEY must be base64 of 32/);
    s = await startTestStudio({ dataDir, masterKey });
    expect((await s.call('GET', '/studio/api/credentials')).body.credentials).toHaveLength(1);
    await s.close({ keepData: true });
  }, 60_000);
});
