import { describe, expect, it } from 'vitest';
import { withRetries } from './retry';

describe('withRetries', () => {
  const failing = async () => ({ ok: false as const, retry: true, error: 'HTTP 500', statusCode: 500, responseBody: 'down' });

  it('gives up after the last attempt, says how many it made and records each', async () => {
    const signal = new AbortController().signal;
    const one = await withRetries({ maxAttempts: 1, backoffMs: 1 }, signal, failing);
    expect(one).toMatchObject({ ok: false, retry: true, error: 'HTTP 500 (gave up after 1 attempt)', attempts: 1 });
    const two = await withRetries({ maxAttempts: 2, backoffMs: 1 }, signal, failing);
    expect(two).toMatchObject({ ok: false, retry: true, error: 'HTTP 500 (gave up after 2 attempts)', attempts: 2 });
    expect(two.log).toHaveLength(2);
    expect(two.log![1]).toMatchObject({ statusCode: 500, responseBody: 'down', error: 'HTTP 500' });
    expect(two.log![1]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(two.log![1]!.at)).toBeGreaterThanOrEqual(Date.parse(two.log![0]!.at));
  });

  it('stops at a failure not worth retrying, and at the first success', async () => {
    const signal = new AbortController().signal;
    expect(await withRetries({ maxAttempts: 3, backoffMs: 1 }, signal, async () => ({ ok: false, retry: false, error: 'HTTP 404', statusCode: 404 }))).toMatchObject({
      ok: false,
      retry: false,
      error: 'HTTP 404',
      attempts: 1,
      log: [{ statusCode: 404, error: 'HTTP 404' }],
    });
    let n = 0;
    const passed = await withRetries({ maxAttempts: 3, backoffMs: 1 }, signal, async () => (++n < 2 ? { ok: false, retry: true, error: 'HTTP 503' } : { ok: true, statusCode: 204 }));
    expect(passed).toMatchObject({ ok: true, attempts: 2, log: [{ statusCode: null, error: 'HTTP 503' }, { statusCode: 204, error: null }] });
  });
});
