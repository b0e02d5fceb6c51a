import type { DeliveryResultRow } from '../store/deliveries-repo';
import { nextAttempt, type RetrySchedule, type RetryState } from './retry-schedule';

/**
 * Sets when each failed result of a batch is tried next: a failure that may pass gets the next
 * attempt of the destination's schedule (counting the rounds its event already failed); one past
 * the schedule's maximum age is given up and says so.
 */
export function planRetries(
  results: (DeliveryResultRow & { retryable?: boolean })[],
  schedule: RetrySchedule,
  previous: (seq: number) => RetryState | undefined,
  now = new Date(),
): DeliveryResultRow[] {
  return results.map(({ retryable, ...result }) => {
    if (!retryable || result.eventSeq === null) return result;
    const { state, at } = nextAttempt(schedule, previous(result.eventSeq), now);
    const error = at ? result.error : `${result.error ?? 'delivery failed'}\ngiven up: failed ${state.failures} times since ${state.firstFailedAt}`;
    return { ...result, error, retry: { at, ...state } };
  });
}
