import type { RemoteInstance } from '../supervision/remote-instance';
import type { InstancePool } from '../warm-pool';

/** A run's hold on a warm handle: the handle (if any), and how it goes back. */
export interface Held {
  handle: RemoteInstance | undefined;
  release(instance: RemoteInstance | undefined): void;
}

type Sharing = { instance: RemoteInstance; runs: number; failed: boolean };

/**
 * The core's handles on warm isolates, as runs take and give them back. Replay's runs of one key
 * in flight together in one process (`shared`) share one: that sandbox process runs them in order
 * on its isolate, and the handle goes back to the pool with the last of them.
 */
export function warmHandles(warm: InstancePool<RemoteInstance>, isClosed: () => boolean) {
  // Per process (its Slot; ANY: grouped runs placed by the pool, which keeps a key's grouped runs
  // in the process of its warm isolate), per key: the handle its runs in flight share.
  const ANY = {};
  const inFlight = new WeakMap<object, Map<string, Sharing>>();
  const sharedIn = (slot: object) => {
    let map = inFlight.get(slot);
    if (!map) inFlight.set(slot, (map = new Map()));
    return map;
  };
  // A run's warm isolate back to the pool (or let go once the sandbox is closed).
  const keep = (key: string, instance: RemoteInstance) => (isClosed() ? instance.dispose() : warm.put(key, instance));
  /**
   * The warm handle a run of `key` uses, if any. Grouped runs of one key in flight together in
   * the process `slot` (`shared`; no slot: wherever the pool places them) share one of it: it runs them in order on its isolate,
   * and the handle goes back to the pool with the last of them. An interactive run takes the
   * handle of a process with nothing in flight first (`idle`), so concurrent runs spread. `release`
   * gets the handle on the isolate the run left warm (undefined: the run failed).
   */
  function hold(key: string, shared: boolean, slot?: object, idle?: (instance: RemoteInstance) => boolean): Held {
    const sharedHere = shared ? sharedIn(slot ?? ANY) : undefined;
    const before = sharedHere?.get(key);
    const handle = before?.instance ?? (slot ? warm.take(key, (instance) => instance.slot === slot, true) : warm.take(key, idle));
    const sharing = sharedHere && handle ? (before ?? { instance: handle, runs: 0, failed: false }) : undefined;
    if (sharing) {
      sharing.runs++;
      sharedHere!.set(key, sharing);
    }
    return {
      handle,
      release(instance: RemoteInstance | undefined): void {
        if (!instance && sharing) sharing.failed = true;
        if (instance && instance !== sharing?.instance) keep(key, instance);
        if (sharing && --sharing.runs === 0) {
          sharedHere!.delete(key);
          if (!sharing.failed) keep(key, sharing.instance);
        }
      },
    };
  }

  return { hold, keep };
}
