import type { RetryConfig } from './destination-config';
import type { SinkOutcome } from './sinks/sink';

/** Result of one attempt: success, a failure worth retrying, or a final failure. */
export type Attempt = { ok: true } | { ok: false; retry: boolean; error: string };

export class AbortedError extends Error {
  constructor() {
    super('delivery aborted (shutting down)');
    this.name = 'AbortedError';
  }
}

/** Sleeps `ms` unless the signal aborts first (then throws AbortedError). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new AbortedError());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Delay before attempt n+1 after n failures: exponential from backoffMs, capped at 30 s. */
export const backoffDelay = (backoffMs: number, failures: number) => Math.min(30_000, backoffMs * 2 ** (failures - 1));

/** Runs `attempt` until it succeeds, fails for good, or maxAttempts is reached, backing off between tries. */
export async function withRetries(config: Pick<RetryConfig, 'maxAttempts' | 'backoffMs'>, signal: AbortSignal, attempt: () => Promise<Attempt>): Promise<SinkOutcome> {
  let last = '';
  for (let n = 1; n <= config.maxAttempts; n++) {
    if (signal.aborted) throw new AbortedError();
    const result = await attempt();
    if (signal.aborted) throw new AbortedError();
    if (result.ok) return { ok: true, attempts: n };
    last = result.error;
    if (!result.retry) return { ok: false, error: last, attempts: n };
    if (n < config.maxAttempts) await sleep(backoffDelay(config.backoffMs, n), signal);
  }
  return { ok: false, error: `${last} (gave up after ${config.maxAttempts} attempt${config.maxAttempts === 1 ? '' : 's'})`, attempts: config.maxAttempts };
}

/** Classifies an HTTP answer: 2xx ok; 408, 429 and 5xx are retried; other statuses fail for good. */
export async function httpAttempt(response: Response): Promise<Attempt> {
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel().catch(() => {});
    return { ok: true };
  }
  const text = (await response.text().catch(() => '')).slice(0, 300).trim();
  const retry = response.status === 408 || response.status === 429 || response.status >= 500;
  return { ok: false, retry, error: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
}

/** A network failure (refused, reset, timeout) as a retryable attempt. */
export function networkAttempt(error: unknown, signal: AbortSignal): Attempt {
  if (signal.aborted) throw new AbortedError();
  const e = error as Error & { cause?: { code?: string; message?: string } };
  const detail = e.name === 'TimeoutError' ? 'request timed out' : e.cause?.code ?? e.cause?.message ?? e.message;
  return { ok: false, retry: true, error: `request failed: ${detail}` };
}

/** Runs `fn` over items with at most `limit` in flight; keeps order of results. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}
