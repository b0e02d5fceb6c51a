/**
 * Retries over time, after a delivery attempt failed with a failure that may pass (network, 408,
 * 429, 5xx). Modelled on rudder-server's router (router/misc.go nextAttemptAfter, router/handle.go)
 * and on webhook senders (Stripe, GitHub, Segment): the live pipeline makes one attempt per event
 * per round, the n-th failed attempt waits min(max, min · 2^(n-1)) before the next; an event is
 * given up once it has had `maxAttempts` attempts in total, or once it has failed at least
 * MIN_FAILURES times AND its first failure is older than the maximum age. Unlike the router, each
 * wait carries ±JITTER so many failed events do not retry at once.
 */
export interface RetrySchedule {
  /** First wait (rudder-server Router.minRetryBackoff: 10 s). */
  retryMinBackoffMs: number;
  /** Longest wait (Router.maxRetryBackoff: 300 s). */
  retryMaxBackoffMs: number;
  /** How long after its first failure an event is still retried (Router.retryTimeWindow: 180 min). */
  retryMaxAgeMs: number;
  /** Attempts in total per event, the first one included (absent: no limit but the age). */
  maxAttempts?: number;
}

export const DEFAULT_SCHEDULE: RetrySchedule = { retryMinBackoffMs: 10_000, retryMaxBackoffMs: 300_000, retryMaxAgeMs: 180 * 60_000 };
/** Rounds an event is retried at least, whatever its age (Router.maxFailedCountForJob: 3). */
export const MIN_FAILURES = 3;
export const JITTER = 0.2;

/** Wait before the next attempt after `failures` failed rounds; `random` in [0, 1). */
export function backoffAfter(schedule: RetrySchedule, failures: number, random: number = Math.random()): number {
  const base = Math.min(schedule.retryMaxBackoffMs, schedule.retryMinBackoffMs * 2 ** (Math.max(1, failures) - 1));
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

export interface RetryState {
  /** Failed attempts so far, in total (one per round in the live pipeline). */
  failures: number;
  firstFailedAt: string;
}

/**
 * What comes after a failed round of `attempts` attempts: the next attempt's time (always after
 * `now`), or null when the event is given up.
 */
export function nextAttempt(schedule: RetrySchedule, previous: RetryState | undefined, now: Date, random?: number, attempts = 1): { state: RetryState; at: string | null } {
  const state = { failures: (previous?.failures ?? 0) + Math.max(1, attempts), firstFailedAt: previous?.firstFailedAt ?? now.toISOString() };
  if (schedule.maxAttempts !== undefined && state.failures >= schedule.maxAttempts) return { state, at: null };
  const age = now.getTime() - Date.parse(state.firstFailedAt);
  if (state.failures >= MIN_FAILURES && age > schedule.retryMaxAgeMs) return { state, at: null };
  return { state, at: new Date(now.getTime() + backoffAfter(schedule, state.failures, random)).toISOString() };
}

/** Attempts in total per event where a destination's config sets none (destination-config's default). */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** The schedule in a destination's config (defaults for kinds without one, e.g. file). */
export function scheduleOf(config: Record<string, unknown>): Required<RetrySchedule> {
  const pick = (key: Exclude<keyof RetrySchedule, 'maxAttempts'>) => (typeof config[key] === 'number' ? (config[key] as number) : DEFAULT_SCHEDULE[key]);
  const maxAttempts = typeof config.maxAttempts === 'number' ? config.maxAttempts : DEFAULT_MAX_ATTEMPTS;
  return { retryMinBackoffMs: pick('retryMinBackoffMs'), retryMaxBackoffMs: pick('retryMaxBackoffMs'), retryMaxAgeMs: pick('retryMaxAgeMs'), maxAttempts };
}
