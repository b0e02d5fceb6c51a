import type { RetryConfig } from './destination-config';
import { redactUrlCredentials } from '../../shared/url-secret';
import type { AttemptRecord, SinkOutcome } from './sinks/sink';

/** What a receiver answered (absent: no answer, e.g. a refused connection or a file). */
interface Answer {
  statusCode?: number;
  responseBody?: string;
}
/** Result of one attempt: success, a failure worth retrying, or a final failure. */
export type Attempt = ({ ok: true } | { ok: false; retry: boolean; error: string }) & Answer;

/** How much of a receiver's answer an attempt keeps. */
export const RESPONSE_BODY_LIMIT = 1000;

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

/**
 * Runs `attempt` until it succeeds, fails for good, or maxAttempts is reached, backing off between
 * tries; every try is recorded (when, HTTP status, latency, bounded answer, error). `quiet`: the
 * caller says when it gives up (the live pipeline's retries over time), so the last error is kept as is.
 */
export async function withRetries(config: Pick<RetryConfig, 'maxAttempts' | 'backoffMs'> & { quiet?: boolean }, signal: AbortSignal, attempt: () => Promise<Attempt>): Promise<SinkOutcome> {
  let last = '';
  const log: AttemptRecord[] = [];
  for (let n = 1; n <= config.maxAttempts; n++) {
    if (signal.aborted) throw new AbortedError();
    const at = new Date().toISOString();
    const started = performance.now();
    const result = await attempt();
    if (signal.aborted) throw new AbortedError();
    log.push({ at, statusCode: result.statusCode ?? null, latencyMs: Math.round((performance.now() - started) * 10) / 10, responseBody: result.responseBody ?? null, error: result.ok ? null : result.error });
    if (result.ok) return { ok: true, attempts: n, log };
    last = result.error;
    if (!result.retry) return { ok: false, retry: false, error: last, attempts: n, log };
    if (n < config.maxAttempts) await sleep(backoffDelay(config.backoffMs, n), signal);
  }
  if (config.quiet) return { ok: false, retry: true, error: last, attempts: config.maxAttempts, log };
  return { ok: false, retry: true, error: `${last} (gave up after ${config.maxAttempts} attempt${config.maxAttempts === 1 ? '' : 's'})`, attempts: config.maxAttempts, log };
}

/** Up to `limit` characters of a response body (the rest is not read). */
async function boundedText(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** Classifies an HTTP answer: 2xx ok; 408, 429 and 5xx are retried; other statuses fail for good. */
export async function httpAttempt(response: Response): Promise<Attempt> {
  const body = await boundedText(response, RESPONSE_BODY_LIMIT).catch(() => '');
  const answer = { statusCode: response.status, responseBody: body || undefined };
  if (response.status >= 200 && response.status < 300) return { ok: true, ...answer };
  const text = body.slice(0, 300).trim();
  const retry = response.status === 408 || response.status === 429 || response.status >= 500;
  return { ok: false, retry, error: redactUrlCredentials(`HTTP ${response.status}${text ? `: ${text}` : ''}`), ...answer };
}

/** A network failure (refused, reset, timeout) as a retryable attempt. */
export function networkAttempt(error: unknown, signal: AbortSignal): Attempt {
  if (signal.aborted) throw new AbortedError();
  const e = error as Error & { cause?: { code?: string; message?: string } };
  const detail = e.name === 'TimeoutError' ? 'request timed out' : e.cause?.code ?? e.cause?.message ?? e.message;
  return { ok: false, retry: true, error: redactUrlCredentials(`request failed: ${detail}`) };
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
