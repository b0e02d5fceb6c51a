import type { RemoteInstance } from '../supervision/remote-instance';
import type { InstancePool } from '../warm-pool';

/** A run's hold on a warm handle: the handle (if any), and how it goes back. */
export interface Held {
  handle: RemoteInstance | undefined;
  release(instance: RemoteInstance | undefined): void;
}

/** One lane of a key's grouped runs in flight in one process: the handle they share (once known). */
type Sharing = { instance: RemoteInstance | undefined; runs: number; failed: boolean };

/**
 * The core's handles on warm isolates, as runs take and give them back. Grouped runs of one key
 * in flight together in one process share the handles of its lanes (`lanes`, at most that many
 * isolates of the key run at once there: runner.ts), one per lane: the handle goes back to the
 * pool with the last run of its lane.
 */
export function warmHandles(warm: InstancePool<RemoteInstance>, isClosed: () => boolean) {
  // Per process (its Slot; ANY: grouped runs placed by the pool, which keeps a key's grouped runs
  // in the process of its warm isolate), per key: the lanes its runs in flight share.
  const ANY = {};
  const inFlight = new WeakMap<object, Map<string, Sharing[]>>();
  const sharedIn = (slot: object) => {
    let map = inFlight.get(slot);
    if (!map) inFlight.set(slot, (map = new Map()));
    return map;
  };
  // A run's warm isolate back to the pool (or let go once the sandbox is closed).
  const keep = (key: string, instance: RemoteInstance) => (isClosed() ? instance.dispose() : warm.put(key, instance));
  /**
   * The warm handle a run of `key` uses, if any. Grouped runs (`lanes` > 0) of one key in flight
   * together in the process `slot` (no slot: wherever the pool places them) share one handle per
   * lane: a run opens a lane while fewer than `lanes` are open, else joins the one with the fewest
   * runs. An interactive run (`lanes` 0) takes the handle of a process with nothing in flight
   * first (`idle`), so concurrent runs spread. `release` gets the handle on the isolate the run
   * left warm (undefined: the run failed).
   */
  function hold(key: string, lanes: number, slot?: object, idle?: (instance: RemoteInstance) => boolean): Held {
    const here = lanes > 0 ? sharedIn(slot ?? ANY) : undefined;
    const open = here?.get(key) ?? [];
    const joined = here && open.length >= lanes ? open.reduce((fewest, lane) => (lane.runs < fewest.runs ? lane : fewest)) : undefined;
    const handle = joined ? joined.instance : slot ? warm.take(key, (instance) => instance.slot === slot, true) : warm.take(key, idle);
    // A lane is shared even when nothing was warm: its first run to answer makes the handle.
    const sharing = here ? (joined ?? { instance: handle, runs: 0, failed: false }) : undefined;
    if (sharing) {
      sharing.runs++;
      if (!joined) here!.set(key, [...open, sharing]);
    }
    return {
      handle,
      release(instance: RemoteInstance | undefined): void {
        if (!instance && sharing) sharing.failed = true;
        if (instance && sharing && !sharing.instance) sharing.instance = instance;
        // A run of the lane that found no handle got a new one; in the lane's process it stands for
        // the lane's isolate (the process ran it there, or on another lane's), so it goes.
        else if (instance && sharing && instance !== sharing.instance && instance.slot === sharing.instance?.slot) instance.forget();
        else if (instance && instance !== sharing?.instance) keep(key, instance);
        if (sharing && --sharing.runs === 0) {
          const rest = here!.get(key)?.filter((lane) => lane !== sharing) ?? [];
          if (rest.length > 0) here!.set(key, rest);
          else here!.delete(key);
          if (!sharing.failed && sharing.instance) keep(key, sharing.instance);
        }
      },
    };
  }

  return { hold, keep };
}
