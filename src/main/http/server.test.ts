import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestStudio, TEST_EMAIL, TEST_TOKEN, type TestStudio } from '../testing/harness';

describe('HTTP server (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('answers health without auth', async () => {
    const response = await fetch(`${t.url}/studio/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('requires management credentials on the studio API', async () => {
    expect((await t.call('GET', '/studio/api/info', undefined, { authorization: '' })).status).toBe(401);
    const wrong = await t.call('GET', '/studio/api/info', undefined, {
      authorization: `Basic ${Buffer.from(`${TEST_EMAIL}:nope`).toString('base64')}`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatch(/invalid e-mail or access token/);
    const ok = await t.call('GET', '/studio/api/info');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: TEST_EMAIL, dataDir: t.dataDir, baseUrl: t.url });
  });

  it('accepts the per-process session token with the account e-mail', async () => {
    const session = `Basic ${Buffer.from(`${TEST_EMAIL}:${t.studio.sessionToken}`).toString('base64')}`;
    expect((await t.call('GET', '/studio/api/info', undefined, { authorization: session })).status).toBe(200);
  });

  it('refuses a foreign Host header on the UI and APIs (DNS rebinding) but not on health of loopback names', async () => {
    const port = new URL(t.url).port;
    const get = (path: string, host: string) => rawRequest(t.url, { path, headers: { host, authorization: t.auth } });
    const foreign = await get('/studio/api/info', `attacker.example:${port}`);
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text).error).toMatch(/--allow-host attacker\.example/);
    expect((await get('/', 'evil.test')).status).toBe(403);
    expect((await get('/', `127.0.0.1:${Number(port) + 1}`)).status).toBe(403);
    expect((await get('/studio/api/info', `localhost:${port}`)).status).toBe(200);
  });

  it('accepts a name allowed with --allow-host', async () => {
    const allowed = await startTestStudio({ allowHosts: ['studio.lan'] });
    try {
      const r = await rawRequest(allowed.url, { path: '/studio/api/info', headers: { host: 'studio.lan:8080', authorization: allowed.auth } });
      expect(r.status).toBe(200);
    } finally {
      await allowed.close();
    }
  });

  it('answers unknown endpoints with a JSON 404', async () => {
    const response = await t.call('GET', '/studio/api/nope');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/no such endpoint: GET \/studio\/api\/nope/);
  });

  it('serves the renderer and the OpenAPI document', async () => {
    const page = await fetch(`${t.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Transformation Studio/);
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/studio/health');
  });
});

describe('data directory', () => {
  it('keeps credentials and data across restarts', async () => {
    const first = await startTestStudio({ credentials: { email: 'keep@example.com', token: 'tok-1', writeKey: 'wk-1' } });
    expect(first.studio.bootstrap.createdToken).toBe('tok-1');
    // One process per data folder (the folder lock): the first stops before the second starts.
    await first.close({ keepData: true });
    const second = await startTestStudio({ dataDir: first.dataDir, credentials: { email: 'other@example.com', token: 'other' } });
    try {
      expect(second.studio.bootstrap.createdToken).toBeUndefined();
      expect(second.studio.bootstrap.email).toBe('keep@example.com');
      const auth = `Basic ${Buffer.from('keep@example.com:tok-1').toString('base64')}`;
      expect((await second.call('GET', '/studio/api/info', undefined, { authorization: auth })).status).toBe(200);
      const other = `Basic ${Buffer.from(`other@example.com:other`).toString('base64')}`;
      expect((await second.call('GET', '/studio/api/info', undefined, { authorization: other })).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('generates credentials when none are given', async () => {
    const t = await startTestStudio({ credentials: {} });
    try {
      expect(t.studio.bootstrap.createdToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(t.studio.bootstrap.createdWriteKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      const auth = `Basic ${Buffer.from(`${t.studio.bootstrap.email}:${t.studio.bootstrap.createdToken}`).toString('base64')}`;
      expect((await t.call('GET', '/studio/api/info', undefined, { authorization: auth })).status).toBe(200);
      expect(TEST_TOKEN).not.toBe(t.studio.bootstrap.createdToken);
    } finally {
      await t.close();
    }
  });
});

describe('start failures', () => {
  it('report a port in use and leave nothing running', async () => {
    const first = await startTestStudio();
    try {
      const port = Number(new URL(first.url).port);
      await expect(startTestStudio({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect((await first.call('GET', '/studio/health')).status).toBe(200);
    } finally {
      await first.close();
    }
  });
});
