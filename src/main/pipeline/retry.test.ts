import { afterEach, describe, expect, it, vi } from 'vitest';
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
  });

  afterEach(() => vi.useRealTimers());

  it('records each attempt\'s latency and start on the clock, the back-off between them', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.000Z') });
    const signal = new AbortController().signal;
    // Each attempt takes 40 ms of the (fake) clock; the back-off after the first is 25 ms.
    const slow = async () => (vi.advanceTimersByTime(40), failing());
    const outcome = withRetries({ maxAttempts: 2, backoffMs: 25 }, signal, slow);
    await vi.advanceTimersByTimeAsync(25);
    const two = await outcome;
    expect(two.log!.map((a) => a.latencyMs)).toEqual([40, 40]);
    expect(two.log!.map((a) => a.at)).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.065Z']);
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
