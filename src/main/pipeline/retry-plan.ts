import type { DeliveryResultRow } from '../store/deliveries-repo';
import { nextAttempt, type RetrySchedule, type RetryState } from './retry-schedule';

/**
 * Sets when each failed result of a batch is tried next: a failure that may pass gets the next
 * attempt of the destination's schedule, counting every attempt its event already had; one that
 * has had the destination's maximum attempts, or is past the schedule's maximum age, is given up
 * and says so.
 */
export function planRetries(
  results: (DeliveryResultRow & { retryable?: boolean })[],
  schedule: Required<RetrySchedule>,
  previous: (seq: number) => RetryState | undefined,
  now = new Date(),
): DeliveryResultRow[] {
  return results.map(({ retryable, ...result }) => {
    if (!retryable || result.eventSeq === null) return result;
    const { state, at } = nextAttempt(schedule, previous(result.eventSeq), now, undefined, result.attempts);
    // Given up at the maximum: the row's retry standing says so ("gave up after 5 attempts"); given
    // up by age before it, the error says why.
    const early = !at && state.failures < schedule.maxAttempts;
    const error = early ? `${result.error ?? 'delivery failed'}\ngiven up: failed ${state.failures} times since ${state.firstFailedAt}` : result.error;
    return { ...result, error, retry: { at, ...state, maxAttempts: schedule.maxAttempts } };
  });
}
