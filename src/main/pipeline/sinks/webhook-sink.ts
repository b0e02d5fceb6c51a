import type { WebhookConfig } from '../destination-config';
import { httpAttempt, mapLimit, networkAttempt, withRetries } from '../retry';
import type { Sink } from './sink';

const CONCURRENCY = 4;

/** `webhook`: one JSON request per output event, retried with exponential backoff. */
export function webhookSink(config: WebhookConfig): Sink {
  return {
    deliver(events, signal) {
      return mapLimit(events, CONCURRENCY, (event) =>
        withRetries(config, signal, async () => {
          try {
            const response = await fetch(config.url, {
              method: config.method,
              headers: { 'content-type': 'application/json', 'user-agent': 'transformation-studio', ...config.headers },
              body: JSON.stringify(event),
              signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
            });
            return await httpAttempt(response);
          } catch (error) {
            return networkAttempt(error, signal);
          }
        }),
      );
    },
  };
}
