import type { RunMode } from './run-mode';
import type { FetchMock, NetworkCall, SandboxLibrary, TargetIds } from '../types';

// The compact protocol between the core and a sandbox process, over the fork IPC channel with
// 'advanced' serialization (structured clone: the batch travels as one JSON string, copied once,
// never re-escaped). Batches in, results out; everything a run needs from the core (settings,
// credential values, library code) comes with the request, so a run never waits on the core.

/** What the runtime in the isolate is told when it is made. */
export interface RuntimeLimits {
  maxOutputChars: number;
  maxPendingCalls: number;
}

export interface RunLimits {
  /** Execution time of the isolate for the whole batch (CPU time, summed over its entries). */
  timeoutMs: number;
  memoryLimitMb: number;
  /** Wall-clock limit of the whole batch, including time spent waiting on host requests. */
  wallTimeoutMs: number;
  /** Deadline of one fetch/fetchV2 request. */
  requestTimeoutMs: number;
  /** Host requests (fetch, fetchV2, geolocation) one batch may make in total. */
  maxHostCalls: number;
}

export interface RunRequest {
  type: 'run';
  id: number;
  /** Warm-isolate key (version ids, or a hash of the code). */
  key: string;
  name: string;
  code: string;
  libraries: SandboxLibrary[];
  memoryLimitMb: number;
  timeoutMs: number;
  runtime: RuntimeLimits;
  /** `{"e":[events],"m":[metadata]|null}` (payload.ts) */
  payload: string;
  limits: RunLimits;
  allowPrivateNetwork: boolean;
  geolocationUrl?: string;
  /** A test's fetch mocks (answers instead of the network). */
  fetchMocks?: FetchMock[];
  /** Values getCredential(key) answers. */
  credentials: Record<string, string>;
  /** How it enters its isolate and answers (run-mode.ts). */
  mode: RunMode;
}

/**
 * A piece of the batch of the run request that follows with the same id (sent only to a process
 * with nothing in flight, right before that request): parsed into the warm isolate of `key` at
 * once, while the core serialises the next piece; kept until the run when no isolate is warm.
 */
export interface StageMessage {
  type: 'stage';
  id: number;
  key: string;
  /** A JSON array of events. */
  text: string;
  timeoutMs: number;
}

/** The run whose pieces were staged under this id will not come (its next piece could not be made). */
export interface UnstageMessage {
  type: 'unstage';
  id: number;
}

/**
 * A run's results per input event, each event's outputs as one JSON array text: the texts in
 * UTF-8, one after the other with a line feed between them; `ends[i]` is where event i's ends.
 */
export interface GroupedAnswer {
  outputs: Uint8Array;
  ends: number[];
  /** Outputs per event (the length of each array in `outputs`). */
  counts: number[];
  errors: string[][];
  logs: string[];
  /** Outputs naming no input event (a JSON array text), when there are any. */
  orphans?: { json: string; count: number };
}

/** One side of a worker's job: a run request without its events (the worker adds them), and what metadata(event) names. */
export interface WorkSide extends Omit<RunRequest, 'type' | 'id' | 'payload' | 'mode'>, TargetIds {
  /** Runs of this side at once in the process, each on its own warm isolate (parallelism.ts replayLanes; 1 when absent). */
  lanes?: number;
}

/**
 * A job for a worker registered with the sandbox process (child/workers.ts; the studio names the
 * workers, e.g. replay's batch worker): it runs in the background process, with the process's
 * warm isolates for its sides, and says how far it got with `progress` messages (each restarts
 * the job's deadline: WORK_RUNS_IN_FLIGHT runs' wall limit).
 */
export interface WorkRequest {
  type: 'work';
  id: number;
  /** The registered worker's name. */
  worker: string;
  sides: WorkSide[];
  /** The worker's own request (structured-cloned as it is). */
  job: unknown;
}

/** A worker tells its progress at least once per this many of its sides' runs (their wall limits make the job's deadline). */
export const WORK_RUNS_IN_FLIGHT = 3;

/** The worker's job of this key starts nothing new; it answers once what is in flight is done. */
export interface CancelWorkMessage {
  type: 'cancel';
  worker: string;
  key: string;
}

export interface LibraryTestRequest {
  type: 'library';
  id: number;
  library: SandboxLibrary;
  memoryLimitMb: number;
  timeoutMs: number;
}

/** The core's warm pool let go of one idle isolate of this key: dispose it. */
export interface DropMessage {
  type: 'drop';
  key: string;
}

export type CoreMessage = RunRequest | WorkRequest | LibraryTestRequest | DropMessage | CancelWorkMessage | StageMessage | UnstageMessage;

export interface SerializedError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Every answer carries the process's resident memory (MB), so the core can recycle a process that grew. */
export type ProcessReply =
  | { type: 'ready' }
  /** A run that is done leaves its isolate warm in the process (the core pools a handle on it). */
  | { type: 'done'; id: number; json?: string; grouped?: GroupedAnswer; work?: unknown; network?: NetworkCall[]; rssMb: number; heapMb: number; externalMb?: number; made?: number }
  /** A run on the process's thread is waiting on host requests: the thread takes other work again. */
  | { type: 'entered'; id: number }
  /** The run's isolate runs again (after it was made, waited for, or waiting on host requests). */
  | { type: 'resumed'; id: number }
  /** A piece of an answer in parts: a JSON array of entries, in order, before the answer. */
  | { type: 'part'; id: number; json: string }
  /** A worker's job's progress (replay: the position after its last stored batch); sent now and then while it runs. */
  | { type: 'progress'; id: number; done: number; rssMb: number; heapMb: number; externalMb?: number; made?: number }
  | { type: 'failed'; id: number; error: SerializedError; rssMb: number; heapMb: number; externalMb?: number; made?: number };
