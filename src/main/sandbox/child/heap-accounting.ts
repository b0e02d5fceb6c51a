import type { SandboxInstance } from '../isolate/instance';

/** External memory (strings copied in with batches) past which an isolate is collected after its run. */
const COLLECT_EXTERNAL_BYTES = 8 * 1024 * 1024;
/**
 * Runs of an isolate between full collections at most, in a process of interactive runs (test
 * runs, pipeline batches) and in the replay process. Each run leaves a released realm, which V8's
 * own collections find too (the heap then levels off at ~17 MB for 200-event batches). 8 was
 * chosen while every spent realm stayed held until the host's GC (docs/decisions/011, round 5);
 * with them released, a forced collection every 8 runs cost more than it bought in interactive
 * runs: the next run waited for it on the isolate (~0.4 ms per 200-event batch on average) and the
 * process did ~10 % more CPU per batch, for a heap 7-8 MB smaller (round 7). The replay process
 * keeps 8: its runs prepare the next realm on the isolate's thread (they do not wait on this
 * thread for the collection), and it holds up to four isolates at once, whose heaps count in the
 * tree's peak memory (#43: 400 MB).
 */
export const COLLECT_EVERY_RUNS = { interactive: 32, replay: 8 } as const;
/** A process with no request in flight this long collects the isolates that ran since their last collection. */
export const IDLE_COLLECT_MS = 100;

/**
 * An isolate's heap as the core's memory budget counts it: at most its memory limit (plus what may
 * be collected after the run). A builtin that allocates past the limit in one call ('x'.repeat(1e8)
 * .split('')) and returned under load left its garbage counted as heap: the next run of the process
 * was granted it, and the same attack answered 200 (the soak). Past this, the process's resident
 * memory passes its budget and the process goes (its runs run again alone).
 */
const heapOf = (instance: SandboxInstance) => {
  const heap = instance.isolate.getHeapStatisticsSync();
  const total = heap.total_physical_size + heap.externally_allocated_size;
  return { total: Math.min(total, instance.memoryLimitMb * 1048576 + COLLECT_EXTERNAL_BYTES), external: heap.externally_allocated_size };
};

/**
 * The heap of each isolate of a sandbox process as measured after its last run, while idle
 * (measuring a busy isolate waits for its batch to end), and when to collect it.
 */
export class HeapAccounting {
  constructor(private readonly collectEveryRuns: number = COLLECT_EVERY_RUNS.interactive) {}
  private readonly bytes = new WeakMap<SandboxInstance, number>();
  private readonly runsSinceCollect = new WeakMap<SandboxInstance, number>();

  /**
   * Measured after each run (a read of V8's figures, on this thread). An isolate holding more
   * external memory (copied batches) than COLLECT_EXTERNAL_BYTES, or that ran `collectEveryRuns`
   * runs (each leaves its realm behind, released, collected in a full GC), is due a collection
   * (true), which the runner starts once the answer has left (the event loop's check phase, on the
   * isolate's thread, queued after the preparation of its next realm): the answer does not wait
   * for a full collection.
   */
  measure(instance: SandboxInstance): boolean {
    try {
      const heap = heapOf(instance);
      this.bytes.set(instance, heap.total);
      const runs = (this.runsSinceCollect.get(instance) ?? 0) + 1;
      this.runsSinceCollect.set(instance, runs);
      if (heap.external <= COLLECT_EXTERNAL_BYTES && runs < this.collectEveryRuns) return false;
      this.runsSinceCollect.set(instance, 0);
      return true;
    } catch {
      this.bytes.delete(instance); // disposed by a failed run
      return false;
    }
  }

  /**
   * The isolates among `instances` that ran since their last collection, collected one after the
   * other (the process is idle: after a burst of runs it goes back to where it was).
   */
  async collectRan(instances: readonly SandboxInstance[]): Promise<void> {
    for (const instance of instances) {
      if (instance.disposed || !this.runsSinceCollect.get(instance)) continue;
      this.runsSinceCollect.set(instance, 0);
      await this.collect(instance);
    }
  }

  async collect(instance: SandboxInstance): Promise<void> {
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
