import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestStudio, type TestStudio } from '../testing/harness';

// Hostile values the sweep of every operation (hostile-input.test.ts) does not make: numbers
// SQLite cannot take, dates Date.parse merely tolerates, a broken Content-Length.

describe('hostile values (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t?.close());

  it('refuses retention numbers SQLite cannot take and ISO times Date.parse merely tolerates', async () => {
    for (const maxEvents of ['1e308', '9007199254740993', '10000000000']) {
      const r = await t.call('PUT', '/studio/api/events/retention', `{"maxEvents":${maxEvents}}`, { 'content-type': 'application/json' });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/maxEvents/);
    }
    for (const from of ['-1', '1.5', 'March 7']) {
      for (const path of ['/studio/api/events', '/studio/api/deliveries']) {
        const r = await t.call('GET', `${path}?from=${encodeURIComponent(from)}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/from must be an ISO 8601 date-time/);
      }
    }
    expect((await t.call('GET', '/studio/api/events?from=2024-01-02T03:04:05Z')).status).toBe(200);
  });

  it('answers a raw request with a broken Content-Length instead of hanging', async () => {
    const r = await rawRequest(t.url, {
      method: 'POST',
      path: '/studio/api/sources',
      headers: { host: new URL(t.url).host, authorization: t.auth, 'content-type': 'application/json', 'content-length': 'abc' },
      body: '{"name":"x"}',
    }).catch((error: Error) => ({ status: 400, text: error.message }));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});
