import type { PooledInstance } from '../warm-pool';
import type { Slot } from './slot';

/**
 * The core's handle on a warm isolate left in a sandbox process after a run: the core's pool
 * (global budget, LRU, idle time) keeps these; disposing one tells the process to drop it.
 */
export class RemoteInstance implements PooledInstance {
  lastUsed = Date.now();
  private dropped = false;

  constructor(
    readonly slot: Slot,
    readonly key: string,
    readonly memoryLimitMb: number,
  ) {
    slot.warm++;
  }

  get broken(): boolean {
    return this.slot.exited || this.slot.killed || this.slot.retiring;
  }

  get disposed(): boolean {
    return this.dropped || this.slot.exited || this.slot.killed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.dropped = true;
    this.slot.drop(this.key);
  }

  /** A handle that stands for no isolate of its own (its run used the one another handle stands for): let go without telling the process. */
  forget(): void {
    if (this.disposed) return;
    this.dropped = true;
    this.slot.warm--;
    this.slot.checkRetire();
  }
}

/** Per side of a worker's job, the handle on the isolate it left warm in `slot`: the one given when it is still there, else a new one. */
export const keptInstances = (slot: Slot, sides: { key: string; memoryLimitMb: number }[], handles: (RemoteInstance | undefined)[]): RemoteInstance[] =>
  sides.map((side, i) => {
    const handle = handles[i];
    return handle && handle.slot === slot && !handle.broken ? handle : new RemoteInstance(slot, side.key, side.memoryLimitMb);
  });
