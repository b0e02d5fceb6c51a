import { describe, expect, it } from 'vitest';
import { backoffAfter, DEFAULT_SCHEDULE, nextAttempt } from './retry-schedule';

describe('retry schedule', () => {
  it('doubles from the minimum up to the maximum, with jitter of at most a fifth either way', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffAfter(DEFAULT_SCHEDULE, n, 0.5))).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    expect(backoffAfter(DEFAULT_SCHEDULE, 1, 0)).toBe(8_000);
    expect(backoffAfter(DEFAULT_SCHEDULE, 1, 0.999_999)).toBe(12_000);
  });

  it('gives an event up only after three rounds and once it is older than the maximum age', () => {
    const first = new Date('2026-01-01T00:00:00.000Z');
    const one = nextAttempt(DEFAULT_SCHEDULE, undefined, first, 0.5);
    expect(one).toEqual({ state: { failures: 1, firstFailedAt: first.toISOString() }, at: '2026-01-01T00:00:10.000Z' });
    const late = new Date(first.getTime() + 181 * 60_000);
    // Old, but only its second round: tried again.
    expect(nextAttempt(DEFAULT_SCHEDULE, one.state, late, 0.5).at).not.toBeNull();
    expect(nextAttempt(DEFAULT_SCHEDULE, { failures: 2, firstFailedAt: first.toISOString() }, late, 0.5)).toEqual({
      state: { failures: 3, firstFailedAt: first.toISOString() },
      at: null,
    });
    // Three rounds within the window: tried again.
    const soon = new Date(first.getTime() + 60_000);
    expect(nextAttempt(DEFAULT_SCHEDULE, { failures: 5, firstFailedAt: first.toISOString() }, soon, 0.5).at).toBe(new Date(soon.getTime() + 300_000).toISOString());
  });
});
