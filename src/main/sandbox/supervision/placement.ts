// Where a request goes: a pure decision over a snapshot of the processes (no process is touched
// here), so every rule can be tested by a table (placement.test.ts). The pool (process-pool.ts)
// takes the snapshot, applies the choice and, for a `wait`, asks again once it has waited.

/**
 * A sandbox process's life: starting (loading its modules) → ready ⇄ blocked (running a batch on
 * its own thread: it reads nothing else until that ends) → retiring (finishing its runs, then it
 * exits) → exited. A process may exit from any state.
 */
export type SlotState = 'starting' | 'ready' | 'blocked' | 'retiring' | 'exited';

/** What placement knows of one process: its state and the requests it has in flight. */
export interface SlotView {
  state: SlotState;
  running: number;
}

/** A process of the pool by position: one of the keyed ones (runs spread over them by key), or the spare. */
export type SlotRef = number | 'spare';

export interface PoolView {
  /** The keyed processes (undefined: not started). */
  keyed: readonly (SlotView | undefined)[];
  /** Started for runs that came while every keyed process was blocked. */
  spare?: SlotView;
  /** When two runs were last in flight at once (see quietFor in policies.ts). */
  lastConcurrent: number;
  /** Runs may go on a process's thread at all (ProcessPoolOptions.syncRuns). */
  syncRuns: boolean;
}

/** The warm isolate a run could use: where it is (the replay process: `background`), and whether its process is gone or going. */
export interface WarmView {
  at: SlotRef | 'background';
  broken: boolean;
}

export interface PlacementRequest {
  /** The warm-isolate key of a transform run; undefined: a library test (the least busy process). */
  key: string | undefined;
  /** A grouped run keeps its key's order in the process of its warm isolate, blocked or not. */
  group?: boolean;
  /** The process the request was meant for, blocked when first asked, has been waited for (the answer to a `wait`). */
  waited?: SlotRef;
}

export type Choice =
  /**
   * Send it to `slot` (`start`: no usable process there, start one first), on the warm isolate
   * when `useWarm`, on the process's thread when `sync`.
   */
  | { go: SlotRef; start: boolean; useWarm: boolean; sync: boolean }
  /** The process is blocked: wait a moment for it (BLOCKED_WAIT_MS), then choose again with `waited`. */
  | { wait: SlotRef };

/** Runs go on a process's thread only after this long without two runs in flight at once. */
export const SYNC_QUIET_MS = 1000;

/** A live process that takes work (a retiring one takes none). */
export const usable = (view: SlotView | undefined): view is SlotView => !!view && view.state !== 'retiring' && view.state !== 'exited';

/** The keyed process a key's runs go to. */
export function keyIndex(key: string, size: number): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % size;
}

const viewAt = (pool: PoolView, ref: SlotRef): SlotView | undefined => (ref === 'spare' ? pool.spare : pool.keyed[ref]);

/** The least busy keyed process (a process not started counts as idle); the first on a tie. */
function leastBusy(pool: PoolView): number {
  let best = 0;
  for (let i = 1; i < pool.keyed.length; i++) if ((pool.keyed[i]?.running ?? 0) < (pool.keyed[best]?.running ?? 0)) best = i;
  return best;
}

/**
 * Where a request goes when its process is blocked: an idle process, else a busy one that is not
 * blocked (its runs share its isolates' threads), else a process not started yet (a keyed one,
 * then the spare), else (all blocked) the blocked one, to wait in its queue.
 */
function unblocked(pool: PoolView, blocked: SlotRef): { go: SlotRef; start: boolean } {
  const refs: SlotRef[] = [...pool.keyed.map((_, i) => i), 'spare'];
  const open = refs.filter((ref) => usable(viewAt(pool, ref)) && viewAt(pool, ref)!.state !== 'blocked');
  const choice = open.find((ref) => viewAt(pool, ref)!.running === 0) ?? open[0];
  if (choice !== undefined) return { go: choice, start: false };
  const free = refs.find((ref) => !usable(viewAt(pool, ref)));
  return free !== undefined ? { go: free, start: true } : { go: blocked, start: false };
}

/**
 * The background process a worker's job goes to: the one with the fewest requests in flight (a
 * started one first on a tie), so a run's jobs in flight spread over them; one not started yet
 * (undefined, or gone) is chosen when every started one is busy.
 */
export function leastLoaded(background: readonly (SlotView | undefined)[]): number {
  const load = (i: number) => (usable(background[i]) ? background[i]!.running : 0.5);
  let best = 0;
  for (let i = 1; i < background.length; i++) if (load(i) < load(best)) best = i;
  return best;
}

/**
 * A keyed process with nothing in flight (a ready one first, else one not started yet), for a run
 * whose own process is busy: concurrent runs spread over the processes (a warm isolate is made
 * there on the first such run). None: every keyed process has runs in flight.
 */
function idleKeyed(pool: PoolView): { go: number; start: boolean } | undefined {
  const refs = pool.keyed.map((_, i) => i);
  const ready = refs.find((i) => usable(pool.keyed[i]) && pool.keyed[i]!.state !== 'blocked' && pool.keyed[i]!.running === 0);
  if (ready !== undefined) return { go: ready, start: false };
  const free = refs.find((i) => !usable(pool.keyed[i]));
  return free !== undefined ? { go: free, start: true } : undefined;
}

/**
 * Where a request goes, given the processes now (`slots`), the key, the warm isolate it could use
 * and the time: the process of its warm isolate (one in the replay process is not used), else
 * the one its key hashes to; one with runs in flight is left for an idle keyed process (concurrent
 * runs spread); a blocked one is waited for, then left for another. A transform run
 * goes on the process's thread when it uses a warm isolate of a ready process with nothing in
 * flight, SYNC_QUIET_MS after runs last overlapped (a cold isolate is made asynchronously).
 */
export function choose(slots: PoolView, request: PlacementRequest, warm: WarmView | undefined, now: number): Choice {
  const warmAt = warm && !warm.broken && warm.at !== 'background' ? warm.at : undefined;
  const target: SlotRef = request.waited ?? warmAt ?? (request.key === undefined ? leastBusy(slots) : keyIndex(request.key, slots.keyed.length));
  const view = viewAt(slots, target);
  let go: SlotRef = target;
  let start = !usable(view);
  const idle = request.key !== undefined && !request.group && request.waited === undefined && usable(view) && view.running > 0 ? idleKeyed(slots) : undefined;
  if (idle !== undefined) ({ go, start } = idle);
  else if (view?.state === 'blocked' && !request.group) {
    if (request.waited === undefined) return { wait: target };
    ({ go, start } = unblocked(slots, target));
  } else if (request.waited !== undefined && start) {
    ({ go, start } = unblocked(slots, target));
  }
  const useWarm = warmAt !== undefined && go === warmAt && !start;
  const chosen = start ? undefined : viewAt(slots, go);
  const sync =
    slots.syncRuns && request.key !== undefined && !request.group && useWarm && chosen?.state === 'ready' && chosen.running === 0 && now - slots.lastConcurrent >= SYNC_QUIET_MS;
  return { go, start, useWarm, sync };
}
