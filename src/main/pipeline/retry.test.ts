import { describe, expect, it } from 'vitest';
import { withRetries } from './retry';

describe('withRetries', () => {
  const failing = async () => ({ ok: false as const, retry: true, error: 'HTTP 500' });

  it('gives up after the last attempt and says how many it made', async () => {
    const signal = new AbortController().signal;
    expect(await withRetries({ maxAttempts: 1, backoffMs: 1 }, signal, failing)).toEqual({ ok: false, error: 'HTTP 500 (gave up after 1 attempt)', attempts: 1 });
    expect(await withRetries({ maxAttempts: 2, backoffMs: 1 }, signal, failing)).toEqual({ ok: false, error: 'HTTP 500 (gave up after 2 attempts)', attempts: 2 });
  });

  it('stops at a failure not worth retrying, and at the first success', async () => {
    const signal = new AbortController().signal;
    expect(await withRetries({ maxAttempts: 3, backoffMs: 1 }, signal, async () => ({ ok: false, retry: false, error: 'HTTP 404' }))).toEqual({ ok: false, error: 'HTTP 404', attempts: 1 });
    let n = 0;
    expect(await withRetries({ maxAttempts: 3, backoffMs: 1 }, signal, async () => (++n < 2 ? { ok: false, retry: true, error: 'HTTP 503' } : { ok: true }))).toEqual({ ok: true, attempts: 2 });
  });
});
