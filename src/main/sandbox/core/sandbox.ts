import { badRequest } from '../../errors';
import { toSandboxError } from '../errors';
import { Limiter } from './limiter';
import { InstancePool } from '../warm-pool';
import { ProcessPool, type SandboxProcessInfo } from '../supervision/process-pool';
import type { RemoteInstance } from '../supervision/remote-instance';
import { payloadOf, STAGE_MIN_EVENTS, stagedPayloadOf, type StagedPayload } from '../protocol/payload';
import { AnswerParts, parseRunAnswer, readAnswerLogs, resultOf } from '../protocol/answer';
import { DEFAULT_MEMORY_BUDGET_MB, DEFAULT_SANDBOX_SETTINGS, type SandboxSettings } from '../../../shared/api/sandbox-settings';

/** A warm isolate unused this long is disposed. */
const DEFAULT_IDLE_EVICT_MS = 5 * 60_000;
import { groupedOutput } from '../protocol/grouped';
import { eventCount, type EventMetadata, type GroupedOutput, type Sandbox, type TransformInput, type TransformOutput, type TransformResult, type WorkInput } from '../types';
import type { SandboxOptions } from './options';
import { checkInput, maxOutputBytesOf, sideRequest } from './request';
import { warmHandles, type Held } from './warm-handles';
import { replayLanes, sandboxProcesses } from './parallelism';

/** A sandbox whose runs happen in sandbox processes it supervises. */
export interface ProcessSandbox extends Sandbox {
  /** The live sandbox processes (pid, runs in flight). */
  processes(): SandboxProcessInfo[];
  /** Starts a sandbox process before the first run needs it (the core does after its URL line). */
  prestart(): void;
  /** The live processes and, since start, the processes recycled, killed, and killed because a run's isolate stalled past its time limit or the process went past its memory budget. */
  status(): { processes: SandboxProcessInfo[]; recycled: number; killed: number; stalled: number; overBudget: number };
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

/**
 * Runs user transformations in isolated-vm with the hosted service's semantics (see
 * compatibility.md), in a small supervised pool of sandbox processes: a crash there fails the
 * runs in flight, never the core.
 */
export function createSandbox(options: SandboxOptions = {}): ProcessSandbox {
  const idleMs = options.idleEvictMs ?? DEFAULT_IDLE_EVICT_MS;
  // A process left with nothing warm is stopped after the idle time too: its memory goes back.
  const memoryBudgetMb = options.memoryBudgetMb ?? DEFAULT_MEMORY_BUDGET_MB;
  const size = sandboxProcesses(options.processes, { memoryBudgetMb, memoryLimitMb: options.memoryLimitMb ?? DEFAULT_SANDBOX_SETTINGS.memoryLimitMb });
  const sideLanes = replayLanes(options.lanes, size);
  const processes = new ProcessPool({
    size,
    retireMs: idleMs,
    recycleRssMb: options.recycleRssMb,
    graceMs: options.graceMs,
    blockedWaitMs: options.blockedWaitMs,
    syncRuns: options.syncRuns,
    workers: options.workers,
  });
  // Handles on the warm isolates the sandbox processes keep: one budget for all of them.
  const warm = new InstancePool<RemoteInstance>({
    capacity: options.poolSize ?? 16,
    memoryBudgetMb,
    idleMs,
  });
  const limiter = new Limiter(options.maxConcurrentRuns ?? 4);
  const maxOutputBytes = maxOutputBytesOf(options);
  let closed = false;
  const { hold, keep } = warmHandles(warm, () => closed);

  const settings = (): SandboxSettings => {
    const stored = options.getSettings?.() ?? {};
    return {
      ...DEFAULT_SANDBOX_SETTINGS,
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_SANDBOX_SETTINGS.memoryLimitMb,
      timeoutMs: options.timeoutMs ?? DEFAULT_SANDBOX_SETTINGS.timeoutMs,
      ...Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined)),
    };
  };

  const closedError = () => toSandboxError(new Error('The sandbox is closed'), { timeoutMs: 0, memoryLimitMb: 0 });

  /** One batch in a sandbox process; `perEvent`: answered per input event (see GroupedAnswer). */
  async function runBatch(input: TransformInput, perEvent: boolean, onPart?: (json: string) => void) {
    if (closed) throw closedError();
    const started = performance.now();
    checkInput(input);
    const request = sideRequest(input, settings(), options);
    const convert = <T>(make: () => T): T => {
      try {
        return make();
      } catch (error) {
        throw badRequest(`events cannot be converted to JSON: ${(error as Error).message}`);
      }
    };
    // A large batch of objects may enter its isolate in pieces (processes.run decides).
    const staged =
      !perEvent && options.stageBatches !== false && input.eventsSource === undefined && Array.isArray(input.events) && input.events.length >= STAGE_MIN_EVENTS
        ? stagedPayloadOf(input.events, input.metadata)
        : undefined;
    const payload: string | StagedPayload = staged
      ? { pieces: staged.pieces.map((piece) => () => convert(piece)), last: (id) => convert(() => staged.last(id)), whole: () => convert(staged.whole) }
      : convert(() => payloadOf(input));
    const { json, grouped, network } = await limiter.run(async () => {
      // Concurrent runs of one key spread: the warm isolate of a process with nothing in flight first.
      const held = hold(request.key, perEvent ? 1 : 0, undefined, (instance) => instance.slot.pending.size === 0);
      let instance: RemoteInstance | undefined;
      try {
        const answer = await processes.run({ ...request, payload, ...(perEvent ? { groupedEvents: eventCount(input.events) } : {}), parts: !perEvent && !!onPart }, held.handle, onPart, (unused) =>
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

  // A worker's jobs of one lane (replay: a run's batches in flight) take one slot of the limiter
  // while any of them runs: the test bench keeps the others.
  const lanes = new Map<string, { jobs: number; entered: Promise<void>; leave: () => void }>();
  async function inLane<T>(lane: string | undefined, task: () => Promise<T>): Promise<T> {
    if (lane === undefined) return limiter.run(task);
    let entry = lanes.get(lane);
    if (!entry) {
      let leave!: () => void;
      const left = new Promise<void>((resolve) => (leave = resolve));
      const entered = new Promise<void>((resolve) => void limiter.run(() => (resolve(), left)));
      entry = { jobs: 0, entered, leave };
      lanes.set(lane, entry);
    }
    const mine = entry;
    mine.jobs++;
    try {
      await mine.entered;
      return await task();
    } finally {
      if (--mine.jobs === 0) {
        if (lanes.get(lane) === mine) lanes.delete(lane);
        mine.leave();
      }
    }
  }

  async function work(input: WorkInput, onProgress: (done: number) => void = () => {}): Promise<unknown> {
    if (closed) throw closedError();
    const current = settings();
    const sides = input.sides.map((side) => ({ ...sideRequest(side, current, options), transformationId: side.transformationId, versionId: side.versionId, lanes: sideLanes }));
    return inLane(input.lane, async () => {
      // The handles on the sides' warm isolates in the process the job goes to (chosen first).
      let held: Held[] = [];
      const holdIn = (slot: object) => (held = sides.map((side) => hold(side.key, sideLanes, slot))).map((h) => h.handle);
      let instances: RemoteInstance[] = [];
      try {
        const answer = await processes.work({ worker: input.worker, sides, job: input.job }, holdIn, onProgress);
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
    const count = eventCount(input.events);
    // Each part's results go to onResults as it is read (and are not read again); the rest once the answer is.
    const read: TransformResult[] = [];
    const onPart = parts && ((piece: string) => {
      parts.add(piece);
      const last = parts.pieces[parts.pieces.length - 1];
      if (!input.onResults || parts.broken || !last) return;
      const results = last.map((raw) => resultOf(raw, count));
      read.push(...results);
      input.onResults(results);
    });
    const { json, network, started } = await runBatch(input, false, onPart);
    const { entries, answer } = parseRunAnswer(json, maxOutputBytes, parts);
    const rest = entries.slice(read.length).map((raw) => resultOf(raw, count));
    input.onResults?.(rest);
    const results = read.length > 0 ? read.concat(rest) : rest;
    const { logs, logEvents } = readAnswerLogs(answer, count);
    return { results, logs, logEvents, durationMs: elapsed(started), ...(network.length > 0 ? { network } : {}) };
  }

  async function transformGrouped(input: TransformInput & { metadata: EventMetadata[] }): Promise<GroupedOutput> {
    const { grouped, started } = await runBatch(input, true);
    if (!grouped) throw toSandboxError(new Error('the sandbox process answered without per-event results'), { timeoutMs: 0, memoryLimitMb: 0 });
    return groupedOutput(grouped, elapsed(started));
  }

  return {
    transform,
    transformGrouped,
    work,
    cancelWork: (worker, key) => processes.cancelWork(worker, key),
    parallelism: () => size * sideLanes,
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
    status: () => ({ processes: processes.processes(), ...processes.counts }),
    close() {
      closed = true;
      warm.clear();
      processes.close();
    },
  };
}
