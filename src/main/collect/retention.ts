import type { FastifyBaseLogger } from 'fastify';
import { StudioError } from '../errors';
import { createJobLoop, type StepResult } from '../jobs/loop';
import type { Store } from '../store';

import { MAX_AGE_DAYS, MAX_RETAINED_EVENTS, type RetentionSettings } from '../../shared/api/settings';

export type { RetentionSettings };

const KEY = 'eventRetention';
export const DEFAULT_RETENTION: RetentionSettings = { maxAgeDays: 30, maxEvents: null };
const CHUNK = 5_000;

/** Retention of captured events: a setting plus a background pruner that works in small chunks. */
export function createRetention(store: Store, log: () => FastifyBaseLogger, intervalMs = 60_000) {
  const get = (): RetentionSettings => ({ ...DEFAULT_RETENTION, ...store.settings.get<Partial<RetentionSettings>>(KEY, {}) });
  const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function prune(signal: AbortSignal): Promise<number> {
    const stopped = () => signal.aborted;
    const settings = get();
    let total = 0;
    if (settings.maxAgeDays !== null) {
      const cutoff = new Date(Date.now() - settings.maxAgeDays * 86_400_000).toISOString();
      for (let n = store.events.pruneOlderThan(cutoff, CHUNK); n > 0 && !stopped(); n = store.events.pruneOlderThan(cutoff, CHUNK)) {
        total += n;
        await yieldToIo();
      }
      while (!stopped() && store.deliveries.pruneOlderThan(cutoff, CHUNK) > 0) await yieldToIo();
    }
    if (settings.maxEvents !== null) {
      for (let n = store.events.pruneBeyond(settings.maxEvents, CHUNK); n > 0 && !stopped(); n = store.events.pruneBeyond(settings.maxEvents, CHUNK)) {
        total += n;
        await yieldToIo();
      }
    }
    return total;
  }

  // A pass now and then (the first a second after start); a failed pass is logged and the next
  // one comes at the usual time.
  const loop = createJobLoop({
    step: async (signal): Promise<StepResult> => {
      const n = await prune(signal);
      if (n) log().info({ deleted: n }, 'retention: deleted old captured events');
      return 'idle';
    },
    idleMs: intervalMs,
    firstDelayMs: 1_000,
    backoff: { firstMs: intervalMs, maxMs: intervalMs },
    onError: (error) => log().error({ err: error }, 'retention run failed'),
  });

  return {
    get,
    set(input: Partial<RetentionSettings>): RetentionSettings {
      const next = { ...get(), ...input };
      const maxima: Record<string, number> = { maxAgeDays: MAX_AGE_DAYS, maxEvents: MAX_RETAINED_EVENTS };
      for (const [name, value] of Object.entries(next)) {
        const max = maxima[name] ?? Number.MAX_SAFE_INTEGER;
        if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max)) {
          throw new StudioError('validation', `${name} must be a whole number from 1 to ${max}, or null`);
        }
      }
      store.settings.set(KEY, next);
      loop.wake();
      return next;
    },
    /** Runs retention now (as it does every interval); resolves once that pass is done. */
    run: () => loop.runNow(),
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}
export type RetentionService = ReturnType<typeof createRetention>;
