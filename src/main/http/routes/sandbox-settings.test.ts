import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

describe('/studio/api/settings/sandbox', () => {
  it('starts with the defaults', async () => {
    expect((await studio.call('GET', '/studio/api/settings/sandbox')).body).toEqual({
      allowPrivateNetwork: false,
      geolocationUrl: null,
      memoryLimitMb: 128,
      timeoutMs: 4000,
    });
  });

  it('changes the given fields only and keeps them across a restart', async () => {
    const put = await studio.call('PUT', '/studio/api/settings/sandbox', { geolocationUrl: 'http://geo.example.test', timeoutMs: 2500 });
    expect(put.body).toEqual({ allowPrivateNetwork: false, geolocationUrl: 'http://geo.example.test', memoryLimitMb: 128, timeoutMs: 2500 });
    studio = await studio.restart();
    expect((await studio.call('GET', '/studio/api/settings/sandbox')).body.timeoutMs).toBe(2500);
    expect((await studio.call('PUT', '/studio/api/settings/sandbox', { geolocationUrl: '' })).body.geolocationUrl).toBeNull();
  });

  it('rejects values out of range with a message naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ memoryLimitMb: 4 }, /memoryLimitMb/],
      [{ memoryLimitMb: 100000 }, /memoryLimitMb/],
      [{ timeoutMs: 10 }, /timeoutMs/],
      [{ timeoutMs: 1.5 }, /timeoutMs/],
      [{ allowPrivateNetwork: 'yes' }, /allowPrivateNetwork/],
      [{ geolocationUrl: 'ftp://x' }, /geolocationUrl must start with http/],
      [{ geolocationUrl: 'not a url' }, /geolocationUrl is not a valid URL/],
      [{ unknown: 1 }, /unknown field "unknown"/],
    ];
    for (const [body, message] of cases) {
      const res = await studio.call('PUT', '/studio/api/settings/sandbox', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
  });

  it('caps the memory limit of one isolate at 512 MB and says so', async () => {
    const over = await studio.call('PUT', '/studio/api/settings/sandbox', { memoryLimitMb: 1024 });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/memoryLimitMb/);
    expect(over.body.error).toMatch(/512/);
    const max = await studio.call('PUT', '/studio/api/settings/sandbox', { memoryLimitMb: 512 });
    expect(max.status).toBe(200);
    expect(max.body.memoryLimitMb).toBe(512);
    await studio.call('PUT', '/studio/api/settings/sandbox', { memoryLimitMb: 128 });
  });
});
