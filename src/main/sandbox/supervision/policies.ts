// The pool's rules over time and memory, as pure functions of what it knows (tested by tables in
// placement.test.ts, describe 'policies'): the quiet rule that lets runs go on a process's thread, and when a process
// is recycled or retired.
import type { SlotView } from './placement';

/**
 * The quiet rule: when two runs were last in flight at once, as of `now`. A request that arrives
 * while an interactive process has a run in flight is such a moment (placement's sync waits
 * SYNC_QUIET_MS after it).
 */
export function lastConcurrentAt(interactive: readonly (SlotView | undefined)[], lastConcurrent: number, now: number): number {
  const busy = interactive.some((view) => !!view && view.state !== 'exited' && view.running > 0);
  return busy ? now : lastConcurrent;
}

/** What recycling knows of a process: the memory it reported with its last answer. */
export interface MemoryView extends SlotView {
  /** Resident memory (MB) and its isolates' heaps within it. */
  rssMb: number;
  heapMb: number;
  /** The replay process. */
  background: boolean;
}

/**
 * Memory a sandbox process does not give back (native allocations of isolates and batches that
 * the allocator keeps) is bounded by replacing the process once what it holds beyond its isolates'
 * heaps passes the limit (times `factor`: the replay process within a run is allowed twice the
 * limit; between runs, once). A replay process with requests in flight is checked at twice only.
 */
export function shouldRecycle(view: MemoryView, limitMb: number, factor = 1): boolean {
  if (view.state === 'retiring' || view.state === 'exited') return false;
  if (factor === 1 && view.background && view.running > 0) return false;
  return view.rssMb - view.heapMb > limitMb * factor;
}

/**
 * A process with nothing warm and nothing running is stopped after `retireMs` (0: never), so all
 * of its memory goes back to the OS (memory freed by disposed isolates mostly stays with it).
 */
export const retireWhenIdle = (view: SlotView & { warm: number }, retireMs: number): boolean =>
  retireMs > 0 && view.state !== 'exited' && view.warm === 0 && view.running === 0;
