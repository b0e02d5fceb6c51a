import type { SandboxInstance } from '../isolate/instance';

/** External memory (strings copied in with batches) past which an isolate is collected after its run. */
const COLLECT_EXTERNAL_BYTES = 8 * 1024 * 1024;
/** Runs of an isolate after which it is due a full collection, done once it is idle (each run leaves a released realm; the runtime of isolate/runtime/*.js holds more per realm than the template string did: 8, not 16). */
const COLLECT_EVERY_RUNS = 8;
/** How long an isolate due a collection waits for no run of it to come before it is collected. */
const COLLECT_IDLE_MS = 25;
/** Runs past which an isolate that never goes idle (runs back to back) is collected after its run anyway: its memory stays bounded. */
const COLLECT_BOUND_RUNS = 64;

/** When an isolate is collected after a run: at once (after the answer has left), once idle, or not. */
export type CollectionDue = 'now' | 'idle' | undefined;

const heapOf = (instance: SandboxInstance) => {
  const heap = instance.isolate.getHeapStatisticsSync();
  return { total: heap.total_physical_size + heap.externally_allocated_size, external: heap.externally_allocated_size };
};

/**
 * The heap of each isolate of a sandbox process as measured after its last run, while idle
 * (measuring a busy isolate waits for its batch to end), and when to collect it.
 */
export class HeapAccounting {
  private readonly bytes = new WeakMap<SandboxInstance, number>();
  private readonly runsSinceCollect = new WeakMap<SandboxInstance, number>();
  private readonly idleTimers = new Map<SandboxInstance, NodeJS.Timeout>();

  /**
   * Measured after each run (a read of V8's figures, on this thread). A full collection runs on
   * the isolate's thread, and the isolate's next run waits for it: an isolate that ran
   * COLLECT_EVERY_RUNS runs (each leaves its realm behind, released, collected in a full GC) is
   * collected once no run of it came for COLLECT_IDLE_MS ('idle'); one holding more external
   * memory (copied batches) than COLLECT_EXTERNAL_BYTES, or that ran COLLECT_BOUND_RUNS runs
   * without an idle pause, right after its answer has left ('now').
   */
  measure(instance: SandboxInstance): CollectionDue {
    try {
      const heap = heapOf(instance);
      this.bytes.set(instance, heap.total);
      const runs = (this.runsSinceCollect.get(instance) ?? 0) + 1;
      this.runsSinceCollect.set(instance, runs);
      if (heap.external > COLLECT_EXTERNAL_BYTES || runs >= COLLECT_BOUND_RUNS) return 'now';
      return runs >= COLLECT_EVERY_RUNS ? 'idle' : undefined;
    } catch {
      this.bytes.delete(instance); // disposed by a failed run
      return undefined;
    }
  }

  /**
   * After a run's answer has left: a collection due 'now' starts in the check phase (on the
   * isolate's thread, queued after the preparation of its next realm); one due 'idle' once no
   * run took the isolate for COLLECT_IDLE_MS (`busy` cancels it).
   */
  schedule(instance: SandboxInstance, due: CollectionDue): void {
    this.busy(instance);
    if (due === 'now') setImmediate(() => void this.collect(instance));
    else if (due === 'idle') {
      const timer = setTimeout(() => {
        this.idleTimers.delete(instance);
        void this.collect(instance);
      }, COLLECT_IDLE_MS);
      timer.unref();
      this.idleTimers.set(instance, timer);
    }
  }

  /** A run (or its staged pieces) took the isolate: a collection waiting for it to go idle waits for the next idle pause. */
  busy(instance: SandboxInstance): void {
    const timer = this.idleTimers.get(instance);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.idleTimers.delete(instance);
  }

  async collect(instance: SandboxInstance): Promise<void> {
    this.runsSinceCollect.set(instance, 0);
    try {
      await instance.collectGarbage();
      this.bytes.set(instance, heapOf(instance).total);
    } catch {
      this.bytes.delete(instance); // disposed meanwhile
    }
  }

  /** The heap measured after the instance's last run (0 when never measured or disposed). */
  bytesOf(instance: SandboxInstance): number {
    return this.bytes.get(instance) ?? 0;
  }
}
