import type { SandboxSettings } from '../../../shared/api/sandbox-settings';

export interface SandboxOptions {
  /** Isolate memory limit in MB (default 128); the stored setting wins when present. */
  memoryLimitMb?: number;
  /** Execution time limit of one batch in ms (default 4000); the stored setting wins when present. */
  timeoutMs?: number;
  /** Warm isolates kept idle, least recently used evicted first (default 16). */
  poolSize?: number;
  /** Sum of the memory limits of the warm isolates kept idle, in MB (default 512). */
  memoryBudgetMb?: number;
  /** A warm isolate unused this long (ms) is disposed (default 5 minutes; 0: never). */
  idleEvictMs?: number;
  /** Batches running at the same time; others wait (default 4). */
  maxConcurrentRuns?: number;
  /** Wall-clock limit of one batch including waits on fetch/geolocation (default 30 s). */
  wallTimeoutMs?: number;
  /** Deadline of one fetch/fetchV2 request (default 10 s). */
  requestTimeoutMs?: number;
  /** fetch/fetchV2/geolocation calls per batch (default 1000). */
  maxHostCallsPerRun?: number;
  /** Size limit of a batch's serialized output (default 32 MB). */
  maxOutputBytes?: number;
  /** Current settings (read once per batch). */
  getSettings?: () => Partial<SandboxSettings>;
  /** Stored credential values for getCredential(key), read once per batch and sent with it. */
  credentials?: () => Record<string, string>;
  /** Sandbox processes (default 1); runs of one transformation go to the same process. */
  processes?: number;
  /** Isolates of one side that run a worker's jobs (replay batches) at once in a background process (default: cores / processes, 1 to 2; parallelism.ts replayLanes). */
  lanes?: number;
  /**
   * Answers of transform runs of more than 25 events come in parts, read while the isolate writes
   * the rest (default true; false: one answer at the end, as grouped runs always do). Off from
   * round 4 to round 7 of #43, while the next realm was prepared on the isolate's thread during
   * the answer; since it is prepared after the answer left, the core's second core is idle then,
   * and the parts (with the batch in pieces) made 200-event runs 9-12 % faster (docs/decisions/011,
   * round 7).
   */
  answerInParts?: boolean;
  /**
   * A transform run sent to a sandbox process with nothing else in flight, a second after two runs
   * were last in flight at once, enters its isolate on that process's thread, without the
   * hand-over to the isolate's thread and back (default true; false: always on the isolate's
   * thread). A run that comes meanwhile waits a moment, then goes to another process.
   */
  syncRuns?: boolean;
  /**
   * A batch of at least 100 events given as objects, run on the process's thread, enters its
   * isolate in two pieces: the process parses the first while the core serialises the second
   * (default true; false: one message; docs/decisions/011, rounds 4 and 7).
   */
  stageBatches?: boolean;
  /**
   * Workers of other rooms whose jobs run in the background sandbox process (child/workers.ts):
   * name → the path of the module (its default export makes the worker), e.g. replay's batches.
   */
  workers?: Record<string, string>;
  /** A sandbox process whose resident memory beyond its isolates' heaps passes this (MB) is replaced (default 160). */
  recycleRssMb?: number;
  /** Time past a run's deadline before its sandbox process counts as stuck and is killed (default 5 s). */
  graceMs?: number;
  /** A run for a process busy with a run on its own thread waits this long for it, then goes to another (default 50 ms). */
  blockedWaitMs?: number;
}
