import type { GroupedAnswer } from '../protocol/messages';
import type { NetworkCall } from '../types';
import type { RequestMemory } from './memory-watch';

// A request in flight in a sandbox process, and its two clocks: the deadline of the whole request
// (past it the process is stuck: killed) and the watch on a run's isolate (slot.ts).

export type Reply = { json?: string; grouped?: GroupedAnswer; work?: unknown; network?: NetworkCall[] };
export type Pending = {
  name: string;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  /** Time the request has once the process is ready, and what happens past it. */
  deadlineMs: number;
  kill: () => void;
  /** A worker job's progress; each one restarts its deadline. */
  onProgress?: (done: number) => void;
  /** The pieces of an answer in parts, in order. */
  onPart?: (json: string) => void;
  /** A run's CPU limit (ms): its isolate must answer or wait on host requests by then (plus a grace), else the process is killed. */
  cpuMs?: number;
  /** Extra time before the run's first watch (its isolate is made first, or it waits for its key's previous run). */
  startMs?: number;
  stall?: NodeJS.Timeout;
  /** A run that may run again elsewhere when its process is killed for another request (RunElsewhere). */
  rerun?: boolean;
  /** The memory limit its failure names, and what it may allocate in the process (memory-watch.ts). */
  memory?: RequestMemory;
};
export type Listeners = Pick<Pending, 'onProgress' | 'onPart' | 'cpuMs' | 'startMs' | 'rerun' | 'memory'>;

/** (Re)starts a request's deadline from now. */
export function armDeadline(pending: Pending, ms: number): void {
  clearTimeout(pending.timer);
  pending.timer = setTimeout(pending.kill, ms);
  pending.timer.unref();
}

/**
 * (Re)starts the watch on a run's isolate: it must answer or go to wait on host requests within
 * its CPU limit plus `extraMs` (wall time, as isolated-vm's own limit of each isolate call: a run
 * past it was going to fail with the time limit anyway), else `onStall`.
 */
export function armWatch(pending: Pending, extraMs: number, onStall: () => void): void {
  clearTimeout(pending.stall);
  if (pending.cpuMs === undefined) return;
  pending.stall = setTimeout(onStall, pending.cpuMs + extraMs);
  pending.stall.unref();
}

/** Callers waiting for something (a blocked process to be free), each at most for its own time. */
export class Waiters {
  private list: (() => void)[] = [];

  /** Settles at the next wake(), or after `ms`. */
  within(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.list = this.list.filter((waiter) => waiter !== wake);
        resolve();
      }, ms);
      timer.unref();
      this.list.push(wake);
    });
  }

  wake(): void {
    for (const wake of this.list.splice(0)) wake();
  }
}

/**
 * A run in flight in a process killed for another request (a stalled isolate, a request past its
 * deadline): it did nothing wrong, so it runs again in another process (process-pool.ts). `crash`
 * is the error it fails with when it cannot.
 */
export class RunElsewhere extends Error {
  /** `alone`: it runs again in a process of its own (its process went past its memory budget, and which run grew it is not known). */
  constructor(
    readonly crash: Error,
    readonly alone = false,
  ) {
    super(crash.message);
  }
}
