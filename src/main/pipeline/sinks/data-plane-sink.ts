import { MAX_BATCH_BYTES, MAX_BATCH_CALL_BYTES, MAX_CALL_BYTES } from '../../collect/limits';
import type { DataPlaneConfig } from '../destination-config';
import type { RetrySchedule } from '../retry-schedule';
import { httpAttempt, networkAttempt, withRetries } from '../retry';
import type { Sink, SinkOutcome } from './sink';

const MAX_EVENTS_PER_REQUEST = 500;

/** `data-plane`: forwards output events to a RudderStack-compatible event API (/v1/batch). */
export function dataPlaneSink(config: Omit<DataPlaneConfig, Exclude<keyof RetrySchedule, 'maxAttempts'>> & { quiet?: boolean }): Sink {
  const base = config.url.replace(/\/+$/, '').replace(/\/v1(\/batch)?$/, '');
  const authorization = `Basic ${Buffer.from(`${config.writeKey}:`).toString('base64')}`;

  const post = (path: string, body: string, signal: AbortSignal): Promise<SinkOutcome> =>
    withRetries(config, signal, async () => {
      try {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization, 'user-agent': 'transformation-studio' },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
        });
        return await httpAttempt(response);
      } catch (error) {
        return networkAttempt(error, signal);
      }
    });

  return {
    async deliver(events, signal) {
      const outcomes: SinkOutcome[] = new Array(events.length);
      const texts = events.map((e) => JSON.stringify(e));
      // Chunks of batchable events within the remote's limits; merge calls go on their own.
      let chunk: number[] = [];
      let chunkBytes = 0;
      const flush = async () => {
        if (!chunk.length) return;
        const members = chunk;
        chunk = [];
        chunkBytes = 0;
        const outcome = await post('/v1/batch', `{"batch":[${members.map((i) => texts[i]).join(',')}]}`, signal);
        if (!outcome.ok && members.length > 1 && /^HTTP 400/.test(outcome.error ?? '')) {
          // One bad event rejects a whole batch: resend one by one to find which.
          for (const i of members) outcomes[i] = await post('/v1/batch', `{"batch":[${texts[i]}]}`, signal);
          return;
        }
        for (const i of members) outcomes[i] = outcome;
      };
      for (let i = 0; i < events.length; i++) {
        const size = Buffer.byteLength(texts[i]!);
        if (events[i]!.type === 'merge') {
          outcomes[i] =
            size > MAX_CALL_BYTES
              ? { ok: false, error: `event is ${size} bytes, more than the data plane's 32 KB limit per call`, attempts: 0 }
              : await post('/v1/merge', texts[i]!, signal);
          continue;
        }
        if (size > MAX_BATCH_CALL_BYTES) {
          outcomes[i] = { ok: false, error: `event is ${size} bytes, more than the data plane's 32 KB limit per call`, attempts: 0 };
          continue;
        }
        if (chunk.length >= MAX_EVENTS_PER_REQUEST || chunkBytes + size + 16 > MAX_BATCH_BYTES) await flush();
        chunk.push(i);
        chunkBytes += size + 1;
      }
      await flush();
      return outcomes;
    },
  };
}
