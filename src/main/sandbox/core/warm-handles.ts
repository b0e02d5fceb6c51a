import type { RemoteInstance } from '../supervision/remote-instance';
import type { InstancePool } from '../warm-pool';

/**
 * The core's handles on warm isolates, as runs take and give them back. Replay's runs of one key
 * in flight together (`shared`) share one: the sandbox process runs them in order on its isolate,
 * and the handle goes back to the pool with the last of them.
 */
export function warmHandles(warm: InstancePool<RemoteInstance>, isClosed: () => boolean) {
  const inFlight = new Map<string, { instance: RemoteInstance; runs: number; failed: boolean }>();
  // A run's warm isolate back to the pool (or let go once the sandbox is closed).
  const keep = (key: string, instance: RemoteInstance) => (isClosed() ? instance.dispose() : warm.put(key, instance));
  /**
   * The warm handle a run of `key` uses, if any. Replay's runs of one key in flight together
   * (`shared`) share one: the sandbox process runs them in order on its isolate, and the handle
   * goes back to the pool with the last of them. `release` gets the handle on the isolate the run
   * left warm (undefined: the run failed).
   */
  function hold(key: string, shared: boolean) {
    const before = shared ? inFlight.get(key) : undefined;
    const handle = before?.instance ?? warm.take(key);
    const sharing = shared && handle ? (before ?? { instance: handle, runs: 0, failed: false }) : undefined;
    if (sharing) {
      sharing.runs++;
      inFlight.set(key, sharing);
    }
    return {
      handle,
      release(instance: RemoteInstance | undefined): void {
        if (!instance && sharing) sharing.failed = true;
        if (instance && instance !== sharing?.instance) keep(key, instance);
        if (sharing && --sharing.runs === 0) {
          inFlight.delete(key);
          if (!sharing.failed) keep(key, sharing.instance);
        }
      },
    };
  }

  return { hold, keep };
}
