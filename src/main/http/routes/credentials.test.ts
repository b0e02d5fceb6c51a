import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

describe('/studio/api/credentials', () => {
  it('creates, lists (masked), replaces and deletes credentials; they survive a restart', async () => {
    expect((await studio.call('GET', '/studio/api/credentials')).body).toEqual({ credentials: [] });
    const put = await studio.call('PUT', '/studio/api/credentials/API_KEY', { value: 'first' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ key: 'API_KEY', value: '********' });
    await studio.call('PUT', '/studio/api/credentials/API_KEY', { value: 'second' });
    await studio.call('PUT', '/studio/api/credentials/other.key', { value: 'x' });

    const list = await studio.call('GET', '/studio/api/credentials');
    expect(list.body.credentials.map((c: any) => [c.key, c.value])).toEqual([['API_KEY', '********'], ['other.key', '********']]);
    expect(list.text).not.toContain('second');

    studio = await studio.restart();
    const code = 'export function transformEvent() { return { v: getCredential("API_KEY") }; }';
    const run = await studio.call('POST', '/studio/api/test', { code, events: [{}] });
    expect(run.body.transformedEvents).toEqual([{ v: 'second' }]);

    expect((await studio.call('DELETE', '/studio/api/credentials/API_KEY')).body).toEqual({ success: true });
    expect((await studio.call('DELETE', '/studio/api/credentials/API_KEY')).status).toBe(404);
    const after = await studio.call('POST', '/studio/api/test', { code: 'export function transformEvent() { return { v: getCredential("API_KEY") === undefined }; }', events: [{}] });
    expect(after.body.transformedEvents).toEqual([{ v: true }]);
  });

  it('validates keys and values', async () => {
    expect((await studio.call('PUT', '/studio/api/credentials/bad%20key', { value: 'x' })).status).toBe(400);
    expect((await studio.call('PUT', '/studio/api/credentials/ok', { value: 1 })).status).toBe(400);
    expect((await studio.call('PUT', '/studio/api/credentials/ok', {})).body.error).toMatch(/value/);
    expect((await studio.call('PUT', `/studio/api/credentials/${'k'.repeat(100)}`, { value: 'x' })).status).toBe(200);
    const long = await studio.call('PUT', `/studio/api/credentials/${'k'.repeat(101)}`, { value: 'x' });
    expect(long.status).toBeGreaterThanOrEqual(400); // 414 from the router's path-parameter limit
    expect(long.status).toBeLessThan(500);
    expect((await studio.call('PUT', '/studio/api/credentials/ok', { value: 'x'.repeat(64 * 1024 + 1) })).body.error).toMatch(/value/);
  });
});
