import { getHeapStatistics } from 'node:v8';

// Strings an isolate answers (a run's JSON, a replay batch's lines) arrive in the sandbox process's
// own heap as V8 external strings, which live in old space: only a full collection of that heap
// frees them, and V8 does not start one while the heap itself stays small. Left alone, a process
// grew by about one answer per run (0.1 MB per 200-event batch) until the core recycled it.
//
// A full collection of the process's heap pauses its main thread for about 12 ms (not the
// isolates' threads: runs in progress go on). So it is done when the process is idle, once the
// answers hold 8 MB, and at once past 16 MB, when work never pauses (sustained pipeline or
// replay batches): every ~140 batches of 200 events, 2-3% of their throughput (measured in
// alternating pairs). With 32 MB the process settled 25 MB higher; with 48 MB it still grew
// until recycled (the allocator keeps more than the strings' own size).

export interface ExternalCollectorOptions {
  /** Collect once the process has had no work this long, when the answers hold this much (bytes). */
  idleBytes: number;
  idleMs: number;
  /** Collect right after a run once they hold this much (bytes). */
  forceBytes: number;
}

export type Collect = (options: { type: 'major'; execution: 'async' }) => Promise<void>;

export const EXTERNAL_COLLECTION: ExternalCollectorOptions = { idleBytes: 8 * 1048576, idleMs: 100, forceBytes: 16 * 1048576 };
/**
 * The replay process: its runs are long and it is recycled between them when it has grown, so it
 * lets more pile up within a run (a pause there holds up the batches' writes too).
 */
export const REPLAY_EXTERNAL_COLLECTION: ExternalCollectorOptions = { ...EXTERNAL_COLLECTION, forceBytes: 64 * 1048576 };

/** What the collector uses of this process: V8's gc (with --expose-gc) and the external memory V8 counts. */
export interface ExternalCollectorHost {
  gc?: Collect;
  externalBytes(): number;
}

const processHost = (): ExternalCollectorHost => ({
  gc: (globalThis as { gc?: Collect }).gc,
  externalBytes: () => getHeapStatistics().external_memory,
});

/**
 * `begin` when a request arrives, `end` when it is answered (`idle`: none left in flight), `check`
 * between the batches of a long one (replay). Needs --expose-gc (sandbox processes have it);
 * without it, does nothing.
 */
export function createExternalCollector(options: ExternalCollectorOptions = EXTERNAL_COLLECTION, host: ExternalCollectorHost = processHost()) {
  const { gc } = host;
  let collecting = false;
  let idleTimer: NodeJS.Timeout | undefined;

  const collect = () => {
    if (!gc || collecting) return;
    collecting = true;
    gc({ type: 'major', execution: 'async' }).finally(() => (collecting = false));
  };
  const held = () => (gc ? host.externalBytes() : 0);

  return {
    begin(): void {
      clearTimeout(idleTimer);
    },
    check(): void {
      if (held() >= options.forceBytes) collect();
    },
    end(idle: boolean): void {
      const bytes = held(); // one read per answer (this runs after every run)
      if (bytes >= options.forceBytes) return collect();
      if (!idle || bytes < options.idleBytes) return;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(collect, options.idleMs);
      idleTimer.unref();
    },
  };
}
