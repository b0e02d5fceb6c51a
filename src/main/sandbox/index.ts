import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import { toSandboxError } from './errors';
import { Limiter } from './limiter';
import { InstancePool } from './pool';
import { ProcessPool, type RemoteInstance, type SandboxProcessInfo } from './process-pool';
import { payloadOf, STAGE_MIN_EVENTS, stagedPayloadOf, type StagedPayload } from './payload';
import { AnswerParts, readRunAnswer } from './results';
import { DEFAULT_IDLE_EVICT_MS, DEFAULT_MEMORY_BUDGET_MB, DEFAULT_SANDBOX_SETTINGS, type SandboxSettings } from './settings';
import type { RunRequest } from './process/protocol';
import { groupedOutput } from './per-event';
import type { EventMetadata, GroupedOutput, ReplayBatchesInput, ReplayBatchesResult, Sandbox, SandboxLibrary, TransformInput, TransformOutput } from './types';

export type { Sandbox, SandboxLibrary, TransformInput, TransformOutput, TransformResult, EventMetadata } from './types';
export type { SandboxSettings } from './settings';
export type { SandboxProcessInfo } from './process-pool';

/** A sandbox whose runs happen in sandbox processes it supervises. */
export interface ProcessSandbox extends Sandbox {
  /** The live sandbox processes (pid, runs in flight). */
  processes(): SandboxProcessInfo[];
  /** Starts a sandbox process before the first run needs it (the core does after its URL line). */
  prestart(): void;
  /** The live processes and, since start, the processes recycled, killed, and killed because a run's isolate stalled past its time limit. */
  status(): { processes: SandboxProcessInfo[]; recycled: number; killed: number; stalled: number };
}

const DEFAULT_SANDBOX_PROCESSES = 1;

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
  /**
   * Answers of transform runs come in parts, read while the isolate writes the rest (default true;
   * false: one answer at the end, as grouped runs always do).
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
   * (default true).
   */
  stageBatches?: boolean;
  /** A sandbox process whose resident memory beyond its isolates' heaps passes this (MB) is replaced (default 160). */
  recycleRssMb?: number;
  /** Time past a run's deadline before its sandbox process counts as stuck and is killed (default 5 s). */
  graceMs?: number;
}

const DEFAULT_NAME = 'base transformation';

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function cacheKeyOf(input: Pick<TransformInput, 'code' | 'cacheKey'>, name: string, libraries: SandboxLibrary[], memoryLimitMb: number): string {
  if (input.cacheKey) return `key:${input.cacheKey}|${name}|${memoryLimitMb}`;
  const hash = createHash('sha256').update(name).update('\0').update(input.code);
  for (const library of [...libraries].sort((a, b) => a.importName.localeCompare(b.importName))) {
    hash.update('\0').update(library.importName).update('\0').update(library.versionId ?? '').update('\0').update(library.code);
  }
  return `hash:${hash.digest('base64url')}|${memoryLimitMb}`;
}

function checkInput(input: TransformInput): void {
  if (!input || typeof input !== 'object') throw badRequest('transform input must be an object');
  if (typeof input.code !== 'string') throw badRequest('code must be a string');
  if (Array.isArray(input.events)) {
    input.events.forEach((event, i) => {
      if (!isPlainObject(event)) throw badRequest(`events[${i}] must be an object`);
    });
  } else if (!input.events || !Array.isArray(input.events.json) || !input.events.json.every((text) => typeof text === 'string' && text.startsWith('{'))) {
    throw badRequest('events must be an array of event objects');
  }
  if (input.metadata !== undefined && !Array.isArray(input.metadata)) throw badRequest('metadata must be an array');
  for (const library of input.libraries ?? []) {
    if (!library || typeof library.importName !== 'string' || typeof library.code !== 'string') {
      throw badRequest('each library needs an importName and code (strings)');
    }
  }
}

/**
 * Runs user transformations in isolated-vm with the hosted service's semantics (see
 * compatibility.md), in a small supervised pool of sandbox processes: a crash there fails the
 * runs in flight, never the core.
 */
export function createSandbox(options: SandboxOptions = {}): ProcessSandbox {
  const idleMs = options.idleEvictMs ?? DEFAULT_IDLE_EVICT_MS;
  // A process left with nothing warm is stopped after the idle time too: its memory goes back.
  const processes = new ProcessPool({
    size: Math.max(1, options.processes ?? DEFAULT_SANDBOX_PROCESSES),
    retireMs: idleMs,
    recycleRssMb: options.recycleRssMb,
    graceMs: options.graceMs,
    syncRuns: options.syncRuns,
  });
  // Handles on the warm isolates the sandbox processes keep: one budget for all of them.
  const warm = new InstancePool<RemoteInstance>({
    capacity: options.poolSize ?? 16,
    memoryBudgetMb: options.memoryBudgetMb ?? DEFAULT_MEMORY_BUDGET_MB,
    idleMs,
  });
  const limiter = new Limiter(options.maxConcurrentRuns ?? 4);
  const inFlight = new Map<string, { instance: RemoteInstance; runs: number; failed: boolean }>();
  // A run's warm isolate back to the pool (or let go once the sandbox is closed).
  const keep = (key: string, instance: RemoteInstance) => (closed ? instance.dispose() : warm.put(key, instance));
  const maxOutputBytes = options.maxOutputBytes ?? 32 * 1024 * 1024;
  let closed = false;

  const settings = (): SandboxSettings => {
    const stored = options.getSettings?.() ?? {};
    return {
      ...DEFAULT_SANDBOX_SETTINGS,
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_SANDBOX_SETTINGS.memoryLimitMb,
      timeoutMs: options.timeoutMs ?? DEFAULT_SANDBOX_SETTINGS.timeoutMs,
      ...Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined)),
    };
  };

  /** A run's request under the current settings, all but its events: code, key, limits, credentials. */
  function sideRequest(input: Pick<TransformInput, 'code' | 'name' | 'cacheKey' | 'libraries' | 'credentials' | 'fetchMocks'>, current: SandboxSettings): Omit<RunRequest, 'type' | 'id' | 'payload' | 'group'> {
    // Control characters (a NUL cuts V8's script name short) become spaces.
    // eslint-disable-next-line no-control-regex
    const name = input.name?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || DEFAULT_NAME;
    const libraries = input.libraries ?? [];
    const byImportName = new Map<string, SandboxLibrary>();
    for (const library of libraries) if (!byImportName.has(library.importName)) byImportName.set(library.importName, library);
    return {
      key: cacheKeyOf(input, name, libraries, current.memoryLimitMb),
      name,
      code: input.code,
      libraries: [...byImportName.values()],
      memoryLimitMb: current.memoryLimitMb,
      timeoutMs: current.timeoutMs,
      runtime: { maxOutputChars: maxOutputBytes, maxPendingCalls: 100 },
      limits: {
        timeoutMs: current.timeoutMs,
        memoryLimitMb: current.memoryLimitMb,
        wallTimeoutMs: Math.max(options.wallTimeoutMs ?? 30_000, current.timeoutMs),
        requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
        maxHostCalls: options.maxHostCallsPerRun ?? 1000,
      },
      allowPrivateNetwork: current.allowPrivateNetwork,
      geolocationUrl: current.geolocationUrl ?? undefined,
      credentials: input.credentials ?? options.credentials?.() ?? {},
      ...(input.fetchMocks?.length ? { fetchMocks: input.fetchMocks } : {}),
    };
  }

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

  const closedError = () => toSandboxError(new Error('The sandbox is closed'), { timeoutMs: 0, memoryLimitMb: 0 });

  /** One batch in a sandbox process; `group`: answered per input event (see GroupedAnswer). */
  async function runBatch(input: TransformInput, group?: RunRequest['group'], onPart?: (json: string) => void) {
    if (closed) throw closedError();
    const started = performance.now();
    checkInput(input);
    const request = sideRequest(input, settings());
    const convert = <T>(make: () => T): T => {
      try {
        return make();
      } catch (error) {
        throw badRequest(`events cannot be converted to JSON: ${(error as Error).message}`);
      }
    };
    // A large batch of objects may enter its isolate in pieces (processes.run decides).
    const staged =
      !group && options.stageBatches !== false && Array.isArray(input.events) && input.events.length >= STAGE_MIN_EVENTS
        ? stagedPayloadOf(input.events, input.metadata)
        : undefined;
    const payload: string | StagedPayload = staged
      ? { pieces: staged.pieces.map((piece) => () => convert(piece)), last: (id) => convert(() => staged.last(id)), whole: () => convert(staged.whole) }
      : convert(() => payloadOf(input));
    const { json, grouped, network } = await limiter.run(async () => {
      const held = hold(request.key, group !== undefined);
      let instance: RemoteInstance | undefined;
      try {
        const answer = await processes.run({ ...request, payload, ...(group ? { group } : {}), ...(onPart ? { inParts: true } : {}) }, held.handle, onPart, (unused) =>
          keep(request.key, unused),
        );
        instance = answer.instance;
        return answer;
      } finally {
        held.release(instance);
      }
    });
    return { json, grouped, network, started };
  }

  // A replay request (many batches, one after the other in the sandbox process) takes one slot
  // of the limiter while it runs: the test bench keeps the others.
  async function replayBatches(input: ReplayBatchesInput, onProgress: (done: number) => void = () => {}): Promise<ReplayBatchesResult> {
    if (closed) throw closedError();
    const current = settings();
    const sides = input.sides.map((side) => ({ ...sideRequest(side, current), transformationId: side.transformationId, versionId: side.versionId }));
    return limiter.run(async () => {
      const held = sides.map((side) => hold(side.key, true));
      let instances: RemoteInstance[] = [];
      try {
        const request = { dbFile: input.dbFile, runId: input.runId, from: input.from, workspaceId: input.workspaceId, sides, maxBatches: input.maxBatches };
        const answer = await processes.replay(request, held.map((h) => h.handle), onProgress);
        instances = answer.instances;
        return answer.reply;
      } finally {
        held.forEach((h, i) => h.release(instances[i]));
      }
    });
  }

  async function transform(input: TransformInput): Promise<TransformOutput> {
    // The answer's parts are read as they arrive, while the isolate writes the rest.
    const parts = options.answerInParts === false ? undefined : new AnswerParts();
    const { json, network, started } = await runBatch(input, undefined, parts && ((piece) => parts.add(piece)));
    const { results, logs, logEvents } = readRunAnswer(json, input.events, input.metadata, maxOutputBytes, parts);
    return { results, logs, logEvents, durationMs: elapsed(started), ...(network.length > 0 ? { network } : {}) };
  }

  async function transformGrouped(input: TransformInput & { metadata: EventMetadata[] }): Promise<GroupedOutput> {
    const { grouped, started } = await runBatch(input, { messageIds: input.metadata.map((m) => m.messageId ?? null) });
    if (!grouped) throw toSandboxError(new Error('the sandbox process answered without per-event results'), { timeoutMs: 0, memoryLimitMb: 0 });
    return groupedOutput(grouped, elapsed(started));
  }

  return {
    transform,
    transformGrouped,
    replayBatches,
    cancelReplay: (runId) => processes.cancelReplay(runId),
    async testLibrary(library) {
      if (!library || typeof library.code !== 'string' || typeof library.importName !== 'string') {
        throw badRequest('a library needs an importName and code (strings)');
      }
      if (closed) throw closedError();
      const current = settings();
      await limiter.run(() => processes.testLibrary({ library, memoryLimitMb: current.memoryLimitMb, timeoutMs: current.timeoutMs }));
    },
    processes: () => processes.processes(),
    prestart: () => processes.prestart(),
    status: () => ({ processes: processes.processes(), recycled: processes.recycled, killed: processes.killed, stalled: processes.stalled }),
    close() {
      closed = true;
      warm.clear();
      processes.close();
    },
  };
}
