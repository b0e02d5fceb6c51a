import type { FastifyBaseLogger } from 'fastify';
import { StudioError } from '../errors';
import type { Store } from '../store';

export interface RetentionSettings {
  /** Delete captured events and delivery results older than this many days (null: keep). */
  maxAgeDays: number | null;
  /** Keep at most this many captured events, deleting the oldest (null: no cap). */
  maxEvents: number | null;
}

const KEY = 'eventRetention';
export const DEFAULT_RETENTION: RetentionSettings = { maxAgeDays: 30, maxEvents: null };
const CHUNK = 5_000;
/** Largest accepted settings (SQLite's OFFSET takes a 64-bit integer, so no 1e308). */
export const MAX_AGE_DAYS = 36_500;
export const MAX_RETAINED_EVENTS = 1_000_000_000;

/** Retention of captured events: a setting plus a background pruner that works in small chunks. */
export function createRetention(store: Store, log: () => FastifyBaseLogger, intervalMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const get = (): RetentionSettings => ({ ...DEFAULT_RETENTION, ...store.settings.get<Partial<RetentionSettings>>(KEY, {}) });
  const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function prune(): Promise<number> {
    const settings = get();
    let total = 0;
    if (settings.maxAgeDays !== null) {
      const cutoff = new Date(Date.now() - settings.maxAgeDays * 86_400_000).toISOString();
      for (let n = store.events.pruneOlderThan(cutoff, CHUNK); n > 0 && !stopped; n = store.events.pruneOlderThan(cutoff, CHUNK)) {
        total += n;
        await yieldToIo();
      }
      while (!stopped && store.deliveries.pruneOlderThan(cutoff, CHUNK) > 0) await yieldToIo();
    }
    if (settings.maxEvents !== null) {
      for (let n = store.events.pruneBeyond(settings.maxEvents, CHUNK); n > 0 && !stopped; n = store.events.pruneBeyond(settings.maxEvents, CHUNK)) {
        total += n;
        await yieldToIo();
      }
    }
    return total;
  }

  const runOnce = () => {
    if (stopped) return Promise.resolve();
    running ??= prune()
      .then((n) => {
        if (n) log().info({ deleted: n }, 'retention: deleted old captured events');
      })
      .catch((error: unknown) => log().error({ err: error }, 'retention run failed'))
      .finally(() => (running = undefined));
    return running;
  };

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
      void runOnce();
      return next;
    },
    /** Runs retention now (also what the timer does); resolves with nothing when done. */
    run: () => runOnce(),
    start() {
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
      first = setTimeout(() => void runOnce(), 1_000);
      first.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await running;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetention>;
