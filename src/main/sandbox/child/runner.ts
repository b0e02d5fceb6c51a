import { CodeCache } from '../isolate/code-cache';
import { toSandboxError } from '../errors';
import { SandboxInstance } from '../isolate/instance';
import { testLibraryCode } from '../isolate/library-test';
import { InstancePool } from '../warm-pool';
import { runOnInstance } from '../isolate/run';
import type { NetworkCall, SandboxLibrary } from '../types';
import { packLines, readGroupedLines, type GroupedLines } from '../protocol/grouped';
import type { GroupedAnswer, LibraryTestRequest, RunRequest, StageMessage } from '../protocol/messages';
import { runOptionsOf, type RunOptions } from '../protocol/run-mode';
import { HeapAccounting, IDLE_COLLECT_MS } from './heap-accounting';

/** What the core's watchdog hears of a run: when its isolate waits on host requests, and when it runs again. */
export interface RunWatch {
  onEntered?: () => void;
  onResumed?: () => void;
  /** Set when the run waited for its key's previous run (its time starts once it runs). */
  waited?: boolean;
}

type RunReply = { json?: string; grouped?: GroupedAnswer; lines?: GroupedLines; network: NetworkCall[] };

/**
 * What a sandbox process does with requests: one run or library test each, runs of different
 * keys at once; replay's runs of one key one after the other on its warm isolate. A run that succeeds leaves its isolate warm here; which warm isolates stay is the
 * core's decision (its pool holds the global budget, LRU and idle time) and arrives as `drop`.
 */
export function createRunner(collectEveryRuns?: number) {
  const pool = new InstancePool<SandboxInstance>({ capacity: Number.POSITIVE_INFINITY, memoryBudgetMb: Number.POSITIVE_INFINITY, idleMs: 0 });
  const codeCache = new CodeCache();
  // Isolates made since the process started (the rest of the runs went to warm ones).
  let made = 0;
  // Batches staged in pieces before their run (by request id): the pieces, the warm isolate held
  // for the run and how many of the pieces went into it already (the first `placed`), the error
  // staging hit.
  const staging = new Map<number, { key: string; instance?: SandboxInstance; texts: string[]; placed: number; count: number; error?: unknown }>();
  // Grouped runs (replay's batches) of each key: how many run (at most the mode's lanes, each on its
  // own isolate) and those waiting for a lane, in arrival order; and the instances runs hold.
  const lanes = new Map<string, { running: number; waiting: (() => void)[] }>();
  const running = new Set<SandboxInstance>();
  const heaps = new HeapAccounting(collectEveryRuns);
  let idleTimer: NodeJS.Timeout | undefined;

  /**
   * The pieces staged for a run, checked against the count it says were sent. Pieces of earlier
   * ids are dead (a stage always comes right before its run): their isolates go back.
   */
  function stagedFor(request: RunRequest, options: RunOptions) {
    for (const id of staging.keys()) if (id < request.id) unstage(id);
    const staged = staging.get(request.id);
    staging.delete(request.id);
    if (!options.staged && !staged) return undefined;
    if (!staged || staged.count !== options.staged || staged.key !== request.key) {
      if (staged?.instance) release(staged.key, staged.instance);
      throw toSandboxError(new Error(`the sandbox process received ${staged?.count ?? 0} of the ${options.staged} pieces of the batch`), request);
    }
    return staged;
  }

  /** An isolate held for staged pieces goes back, the pieces dropped from it. */
  function release(key: string, instance: SandboxInstance): void {
    try {
      if (!instance.disposed) instance.unstage();
    } catch {
      instance.dispose();
    }
    running.delete(instance);
    pool.put(key, instance);
  }

  function unstage(id: number): void {
    const staged = staging.get(id);
    staging.delete(id);
    if (staged?.instance) release(staged.key, staged.instance);
  }

  async function runHeld(request: RunRequest, asLines: boolean, onPart?: (json: string) => void, watch: RunWatch = {}): Promise<RunReply> {
    const libraries = new Map<string, SandboxLibrary>(request.libraries.map((library) => [library.importName, library]));
    const credentials = request.credentials;
    const network: NetworkCall[] = [];
    const options = runOptionsOf(request.mode);
    const staged = stagedFor(request, options);
    let warm = staged?.instance ?? pool.take(request.key);
    // A realm no batch has run in (realm-cycle.ts: prepared ahead, after the last run's answer left).
    if (warm) await warm.begin();
    // The pieces not in the isolate yet go in at the run.
    let placed = staged?.placed ?? 0;
    if (warm && (warm.broken || warm.disposed) && staged?.error === undefined) {
      running.delete(warm);
      warm.dispose();
      // Pieces that went into it are lost with it: every piece goes into a new isolate.
      placed = 0;
      warm = undefined;
    }
    if (!warm) made++;
    const instance =
      warm ??
      (await SandboxInstance.create(
        { name: request.name, code: request.code, libraries, memoryLimitMb: request.memoryLimitMb, timeoutMs: request.timeoutMs, runtime: request.runtime },
        codeCache,
      ));
    if (!warm) await instance.begin();
    // A run that made its isolate (or waited for its key's previous run) starts its time now.
    if (!warm || watch.waited) watch.onResumed?.();
    running.add(instance);
    // A grouped run is answered per input event by the isolate itself (each output with its input's index).
    const { groupedEvents } = options;
    try {
      const env = {
        allowPrivateNetwork: request.allowPrivateNetwork,
        geolocationUrl: request.geolocationUrl,
        credential: (k: string) => (Object.prototype.hasOwnProperty.call(credentials, k) ? credentials[k] : undefined),
        network,
        fetchMocks: request.fetchMocks,
      };
      const json = await runOnInstance(instance, request.payload, request.limits, env, {
        grouped: groupedEvents !== undefined,
        onPart: options.parts ? onPart : undefined,
        sync: options.sync,
        stage: staged && { id: request.id, texts: staged.texts.slice(placed), error: staged.error },
        onEntered: watch.onEntered,
        onResumed: watch.onResumed,
      });
      if (groupedEvents === undefined) return { json, network };
      const lines = readGroupedLines(json, groupedEvents, request.runtime.maxOutputChars);
      // As strings for a replay batch run here; as bytes for the core.
      return asLines ? { lines, network } : { grouped: packLines(lines), network };
    } finally {
      const due = heaps.measure(instance);
      // Replay's next batch of the key is queued here already: its realm at once, on the isolate's
      // thread. Other runs: once the answer has left, on this thread when it is idle.
      instance.end(groupedEvents === undefined ? 'when-idle' : 'ahead');
      running.delete(instance);
      pool.put(request.key, instance);
      if (due) setImmediate(() => void heaps.collect(instance));
    }
  }

  return {
    /**
     * A piece of the next run's batch: into the realm of the warm isolate the run will use at once
     * (held for the run) when that realm can take it (realm-cycle.ts: no batch ran in it, or it
     * was prepared ahead), else at the run. Kept as text either way until the run.
     */
    stage(message: StageMessage): void {
      let staged = staging.get(message.id);
      if (!staged) {
        const instance = pool.take(message.key);
        if (instance) running.add(instance);
        staged = { key: message.key, instance, texts: [], placed: 0, count: 0 };
        staging.set(message.id, staged);
      }
      staged.count++;
      staged.texts.push(message.text);
      // In order: only while every earlier piece went in.
      if (!staged.instance || staged.error !== undefined || staged.placed !== staged.texts.length - 1 || !staged.instance.canStage) return;
      try {
        staged.instance.stage(message.id, message.text, message.timeoutMs);
        staged.placed++;
      } catch (error) {
        staged.error = error;
      }
    },

    /** The run the pieces were for will not come: its isolate goes back. */
    unstage,

    drop(key: string): void {
      pool.drop(key);
    },

    /** A request arrived: the idle collection waits. */
    busy(): void {
      clearTimeout(idleTimer);
    },

    /** Nothing is in flight: unless a request comes first, the isolates that ran are collected (heap-accounting.ts). */
    idle(): void {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void heaps.collectRan(pool.instances()), IDLE_COLLECT_MS);
      idleTimer.unref();
    },

    /** Isolates made since the process started. */
    made: () => made,

    /** Memory (MB) the heaps of the isolates hold (warm and running), external allocations (copied strings) included. */
    heapMb(): number {
      let bytes = 0;
      for (const instance of [...pool.instances(), ...running]) if (!instance.disposed) bytes += heaps.bytesOf(instance);
      return Math.round(bytes / 1048576);
    },

    /**
     * `asLines`: a grouped run's results as strings (replay batches run in this process).
     * `onPart`: receives the pieces of an answer in parts (the mode's `parts`) as they come.
     */
    async run(request: RunRequest, asLines = false, onPart?: (json: string) => void, watch: RunWatch = {}): Promise<RunReply> {
      if (request.mode.kind !== 'grouped') return runHeld(request, asLines, onPart, watch);
      // Replay sends a key's next batches before the last one is answered: they wait here for a
      // lane (in arrival order), each lane a warm isolate, instead of starting more isolates.
      const most = Math.max(1, request.mode.lanes ?? 1);
      let lane = lanes.get(request.key);
      if (!lane) lanes.set(request.key, (lane = { running: 0, waiting: [] }));
      if (lane.running < most && lane.waiting.length === 0) lane.running++;
      else {
        watch.waited = true;
        await new Promise<void>((resolve) => lane.waiting.push(resolve)); // the lane is handed over
      }
      try {
        return await runHeld(request, asLines, onPart, watch);
      } finally {
        const next = lane.waiting.shift();
        if (next) next();
        else if (--lane.running === 0) lanes.delete(request.key);
      }
    },

    async testLibrary(request: LibraryTestRequest): Promise<void> {
      const limits = { memoryLimitMb: request.memoryLimitMb, timeoutMs: request.timeoutMs };
      try {
        await testLibraryCode(request.library, limits, codeCache);
      } catch (error) {
        throw toSandboxError(error, limits);
      }
    },

    close(): void {
      clearTimeout(idleTimer);
      pool.clear();
      codeCache.clear();
    },
  };
}
