import { credentialsAsHeader } from '../../../shared/url-secret';
import type { WebhookConfig } from '../destination-config';
import { httpAttempt, mapLimit, networkAttempt, withRetries } from '../retry';
import type { Sink } from './sink';

const CONCURRENCY = 4;

/** `webhook`: one JSON request per output event, retried with exponential backoff. */
export function webhookSink(config: WebhookConfig & { quiet?: boolean }): Sink {
  // A URL with a login (`https://user:PASS@host/…`, sealed at rest) is sent as HTTP clients send
  // it: without the user info, which goes in a Basic Authorization header unless one is set.
  const { url, authorization } = credentialsAsHeader(config.url);
  const ownAuthorization = Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization');
  const headers = { 'content-type': 'application/json', 'user-agent': 'transformation-studio', ...(authorization && !ownAuthorization ? { authorization } : {}), ...config.headers };
  return {
    deliver(events, signal) {
      return mapLimit(events, CONCURRENCY, (event) =>
        withRetries(config, signal, async () => {
          try {
            const response = await fetch(url, {
              method: config.method,
              headers,
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
