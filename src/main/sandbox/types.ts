import type { NetworkCall } from '../../shared/api/sandbox-test';
import type { FetchMock } from '../../shared/api/test-events';

export type { FetchMock, NetworkCall };
// Contract between the sandbox and its users: management publish tests,
// the studio test endpoint, the delivery pipeline and replay.

/** A library offered to a transformation; only the ones it imports are loaded. */
export interface SandboxLibrary {
  /** camelCase(name): what `import … from "<importName>"` resolves. */
  importName: string;
  code: string;
  /** Library version id when it comes from the store (part of the isolate cache key). */
  versionId?: string;
}

/** Metadata of one event as `metadata(event)` returns it (others are undefined). */
export interface EventMetadata {
  sourceId?: string;
  sourceName?: string;
  sourceType?: string;
  sourceCategory?: string;
  workspaceId?: string;
  destinationId?: string;
  destinationType?: string;
  destinationName?: string;
  messageId?: string;
  rudderId?: string;
  receivedAt?: string;
  eventName?: string;
  eventType?: string;
  transformationId?: string;
  transformationVersionId?: string;
}

/**
 * Events already serialised by the studio itself (captured events as stored: one JSON object
 * text each), sent to the sandbox as they are instead of parsed and serialised again.
 */
export interface StoredEvents {
  /** Each event's JSON text. */
  json: string[];
}

/** How many events an input holds. */
export const eventCount = (events: Record<string, unknown>[] | StoredEvents): number => (Array.isArray(events) ? events.length : events.json.length);

export interface TransformInput {
  code: string;
  /** Name of the module in stack traces; default "base transformation". */
  name?: string;
  /**
   * Identifies compiled code for the warm-isolate pool, e.g. the transformation version id
   * plus the library version ids. Absent: a hash of the code and library code is used.
   */
  cacheKey?: string;
  libraries?: SandboxLibrary[];
  events: Record<string, unknown>[] | StoredEvents;
  /**
   * The JSON text of an object whose `events` field, parsed, is `events` (a request body as it
   * came, which validation did not change): the isolate parses that text again instead of the
   * core serialising the events.
   */
  eventsSource?: string;
  /** Per-event metadata, same order as `events`; missing fields are derived from the event. */
  metadata?: EventMetadata[];
  /**
   * Told each piece of the results, in order, as the answer is read (a large answer comes in
   * parts, read while the isolate writes the rest); together they are the output's results.
   * Nothing it was told counts when the run then fails.
   */
  onResults?: (results: TransformResult[]) => void;
  /** Values for getCredential(key); default: the credentials stored in the app. */
  credentials?: Record<string, string>;
  /** A test's fetch mocks (the test runner's): matching fetch calls get them instead of the network. */
  fetchMocks?: FetchMock[];
}

/**
 * One output (or per-event error) with the index of the event it came from. What metadata(event)
 * says of that event is derived once, in the isolate; callers read anything else of the input by
 * its index.
 */
export interface TransformResult {
  output?: Record<string, unknown>;
  error?: string;
  /** The input event it came from (its index in `events`, as the isolate knows it); -1: none (a new event of transformBatch, an error of the whole batch). */
  index: number;
  statusCode: 200 | 400;
}

export interface TransformOutput {
  /** Outputs and per-event errors, in input order where the semantics allow. */
  results: TransformResult[];
  /** `log(...)` calls, each as "Log: a b". */
  logs: string[];
  /**
   * Per line of `logs`: the index of the input event whose transformEvent call wrote it; -1 for
   * batch-level lines (transformBatch, top level, after an await). Absent: not recorded.
   */
  logEvents?: number[];
  durationMs: number;
  /** fetch/fetchV2 calls the run made, in the order they finished. */
  network?: NetworkCall[];
}

/** A batch's results per input event (same order), each event's outputs as one JSON array text. */
export interface GroupedOutput {
  /** Each event's outputs as one JSON array text, in UTF-8. */
  outputs: Buffer[];
  counts: number[];
  errors: string[][];
  logs: string[];
  /** Outputs naming no input event (e.g. new events of transformBatch), one JSON array text: the pipeline delivers them after the others. */
  orphans: string;
  durationMs: number;
}

/** What `metadata(event)` says about the code an event runs through. */
export interface TargetIds {
  transformationId: string | null;
  versionId: string | null;
}

/** The code of one side of a worker's job (replay: a target). */
export type WorkSideInput = Pick<TransformInput, 'code' | 'name' | 'cacheKey' | 'libraries'> & TargetIds;

/** A job for a worker registered with the sandbox (SandboxOptions.workers). */
export interface WorkInput {
  worker: string;
  /** The code the job runs its inputs through (replay: one side, or two for a compare). */
  sides: WorkSideInput[];
  /** The worker's own request (structured-cloned to it as it is). */
  job: unknown;
  /** Jobs of one lane (replay: a run's batches in flight) share one slot of the sandbox's concurrent runs. */
  lane?: string;
}

export interface Sandbox {
  /**
   * Runs one batch through the transformation in one isolate call. Fatal problems (syntax
   * error, missing or doubled export, unknown import, timeout, memory limit) throw a
   * StudioError with code "sandbox_error" and a message in the service's words.
   */
  transform(input: TransformInput): Promise<TransformOutput>;
  /**
   * The same run answered per input event (each output with the input it came from, as the pipeline
   * does), each event's outputs serialised once in the sandbox process, as replay batches store
   * them (replay's worker runs the same path inside the process). Outputs naming no input event
   * ("orphans") come apart, as the pipeline delivers them.
   */
  transformGrouped(input: TransformInput & { metadata: EventMetadata[] }): Promise<GroupedOutput>;
  /**
   * Runs a registered worker's job in the background sandbox process, where its sides' code runs
   * (replay: one batch's events through each side, answered per event; the core stores them).
   * `onProgress` hears the job's progress now and then. A crash of that process rejects with
   * details.sandboxCrashed. Answers what the worker answered.
   */
  work(input: WorkInput, onProgress?: (done: number) => void): Promise<unknown>;
  /** The worker's job of this key starts nothing new; work() answers once what is in flight is done. */
  cancelWork(worker: string, key: string): void;
  /** Jobs of a worker's run that can run at once: background processes × the lanes of each (parallelism.ts; a run's jobs in flight go to several). */
  parallelism(): number;
  /** Compiles and evaluates a library module in a fresh isolate; throws StudioError("sandbox_error"). */
  testLibrary(library: SandboxLibrary): Promise<void>;
  close(): void;
}
