import type { RunMode } from './run-mode';
import type { FetchMock, NetworkCall, ReplayBatchesResult, SandboxLibrary, TargetIds } from '../types';

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
}

/** One target of a replay batch: a run request without its events, and what metadata(event) names. */
export interface ReplaySide extends Omit<RunRequest, 'type' | 'id' | 'payload' | 'mode'>, TargetIds {}

/**
 * Batches of one replay run, done whole in the sandbox process: from `from` on, it reads each
 * batch's inputs from the database, runs them through each side (two: a compare) on their warm
 * isolates, and appends the results, logs and progress in one transaction per batch, a few
 * batches in flight, until `maxBatches` are stored, the inputs end, or the run is cancelled. The
 * events never cross the process boundary; `progress` messages say how far it got.
 */
export interface ReplayBatchesRequest {
  type: 'replay';
  id: number;
  /** The studio database (the core's, migrated; opened here as a second connection). */
  dbFile: string;
  runId: string;
  /** Position of the first batch's first input. */
  from: number;
  workspaceId: string;
  sides: ReplaySide[];
  maxBatches: number;
}

export type ReplayBatchesReply = ReplayBatchesResult;

/** Batches of a replay request in flight in the sandbox process: the next ones' isolate runs overlap a batch's write. */
export const REPLAY_BATCHES_IN_FLIGHT = 3;

/** No new batch of this replay run starts; the request answers once those in flight are stored. */
export interface CancelReplayMessage {
  type: 'cancel';
  runId: string;
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

export type CoreMessage = RunRequest | ReplayBatchesRequest | LibraryTestRequest | DropMessage | CancelReplayMessage | StageMessage | UnstageMessage;

export interface SerializedError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Every answer carries the process's resident memory (MB), so the core can recycle a process that grew. */
export type ProcessReply =
  | { type: 'ready' }
  /** A run that is done leaves its isolate warm in the process (the core pools a handle on it). */
  | { type: 'done'; id: number; json?: string; grouped?: GroupedAnswer; replay?: ReplayBatchesReply; network?: NetworkCall[]; rssMb: number; heapMb: number; made?: number }
  /** A run on the process's thread is waiting on host requests: the thread takes other work again. */
  | { type: 'entered'; id: number }
  /** The run's isolate runs again (after it was made, waited for, or waiting on host requests). */
  | { type: 'resumed'; id: number }
  /** A piece of an answer in parts: a JSON array of entries, in order, before the answer. */
  | { type: 'part'; id: number; json: string }
  /** A replay request's stored progress (position after its last stored batch); sent now and then while it runs. */
  | { type: 'progress'; id: number; done: number; rssMb: number; heapMb: number; made?: number }
  | { type: 'failed'; id: number; error: SerializedError; rssMb: number; heapMb: number; made?: number };
