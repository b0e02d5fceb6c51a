/** Where a failed delivery stands with its retries, as the core derives it (GET /studio/api/deliveries `retry`). */
export interface RetryStanding {
  state: 'retrying' | 'gave-up';
  attempts: number;
  maxAttempts: number | null;
  nextAttemptAt: string | null;
}

/** "now" for a time that has come (or passed: the attempt is due), else "in 12 s", "in 4 min", "in 2 h 5 min". */
export function untilText(iso: string, now: number): string {
  const seconds = Math.ceil((Date.parse(iso) - now) / 1000);
  if (!(seconds > 0)) return 'now';
  if (seconds < 60) return `in ${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  return `in ${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/** "retrying (attempt 3 of 5, next in 12 s)" until it gives up, then "gave up after 5 attempts". */
export function retryText(retry: RetryStanding, now: number): string {
  if (retry.state === 'gave-up') return `gave up after ${attemptsText(retry.attempts)}`;
  const next = retry.nextAttemptAt ? untilText(retry.nextAttemptAt, now) : 'now';
  const of = retry.maxAttempts === null ? `attempt ${retry.attempts}, one more asked by hand` : `attempt ${retry.attempts} of ${retry.maxAttempts}`;
  return `retrying (${of}, next ${next})`;
}
