import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store';

const CHUNK = 2_000;
const PAUSE_MS = 5;
/** Pause after a chunk, relative to its duration: keeps the indexer under ~1/3 of the thread while events pour in. */
const PAUSE_FACTOR = 2;
const DEBOUNCE_MS = 100;

/**
 * Background indexer of the userId / anonymousId / messageId lookup keys of captured events
 * (see migration 0022): runs after captures, in chunks of one transaction each, yielding
 * to requests in between. Queries stay complete while it lags (they scan the tail).
 */
export function createKeyIndexer(store: Store, log: () => FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const loop = async () => {
    try {
      for (;;) {
        if (stopped) break;
        const started = performance.now();
        if (store.events.indexKeys(CHUNK) === 0) break;
        const pause = Math.max(PAUSE_MS, (performance.now() - started) * PAUSE_FACTOR);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    } catch (error) {
      if (!stopped) log().error({ err: error }, 'event key indexer failed');
    }
  };
  const schedule = (delay: number) => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (running) return schedule(DEBOUNCE_MS);
      running = loop().finally(() => (running = undefined));
    }, delay);
    timer.unref();
  };
  return {
    /** New events were captured. */
    notify: () => schedule(DEBOUNCE_MS),
    /** Catches up now (tests, start). */
    async flush(): Promise<void> {
      await running;
      running = loop().finally(() => (running = undefined));
      await running;
    },
    start: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
export type KeyIndexer = ReturnType<typeof createKeyIndexer>;
