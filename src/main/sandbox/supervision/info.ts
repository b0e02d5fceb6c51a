import type { RunRequest } from '../protocol/messages';
import type { StagedPayload } from '../protocol/payload';
import type { Slot } from './slot';

export interface ProcessPoolOptions {
  /** Sandbox processes runs are spread over by key (the spare comes on top, see syncRuns). */
  size: number;
  /** A process that has not answered a request this long after its own wall limit is killed. */
  graceMs?: number;
  /** A process with nothing warm and nothing running this long is stopped (0: never). */
  retireMs?: number;
  /**
   * A process whose resident memory, beyond what the heaps of the isolates warm in it hold, passes
   * this (MB) takes no new work and stops once its runs are done; the next request starts
   * another. Default 160.
   */
  recycleRssMb?: number;
  /**
   * A transform run on a warm isolate sent to a process with nothing in flight, SYNC_QUIET_MS
   * after runs last overlapped, runs on that process's thread (default true). Until it is
   * answered the process reads nothing, so a run that comes meanwhile waits blockedWaitMs for
   * it, then goes to another process: a free one of the pool, else the spare, started for the
   * purpose (retired like the others once it has nothing warm). See placement.ts.
   */
  syncRuns?: boolean;
  /** How long a run for a blocked process waits for it before going to another (default 50 ms). */
  blockedWaitMs?: number;
  /** Workers (name → module path) whose jobs run in the background process (child/workers.ts). */
  workers?: Record<string, string>;
}

export interface SandboxProcessInfo {
  pid: number;
  /** Runs and library tests in flight. */
  running: number;
  /** Being recycled: finishing its runs, then it exits. */
  retiring?: boolean;
  /** The replay process (lower CPU priority). */
  background?: boolean;
  /** Running a batch on its own thread (see syncRuns): it takes no other run until that ends. */
  blocked?: boolean;
  /** The spare process: started for runs that came while every other process was blocked. */
  spare?: boolean;
  /** Runs sent to it to run on its thread, and of those, runs whose batch came in pieces (since it started). */
  runsOnThread: number;
  runsInPieces: number;
  /** As the process reported with its last answer: its resident memory and its isolates' heaps (MB). */
  rssMb: number;
  heapMb: number;
  /** External memory held in the process's own heap when it answered (MB): answers' strings until a full collection frees them (child/external-memory.ts). */
  externalMb: number;
  /** Isolates it made since it started (each run in a fresh context; a warm isolate is reused). */
  isolatesMade: number;
  /** Warm isolates in it the core's pool holds handles on (core/warm-handles.ts). */
  warm: number;
}

/** What processes() says of one process. */
export const infoOf = (s: Slot, spare: boolean): SandboxProcessInfo => ({
  pid: s.child.pid!,
  running: s.pending.size,
  rssMb: s.rssMb,
  heapMb: s.heapMb,
  externalMb: s.externalMb,
  isolatesMade: s.isolatesMade,
  warm: s.warm,
  ...(s.retiring ? { retiring: true } : {}),
  ...(s.background ? { background: true } : {}),
  runsOnThread: s.runsOnThread,
  runsInPieces: s.runsInPieces,
  ...(s.blocked ? { blocked: true } : {}),
  ...(spare ? { spare: true } : {}),
});

export type Placed = { slot: Slot; useWarm: boolean; sync: boolean };

export type RunInput = Omit<RunRequest, 'id' | 'type' | 'payload' | 'mode'> & {
  payload: string | StagedPayload;
  /** Answer per input event, over this many events (RunMode 'grouped'). */
  groupedEvents?: number;
  /** Answer in parts (not grouped). */
  parts: boolean;
};

